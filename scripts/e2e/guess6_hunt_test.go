//go:build e2e

package e2e

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// youRedoJS reads You guess: its turns as "guess answer" strings, the
// guess box, the live line, whether the focus is in the box, and the
// Redo button.
const youRedoJS = `({turns: [...kz().querySelectorAll('#kz-panel-you .kz-history tbody tr')].map(r => r.children[1].textContent + ' ' + r.children[2].textContent),
	box: $('#kz-you-guess').value, said: $('#kz-panel-you .kz-sr[role=status]').textContent,
	focus: kz().activeElement === $('#kz-you-guess'),
	redo: $('#kz-panel-you [data-on-click="you.redo"]') ? $('#kz-panel-you [data-on-click="you.redo"]').textContent : '',
	redoOn: !!$('#kz-panel-you [data-on-click="you.redo"]:not([disabled])')})`

// youWhen waits until You guess has n turns and the box holds box, and
// reads it (as it is, if that never comes).
func youWhen(t *testing.T, ctx context.Context, n int, box string) map[string]any {
	t.Helper()
	cond := `kz().querySelectorAll('#kz-panel-you .kz-history tbody tr').length === ` + strconv.Itoa(n) + ` && $('#kz-you-guess').value === ` + jsString(box)
	return eval[map[string]any](t, ctx, `until(() => `+cond+` && `+youRedoJS+`, 10000).catch(() => `+youRedoJS+`)`)
}

// turnsOf returns the turns youRedoJS read.
func turnsOf(got map[string]any) []string {
	var turns []string
	for _, v := range got["turns"].([]any) {
		turns = append(turns, v.(string))
	}
	return turns
}

// You guess had Undo (Ctrl+Z) and no Redo, where Computer guesses and
// the chain game have both: a guess undone one too many had to be typed
// again. Redo (a button, Ctrl+Y, Ctrl+Shift+Z, from the box too when it
// holds the guess Undo put there) plays the guess Undo took back again,
// with the answer it had; it says so, as Undo does; it stays across a
// change of language and a reload; the guess Undo took back, sent again
// from the box, is a Redo too; a new guess clears it.
func TestYouRedoPlaysTheGuessAgain(t *testing.T) {
	ctx := startYouGame(t, "1a2b-4")
	before := eval[map[string]any](t, ctx, `(async () => {
		for (const g of ['0123', '4567', '8901']) {
			const n = kz().querySelectorAll('#kz-panel-you .kz-history tbody tr').length;
			type('#kz-you-guess', g);
			$('#kz-you-guess').form.requestSubmit();
			await until(() => kz().querySelectorAll('#kz-panel-you .kz-history tbody tr').length === n + 1);
		}
		$('#kz-you-guess').focus();
		return `+youRedoJS+`;
	})()`)
	played := turnsOf(before)
	if len(played) != 3 {
		t.Skipf("the secret was found before the third guess: %v", played)
	}
	if before["redo"] != "Redo" || before["redoOn"] != false {
		t.Fatalf("before any Undo, Redo must be there, disabled: %v", before)
	}
	ctrlZ(t, ctx, chromedp.ModifierCtrl)
	youWhen(t, ctx, 2, "8901")
	ctrlZ(t, ctx, chromedp.ModifierCtrl)
	if got := youWhen(t, ctx, 1, "4567"); got["redoOn"] != true {
		t.Fatalf("after two Undos, Redo must be enabled: %v", got)
	}

	// Ctrl+Y in the box, which holds the guess Undo put back: guess 2
	// comes back with its answer, and the box holds guess 3, as the
	// Undo before left it.
	redoKeys(t, ctx, false)
	got := youWhen(t, ctx, 2, "8901")
	answer2 := strings.TrimPrefix(played[1], "4567 ")
	want := "Redone: guess 2, 4567 (" + answer2 + ")."
	if strings.Join(turnsOf(got), "|") != strings.Join(played[:2], "|") || got["said"] != want || got["focus"] != true || got["redoOn"] != true {
		t.Errorf("Ctrl+Y: %v; want turns %q, 8901 in the box with the focus, Redo on, and said %q", got, played[:2], want)
	}

	// Another language, and a reload: Redo is still there to press.
	guessLanguage(t, ctx, "ja")
	if got := eval[map[string]any](t, ctx, youRedoJS); got["redo"] != "やり直し" || got["redoOn"] != true || len(turnsOf(got)) != 2 {
		t.Fatalf("after a change of language, Redo must still be on: %v", got)
	}
	if err := chromedp.Do(withTimeout(t, ctx, 60*time.Second), chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	installHelpers(t, ctx)
	eval[bool](t, ctx, `(async () => { $('#kz-tab-you').click(); await until(() => !$('#kz-you-guess').disabled); return true; })()`)
	if got := eval[map[string]any](t, ctx, youRedoJS); got["redoOn"] != true || len(turnsOf(got)) != 2 || got["box"] != "8901" {
		t.Fatalf("after a reload, Redo must still be on: %v", got)
	}
	eval[bool](t, ctx, `($('#kz-panel-you [data-on-click="you.redo"]').focus(), true)`)
	redoKeys(t, ctx, true)
	got = youWhen(t, ctx, 3, "")
	if strings.Join(turnsOf(got), "|") != strings.Join(played, "|") || !strings.HasPrefix(got["said"].(string), "やり直しました：3 回目の予想 8901（") || got["redoOn"] != false || got["focus"] != true {
		t.Errorf("Ctrl+Shift+Z: %v; want turns %q, the box empty with the focus, Redo off", got, played)
	}

	// Undo, then Enter on the guess it put back in the box: that is Redo
	// too, with the same answer.
	ctrlZ(t, ctx, chromedp.ModifierCtrl)
	youWhen(t, ctx, 2, "8901")
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Enter)); err != nil {
		t.Fatal(err)
	}
	if got := youWhen(t, ctx, 3, ""); strings.Join(turnsOf(got), "|") != strings.Join(played, "|") {
		t.Errorf("Enter on the guess Undo took back must play it again, with its answer: %v, want %q", got, played)
	}

	// A new guess is another game: Redo has nothing left to play.
	ctrlZ(t, ctx, chromedp.ModifierCtrl)
	youWhen(t, ctx, 2, "8901")
	eval[bool](t, ctx, `(type('#kz-you-guess', '5678'), $('#kz-you-guess').form.requestSubmit(), true)`)
	if got := youWhen(t, ctx, 3, ""); got["redoOn"] != false || !strings.HasPrefix(turnsOf(got)[2], "5678") {
		t.Errorf("after a new guess Redo must be off: %v", got)
	}
}

