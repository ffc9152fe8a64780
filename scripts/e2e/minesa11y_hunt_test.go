//go:build e2e

package e2e

import (
	"context"
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// Minesweeper as a keyboard-only and screen-reader user meets it, and as
// a Chinese or Japanese input method types into it.

// imeType focuses a field of the widget and types text into it as an
// input method commits it (Input.insertText), then leaves the field with
// Tab, which fires its change.
func imeType(t *testing.T, ctx context.Context, sel, text string) {
	t.Helper()
	eval[bool](t, ctx, `(() => { const e = $m(`+jsString(sel)+`); e.focus(); e.select(); return true; })()`)
	if _, err := chromedp.Call(ctx, input.InsertText, input.InsertTextParams{Text: text}); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Tab)); err != nil {
		t.Fatal(err)
	}
}

// A board number and a custom size typed in full-width digits ("１２３",
// as a Chinese or Japanese input method types them) are the numbers they
// show: the board number was refused ("A board number is a whole number").
func TestMinesFullWidthDigitsInTheSettings(t *testing.T) {
	ctx := minesPage(t, "mines-full-width.html", "play")
	eval[bool](t, ctx, minesActiveJS)
	eval[bool](t, ctx, `(() => { $m('.kz-settings').open = true; set('#kz-mines-level', 'custom'); return true; })()`)
	imeType(t, ctx, "#kz-mines-width", "１２")
	imeType(t, ctx, "#kz-mines-height", "８")
	imeType(t, ctx, "#kz-mines-count", "１０")
	imeType(t, ctx, "#kz-mines-seed", "１２３")
	got := eval[map[string]any](t, ctx, `(async () => {
		await until(() => /123/.test($m('.kz-mines-board-no').textContent) && view().length === 96, 10000).catch(() => {});
		return {note: $m('#kz-mines-settings-note').textContent, boardNo: $m('.kz-mines-board-no').textContent,
			invalid: [...mz().querySelectorAll('[aria-invalid=true]')].map(e => e.id), cells: view().length};
	})()`)
	if got["boardNo"] != "Board 123" || got["cells"] != float64(96) {
		t.Fatalf("board number １２３ on a 12×8 board: %v", got)
	}
	if list, _ := got["invalid"].([]any); len(list) > 0 {
		t.Errorf("no field is wrong: %v", got)
	}
}
