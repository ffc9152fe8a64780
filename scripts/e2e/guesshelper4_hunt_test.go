//go:build e2e

package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The Helper's paste box, fourth pass: what Stop, Undo and the rows
// typed meanwhile do to a read of pasted text. Reads are held in the
// engine (hold_test.go), so they are under way on any machine.

// openPasteJS clears the Helper and types text in its paste box, open.
func openPasteJS(text string) string {
	return `$('#kz-tab-helper').click();
		$('[data-on-click="help.clear"]').click();
		$('[data-on-click="help.paste-open"]').click();
		type('#kz-paste', ` + jsonString(text) + `);`
}

// Stop pressed while a paste is read is the reader's own choice, not a
// fault of the text: it is said in a note, the box is not marked
// invalid, its text stays, and the focus the Stop button had goes back
// to Read. It was said as a red error, "Stopped.", with the box marked
// invalid, as if the text were wrong.
func TestHelperPasteStopIsNoError(t *testing.T) {
	ctx := guessPage(t)
	installHold(t, ctx)
	for _, lang := range []string{"en", "ja", "zh-Hans", "zh-Hant"} {
		if lang != "en" {
			navigate(t, ctx, embedPage(t, "stop-"+lang+".html", `<div data-kibitz="guess" data-lang="`+lang+`"></div>`))
			installHelpers(t, ctx)
			installHold(t, ctx)
		}
		got := eval[map[string]any](t, ctx, `(async () => {
			`+openPasteJS("0123 1A2B\n4567 0A0B")+`
			hold('guess.parse');
			$('[data-on-click="help.paste-read"]').focus();
			$('[data-on-click="help.paste-read"]').click();
			await until(() => held('guess.parse') === 1);
			// The busy line shows after a moment, the read held meanwhile.
			const stop = await until(() => $('.kz-busy-inline:not([hidden]) [data-lane="helper-paste"]'), 30000);
			stop.focus();
			stop.click();
			await until(() => $('#kz-paste-error').textContent);
			await release('guess.parse');
			const note = $('#kz-paste-error'), box = $('#kz-paste');
			return {note: note.textContent, error: note.classList.contains('kz-field-error'),
				color: getComputedStyle(note).color, bad: getComputedStyle(kz().host).getPropertyValue('--bad'),
				invalid: box.getAttribute('aria-invalid'), text: box.value, open: !$('.kz-paste').hidden,
				focus: kz().activeElement && kz().activeElement.dataset.onClick, rows: `+helperRowsJS+`};
		})()`)
		if got["error"] != false || got["invalid"] != nil {
			t.Errorf("%s: Stop is said as an error: %q (kz-field-error %v, aria-invalid %v, colour %v)", lang, got["note"], got["error"], got["invalid"], got["color"])
		}
		if got["note"] == "" || got["text"] != "0123 1A2B\n4567 0A0B" || got["open"] != true || got["focus"] != "help.paste-read" {
			t.Errorf("%s: after Stop: note %q, box %q (open %v), focus on %v; want a note, the text kept, Read focused", lang, got["note"], got["text"], got["open"], got["focus"])
		}
		if rows := strings.Join(toStrings(got["rows"]), " | "); rows != "  " {
			t.Errorf("%s: Stop read rows in: %q", lang, rows)
		}
	}
}

// "Add it as the next row" pressed while a paste is read adds its row
// after the rows read, as the reader did it: the paste first, then the
// suggestion; and the reader typing its answer meanwhile types on in it
// once the rows read come in above it. The row came first, before the
// rows read, with no answer ("Row 1: the answer is missing"), and the
// focus went to the blank row at the end, where the answer's next
// figures went.
func TestHelperRowAddedWhileAPasteIsReadComesAfterIt(t *testing.T) {
	ctx := guessPage(t)
	installHold(t, ctx)
	got := eval[map[string]any](t, ctx, `(async () => {
		`+openPasteJS("0123 1A2B\n4567 0A0B")+`
		const use = await until(() => $('.kz-suggest [data-on-click="help.use"]'), 60000);
		const suggested = use.dataset.guess;
		hold('guess.parse');
		$('[data-on-click="help.paste-read"]').click();
		await until(() => held('guess.parse') === 1);
		use.click();
		type(kz().activeElement, '0');
		await release('guess.parse');
		await until(() => $('.kz-paste').hidden);
		const active = kz().activeElement;
		const at = {row: active && active.dataset.row, field: active && active.dataset.field, value: active && active.value};
		return {suggested, at, rows: `+helperRowsJS+`};
	})()`)
	suggested := got["suggested"].(string)
	if rows, want := strings.Join(toStrings(got["rows"]), " | "), "0123 1 2 | 4567 0 0 | "+suggested+" 0  |   "; rows != want {
		t.Errorf("rows %q, want %q: the paste, then the row added", rows, want)
	}
	if at := got["at"].(map[string]any); at["row"] != "2" || at["field"] != "a" || at["value"] != "0" {
		t.Errorf("after the read the focus is in row %v, %v (%q); want the answer of the row added, now row 3", at["row"], at["field"], at["value"])
	}
}

