//go:build e2e

package e2e

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// Minesweeper's analyser as a demanding user meets it (the brushes, the
// size fields, the text box, the zoom), and what the Play hunt left: the
// New-game question asked twice.

// pressKey sends one key as a keyboard does (see pressEnter for Enter);
// shiftTab is Shift+Tab.
func pressKey(t *testing.T, ctx context.Context, key string) {
	t.Helper()
	press := chromedp.KeyEvent(key)
	if key == shiftTab {
		press = chromedp.KeyEvent(kb.Tab, chromedp.KeyModifiers(chromedp.ModifierShift))
	}
	if err := chromedp.Do(ctx, press); err != nil {
		t.Fatal(err)
	}
}

const shiftTab = "shift+tab"

// N pressed again while "Start a new game?" is open took the square to go
// back to for the question's own button: Keep playing then put the focus
// on New game, and the player had to find the square again. The square
// is kept now.
func TestMinesNewGameAskedTwiceKeepsTheSquare(t *testing.T) {
	ctx := minesPageIn(t, "mines-asked-twice.html", "en")
	eval[bool](t, ctx, `(async () => {
		$m('.kz-settings').open = true;
		set('#kz-mines-seed', '7');
		await until(() => $m('.kz-mines-board-no').textContent === 'Board 7' && view() === 'H'.repeat(81));
		fire(cell(40), 'click');
		await until(() => view()[40] !== 'H');
		const at = [...panel().querySelectorAll('.kz-mines-cell')].findIndex((c, i) => i > 40 && view()[i] === 'H');
		cell(at).focus();
		window.from = 'cell ' + at;
		return true;
	})()`)
	pressKey(t, ctx, "n")
	poll[bool](t, ctx, `!$m('.kz-confirm').hidden && mz().activeElement && mz().activeElement.getAttribute('data-on-click') === 'mines.keep'`, 30*time.Second)
	pressKey(t, ctx, "n") // again, on the question
	eval[bool](t, ctx, `(() => { $m('[data-on-click="mines.keep"]').click(); return true; })()`)
	poll[bool](t, ctx, `$m('.kz-confirm').hidden`, 30*time.Second)
	got := eval[map[string]any](t, ctx, `({from, now: active()})`)
	if got["now"] != got["from"] {
		t.Errorf("N twice, then Keep playing: the focus should be back on the square: %v", got)
	}
}

// The zoom buttons at the smallest and largest zoom looked and read as
// ever: pressed there, they did nothing and said nothing. The one that
// can go no further is unavailable now (aria-disabled, so that the focus
// stays on it), by the buttons and by Ctrl + wheel alike.
func TestMinesZoomButtonsSayTheirEnd(t *testing.T) {
	ctx := minesPage(t, "mines-zoom-ends.html", "analyse")
	got := eval[map[string]any](t, ctx, `(async () => {
		const out = [], zoom = by => panel().querySelector('.kz-mines-zoom [data-by="' + by + '"]');
		const state = () => [panel().querySelector('.kz-mines-scroll').getAttribute('data-zoom'),
			zoom(-1).getAttribute('aria-disabled'), zoom(1).getAttribute('aria-disabled')].join(' ');
		const wheel = dy => panel().querySelector('.kz-mines-scroll').dispatchEvent(new WheelEvent('wheel', {deltaY: dy, ctrlKey: true, bubbles: true, cancelable: true}));
		out.push(state());
		zoom(-1).focus();
		for (let i = 0; i < 4; i++) zoom(-1).click();
		out.push(state());
		zoom(-1).click(); // at its end: nothing, and the focus stays
		out.push(state(), mz().activeElement === zoom(-1));
		wheel(-100); // Ctrl + wheel up: a step in
		out.push(state());
		for (let i = 0; i < 8; i++) wheel(-100);
		out.push(state());
		zoom(-1).click();
		out.push(state());
		return {steps: out};
	})()`)
	want := []any{"  ", "0.5 true ", "0.5 true ", true, "0.6  ", "2  true", "1.75  "}
	steps := got["steps"].([]any)
	for i := range want {
		if i >= len(steps) || steps[i] != want[i] {
			t.Errorf("zoom, aria-disabled of Zoom out and Zoom in, step by step: got %q, want %q", steps, want)
			break
		}
	}
}

