//go:build e2e

package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// chainPlayState reads Play as the tests below compare it: the row, the
// moves, whose turn, the log, Undo and Redo enabled, where the focus is,
// and what was last said to a screen reader.
const chainPlayState = `({row: $c('#kz-chain-row').dataset.row, moves: $c('#kz-chain-row').dataset.moves, turn: $c('#kz-chain-status').dataset.turn,
	winner: $c('#kz-chain-status').dataset.winner || '', log: $c('#kz-chain-log').children.length,
	undo: !!$c('#kz-chain-undo') && !$c('#kz-chain-undo').disabled, redo: !!$c('#kz-chain-redo') && !$c('#kz-chain-redo').disabled,
	focus: cz().activeElement ? (cz().activeElement.dataset.i || cz().activeElement.id || cz().activeElement.tagName) : 'nothing',
	said: cz().querySelector('.kz-said') ? cz().querySelector('.kz-said').textContent : ''})`

// Redo plays again what Undo took back, a round at a time, by its button
// beside Undo, by Ctrl+Shift+Z and by Ctrl+Y; it is disabled with nothing
// to redo, says what it played, keeps its line through a reload, and a
// new move clears that line. Play had Undo and no Redo: a reader who
// undid one round too many replayed it by hand.
func TestChainRedoPlaysAgainWhatUndoTookBack(t *testing.T) {
	ctx := chainPage(t)
	chainStart(t, ctx, 9, "direct", "you", true)
	if got := eval[map[string]any](t, ctx, chainPlayState); got["redo"] != false {
		t.Fatalf("before any Undo, Redo should be there, disabled: %v", got)
	}
	// Two rounds, then Undo twice.
	eval[bool](t, ctx, `($c('[data-i="4"]').click(), true)`)
	afterOne := poll[map[string]any](t, ctx, `$c('#kz-chain-status').dataset.turn === 'you' && $c('#kz-chain-row').dataset.moves === '2' && `+chainPlayState, 30*time.Second)
	eval[bool](t, ctx, `($c('.kz-chain-obj').click(), true)`)
	afterTwo := poll[map[string]any](t, ctx, `($c('#kz-chain-status').dataset.turn === 'you' && $c('#kz-chain-row').dataset.moves === '4' || !!$c('#kz-chain-status').dataset.winner) && `+chainPlayState, 30*time.Second)
	eval[bool](t, ctx, `($c('#kz-chain-undo').click(), $c('#kz-chain-undo').click(), true)`)
	got := eval[map[string]any](t, ctx, chainPlayState)
	if got["row"] != "XXXXXXXXX" || got["redo"] != true || got["undo"] != false {
		t.Fatalf("after two Undos the row is the start's, Undo disabled, Redo enabled: %v", got)
	}
	// Redo by its button: the first round again, as it was played, and
	// said; the focus stays on Redo, which has one more round.
	eval[bool](t, ctx, `($c('#kz-chain-redo').focus(), $c('#kz-chain-redo').click(), true)`)
	got = eval[map[string]any](t, ctx, chainPlayState)
	if got["row"] != afterOne["row"] || got["moves"] != "2" || got["log"] != 2.0 || got["turn"] != "you" || got["undo"] != true || got["redo"] != true || got["focus"] != "kz-chain-redo" {
		t.Fatalf("Redo should play the first round again (row %v), Undo and Redo both enabled, the focus kept on Redo: %v", afterOne["row"], got)
	}
	if said, _ := got["said"].(string); !strings.HasPrefix(said, "Played again: your move, 5, and the computer's answer, ") {
		t.Errorf("Redo should say what it played, as Undo does: %q", said)
	}
	// Through a reload the line to redo is kept.
	ctx = chainReload(t, ctx)
	if got := eval[map[string]any](t, ctx, chainPlayState); got["row"] != afterOne["row"] || got["redo"] != true {
		t.Fatalf("after a reload Redo should still have the second round to play: %v", got)
	}
	// Ctrl+Shift+Z on the row: the second round; Redo, emptied, is
	// disabled, and the focus stays on the row.
	eval[bool](t, ctx, `($c('.kz-chain-obj[tabindex="0"]').focus(), true)`)
	if err := chromedp.Do(ctx, chromedp.KeyEvent("Z", chromedp.KeyModifiers(chromedp.ModifierCtrl|chromedp.ModifierShift))); err != nil {
		t.Fatal(err)
	}
	got = poll[map[string]any](t, ctx, `$c('#kz-chain-row').dataset.moves !== '2' && `+chainPlayState, 10*time.Second)
	if got["row"] != afterTwo["row"] || got["moves"] != afterTwo["moves"] || got["redo"] != false || got["undo"] != true {
		t.Fatalf("Ctrl+Shift+Z should play the second round again (%v), and disable Redo: %v", afterTwo, got)
	}
	if f, _ := got["focus"].(string); f == "" || f[0] < '0' || f[0] > '9' {
		if afterTwo["winner"] == "" {
			t.Errorf("after Ctrl+Shift+Z on the row the focus should stay on the row: %v", got)
		}
	}
	// Ctrl+Y redoes too.
	eval[bool](t, ctx, `($c('#kz-chain-undo').click(), true)`)
	eval[bool](t, ctx, `($c('.kz-chain-obj[tabindex="0"]').focus(), true)`)
	if err := chromedp.Do(ctx, chromedp.KeyEvent("y", chromedp.KeyModifiers(chromedp.ModifierCtrl))); err != nil {
		t.Fatal(err)
	}
	got = poll[map[string]any](t, ctx, `$c('#kz-chain-row').dataset.moves !== '2' && `+chainPlayState, 10*time.Second)
	if got["row"] != afterTwo["row"] || got["redo"] != false {
		t.Fatalf("Ctrl+Y should play the second round again: %v", got)
	}
	// A new move clears the line: Undo, then another move than the one
	// undone, and Redo has nothing to play.
	eval[bool](t, ctx, `($c('#kz-chain-undo').click(), true)`)
	eval[bool](t, ctx, `(() => { const objs = [...cz().querySelectorAll('.kz-chain-obj')]; objs[objs.length - 1].click(); return true; })()`)
	got = poll[map[string]any](t, ctx, `($c('#kz-chain-status').dataset.turn === 'you' || !!$c('#kz-chain-status').dataset.winner) && $c('#kz-chain-row').dataset.moves !== '2' && `+chainPlayState, 30*time.Second)
	if got["redo"] != false {
		t.Fatalf("a new move should clear what Redo had to play: %v", got)
	}
	if err := chromedp.Do(ctx, chromedp.KeyEvent("y", chromedp.KeyModifiers(chromedp.ModifierCtrl))); err != nil {
		t.Fatal(err)
	}
	if again := eval[map[string]any](t, ctx, chainPlayState); again["row"] != got["row"] || again["moves"] != got["moves"] {
		t.Fatalf("Ctrl+Y with nothing to redo should change nothing: %v, then %v", got, again)
	}
}

