//go:build e2e

package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Undo takes back the reader's last move and the computer's answer, as
// over a board: by its button, by Ctrl+Z on the row, and while the
// computer is still thinking; it is disabled with nothing to take back,
// and a reload keeps what it did. Play had no Undo: a slip cost the game.
func TestChainUndoTakesBackYourMoveAndTheAnswer(t *testing.T) {
	ctx := chainPage(t)
	installHold(t, ctx)
	chainStart(t, ctx, 9, "direct", "you", true)
	state := `({row: $c('#kz-chain-row').dataset.row, moves: $c('#kz-chain-row').dataset.moves, turn: $c('#kz-chain-status').dataset.turn,
		log: $c('#kz-chain-log').children.length, undo: !!$c('#kz-chain-undo') && !$c('#kz-chain-undo').disabled,
		focus: cz().activeElement ? (cz().activeElement.dataset.i || cz().activeElement.id || cz().activeElement.tagName) : 'nothing',
		values: $c('#kz-chain-row').querySelectorAll('.kz-chain-value').length})`
	if got := eval[map[string]any](t, ctx, state); got["undo"] != false {
		t.Fatalf("before any move Undo should be there, disabled: %v", got)
	}
	// Two rounds: the reader takes 5, the computer answers; the reader
	// takes the first object left, the computer answers.
	eval[bool](t, ctx, `($c('[data-i="4"]').click(), true)`)
	afterOne := poll[map[string]any](t, ctx, `$c('#kz-chain-status').dataset.turn === 'you' && $c('#kz-chain-row').dataset.moves === '2' && `+state, 30*time.Second)
	if afterOne["undo"] != true {
		t.Fatalf("after a move Undo should be enabled: %v", afterOne)
	}
	took := eval[string](t, ctx, `(() => { const o = $c('.kz-chain-obj'); o.click(); return o.dataset.i; })()`)
	poll[bool](t, ctx, `$c('#kz-chain-status').dataset.turn === 'you' && $c('#kz-chain-row').dataset.moves === '4' || !!$c('#kz-chain-status').dataset.winner`, 30*time.Second)
	eval[bool](t, ctx, `($c('#kz-chain-undo').click(), true)`)
	got := eval[map[string]any](t, ctx, state)
	if got["row"] != afterOne["row"] || got["moves"] != "2" || got["log"] != 2.0 || got["turn"] != "you" || got["undo"] != true || got["focus"] != took {
		t.Fatalf("Undo should bring back the row after the first round, %v, with the focus on the object taken (%s): %v", afterOne["row"], took, got)
	}
	ctx = chainReload(t, ctx)
	installHold(t, ctx)
	if got := eval[map[string]any](t, ctx, state); got["row"] != afterOne["row"] || got["moves"] != "2" || got["undo"] != true {
		t.Fatalf("after a reload the game undone should stay as Undo left it, Undo enabled: %v", got)
	}
	// Ctrl+Z on the row, with the real keyboard: the first round goes,
	// and Undo, with nothing left to take back, is disabled.
	eval[bool](t, ctx, `($c('.kz-chain-obj[tabindex="0"]').focus(), true)`)
	if err := chromedp.Do(ctx, chromedp.KeyEvent("z", chromedp.KeyModifiers(chromedp.ModifierCtrl))); err != nil {
		t.Fatal(err)
	}
	got = poll[map[string]any](t, ctx, `$c('#kz-chain-row').dataset.moves === '0' && `+state, 10*time.Second)
	if got["row"] != "XXXXXXXXX" || got["log"] != 0.0 || got["undo"] != false || got["focus"] != "4" {
		t.Fatalf("Ctrl+Z should take back the first round, disable Undo, and leave the focus on object 5: %v", got)
	}
	// Undo while the computer thinks: its move is dropped, and the row
	// is the reader's again.
	eval[bool](t, ctx, `(hold('chain.move'), $c('[data-i="2"]').click(), true)`)
	poll[bool](t, ctx, `held('chain.move') === 1`, 20*time.Second)
	eval[bool](t, ctx, `($c('#kz-chain-undo').click(), true)`)
	eval[bool](t, ctx, `release('chain.move').then(() => true)`)
	got = eval[map[string]any](t, ctx, `new Promise(r => setTimeout(() => r(`+state+`), 1500))`)
	if got["row"] != "XXXXXXXXX" || got["moves"] != "0" || got["turn"] != "you" || got["undo"] != false {
		t.Fatalf("Undo while the computer thinks should take back the reader's move, and the computer's should not come: %v", got)
	}
}

