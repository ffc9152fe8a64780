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

// redoKeys presses Ctrl+Y, or Ctrl+Shift+Z, where the focus is, as a
// keyboard does.
func redoKeys(t *testing.T, ctx context.Context, shiftZ bool) {
	t.Helper()
	key := chromedp.KeyEvent("y", chromedp.KeyModifiers(chromedp.ModifierCtrl))
	if shiftZ {
		key = chromedp.KeyEvent("Z", chromedp.KeyModifiers(chromedp.ModifierCtrl|chromedp.ModifierShift))
	}
	if err := chromedp.Do(ctx, key); err != nil {
		t.Fatal(err)
	}
}

// compStateJS reads Computer guesses: the turns in the table, the guess
// waiting, the answer chosen in the picker, the live line, whether the
// focus is on the picker, and the Redo button.
const compStateJS = `({turns: kz().querySelectorAll('#kz-panel-computer .kz-history tbody tr').length, cur: cur(),
	chosen: ($('#kz-comp-picker [aria-checked="true"]') || {}).title || '', said: $('.kz-said').textContent,
	focus: !!(kz().activeElement && kz().activeElement.closest('#kz-comp-picker')),
	redo: $('#kz-panel-computer [data-on-click="comp.redo"]') ? $('#kz-panel-computer [data-on-click="comp.redo"]').textContent : '',
	redoOn: !!$('#kz-panel-computer [data-on-click="comp.redo"]:not([disabled])')})`

// compWhen waits until the game has turns turns and guess cur waiting,
// and reads it (as it is, if that never comes).
func compWhen(t *testing.T, ctx context.Context, turns int, cur string) map[string]any {
	t.Helper()
	cond := `kz().querySelectorAll('#kz-panel-computer .kz-history tbody tr').length === ` + strconv.Itoa(turns) + ` && cur() === ` + jsString(cur)
	return eval[map[string]any](t, ctx, `until(() => `+cond+` && `+compStateJS+`, 10000).catch(() => `+compStateJS+`)`)
}

// Computer guesses had Undo (Ctrl+Z) and no Redo: a reader who undid one
// answer too many had to give it again by hand, and the computer thought
// its next guess out again. Redo (a button, Ctrl+Y, Ctrl+Shift+Z) gives
// the answer Undo took back to the same guess, and brings back the guess
// that followed it, with the answer given to it, without thinking; it
// says so, as Undo does; it stays across a change of language; the
// answer Undo took back, given again from the picker, is a Redo; a new
// answer clears it.
func TestComputerRedoGivesTheAnswerAgain(t *testing.T) {
	ctx := computerPage(t, "1a2b-4")
	installHold(t, ctx)
	g := eval[[]string](t, ctx, `(async () => {
		$('#kz-panel-computer .kz-current button').click();
		const first = await until(cur, 30000);
		answerWith(0, 1);
		const second = await until(() => cur() && cur() !== first && cur(), 30000);
		answerWith(1, 2);
		const third = await until(() => cur() && cur() !== second && cur(), 30000);
		await until(() => kz().activeElement && kz().activeElement.closest('#kz-comp-picker'));
		return [first, second, third];
	})()`)
	if got := eval[map[string]any](t, ctx, compStateJS); got["redo"] != "Redo" || got["redoOn"] != false {
		t.Fatalf("before any Undo, Redo must be there, disabled: %v", got)
	}
	ctrlZ(t, ctx, chromedp.ModifierCtrl)
	compWhen(t, ctx, 1, g[1])
	ctrlZ(t, ctx, chromedp.ModifierCtrl)
	if got := compWhen(t, ctx, 0, g[0]); got["redoOn"] != true {
		t.Fatalf("after two Undos, Redo must be enabled: %v", got)
	}
	// From now on a guess thought out again would wait: Redo brings back
	// the guesses as they were, without thinking.
	eval[bool](t, ctx, `(hold('guess.suggest'), true)`)

	redoKeys(t, ctx, false)
	got := compWhen(t, ctx, 1, g[1])
	want := "Given again: your answer 0A1B to guess 1. My guess 2: " + g[1] + "."
	if got["turns"] != 1.0 || got["cur"] != g[1] || got["chosen"] != "1A2B" || !strings.HasPrefix(got["said"].(string), want) || got["focus"] != true || got["redoOn"] != true {
		t.Errorf("Ctrl+Y: %v; want 1 turn, guess %s waiting with 1A2B chosen, the focus on the picker, Redo on, and said %q", got, g[1], want)
	}

	// Another language: Redo is still there to press.
	guessLanguage(t, ctx, "ja")
	if got := eval[map[string]any](t, ctx, compStateJS); got["redo"] != "やり直し" || got["redoOn"] != true || got["turns"] != 1.0 || got["cur"] != g[1] {
		t.Fatalf("after a change of language, Redo must still be on: %v", got)
	}
	eval[bool](t, ctx, `($('#kz-panel-computer [data-on-click="comp.redo"]').focus(), true)`)
	redoKeys(t, ctx, true)
	got = compWhen(t, ctx, 2, g[2])
	want = "やり直しました：2 回目の予想への判定 1A2B。3 回目の予想は " + g[2] + "。"
	if got["cur"] != g[2] || !strings.HasPrefix(got["said"].(string), want) || got["redoOn"] != false || got["focus"] != true {
		t.Errorf("Ctrl+Shift+Z: %v; want guess %s back without thinking, the focus on the picker, Redo off, and said %q", got, g[2], want)
	}

	// Undo, then Enter on the answer it brought back: that is Redo too.
	ctrlZ(t, ctx, chromedp.ModifierCtrl)
	compWhen(t, ctx, 1, g[1])
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Enter)); err != nil {
		t.Fatal(err)
	}
	if got := compWhen(t, ctx, 2, g[2]); got["cur"] != g[2] {
		t.Errorf("Enter on the answer Undo took back must give it again, guess %s back: %v", g[2], got)
	}

	// A new answer is another game: Redo has nothing left to give.
	ctrlZ(t, ctx, chromedp.ModifierCtrl)
	compWhen(t, ctx, 1, g[1])
	eval[bool](t, ctx, `(answerWith(2, 1), true)`)
	got = eval[map[string]any](t, ctx, `until(() => kz().querySelectorAll('#kz-panel-computer .kz-history tbody tr').length === 2 && `+compStateJS+`, 10000).catch(() => `+compStateJS+`)`)
	if got["turns"] != 2.0 || got["redoOn"] != false {
		t.Errorf("after a new answer Redo must be off: %v", got)
	}
	eval[any](t, ctx, `release('guess.suggest')`)
	poll[string](t, ctx, `cur()`, 30*time.Second)
}

