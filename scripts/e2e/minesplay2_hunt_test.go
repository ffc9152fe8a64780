//go:build e2e

package e2e

import (
	"context"
	"fmt"
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
	// A number too long to be a size is kept as typed too (the field came
	// back as 1073741824, what it was read as).
	eval[bool](t, ctx, `(() => { $m('.kz-settings').open = true; return true; })()`)
	typeInto(t, ctx, "#kz-mines-count", "10")
	typeInto(t, ctx, "#kz-mines-width", "12345678901234567890")
	if err := chromedp.Do(ctx, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	waitWidget(t, ctx, "#mines")
	minesHelpers(t, ctx)
	got = eval[map[string]any](t, ctx, read)
	if got["width"] != "12345678901234567890" || got["invalid"] != "kz-mines-width" || got["note"] != "Width must be a whole number from 1 to 100." {
		t.Errorf("after a reload, width 12345678901234567890 should still be there, said to be wrong: %v", got)
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
	// The field is named as the sentence's subject: the number of mines
	// (地雷の数), not the field's label, 地雷 ("the mines must be a whole
	// number").
	typeInto(t, ja, "#kz-mines-width", "9")
	typeInto(t, ja, "#kz-mines-count", "abc")
	if got = eval[map[string]any](t, ja, read); got["note"] != "地雷の数は 1 から 80 までの整数にしてください。" {
		t.Errorf("ja, mines abc: %v", got)
	}
}

// minesSureJS defines sure(): from the board as shown, the hidden squares
// certainly mines (next to a number with as many hidden squares around
// it as it shows), and chordable(mines): a number with that many of those
// mines around it and other hidden squares to open, with its mines.
const minesSureJS = `window.around = i => { const out = []; const x = i % 9, y = Math.floor(i / 9);
		for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) { const X = x + dx, Y = y + dy; if ((dx || dy) && X >= 0 && X < 9 && Y >= 0 && Y < 9) out.push(Y * 9 + X); }
		return out; };
	window.sure = () => { const v = view(), s = new Set();
		v.split('').forEach((c, i) => { if (c < '1' || c > '8') return; const h = around(i).filter(j => v[j] === 'H' || v[j] === 'F'); if (h.length === +c) h.forEach(j => s.add(j)); });
		return s; };
	window.chordable = () => { const v = view(), s = sure();
		for (let i = 0; i < 81; i++) { const c = v[i]; if (c < '1' || c > '8') continue;
			const m = around(i).filter(j => s.has(j)), rest = around(i).filter(j => v[j] === 'H' && !s.has(j));
			if (m.length === +c && rest.length) return {at: i, mines: m, opens: rest.length}; }
		return null; };
	true`

// A screen reader heard nothing of a move: the first click, an opening,
// a flag, a chord changed only the squares' labels, which are not read
// again, and the widget's live line kept "Click any square to start."
// all game long. Each move of the player's is said now: what it opened,
// or the flag and the mines left; the move that ends the game is not
// (the status line says the end).
func TestMinesSaysEachMoveToAScreenReader(t *testing.T) {
	ctx := minesPageIn(t, "mines-said-moves.html", "en")
	eval[bool](t, ctx, minesLiveLogJS)
	eval[bool](t, ctx, minesSureJS)
	got := eval[map[string]any](t, ctx, `(async () => {
		$m('.kz-settings').open = true;
		set('#kz-mines-seed', '7');
		await until(() => $m('.kz-mines-board-no').textContent === 'Board 7' && view() === 'H'.repeat(81));
		watchLive();
		const said = () => mz().querySelector('.kz-said').textContent, out = {};
		// Each step waits for the board to change and then for the live
		// line to say something other than what it said before.
		const step = async (name, fn, changes = true) => {
			const v = view(), s = said();
			fn();
			if (changes) await until(() => view() !== v, 10000);
			await until(() => said() !== s, 5000).catch(() => {});
			out[name] = said();
		};
		await step('first', () => cell(40).click());
		out.opened = view().split('').filter(c => c !== 'H').length;
		const c = chordable();
		out.plan = c;
		await step('flag', () => fire(cell(c.mines[0]), 'contextmenu'));
		await step('unflag', () => fire(cell(c.mines[0]), 'contextmenu'));
		for (const m of c.mines) await step('flags', () => fire(cell(m), 'contextmenu'));
		const none = view().split('').findIndex((ch, i) => ch >= '1' && ch <= '8' && i !== c.at && around(i).every(j => view()[j] !== 'F'));
		out.noneAt = none;
		await step('nothing', () => { cell(none).focus(); key(cell(none), 'Enter'); }, false);
		await step('chord', () => cell(c.at).click());
		fire(cell(c.mines[0]), 'contextmenu');
		await until(() => view()[c.mines[0]] === 'H');
		await until(() => /Flag removed/.test(said()), 5000).catch(() => {});
		const before = said();
		cell(c.mines[0]).click();
		await until(() => /Boom/.test($m('.kz-mines-status').textContent));
		out.lost = said() === before;
		out.log = liveLog.map(x => x[1]);
		return out;
	})()`)
	name := func(i any) string {
		n := int(i.(float64))
		return fmt.Sprintf("row %d, column %d", n/9+1, n%9+1)
	}
	chord := got["plan"].(map[string]any)
	mine := name(chord["mines"].([]any)[0])
	want := map[string]string{
		"first":   fmt.Sprintf("Opened %v squares from row 5, column 5.", got["opened"]),
		"flag":    "Flagged " + mine + "; 9 mines left.",
		"unflag":  "Flag removed from " + mine + "; 10 mines left.",
		"nothing": "Nothing to open around " + name(got["noneAt"]) + ".",
		"chord":   fmt.Sprintf("Opened %v %s around %s.", chord["opens"], map[bool]string{true: "square", false: "squares"}[chord["opens"] == 1.0], name(chord["at"])),
	}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("%s: the live line says %q, want %q", k, got[k], w)
		}
	}
	if got["lost"] != true {
		t.Errorf("the move that lost the game should not be said on the live line (the status line says it): %v", got["log"])
	}
	t.Logf("heard: %v", got["log"])
}

