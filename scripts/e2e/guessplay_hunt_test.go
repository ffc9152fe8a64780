//go:build e2e

package e2e

import (
	"context"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// Whole games of You guess and Computer guesses as a demanding player
// plays them: by keyboard alone, changing their mind while the engine
// thinks, changing the language in the middle.

// focusedJS names what has the focus in the guess widget: the picker, a
// button by its action, or "nothing" when it fell to the page's body.
const focusedJS = `(() => {
	const a = kz().activeElement;
	if (!a) return 'nothing';
	if (a.closest('#kz-comp-picker')) return 'picker';
	return a.getAttribute('data-on-click') || a.id || a.tagName;
})()`

// keys types keys into whatever has the focus, as a keyboard does.
func keys(t *testing.T, ctx context.Context, k string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.KeyEvent(k)); err != nil {
		t.Fatal(err)
	}
}

// pressEnter presses Enter as a keyboard does when the page takes the
// key: a keydown, then a keyup. chromedp's KeyEvent also sends Enter's
// character as a call of its own, which a browser drops after a keydown
// the page prevented, but not when it comes by itself: when the winning
// answer had already moved the focus to New game, that character pressed
// New game, and the test saw a new game instead of the win.
func pressEnter(t *testing.T, ctx context.Context) {
	t.Helper()
	down := input.DispatchKeyEventParams{Type: input.DispatchKeyEventTypeRawKeyDown, Key: "Enter", Code: "Enter",
		WindowsVirtualKeyCode: 13, NativeVirtualKeyCode: 13}
	up := down
	up.Type = input.DispatchKeyEventTypeKeyUp
	if err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, target *chromedp.Target) error {
		for _, k := range []input.DispatchKeyEventParams{down, up} {
			if _, err := cdp.Call(ctx, target, input.DispatchKeyEvent, k); err != nil {
				return err
			}
		}
		return nil
	})); err != nil {
		t.Fatal(err)
	}
}

// An answer given by keyboard that contradicts the earlier ones is
// refused beside the picker, and the focus stays on the picker to give
// another; the winning answer leaves it on New game. Both left it on
// nothing (the picker was drawn again under it, or hidden), so the next
// digits typed went nowhere.
func TestComputerKeyboardAnswersKeepTheFocus(t *testing.T) {
	ctx := computerPage(t, "1a2b-4")
	first := eval[string](t, ctx, `(async () => {
		$('#kz-panel-computer .kz-current button').focus();
		$('#kz-panel-computer .kz-current button').click();
		const code = await until(cur);
		await until(() => kz().activeElement && kz().activeElement.closest('#kz-comp-picker'));
		return code;
	})()`)
	keys(t, ctx, "00"+kb.Enter)
	eval[string](t, ctx, `until(() => cur() && cur() !== `+jsString(first)+` && kz().activeElement && kz().activeElement.closest('#kz-comp-picker') && cur())`)
	// 0123 and 4567 both 0A0B: two digits are left for four places.
	keys(t, ctx, "00"+kb.Enter)
	got := eval[map[string]any](t, ctx, `(async () => {
		const note = await until(() => $('#kz-panel-computer .kz-think-note').textContent);
		return {note, focus: `+focusedJS+`};
	})()`)
	if got["focus"] != "picker" {
		t.Errorf("after an answer that contradicts the others, the focus must stay on the picker: %v", got)
	}
	// Another answer, by keyboard, goes in from there: 4567 holds two
	// of the secret's digits.
	// (The picker reads two digits typed within 1.5 s as one answer, A
	// then B. A loaded machine has spaced this test's keys further
	// apart than that, so "40" became 0A0B; each answer here is one
	// digit and arrows, which no pause changes.)
	keys(t, ctx, "0"+kb.ArrowRight+kb.ArrowRight+kb.Enter)
	eval[bool](t, ctx, `until(() => $('#kz-panel-computer .kz-history tbody').children.length === 2 && !$('#kz-panel-computer .kz-think-note').textContent)`)
	won := eval[map[string]any](t, ctx, `(async () => {
		const code = await until(() => kz().activeElement && kz().activeElement.closest('#kz-comp-picker') && cur());
		return {code};
	})()`)
	keys(t, ctx, "4") // 4A, and B can only be 0
	pressEnter(t, ctx)
	got = eval[map[string]any](t, ctx, `(async () => {
		try {
			await until(solved);
		} catch (e) {
			// What the widget shows instead, to tell a lost key from a
			// refused answer.
			const chosen = $('#kz-comp-picker [aria-checked="true"]');
			return {focus: 'unsolved', note: $('#kz-panel-computer .kz-think-note').textContent,
				status: $('#kz-panel-computer .kz-status').textContent, history: ($('#kz-panel-computer .kz-history') || {}).textContent, chosen: chosen && chosen.getAttribute('aria-label'), current: cur()};
		}
		await new Promise(r => setTimeout(r, 200));
		return {focus: `+focusedJS+`};
	})()`)
	if got["focus"] != "comp.new" {
		t.Errorf("after the winning answer (%v), the focus must be on New game: %v", won["code"], got)
	}
}