// Undo while the computer is still thinking takes back the reader's move
// alone; Redo plays it again, and the computer answers it anew.
func TestChainRedoAfterUndoWhileTheComputerThinks(t *testing.T) {
	ctx := chainPage(t)
	installHold(t, ctx)
	chainStart(t, ctx, 9, "direct", "you", true)
	eval[bool](t, ctx, `(hold('chain.move'), $c('[data-i="2"]').click(), true)`)
	poll[bool](t, ctx, `held('chain.move') === 1`, 20*time.Second)
	eval[bool](t, ctx, `($c('#kz-chain-undo').click(), true)`)
	eval[bool](t, ctx, `release('chain.move').then(() => true)`)
	got := poll[map[string]any](t, ctx, `$c('#kz-chain-row').dataset.moves === '0' && `+chainPlayState, 10*time.Second)
	if got["redo"] != true {
		t.Fatalf("Undo while the computer thinks should leave the reader's move to Redo: %v", got)
	}
	eval[bool](t, ctx, `($c('#kz-chain-redo').click(), true)`)
	got = poll[map[string]any](t, ctx, `$c('#kz-chain-status').dataset.turn === 'you' && $c('#kz-chain-row').dataset.moves === '2' && `+chainPlayState, 30*time.Second)
	if row := got["row"].(string); row[2] != '.' || got["redo"] != false || got["undo"] != true {
		t.Fatalf("Redo should play object 3 again and the computer answer it: %v", got)
	}
}

