//go:build e2e

package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// Computer guesses and the optimal strategy, hunted again: what an answer
// that contradicts the others names, how the answer picker fits a phone,
// the keyboard's Undo, and the branches a reader opened.

// An answer that contradicts an earlier one names that answer, by its
// guess's number, the code and the answer given, in the reader's
// language. It said "your earlier ones (the rows marked in the table)":
// a pink row that a screen reader does not read, and on a phone the
// table can be out of view.
func TestComputerContradictionNamesTheAnswers(t *testing.T) {
	want := map[string]string{
		"en":      "This answer contradicts what you answered to guess 1 (%s: 0A0B), marked in the table",
		"ja":      "この判定は、1 回目（%s：0A0B）の判定と矛盾しています",
		"zh-Hans": "这次的回答与你对第 1 次（%s：0A0B）的回答互相矛盾",
		"zh-Hant": "這次的回答與你對第 1 次（%s：0A0B）的回答互相矛盾",
	}
	for _, lang := range []string{"en", "ja", "zh-Hans", "zh-Hant"} {
		ctx := computerPage(t, "1a2b-4")
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(320, 700)); err != nil {
			t.Fatal(err)
		}
		if lang != "en" {
			guessLanguage(t, ctx, lang)
			eval[bool](t, ctx, computerJS)
		}
		got := eval[map[string]any](t, ctx, `(async () => {
			$('#kz-panel-computer .kz-current button').click();
			const first = await until(cur, 30000);
			answerWith(0, 0);
			await until(() => cur() && cur() !== first, 30000);
			answerWith(0, 0); // two answers of 0A0B: two digits are left for four places
			const note = await until(() => $('#kz-panel-computer .kz-think-note').textContent && $('#kz-panel-computer .kz-think-note'), 30000);
			return {first, note: note.textContent, bad: note.classList.contains('kz-bad'), alert: note.getAttribute('role'),
				marked: [...kz().querySelectorAll('#kz-panel-computer .kz-history tbody tr.kz-conflict')].map(r => r.cells[0].textContent).join(',')};
		})()`)
		first := got["first"].(string)
		if w := fmt.Sprintf(want[lang], first); !strings.Contains(got["note"].(string), w) {
			t.Errorf("%s: the note reads %q, want it to name the answer it contradicts: %q", lang, got["note"], w)
		}
		if got["bad"] != true || got["alert"] != "alert" || got["marked"] != "1" {
			t.Errorf("%s: the note is an error, said at once, and the row is marked: %v", lang, got)
		}
	}
}