// linesJS returns the lines an element's text is laid out in, joined by
// "|".
const linesJS = `(e => { const t = e.firstChild; const out = []; let cur = '', top = null;
	for (let i = 0; i < t.length; i++) { const r = document.createRange(); r.setStart(t, i); r.setEnd(t, i + 1);
		const rc = r.getClientRects()[0]; const y = rc ? Math.round(rc.top) : top;
		if (top !== null && y > top + 2) { out.push(cur); cur = ''; } top = y; cur += t.data[i]; }
	out.push(cur); return out.join('|'); })`

// At 320 px the error under You guess's field, balanced over two lines,
// broke a Japanese word ("…2 個ありま|す。このゲームでは 4 個です。") and a
// Chinese one ("…，這|個遊戲的號碼是 4 位。"), with room to spare on the
// first line. Japanese now breaks between phrases, Chinese at its
// punctuation.
func TestFieldErrorsBreakBetweenWords(t *testing.T) {
	ctx := guessPage(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(320, 700)); err != nil {
		t.Fatal(err)
	}
	words := map[string][]string{
		"ja":      {"あります", "ゲーム", "個です", "記号"},
		"zh-Hant": {"這個", "遊戲", "號碼", "符號"},
		"zh-Hans": {"这个", "游戏", "号码", "符号"},
	}
	for _, lang := range []string{"ja", "zh-Hant", "zh-Hans"} {
		guessLanguage(t, ctx, lang)
		lines := eval[string](t, ctx, `(async () => {
			$('#kz-tab-you').click();
			if ($('#kz-you-guess').disabled) $('#kz-panel-you [data-on-click="you.new"]').click();
			await until(() => !$('#kz-you-guess').disabled);
			type('#kz-you-guess', '12');
			$('#kz-you-guess').form.requestSubmit();
			return `+linesJS+`(await until(() => $('#kz-you-error').textContent && $('#kz-you-error')));
		})()`)
		for _, w := range words[lang] {
			for i := 1; i < len([]rune(w)); i++ {
				if split := string([]rune(w)[:i]) + "|" + string([]rune(w)[i:]); strings.Contains(lines, split) {
					t.Errorf("%s: the error breaks %q inside: %q", lang, w, lines)
				}
			}
		}
		t.Logf("%s: %s", lang, lines)
	}
}