// The analyser's brushes were eleven buttons, eleven presses of Tab from
// the size fields to the board, each read as a toggle. They are one radio
// group now: one tab stop, on the brush chosen; the arrows move the
// choice (round from the end), Home and End go to the first and last,
// and the keys that set a square (0–8, F, H) pick that brush.
func TestAnalyserBrushesAreOneTabStop(t *testing.T) {
	ctx := minesPage(t, "mines-an-brushes.html", "analyse")
	eval[bool](t, ctx, minesActiveJS)
	brush := `(() => { const a = mz().activeElement, on = [...mz().querySelectorAll('[data-brush][aria-checked=true]')].map(b => b.dataset.brush).join();
		return (a && a.dataset.brush !== undefined ? 'brush ' + a.dataset.brush : active()) + ' checked ' + on; })()`
	eval[bool](t, ctx, `(() => { $m('[data-on-click="mines.an-clear"]').focus(); return true; })()`)
	var steps []string
	step := func(key string) {
		pressKey(t, ctx, key)
		steps = append(steps, eval[string](t, ctx, brush))
	}
	step(kb.Tab)
	step(kb.Tab)
	step(shiftTab)
	step(kb.ArrowRight)
	step(kb.End)
	step(kb.ArrowRight)
	step(kb.ArrowLeft)
	step(kb.Home)
	step(kb.ArrowUp)
	step("f")
	want := []string{"brush 1 checked 1", "mines.an.zoom checked 1", "brush 1 checked 1", "brush 2 checked 2", "brush 8 checked 8",
		"brush H checked H", "brush 8 checked 8", "brush H checked H", "brush 8 checked 8", "brush F checked F"}
	for i := range want {
		if i >= len(steps) || steps[i] != want[i] {
			t.Fatalf("Tab, Tab, Shift+Tab, →, End, →, ←, Home, ↑, F on the brushes: got %q, want %q", steps, want)
		}
	}
	role := eval[string](t, ctx, `$m('.kz-mines-brushes').getAttribute('role') + ' ' + $m('[data-brush="F"]').getAttribute('role')`)
	if role != "radiogroup radio" {
		t.Errorf("the brushes' roles: %q", role)
	}
	// The brush picked by key paints; a reload keeps it, the tab stop on it.
	got := eval[string](t, ctx, `(async () => {
		fire(cell(0), 'click');
		await until(() => view()[0] === 'F');
		return view()[0];
	})()`)
	if got != "F" {
		t.Errorf("a click with the Flag brush: %q", got)
	}
	if err := chromedp.Do(ctx, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	waitWidget(t, ctx, "#mines")
	minesHelpers(t, ctx)
	if got := eval[string](t, ctx, `[...mz().querySelectorAll('[data-brush]')].filter(b => b.tabIndex === 0).map(b => b.dataset.brush + ' ' + b.getAttribute('aria-checked')).join()`); got != "F true" {
		t.Errorf("after a reload the Flag brush should be the one checked and the tab stop: %q", got)
	}
}

// minesAnalyserIn mounts a Minesweeper widget in Analyse, in a language.
func minesAnalyserIn(t *testing.T, name, lang string) context.Context {
	t.Helper()
	ctx := tab(t)
	navigate(t, ctx, embedPage(t, name, `<div id="mines" data-kibitz="mines" data-lang="`+lang+`" data-mode="analyse"></div>`))
	waitWidget(t, ctx, "#mines")
	minesHelpers(t, ctx)
	eval[bool](t, ctx, minesActiveJS)
	return ctx
}

// The analyser's size fields were number fields, as Play's were: letters
// typed were dropped (9x made the board 9 wide) or read as nothing, a
// wheel over a field changed the board, and the error named no field ("A
// board is 1 to 256 squares wide and high.": width or height?). They are
// text fields now, read as Play's are, and the note says what each field
// at fault must hold, by its name, in the reader's language, also after
// a reload.
func TestAnalyserSizeFieldsSayWhichIsWrong(t *testing.T) {
	ctx := minesAnalyserIn(t, "mines-an-size-typed.html", "en")
	read := `({note: $m('#kz-mines-an-size-error').textContent, width: $m('#kz-mines-an-width').value, height: $m('#kz-mines-an-height').value,
		mines: $m('#kz-mines-an-mines').value, invalid: [...mz().querySelectorAll('[aria-invalid=true]')].map(e => e.id).join(' '),
		cells: panel().querySelectorAll('.kz-mines-cell').length, type: $m('#kz-mines-an-width').type})`
	typeInto(t, ctx, "#kz-mines-an-width", "9x")
	got := eval[map[string]any](t, ctx, read)
	if got["width"] != "9x" || got["invalid"] != "kz-mines-an-width" || got["cells"] != 81.0 ||
		got["note"] != "Width must be a whole number from 1 to 256." {
		t.Errorf("width 9x typed: %v", got)
	}
	typeInto(t, ctx, "#kz-mines-an-height", "1e")
	typeInto(t, ctx, "#kz-mines-an-mines", "abc")
	got = eval[map[string]any](t, ctx, read)
	if got["height"] != "1e" || got["mines"] != "abc" || got["invalid"] != "kz-mines-an-width kz-mines-an-height kz-mines-an-mines" ||
		got["note"] != "Width must be a whole number from 1 to 256. Height must be a whole number from 1 to 256. Mines must be a whole number." {
		t.Errorf("width 9x, height 1e, mines abc: %v", got)
	}
	typeInto(t, ctx, "#kz-mines-an-width", "12")
	typeInto(t, ctx, "#kz-mines-an-height", "10")
	got = eval[map[string]any](t, ctx, read)
	if got["invalid"] != "kz-mines-an-mines" || got["note"] != "Mines must be a whole number from 0 to 120." || got["cells"] != 81.0 {
		t.Errorf("12×10 with mines abc: %v", got)
	}
	typeInto(t, ctx, "#kz-mines-an-mines", "5")
	got = eval[map[string]any](t, ctx, `(async () => { await until(() => panel().querySelectorAll('.kz-mines-cell').length === 120); return `+read+`; })()`)
	if got["invalid"] != "" || got["note"] != "" {
		t.Errorf("12×10 with 5 mines: %v", got)
	}
	if first := eval[string](t, ctx, `$m('#kz-mines-text').value.split('\n')[0]`); first != "12x10x5" {
		t.Errorf("12×10 with 5 mines: the text box's first line is %q", first)
	}
	typeInto(t, ctx, "#kz-mines-an-mines", "500")
	if err := chromedp.Do(ctx, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	waitWidget(t, ctx, "#mines")
	minesHelpers(t, ctx)
	got = eval[map[string]any](t, ctx, `(async () => { await until(() => panel().querySelectorAll('.kz-mines-cell').length === 120); return `+read+`; })()`)
	if got["mines"] != "500" || got["invalid"] != "kz-mines-an-mines" || got["note"] != "Mines must be a whole number from 0 to 120." {
		t.Errorf("after a reload, 500 mines should still be there, said to be wrong: %v", got)
	}
	if got["type"] != "text" {
		t.Errorf("the size fields should be text fields (a wheel over a number field changes it): %v", got["type"])
	}

	ja := minesAnalyserIn(t, "mines-an-size-typed-ja.html", "ja")
	typeInto(t, ja, "#kz-mines-an-height", "9x")
	if got := eval[map[string]any](t, ja, read); got["note"] != "高さは 1 から 256 までの整数にしてください。" {
		t.Errorf("ja, height 9x: %v", got)
	}
}

// The line under the analyser's board says what the square under the
// pointer or the focus holds, with its chance of a mine. It was written
// when the square was edited, before the analysis came, and kept: a flag
// taken back read "row 1, column 1: hidden, 100% chance of a mine" (the
// flag's analysis) while the square itself, analysed again, read
// "hidden, 10% chance of a mine". It follows the analysis now.
func TestAnalyserReadoutFollowsTheAnalysis(t *testing.T) {
	ctx := minesAnalyserIn(t, "mines-an-readout.html", "en")
	got := eval[map[string]any](t, ctx, `(async () => {
		const done = () => !$m('.kz-mines-result').classList.contains('kz-stale') && $m('.kz-mines-result').textContent;
		const read = () => panel().querySelector('.kz-mines-readout').textContent;
		await until(() => done() && cell(0).getAttribute('aria-label').includes('%'));
		const out = {};
		cell(0).focus();
		out.focused = read();
		key(cell(0), 'f');
		await until(() => view()[0] === 'F' && done());
		key(cell(0), 'h');
		await until(() => view()[0] === 'H' && done() && cell(0).getAttribute('aria-label').includes('%'));
		out.back = read();
		out.label = 'row 1, column 1: ' + cell(0).getAttribute('aria-label');
		return out;
	})()`)
	if got["back"] != got["label"] {
		t.Errorf("a flag taken back: the line under the board reads %q, the square %q (%v)", got["back"], got["label"], got)
	}
}