// Undo while a hint is being thought out: the hint was for the position
// undone, and it showed anyway once it came, with its Play button and
// its count of codes for the other position. Now it is dropped.
func TestYouUndoDropsTheHintOnItsWay(t *testing.T) {
	ctx := startYouGame(t, "1a2b-4")
	installHold(t, ctx)
	got := eval[map[string]any](t, ctx, `(async () => {
		const rows = () => $('#kz-panel-you .kz-history tbody') ? $('#kz-panel-you .kz-history tbody').children.length : 0;
		for (const g of ['0123', '4567']) {
			type('#kz-you-guess', g);
			$('#kz-you-guess').form.requestSubmit();
			await until(() => rows() === (g === '0123' ? 1 : 2));
		}
		hold('guess.suggest');
		$('[data-on-click="you.hint"]').click();
		await until(() => held('guess.suggest') === 1);
		$('[data-on-click="you.undo"]').click();
		await release('guess.suggest');
		// The hint's lane is done when its indicator stops working.
		const lane = $('#kz-panel-you .kz-busy');
		await until(() => !lane.hasAttribute('data-working'));
		return {rows: rows(), hint: $('#kz-panel-you .kz-analysis').textContent};
	})()`)
	if got["rows"] != 1.0 || got["hint"] != "" {
		t.Errorf("a hint asked for before Undo must not show after it: %v", got)
	}
}

// guessLanguage changes the app's language and waits for the guess
// widget built again in it.
func guessLanguage(t *testing.T, ctx context.Context, lang string) {
	t.Helper()
	eval[bool](t, ctx, `(async () => {
		const app = document.querySelector('[data-kibitz="app"]').shadowRoot;
		const sel = app.querySelector('#kz-lang');
		sel.value = `+jsString(lang)+`;
		sel.dispatchEvent(new Event('change', {bubbles: true, composed: true}));
		await until(() => kz() && kz().querySelector('.kz') && kz().querySelector('.kz').getAttribute('lang') === `+jsString(lang)+` && $('.kz-panel'));
		return true;
	})()`)
}

// A change of language while the computer thinks out its next guess, or
// while a hint is thought out in You guess: the widget built in the new
// language stopped there, with "Think again" and no hint. Now it carries
// on and the guess, or the hint, comes.
func TestLanguageChangeKeepsTheGuessThinking(t *testing.T) {
	ctx := computerPage(t, "1a2b-4")
	installHold(t, ctx)
	// asksAgain: the new widget's own call is held (the old one went
	// with the old widget), then let go; it reports whether there was one.
	const asksAgain = `await until(() => held('guess.suggest') === 1, 10000).then(() => true, () => false)`
	eval[bool](t, ctx, `(async () => {
		$('#kz-panel-computer .kz-current button').click();
		await until(cur);
		hold('guess.suggest');
		answerWith(1, 1);
		await until(() => held('guess.suggest') === 1);
		return true;
	})()`)
	guessLanguage(t, ctx, "ja")
	got := eval[map[string]any](t, ctx, `(async () => {
		const asked = `+asksAgain+`;
		await release('guess.suggest');
		const code = await until(() => cur() || $('#kz-panel-computer [data-on-click="comp.retry"]'));
		return {asked, code: typeof code === 'string' ? code : 'Think again: ' + code.textContent};
	})()`)
	if code, _ := got["code"].(string); got["asked"] != true || len(code) != 4 {
		t.Errorf("the computer must go on thinking in the new language: %v", got)
	}

	eval[bool](t, ctx, `(async () => {
		$('#kz-tab-you').click();
		$('#kz-you-start').click();
		await until(() => !$('#kz-you-guess').disabled && $('#kz-panel-you .kz-status .kz-hash'));
		hold('guess.suggest');
		$('[data-on-click="you.hint"]').click();
		await until(() => held('guess.suggest') === 1);
		return true;
	})()`)
	guessLanguage(t, ctx, "en")
	got = eval[map[string]any](t, ctx, `(async () => {
		const asked = `+asksAgain+`;
		await release('guess.suggest');
		const play = asked ? await until(() => $('[data-on-click="you.play-hint"]')) : null;
		return {asked, hint: play ? play.getAttribute('data-guess') : ''};
	})()`)
	if hint, _ := got["hint"].(string); got["asked"] != true || len(hint) != 4 {
		t.Errorf("the hint must come in the new language: %v", got)
	}
}

// With Show analysis on, each guess's count of codes left is computed
// after the guess goes in (on a 10-digit game, a while). Undo before it
// came crashed the whole page (an index out of range where the count is
// written back: "the widgets stopped", and they started again). Now a
// count for a position undone is dropped.
func TestYouUndoBeforeTheCountComes(t *testing.T) {
	ctx := startYouGame(t, "1a2b-4")
	installHold(t, ctx)
	got := eval[map[string]any](t, ctx, `(async () => {
		const root = kz();
		const rows = () => $('#kz-panel-you .kz-history tbody') ? [...$('#kz-panel-you .kz-history tbody').children] : [];
		const lane = [...kz().querySelectorAll('#kz-panel-you .kz-busy')].pop(); // the analysis's
		$('#kz-panel-you .kz-check input').click();
		hold('guess.candidates');
		type('#kz-you-guess', '0123');
		$('#kz-you-guess').form.requestSubmit();
		await until(() => rows().length === 1 && held('guess.candidates') === 1);
		$('[data-on-click="you.undo"]').click();
		await release('guess.candidates');
		await until(() => !lane.hasAttribute('data-working'));
		const crashed = kz() !== root || !root.isConnected;
		// The game goes on, and the next guess gets its count.
		type('#kz-you-guess', '4567');
		$('#kz-you-guess').form.requestSubmit();
		await until(() => rows().length === 1 && !rows()[0].textContent.includes('…'));
		return {crashed, row: rows()[0].textContent};
	})()`)
	if got["crashed"] != false {
		t.Errorf("Undo before the count came must not crash the widget: %v", got)
	}
}