// An answer typed before its guess in the Helper's paste box ("1A2B
// 0123") said "Line 1, column 2: “A” at position 2 is not a symbol of
// this game": the answer was read as a guess. It says now that the guess
// and the answer seem swapped, with the turn the right way round, and
// selects both, in every language.
func TestHelperSaysTheGuessAndAnswerSeemSwapped(t *testing.T) {
	ctx := guessPage(t)
	for _, c := range []struct{ lang, want string }{
		{"en", "Line 2, column 1: The guess and the answer seem swapped. Write the guess first: “0123 1A2B”."},
		{"ja", "2 行目 1 文字目：予想と判定が逆になっているようです。「0123 1A2B」のように予想を先に書いてください。"},
		{"zh-Hans", "第 2 行第 1 个字符：猜测和提示似乎写反了，请先写猜测：“0123 1A2B”。"},
		{"zh-Hant", "第 2 行第 1 個字：猜測和提示似乎寫反了，請先寫猜測：「0123 1A2B」。"},
	} {
		if c.lang != "en" {
			guessLanguage(t, ctx, c.lang)
		}
		got := eval[map[string]any](t, ctx, readPasteJS("1a2b-4", "4567 0A1B\n1A2B 0123"))
		if !strings.HasPrefix(got["error"].(string), c.want) || got["selected"] != "1A2B 0123" {
			t.Errorf("%s: the error is %q with %q selected, want %q with the turn selected", c.lang, got["error"], got["selected"], c.want)
		}
	}
}

// The Helper had Undo and Redo buttons and no keys for them: a reader who
// removed a row with the keyboard (Enter on its ×), or switched one off,
// pressed Ctrl+Z and nothing happened, where Ctrl+Z undoes in every
// other mode. Ctrl+Z, Ctrl+Y and Ctrl+Shift+Z now undo and redo from
// anywhere in the Helper but its text fields, whose typing is their own.
func TestHelperKeysUndoAndRedo(t *testing.T) {
	ctx := guessPage(t)
	got := eval[map[string]any](t, ctx, readPasteJS("1a2b-4", "0123 1A2B\n4567 0A1B"))
	full := strings.Join(func() []string {
		var s []string
		for _, r := range got["rows"].([]any) {
			s = append(s, r.(string))
		}
		return s
	}(), " | ")
	rows := func() string { return eval[string](t, ctx, helperRowsJS+`.join(' | ')`) }
	key := func(k string, mods chromedp.Modifier) {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.KeyEvent(k, chromedp.KeyModifiers(mods))); err != nil {
			t.Fatal(err)
		}
	}
	eval[bool](t, ctx, `($('#kz-panel-helper [data-field="remove"][data-row="1"]').focus(), true)`)
	key(kb.Enter, 0)
	removed := poll[string](t, ctx, `(() => { const r = `+helperRowsJS+`.join(' | '); return r !== `+jsString(full)+` && r; })()`, 10*time.Second)
	// On the first row's switch, as Tab reaches it.
	eval[bool](t, ctx, `($('#kz-panel-helper [data-field="on"][data-row="0"]').focus(), true)`)
	key("z", chromedp.ModifierCtrl)
	if got := rows(); got != full {
		t.Errorf("Ctrl+Z after removing row 2 by keyboard: rows %q, want %q", got, full)
	}
	if on := eval[bool](t, ctx, `kz().activeElement === $('#kz-panel-helper [data-field="on"][data-row="0"]')`); !on {
		t.Errorf("after Ctrl+Z the focus must stay on the first row's switch, drawn anew")
	}
	key("y", chromedp.ModifierCtrl)
	if got := rows(); got != removed {
		t.Errorf("Ctrl+Y: rows %q, want %q", got, removed)
	}
	key("z", chromedp.ModifierCtrl)
	key("Z", chromedp.ModifierCtrl|chromedp.ModifierShift)
	if got := rows(); got != removed {
		t.Errorf("Ctrl+Z, Ctrl+Shift+Z: rows %q, want %q", got, removed)
	}
	// In a row's text field Ctrl+Z is the field's own.
	eval[bool](t, ctx, `($('#kz-panel-helper input[data-field="guess"][data-row="0"]').focus(), true)`)
	key("z", chromedp.ModifierCtrl)
	if got := rows(); got != removed {
		t.Errorf("Ctrl+Z in a text field must leave the rows to the field: %q, want %q", got, removed)
	}
	if got := eval[string](t, ctx, `$('#kz-panel-helper [data-on-click="help.undo"]').getAttribute('aria-keyshortcuts') || ''`); got != "Control+Z Meta+Z" {
		t.Errorf("Undo's aria-keyshortcuts: %q", got)
	}
}
