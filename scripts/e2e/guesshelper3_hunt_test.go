//go:build e2e

package e2e

import (
	"encoding/json"
	"strings"
	"testing"
)

// The Helper's paste box as a reader meets it with a history from a chat
// app: long lines of turns, emoji, full-width text, a mistake to find.

// readPasteJS opens the Helper's paste box in the game preset, types text
// and presses Read, and waits for the box to close or say what is wrong.
// It returns the error, the rows, and what the box has selected.
func readPasteJS(preset, text string) string {
	return `(async () => {
		choose('#kz-preset', ` + jsString(preset) + `);
		$('#kz-tab-helper').click();
		$('[data-on-click="help.clear"]').click();
		$('[data-on-click="help.paste-open"]').click();
		type('#kz-paste', ` + jsonString(text) + `);
		$('[data-on-click="help.paste-read"]').click();
		await until(() => $('#kz-paste-error').textContent || $('.kz-paste').hidden);
		const box = $('#kz-paste');
		return {error: $('#kz-paste-error').textContent, rows: ` + helperRowsJS + `,
			focused: kz().activeElement === box,
			selected: box.value.slice(box.selectionStart, box.selectionEnd)};
	})()`
}

// jsonString writes s as a JavaScript string, whatever it holds (a \r,
// a line or paragraph separator).
func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// An error in a pasted history says the column of its fault in the line,
// not only the line, and selects the characters at fault in the box, so
// the reader types over them; "Show where" selects them again once the
// focus has left. Before, "Line 1, “0123 1A2B, 4567 0A0B, 8901 3A0X”:
// “3A0X” is not an answer" left the reader to find it in the line, and
// nothing was selected. Columns count characters: an emoji on a line
// before is no matter, one before the fault on its line is one.
func TestHelperPasteErrorSaysAndSelectsItsColumn(t *testing.T) {
	ctx := guessPage(t)
	for _, c := range []struct {
		text, want, selected string
	}{
		{"0123 1A2B, 4567 0A0B, 8901 3A0X", "Line 1, column 28: “3A0X” is not an answer. Write it like 1A2B.", "3A0X"},
		{"# 🎉 our game\n0123 1A2B 45x7 0A0B", "Line 2, column 13: “x” at position 3 is not a symbol of this game.", "x"},
		{"0123 1A2B\n🎉 4567 0A0B 8901 0A0B 2345 9A", "Line 2, column 28: A count is 0 to 4, not “9”.", "9A"},
		{"0123 1A2B 4567", "Line 1, column 11: The guess “4567” has no answer. Write its answer after it, like 1A2B.", "4567"},
	} {
		got := eval[map[string]any](t, ctx, readPasteJS("1a2b-4", c.text))
		if !strings.HasPrefix(got["error"].(string), c.want) {
			t.Errorf("%q: the error is %q, want %q", c.text, got["error"], c.want)
		}
		if got["selected"] != c.selected || got["focused"] != true {
			t.Errorf("%q: the box has %q selected (focused %v), want %q", c.text, got["selected"], got["focused"], c.selected)
		}
	}
	// Show where selects the fault again once the reader has moved on.
	got := eval[map[string]any](t, ctx, `(async () => {
		const box = $('#kz-paste');
		$('[data-on-click="help.paste-read"]').focus();
		box.setSelectionRange(0, 0);
		$('#kz-paste-error button').click();
		return {focused: kz().activeElement === box, selected: box.value.slice(box.selectionStart, box.selectionEnd)};
	})()`)
	if got["selected"] != "4567" || got["focused"] != true {
		t.Errorf("Show where: the box has %q selected (focused %v), want \"4567\"", got["selected"], got["focused"])
	}
	// In every language.
	for lang, want := range map[string]string{
		"ja":      "1 行目 28 文字目：",
		"zh-Hans": "第 1 行第 28 个字符：",
		"zh-Hant": "第 1 行第 28 個字：",
	} {
		navigate(t, ctx, embedPage(t, "paste-"+lang+".html", `<div data-kibitz="guess" data-lang="`+lang+`"></div>`))
		installHelpers(t, ctx)
		got := eval[map[string]any](t, ctx, readPasteJS("1a2b-4", "0123 1A2B, 4567 0A0B, 8901 3A0X"))
		if !strings.HasPrefix(got["error"].(string), want) || got["selected"] != "3A0X" {
			t.Errorf("%s: the error is %q with %q selected, want it to start %q with 3A0X selected", lang, got["error"], got["selected"], want)
		}
	}
}