// A bad position asked for from the form (Enter in the field, or Solve)
// puts the focus in the field with the characters at fault selected: the
// error said "at character 37" of a long row, and left the reader to
// count to it. A character past the Basic Multilingual Plane counts as
// one character in the error and two units in the field.
func TestChainPositionErrorSelectsTheCharacterAtFault(t *testing.T) {
	ctx := chainPage(t)
	field := `({err: $c('#kz-chain-pos-error').textContent, at: cz().activeElement ? cz().activeElement.id : '',
		start: $c('#kz-chain-pos').selectionStart, end: $c('#kz-chain-pos').selectionEnd, value: $c('#kz-chain-pos').value})`
	for _, c := range []struct {
		how, text string
		char      string // "at character N" in the error
		start     float64
		end       float64
	}{
		{"enter", strings.Repeat("X", 36) + "x" + "X?XX.XX", "character 39", 38, 39},
		{"solve", "XX😀XX", "character 3", 2, 4},
		{"enter", "{3,1,4", "character 1", 0, 1},
		{"solve", "{3,1,4}}", "character 8", 7, 8},
	} {
		eval[bool](t, ctx, `(() => {
			$c('#kz-chain-tab-analyse').click();
			const pos = $c('#kz-chain-pos');
			pos.value = `+jsString(c.text)+`;
			pos.dispatchEvent(new Event('input', {bubbles: true, composed: true}));
			pos.focus();
			pos.setSelectionRange(pos.value.length, pos.value.length);
			return true;
		})()`)
		if c.how == "enter" {
			// The field keeps the focus through the key's press and its
			// character: KeyEvent's Enter submits the form, as a person's.
			if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Enter)); err != nil {
				t.Fatal(err)
			}
		} else {
			eval[bool](t, ctx, `($c('#kz-chain-solve').focus(), $c('#kz-chain-solve').click(), true)`)
		}
		got := poll[map[string]any](t, ctx, `$c('#kz-chain-pos-error').textContent && `+field, 20*time.Second)
		if !strings.Contains(got["err"].(string), c.char) || got["at"] != "kz-chain-pos" || got["start"] != c.start || got["end"] != c.end || got["value"] != c.text {
			t.Errorf("%q by %s: the error should name %s, and the field, focused, hold the text with [%v, %v) selected: %v", c.text, c.how, c.char, c.start, c.end, got)
		}
	}
}

// A position whose every position the solver had already evaluated in
// this tab says it was answered from them: it said only "0 positions
// evaluated in 0.0 ms", as if nothing had been done.
func TestChainAnswerFromKnownPositionsSaysSo(t *testing.T) {
	ctx := chainPage(t)
	for _, lang := range []string{"en", "ja"} {
		if lang != "en" {
			chainLanguage(t, ctx, lang)
		}
		notes := eval[[]string](t, ctx, `(async () => {
			$c('#kz-chain-tab-analyse').click();
			const out = [];
			for (let i = 0; i < 2; i++) {
				const pos = $c('#kz-chain-pos');
				pos.value = 'XXXX.XXX';
				pos.dispatchEvent(new Event('input', {bubbles: true, composed: true}));
				$c('#kz-chain-result').innerHTML = '';
				$c('#kz-chain-solve').click();
				await until(() => $c('#kz-chain-result .kz-note'), 20000);
				out.push($c('#kz-chain-result .kz-note').textContent);
			}
			return out;
		})()`)
		want := map[string]string{"en": "already evaluated", "ja": "評価済み"}[lang]
		if !strings.Contains(notes[1], want) {
			t.Errorf("%s: the second solve of a position should say it was answered from positions already evaluated (%q): %q", lang, want, notes)
		}
	}
}