// The analyser's answer, once the game, the rule or the position is
// changed after Solve, is marked out of date and says so: it stayed as if
// it answered the form. Changed back, the form is the answer's again;
// Solve answers the form as it is.
func TestChainAnalyserAnswerIsMarkedStaleWhenTheFormChanges(t *testing.T) {
	ctx := chainPage(t)
	look := `({stale: !!$c('#kz-chain-stale') && !$c('#kz-chain-stale').hidden && $c('#kz-chain-result').classList.contains('kz-stale'),
		note: !$c('#kz-chain-stale') || $c('#kz-chain-stale').hidden ? '' : $c('#kz-chain-stale').textContent,
		said: $c('#kz-chain-result .kz-big') ? $c('#kz-chain-result .kz-big').textContent : ''})`
	set := `const set = (sel, v) => { const e = $c(sel); if (e.type === 'checkbox') e.checked = v; else e.value = String(v);
		e.dispatchEvent(new Event(e.tagName === 'INPUT' && e.type === 'text' ? 'input' : 'change', {bubbles: true, composed: true})); };`
	first := eval[map[string]any](t, ctx, `(async () => {
		`+set+`
		$c('#kz-chain-tab-analyse').click();
		set('#kz-chain-pos', 'XXXX'); set('#kz-chain-an-game', 'direct'); set('#kz-chain-an-rule', true);
		$c('#kz-chain-solve').click();
		await until(() => $c('#kz-chain-result .kz-big'));
		return `+look+`;
	})()`)
	if first["stale"] != false || first["said"] == "" {
		t.Fatalf("a fresh answer is not out of date: %v", first)
	}
	for _, change := range []struct{ what, js string }{
		{"the reverse game", `set('#kz-chain-an-game', 'reverse')`},
		{"no first-move rule", `set('#kz-chain-an-rule', false)`},
		{"another position", `set('#kz-chain-pos', 'XXXXX')`},
	} {
		got := eval[map[string]any](t, ctx, `(() => { `+set+change.js+`; return `+look+`; })()`)
		if got["stale"] != true || got["said"] != first["said"] || got["note"] == "" {
			t.Errorf("after a change to %s the answer should stay, marked out of date, with a note saying so: %v", change.what, got)
		}
		back := eval[map[string]any](t, ctx, `(() => { `+set+`set('#kz-chain-pos', 'XXXX'); set('#kz-chain-an-game', 'direct'); set('#kz-chain-an-rule', true); return `+look+`; })()`)
		if back["stale"] != false {
			t.Errorf("the form changed back from %s is the answer's again: %v", change.what, back)
		}
	}
	got := eval[map[string]any](t, ctx, `(async () => {
		`+set+`
		set('#kz-chain-an-game', 'reverse');
		$c('#kz-chain-solve').click();
		await until(() => $c('#kz-chain-result .kz-big') && $c('#kz-chain-result .kz-big').textContent !== `+jsString(first["said"].(string))+`);
		return `+look+`;
	})()`)
	if got["stale"] != false {
		t.Errorf("Solve answers the form as it is, and its answer is not out of date: %v", got)
	}
}

// A position past the million cells the analyser reads names that limit,
// in every language: "1000001" said only that it was too long, from
// character 1, and left the reader to guess how long a position may be.
func TestChainTooLongPositionNamesTheLimit(t *testing.T) {
	ctx := chainPage(t)
	for _, lang := range []string{"en", "ja", "zh-Hans", "zh-Hant"} {
		if lang != "en" {
			chainLanguage(t, ctx, lang)
		}
		said := eval[string](t, ctx, `(async () => {
			$c('#kz-chain-tab-analyse').click();
			const pos = $c('#kz-chain-pos');
			pos.value = '1000001';
			pos.dispatchEvent(new Event('input', {bubbles: true, composed: true}));
			$c('#kz-chain-solve').click();
			return await until(() => $c('#kz-chain-pos-error').textContent, 20000);
		})()`)
		if !strings.Contains(said, "1,000,000") || !strings.Contains(said, "1") {
			t.Errorf("%s: the error of 1000001 should name the limit, 1,000,000 cells: %q", lang, said)
		}
	}
}

