//go:build e2e

package e2e

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Minesweeper's Analyse tab as a demanding user uses it: positions pasted
// as .mine text, small enough to work out by hand or large enough to test
// how the numbers are written, and what the analysis says of them.

// analyseText puts board in the text box as a paste would end (a change
// event), waits for the analysis of a board of its size, and returns what
// the result says, in one line.
func analyseText(t *testing.T, ctx context.Context, board string) string {
	t.Helper()
	return eval[string](t, ctx, `(async () => {
		const board = `+jsString(board)+`;
		const [w, h] = board.split('\n')[0].split('x').map(Number);
		const text = $m('#kz-mines-text');
		text.value = board;
		text.dispatchEvent(new Event('change', {bubbles: true, composed: true}));
		await until(() => panel().querySelectorAll('.kz-mines-cell').length === w * h && !$m('.kz-mines-result').classList.contains('kz-stale') && $m('.kz-mines-result').textContent);
		return $m('.kz-mines-result').innerText.replace(/\s+/g, ' ');
	})()`)
}

// The count of arrangements too large to write out is its first two
// significant digits, rounded, and its power of ten: C(64, 20) =
// 19,619,725,782,651,120 is about 2.0 × 10¹⁶ (it read 1.9, the digits
// cut), and a count the engine gives in floating point, 2.9515e+20, is
// about 3.0 × 10²⁰ (it read "about 2.. × 10⁹", the engine's text taken
// for digits).
func TestAnalyserWritesALargeCountOfArrangementsRounded(t *testing.T) {
	ctx := minesPage(t, "mines-analyse-count.html", "analyse")
	if got := analyseText(t, ctx, "64x1x20\n"+strings.Repeat("H", 64)+"\n"); !strings.Contains(got, "about 2.0 × 10¹⁶ arrangements of the mines fit") {
		t.Errorf("C(64, 20) arrangements: %q", got)
	}
	// A row of 1s between two hidden rows: every three columns hold one
	// mine, above or below, 2^67 × … ways; a component counted past 2^53.
	band := "200x3x67\n" + strings.Repeat("H", 200) + "\n" + strings.Repeat("1", 200) + "\n" + strings.Repeat("H", 200) + "\n"
	if got := analyseText(t, ctx, band); !strings.Contains(got, "about 3.0 × 10²⁰ arrangements of the mines fit") {
		t.Errorf("2.9515e+20 arrangements: %q", got)
	}
}

// A position too open to count has a guess that looks safest, said as a
// move like the others ("Reveal row 10, column 1: …"): it began "The
// position is too open to count exactly. row 10, column 1 looks
// safest", a sentence in lower case, and the reason twice over with the
// note below it (which, when the count ran out of time, gives the other
// reason).
func TestAnalyserSaysAnEstimatedGuessAsAMove(t *testing.T) {
	board, err := os.ReadFile(filepath.Join("..", "..", "..", "shared", "fixtures", "mines", "lattice-16x16.mine"))
	if err != nil {
		t.Fatalf("the Minesweeper fixtures are missing (%v): shared/ must stand beside the repository", err)
	}
	ctx := minesPage(t, "mines-analyse-estimate.html", "analyse")
	got := analyseText(t, ctx, string(board))
	if !strings.Contains(got, "Reveal row 10, column 1: it looks safest, with about 20\u2060% chance of a mine (an estimate).") {
		t.Errorf("the estimated guess: %q", got)
	}
	if n := strings.Count(got, "too open to count"); n != 1 {
		t.Errorf("the reason is said %d times, want once, in the note: %q", n, got)
	}
}

// A position whose hidden squares are all certain mines says so: it said
// "No hidden square is left to reveal" beside "1 certain mine" (in
// Chinese, that no square was left unrevealed).
func TestAnalyserSaysEveryHiddenSquareIsAMine(t *testing.T) {
	ctx := minesPage(t, "mines-analyse-all-mines.html", "analyse")
	if got := analyseText(t, ctx, "3x1x1\n01H\n"); !strings.Contains(got, "Every hidden square is certainly a mine: none is left to reveal.") || strings.Contains(got, "No hidden square") {
		t.Errorf("a hidden mine left: %q", got)
	}
	if got := analyseText(t, ctx, "2x1x0\n00\n"); !strings.Contains(got, "No hidden square is left to reveal.") {
		t.Errorf("no hidden square: %q", got)
	}
}