// Answer pressed with no answer picked said "Pick an answer first." in
// the frame's message line, above the settings: at 320 px it was 150 px
// above the screen, and the tap did nothing the reader could see. It is
// said beside the picker, in view, and goes once the reader moves in
// the picker.
func TestComputerSaysPickFirstAtThePicker(t *testing.T) {
	ctx := computerPage(t, "1a2b-4")
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(320, 640)); err != nil {
		t.Fatal(err)
	}
	got := eval[map[string]any](t, ctx, `(async () => {
		$('#kz-panel-computer .kz-current button').click();
		await until(cur, 30000);
		$('#kz-panel-computer .kz-answer button[type=submit]').click();
		const note = await until(() => $('#kz-panel-computer .kz-think-note').textContent && $('#kz-panel-computer .kz-think-note'), 20000).catch(() => $('#kz-panel-computer .kz-think-note'));
		const box = note.getBoundingClientRect();
		const f = kz().activeElement;
		return {note: note.textContent, inView: box.top >= 0 && box.bottom <= innerHeight && box.height > 0,
			message: kz().querySelector('.kz-message').textContent, focus: !!(f && f.closest('#kz-comp-picker'))};
	})()`)
	if got["note"] != "Pick an answer first." || got["inView"] != true || got["message"] != "" || got["focus"] != true {
		t.Errorf("Answer with nothing picked: %v; want the note beside the picker, in view, the focus on the picker, and no message above", got)
	}
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowRight)); err != nil {
		t.Fatal(err)
	}
	if note := poll[string](t, ctx, `$('#kz-panel-computer .kz-think-note').textContent === '' ? 'gone' : ''`, 5*time.Second); note != "gone" {
		t.Errorf("the note must go once the reader moves in the picker")
	}
}

// The computer's win was said to no one: the live line still said the
// guess just answered ("My guess 1: 0123. 5,040 codes are still
// possible."). It says the win, as the heading shows it.
func TestComputerSaysItsWin(t *testing.T) {
	ctx := computerPage(t, "1a2b-4")
	eval[string](t, ctx, `(async () => { $('#kz-panel-computer .kz-current button').click(); return await until(cur, 30000); })()`)
	said := eval[string](t, ctx, `(async () => {
		answerWith(4, 0);
		await until(solved, 30000);
		return await until(() => $('.kz-said').textContent.includes('Solved') && $('.kz-said').textContent, 20000).catch(() => $('.kz-said').textContent);
	})()`)
	if said != "Solved in 1 guess." {
		t.Errorf("the win must be said: the live line says %q", said)
	}
}