// The note under the table after Stop ("Stopped: …") is a note, as the
// table's own note is, not an error: it was written in the error's style.
// An error there still is one.
func TestChainTableStoppedIsANote(t *testing.T) {
	ctx := chainPage(t)
	installHold(t, ctx)
	got := eval[map[string]any](t, ctx, `(async () => {
		$c('#kz-chain-tab-analyse').click();
		hold('chain.table');
		$c('#kz-chain-table-go').click();
		await until(() => held('chain.table') === 1);
		$c('#kz-chain-progress-row button').click();
		const msg = $c('#kz-chain-table-msg');
		await until(() => msg.textContent);
		await release('chain.table');
		const style = e => { const s = getComputedStyle(e); return s.color + ' ' + s.fontSize + ' ' + s.fontStyle; };
		const note = [...cz().querySelectorAll('p.kz-note')].find(p => p.textContent && !p.closest('[hidden]'));
		return {text: msg.textContent, msg: style(msg), note: style(note), error: msg.className.includes('field-error') || msg.classList.contains('kz-bad')};
	})()`)
	if got["msg"] != got["note"] || got["error"] != false || !strings.Contains(got["text"].(string), "Stopped") {
		t.Errorf("the Stopped note should look as the table's note does (%v), not as an error: %v", got["note"], got)
	}
}

// chainSelectsFitJS measures the game selectors of Play and Analyse: for
// each option, whether its text fits the box the select gives it (its
// width, less padding, border and the arrow), and the note beside it
// that says what the chosen game is, and whether it lies in the panel.
const chainSelectsFitJS = `(() => {
	const canvas = document.createElement('canvas').getContext('2d');
	const out = [];
	for (const [sel, about] of [['#kz-chain-game', '#kz-chain-game-about'], ['#kz-chain-an-game', '#kz-chain-an-game-about']]) {
		const s = $c(sel);
		if (s.closest('details')) s.closest('details').open = true;
		const panel = s.closest('[role="tabpanel"]');
		const wasHidden = panel.hidden;
		panel.hidden = false;
		const cs = getComputedStyle(s);
		canvas.font = cs.fontStyle + ' ' + cs.fontWeight + ' ' + cs.fontSize + ' ' + cs.fontFamily;
		const room = s.getBoundingClientRect().width - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) -
			parseFloat(cs.borderLeftWidth) - parseFloat(cs.borderRightWidth) - 20; // the arrow
		const cut = [...s.options].filter(o => canvas.measureText(o.text).width > room).map(o => o.text);
		const a = $c(about);
		const pr = panel.getBoundingClientRect(), ar = a ? a.getBoundingClientRect() : null;
		out.push({sel, room: Math.round(room), cut, about: a && !a.hidden ? a.textContent : '',
			described: (s.getAttribute('aria-describedby') || '').split(' ').includes(about.slice(1)),
			inside: !!ar && ar.width > 0 && ar.left >= pr.left - 0.5 && ar.right <= pr.right + 0.5,
			selectInside: s.getBoundingClientRect().right <= pr.right + 0.5});
		panel.hidden = wasHidden;
	}
	return out;
})()`

// At 320 px the game selectors cut their options off ("Direct: taking
// the last object w…"): the options are short, and the full rule of the
// game chosen is said under the selector, in every language.
func TestChainGameSelectorFitsAt320(t *testing.T) {
	ctx := chainPage(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(320, 800)); err != nil {
		t.Fatal(err)
	}
	shots := os.Getenv("KIBITZ_SHOTS") // a directory for screenshots, to look at
	for _, lang := range []string{"en", "ja", "zh-Hans", "zh-Hant"} {
		if lang != "en" {
			chainLanguage(t, ctx, lang)
		}
		for _, game := range []string{"direct", "reverse"} {
			eval[bool](t, ctx, `(() => { for (const s of ['#kz-chain-game', '#kz-chain-an-game']) { const e = $c(s); e.value = '`+game+`';
				e.dispatchEvent(new Event('change', {bubbles: true, composed: true})); } return true; })()`)
			for _, s := range eval[[]map[string]any](t, ctx, chainSelectsFitJS) {
				if len(s["cut"].([]any)) > 0 || s["about"] == "" || s["described"] != true || s["inside"] != true || s["selectInside"] != true {
					t.Errorf("%s, %s game, %s: options cut off in %v px, or the game not said beside it in the panel: %v", lang, game, s["sel"], s["room"], s)
				}
			}
		}
		if shots != "" {
			for _, mode := range []string{"play", "analyse"} {
				show := `($c('#kz-chain-tab-` + mode + `').click(), $c('#kz-chain-` + map[string]string{"play": "game", "analyse": "an-game"}[mode] + `').scrollIntoView({block: 'center'}), true)`
				eval[bool](t, ctx, show)
				png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(shots, "chain-game-320-"+lang+"-"+mode+".png"), png, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			eval[bool](t, ctx, `($c('#kz-chain-tab-play').click(), true)`)
		}
	}
}