// Undo of a paste read puts the text read back in the paste box, open,
// as an editor's Undo of a paste gives back what was pasted, and says
// so; Redo reads it in again and empties the box; after a reload too.
// Undo took the rows out and the text was gone: the reader who read the
// wrong game, or one line too many, had to paste it all again.
func TestHelperUndoOfAPastePutsItsTextBack(t *testing.T) {
	ctx := guessPage(t)
	text := "0123 1A2B\n4567 0A0B"
	state := `({rows: ` + helperRowsJS + `.join(' | '), box: $('#kz-paste').value, open: !$('.kz-paste').hidden,
		said: $('.kz-message').textContent})`
	read := eval[map[string]any](t, ctx, `(async () => {
		`+openPasteJS(text)+`
		$('[data-on-click="help.paste-read"]').click();
		await until(() => $('.kz-paste').hidden);
		return `+state+`;
	})()`)
	if read["rows"] != "0123 1 2 | 4567 0 0 |   " || read["box"] != "" {
		t.Fatalf("the read: %v", read)
	}
	if err := chromedp.Do(withTimeout(t, ctx, 60*time.Second), chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	installHelpers(t, ctx)
	step := func(button string) map[string]any {
		return eval[map[string]any](t, ctx, `(async () => {
			$('#kz-tab-helper').click();
			await until(() => $('#kz-panel-helper tbody tr'));
			$('[data-on-click="help.`+button+`"]').click();
			return `+state+`;
		})()`)
	}
	if got := step("undo"); got["rows"] != "  " || got["box"] != text || got["open"] != true || got["said"] != "The text read is back in the paste box." {
		t.Errorf("Undo after a reload: %v; want no row, the text back in the box, open, and said", got)
	}
	if got := step("redo"); got["rows"] != "0123 1 2 | 4567 0 0 |   " || got["box"] != "" || got["open"] != false {
		t.Errorf("Redo: %v; want the rows read again and the box empty and closed", got)
	}
	// Text typed in the box since the read stays, after the text put back.
	got := eval[map[string]any](t, ctx, `(async () => {
		$('[data-on-click="help.paste-open"]').click();
		type('#kz-paste', '8901 0A0B');
		$('[data-on-click="help.undo"]').click();
		return `+state+`;
	})()`)
	if got["rows"] != "  " || got["box"] != text+"\n8901 0A0B" {
		t.Errorf("Undo with text typed in the box: %v; want both texts", got)
	}
	for lang, want := range map[string]string{
		"ja":      "読み込んだテキストを貼り付け欄に戻しました。",
		"zh-Hans": "读入的文本已放回粘贴框。",
		"zh-Hant": "讀入的文字已放回貼上框。",
	} {
		navigate(t, ctx, embedPage(t, "undo-"+lang+".html", `<div data-kibitz="guess" data-lang="`+lang+`"></div>`))
		installHelpers(t, ctx)
		got := eval[map[string]any](t, ctx, `(async () => {
			`+openPasteJS(text)+`
			$('[data-on-click="help.paste-read"]').click();
			await until(() => $('.kz-paste').hidden);
			$('[data-on-click="help.undo"]').click();
			return `+state+`;
		})()`)
		if got["box"] != text || got["said"] != want {
			t.Errorf("%s: Undo of a read: %v; want the text back and %q", lang, got, want)
		}
	}
}
