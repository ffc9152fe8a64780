//go:build e2e

package e2e

import (
	"strings"
	"testing"
)

// The analyser says why a certain move is certain, and names the numbers
// that show it: one after another, taken together, or with the count of
// mines left. A cell next to no number, safe because the one 1 on the
// board holds the only mine, was shown with no reason at all; and a chain
// of three single steps was given with one of its numbers missing.
func TestMinesAnalyserSaysWhyAMoveIsCertain(t *testing.T) {
	ctx := minesPage(t, "mines-proof.html", "analyse")
	for _, c := range []struct{ board, want string }{
		// The 1 at row 3, column 1 puts the mine at row 2, column 1; the 1
		// at row 1, column 2 then has its mine: the 0 beside it is not
		// needed (it was named too, before proofs were made minimal).
		{"3x3x1\nH1H\nH10\n110\n", "Why: the numbers at row 1, column 2; row 3, column 1 settle it, one after another (highlighted on the board)."},
		{"3x2x2\nHHH\n121\n", "Why: the numbers at row 2, column 1; row 2, column 2; row 2, column 3 settle it only taken together (highlighted on the board)."},
		{"1x4x1\nH\nH\nH\n1\n", "Why: the number at row 4, column 1, with the count of mines left, settles it (highlighted on the board)."},
		{"2x2x0\nHH\nHH\n", "Why: the count of mines left settles it."},
	} {
		got := eval[map[string]any](t, ctx, `(async () => {
			const text = $m('#kz-mines-text'), said = () => { const p = $m('.kz-mines-proof-note'); return p ? p.textContent : ''; };
			const before = said();
			text.value = `+jsString(c.board)+`;
			text.dispatchEvent(new Event('change', {bubbles: true, composed: true}));
			const note = await until(() => said() !== before && said());
			return {note, marked: panel().querySelectorAll('.kz-mines-proof').length};
		})()`)
		if got["note"] != c.want {
			t.Errorf("%q: the reason is %q, want %q", c.board, got["note"], c.want)
		}
		if marked := strings.Count(c.want, "row "); got["marked"] != float64(marked) {
			t.Errorf("%q: %v numbers are marked on the board, want %d", c.board, got["marked"], marked)
		}
	}
}