// A board number past the largest the engine deals (2^53 - 1, sixteen
// digits) was refused with "A board number is a whole number, such as
// 12345.", which it is: the note says now what a board number must be,
// its range and that an empty field deals a random board. Board 0, which
// the engine deals, lost its line: no "Board 0", no Replay this board.
func TestMinesBoardNumberSaysItsRange(t *testing.T) {
	ctx := minesPageIn(t, "mines-seed-range.html", "en")
	got := eval[map[string]any](t, ctx, `(async () => {
		$m('.kz-settings').open = true;
		await until(() => view() === 'H'.repeat(81) && /^Board \d+$/.test($m('.kz-mines-board-no').textContent));
		set('#kz-mines-seed', '12345678901234567890');
		const out = {big: $m('#kz-mines-settings-note').textContent, invalid: $m('#kz-mines-seed').getAttribute('aria-invalid')};
		set('#kz-mines-seed', '0');
		await until(() => !$m('#kz-mines-seed').hasAttribute('aria-invalid'));
		await until(() => $m('.kz-mines-board-no').textContent === 'Board 0', 10000).catch(() => {});
		out.zero = {line: $m('.kz-mines-board-no').textContent, hidden: $m('.kz-mines-info').hidden};
		cell(40).click();
		await until(() => view()[40] !== 'H');
		out.replay = !$m('[data-on-click="mines.replay"]').disabled && !$m('.kz-mines-info').hidden;
		return out;
	})()`)
	if got["big"] != "Board number must be a whole number from 0 to 9,007,199,254,740,991; leave it empty for a random board." || got["invalid"] != "true" {
		t.Errorf("board number 12345678901234567890: %v", got)
	}
	if z := got["zero"].(map[string]any); z["line"] != "Board 0" || z["hidden"] != false || got["replay"] != true {
		t.Errorf("board 0 should be named and replayable as any other: %v", got)
	}
}