// A history copied from a chat reads as the chat shows it: turns parted
// by "、" or "。", answers in brackets, emoji and invisible characters
// between the fields or on lines of their own. They were refused: "Line
// 1, “0123 1A2B、4567 0A0B”: “1A2B、4567 0A0B” is not an answer", "“👍” is
// not an answer", "a line needs a guess and its feedback".
func TestHelperReadsAChatPaste(t *testing.T) {
	ctx := guessPage(t)
	chat := "０１２３　１Ａ２Ｂ、４５６７　０Ａ０Ｂ\n" +
		"8901（0A1B）👍\n" +
		"🎉🎉\n" +
		"2345 ➡️ 0A1B\u200b\n" +
		"\u200e6789「0A2B」\r\n"
	got := eval[map[string]any](t, ctx, readPasteJS("1a2b-4", chat))
	rows := strings.Join(toStrings(got["rows"]), " | ")
	if want := "0123 1 2 | 4567 0 0 | 8901 0 1 | 2345 0 1 | 6789 0 2 |   "; rows != want || got["error"] != "" {
		t.Errorf("the chat should read as five rows: %q (error %q), want %q", rows, got["error"], want)
	}
}

// Text typed in the paste box while its read is under way is kept: the
// read of the text before goes, the box stays open with the text as it
// now is, and Read reads it all. The read was taken as it came and the
// box emptied and closed: "0123 1A2B" became a row and the line typed
// meanwhile, "4567 0A0B", was lost. The read is held in the engine
// (hold_test.go), so it is under way on any machine.
func TestHelperKeepsTextTypedWhileAPasteIsRead(t *testing.T) {
	ctx := guessPage(t)
	installHold(t, ctx)
	got := eval[map[string]any](t, ctx, `(async () => {
		$('#kz-tab-helper').click();
		$('[data-on-click="help.clear"]').click();
		$('[data-on-click="help.paste-open"]').click();
		type('#kz-paste', '0123 1A2B');
		hold('guess.parse');
		$('[data-on-click="help.paste-read"]').click();
		await until(() => held('guess.parse') === 1);
		type('#kz-paste', '0123 1A2B\n4567 0A0B');
		await release('guess.parse');
		await until(() => !kz().querySelector('#kz-panel-helper [data-working]'));
		const during = {rows: `+helperRowsJS+`, paste: $('#kz-paste').value, open: !$('.kz-paste').hidden, error: $('#kz-paste-error').textContent};
		$('[data-on-click="help.paste-read"]').click();
		await until(() => $('.kz-paste').hidden || $('#kz-paste-error').textContent);
		return {during, rows: `+helperRowsJS+`};
	})()`)
	during := got["during"].(map[string]any)
	if rows := strings.Join(toStrings(during["rows"]), " | "); rows != "  " || during["paste"] != "0123 1A2B\n4567 0A0B" || during["open"] != true || during["error"] != "" {
		t.Errorf("after typing during the read: rows %q, box %q (open %v, error %q); want no row and the text as typed", rows, during["paste"], during["open"], during["error"])
	}
	if rows := strings.Join(toStrings(got["rows"]), " | "); rows != "0123 1 2 | 4567 0 0 |   " {
		t.Errorf("Read again: rows %q, want both lines", rows)
	}
}

// A chat that runs turns together on a line, each labelled as the
// reader's app numbers them ("#2", "第2回", "Guess 2:"), reads as turns;
// the labels after the first were read as part of the answer before them
// ("Line 1, column 10: “1A2B 第2回” is not an answer").
func TestHelperReadsLabelledTurnsOnOneLine(t *testing.T) {
	ctx := guessPage(t)
	for _, text := range []string{
		"第1回 0123 1A2B 第2回 4567 0A0B",
		"#1 0123 1A2B #2 4567 0A0B",
		"Guess 1: 0123 → 1A2B, Guess 2: 4567 → 0A0B",
	} {
		got := eval[map[string]any](t, ctx, readPasteJS("1a2b-4", text))
		if rows := strings.Join(toStrings(got["rows"]), " | "); rows != "0123 1 2 | 4567 0 0 |   " || got["error"] != "" {
			t.Errorf("%q: rows %q (error %q), want two", text, rows, got["error"])
		}
	}
}
