//go:build e2e

package e2e

import (
	"context"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// Minesweeper's Play mode as a demanding player meets it: the custom
// size typed by hand, what a screen reader hears of each move, the
// keyboard's way to the board, a reload in the middle of a game.

// minesPageIn is minesPage in a language (en, ja, zh-Hans, zh-Hant).
func minesPageIn(t *testing.T, name, lang string) context.Context {
	t.Helper()
	ctx := tab(t)
	navigate(t, ctx, embedPage(t, name, `<div id="mines" data-kibitz="mines" data-lang="`+lang+`" data-mode="play"></div>`))
	waitWidget(t, ctx, "#mines")
	minesHelpers(t, ctx)
	eval[bool](t, ctx, minesActiveJS)
	return ctx
}

// typeInto focuses a field of the widget, selects what it holds, types
// text key by key as a person does ("" empties it), and leaves the field with Tab, which
// fires its change.
func typeInto(t *testing.T, ctx context.Context, sel, text string) {
	t.Helper()
	eval[bool](t, ctx, `(() => { const e = $m(`+jsString(sel)+`); e.focus(); e.select(); return true; })()`)
	if text == "" {
		text = kb.Backspace // the selection goes
	}
	if err := chromedp.Do(ctx, chromedp.KeyEvent(text), chromedp.KeyEvent(kb.Tab)); err != nil {
		t.Fatal(err)
	}
}

// The custom size fields were number fields: Chromium dropped the letters
// typed into them ("9x" became 9, "abc" nothing), Safari kept them and
// read the field as empty, and "1e" was read as empty with "A board is 1
// to 100 squares wide and high.", naming no field (with width and height
// both wrong, which?). They are text fields now: what was typed stays,
// and the note says what each field at fault must hold, by its name, in
// the reader's language, also after a reload.
func TestMinesCustomSizeFieldsSayWhichIsWrong(t *testing.T) {
	ctx := minesPageIn(t, "mines-size-typed.html", "en")
	eval[bool](t, ctx, `(() => { $m('.kz-settings').open = true; set('#kz-mines-level', 'custom'); return true; })()`)
	read := `({note: $m('#kz-mines-settings-note').textContent, width: $m('#kz-mines-width').value, height: $m('#kz-mines-height').value,
		mines: $m('#kz-mines-count').value, invalid: [...mz().querySelectorAll('[aria-invalid=true]')].map(e => e.id).join(' '),
		type: $m('#kz-mines-width').type})`
	typeInto(t, ctx, "#kz-mines-width", "9x")
	got := eval[map[string]any](t, ctx, read)
	if got["width"] != "9x" || got["invalid"] != "kz-mines-width" ||
		got["note"] != "Width must be a whole number from 1 to 100." {
		t.Errorf("width 9x typed: %v", got)
	}
	typeInto(t, ctx, "#kz-mines-height", "1e")
	typeInto(t, ctx, "#kz-mines-count", "abc")
	got = eval[map[string]any](t, ctx, read)
	if got["height"] != "1e" || got["mines"] != "abc" || got["invalid"] != "kz-mines-width kz-mines-height kz-mines-count" ||
		got["note"] != "Width must be a whole number from 1 to 100. Height must be a whole number from 1 to 100. Mines must be a whole number." {
		t.Errorf("width 9x, height 1e, mines abc: %v", got)
	}
	typeInto(t, ctx, "#kz-mines-width", "12")
	typeInto(t, ctx, "#kz-mines-height", "")
	got = eval[map[string]any](t, ctx, read)
	if got["invalid"] != "kz-mines-height kz-mines-count" ||
		got["note"] != "Height must be a whole number from 1 to 100. Mines must be a whole number." {
		t.Errorf("height emptied: %v", got)
	}
	typeInto(t, ctx, "#kz-mines-height", "8")
	typeInto(t, ctx, "#kz-mines-count", "200")
	got = eval[map[string]any](t, ctx, read)
	if got["invalid"] != "kz-mines-count" ||
		got["note"] != "Mines must be a whole number from 1 to 95." {
		t.Errorf("200 mines on 12×8: %v", got)
	}
	typeInto(t, ctx, "#kz-mines-count", "abc")
	if err := chromedp.Do(ctx, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	waitWidget(t, ctx, "#mines")
	minesHelpers(t, ctx)
	got = eval[map[string]any](t, ctx, read)
	if got["mines"] != "abc" || got["invalid"] != "kz-mines-count" || got["note"] != "Mines must be a whole number from 1 to 95." {
		t.Errorf("after a reload, mines abc should still be there, said to be wrong: %v", got)
	}
	if got["type"] != "text" {
		t.Errorf("the size fields should be text fields (a wheel over a number field changes it): %v", got["type"])
	}

	ja := minesPageIn(t, "mines-size-typed-ja.html", "ja")
	eval[bool](t, ja, `(() => { $m('.kz-settings').open = true; set('#kz-mines-level', 'custom'); return true; })()`)
	typeInto(t, ja, "#kz-mines-width", "9x")
	got = eval[map[string]any](t, ja, read)
	if got["note"] != "幅は 1 から 100 までの整数にしてください。" {
		t.Errorf("ja, width 9x: %v", got)
	}
}
