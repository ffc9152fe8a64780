package mines

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"runtime"
	"strconv"
	"testing"
	"time"
)

// The oracle battery: big boards from the generator, played to a random
// point, analysed, and checked against the layout the generator drew.
// Whatever the analysis says for certain must agree with the layout, and a
// board produced by real play can never be a contradiction. These are the
// boards on which float64 weights once underflowed: 100×100 and more, with
// thousands of floating cells, where C(F, L−K) spans far more than the
// exponent range.

// oracleBoard is one position of the battery.
type oracleBoard struct {
	game *Game
	desc string
}

// playTo draws a game and plays it to a random point: 1 to 40 scattered
// openings (reveals of random safe cells), then, for a late position, more
// random safe reveals, and possibly flags on true mines.
func playTo(t testing.TB, rng *rand.Rand, seed uint64) oracleBoard {
	t.Helper()
	sizes := [][2]int{{100, 100}, {100, 100}, {80, 60}, {64, 64}, {100, 70}, {50, 50}}
	size := sizes[rng.IntN(len(sizes))]
	w, h := size[0], size[1]
	density := 0.10 + 0.15*rng.Float64()
	mines := int(density * float64(w*h))
	rule := RuleSFAR
	if rng.IntN(2) == 0 {
		rule = RuleOpening
	}
	g, err := NewGame(w, h, mines, rule, seed)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	first := Point{rng.IntN(w), rng.IntN(h)}
	if _, err := g.Reveal(ctx, first); err != nil {
		t.Fatal(err)
	}
	safeHidden := func() []int {
		var out []int
		for i, c := range g.View.Cells {
			if c == Hidden && !g.Mine[i] {
				out = append(out, i)
			}
		}
		return out
	}
	openings := 1 + rng.IntN(40)
	for k := 1; k < openings && g.Status == Playing; k++ {
		cells := safeHidden()
		if len(cells) == 0 {
			break
		}
		if _, err := g.Reveal(ctx, g.View.Point(cells[rng.IntN(len(cells))])); err != nil {
			t.Fatal(err)
		}
	}
	late := rng.IntN(3) == 0
	if late {
		// Advance the frontier as a player does: reveal safe cells next
		// to open ones, until 30% to 90% of the safe cells are open.
		safe := w*h - mines
		goal := int(float64(safe) * (0.3 + 0.6*rng.Float64()))
		var nb [8]int
		for opened := safe - len(safeHidden()); opened < goal && g.Status == Playing; {
			var edge []int
			for _, i := range safeHidden() {
				for _, j := range g.View.Neighbours(i, nb[:0]) {
					if g.View.Cells[j].Revealed() {
						edge = append(edge, i)
						break
					}
				}
			}
			if len(edge) == 0 {
				break
			}
			for k := 0; k < 1+len(edge)/8 && opened < goal; k++ {
				i := edge[rng.IntN(len(edge))]
				if g.View.Cells[i] != Hidden {
					continue
				}
				revealed, err := g.Reveal(ctx, g.View.Point(i))
				if err != nil {
					t.Fatal(err)
				}
				opened += len(revealed)
			}
		}
	}
	flags := 0
	if rng.IntN(2) == 0 {
		for i, c := range g.View.Cells {
			if c == Hidden && g.Mine[i] && rng.IntN(4) == 0 {
				g.View.Cells[i] = Flag
				flags++
			}
		}
	}
	desc := fmt.Sprintf("%dx%d with %d mines, %s, seed %d, %d openings, late %v, %d flags", w, h, mines, rule, seed, openings, late, flags)
	return oracleBoard{g, desc}
}

// checkAgainstLayout checks an analysis of g's view against its layout.
func checkAgainstLayout(t testing.TB, g *Game, a *Analysis, desc string) {
	t.Helper()
	b := g.View
	for _, p := range a.Safe {
		if g.Mine[b.Index(p)] {
			t.Fatalf("%s: %v is listed safe but holds a mine", desc, p)
		}
	}
	for _, p := range a.Mines {
		if !g.Mine[b.Index(p)] {
			t.Fatalf("%s: %v is listed as a mine but is safe", desc, p)
		}
	}
	if !a.Complete {
		return
	}
	sum := 0.0
	for i, c := range b.Cells {
		if c != Hidden {
			continue
		}
		p := a.Prob[i]
		if math.IsNaN(p) || p < 0 || p > 1 {
			t.Fatalf("%s: %v has probability %v", desc, b.Point(i), p)
		}
		if p == 0 && g.Mine[i] {
			t.Fatalf("%s: %v holds a mine but has probability 0", desc, b.Point(i))
		}
		if p == 1 && !g.Mine[i] {
			t.Fatalf("%s: %v is safe but has probability 1", desc, b.Point(i))
		}
		sum += p
	}
	if math.Abs(sum-float64(a.MinesLeft)) > 1e-6*float64(max(a.MinesLeft, 1)) {
		t.Fatalf("%s: the probabilities sum to %.9f, but %d mines are left", desc, sum, a.MinesLeft)
	}
}

// TestAnalyzeAgreesWithTheLayoutOnBigBoards is the oracle battery.
// KIBITZ_ORACLE_BOARDS sets how many boards (default 300); the figures in
// the README come from a run of thousands.
func TestAnalyzeAgreesWithTheLayoutOnBigBoards(t *testing.T) {
	boards := 300
	if s := os.Getenv("KIBITZ_ORACLE_BOARDS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil {
			t.Fatal(err)
		}
		boards = n
	}
	rng := rand.New(rand.NewPCG(2026, 15))
	incomplete := map[Incomplete]int{}
	start := time.Now()
	for k := 0; k < boards; k++ {
		ob := playTo(t, rng, uint64(1000+k))
		if ob.game.Status != Playing {
			continue
		}
		a, err := Analyze(context.Background(), ob.game.View, Options{Budget: 20 * time.Second})
		if err != nil {
			var conflict *ConflictError
			if errors.As(err, &conflict) {
				t.Fatalf("%s: a board from real play was called contradictory: %v", ob.desc, err)
			}
			t.Fatalf("%s: %v", ob.desc, err)
		}
		if !a.Complete {
			incomplete[a.Why]++
		}
		checkAgainstLayout(t, ob.game, a, ob.desc)
	}
	t.Logf("%d boards in %v, incomplete: %v", boards, time.Since(start).Round(time.Millisecond), incomplete)
}

// TestAnalysesKeepTheHeapFlat plays a 100×100 game with 1,500 mines as the
// heat map follows it, an analysis every three reveals, for 500 analyses
// (new games as they end), and checks that the heap held after the first
// fifty does not grow: a pooled buffer must not keep what one big
// analysis took.
func TestAnalysesKeepTheHeapFlat(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(7, 1500))
	var nb [8]int
	var g *Game
	newGame := func(seed uint64) {
		var err error
		if g, err = NewGame(100, 100, 1500, RuleOpening, seed); err != nil {
			t.Fatal(err)
		}
		if _, err := g.Reveal(ctx, Point{50, 50}); err != nil {
			t.Fatal(err)
		}
	}
	newGame(1)
	heap := func() uint64 {
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		return ms.HeapInuse
	}
	var after50 uint64
	games := 1
	for n := 1; n <= 500; n++ {
		// Three reveals of safe cells on the edge of the open area.
		for r := 0; r < 3; r++ {
			var edge []int
			for i, c := range g.View.Cells {
				if c != Hidden || g.Mine[i] {
					continue
				}
				for _, j := range g.View.Neighbours(i, nb[:0]) {
					if g.View.Cells[j].Revealed() {
						edge = append(edge, i)
						break
					}
				}
			}
			if len(edge) == 0 || g.Status != Playing {
				games++
				newGame(uint64(games))
				break
			}
			if _, err := g.Reveal(ctx, g.View.Point(edge[rng.IntN(len(edge))])); err != nil {
				t.Fatal(err)
			}
		}
		a, err := Analyze(ctx, g.View, Options{Budget: 10 * time.Second})
		if err != nil {
			t.Fatalf("analysis %d: %v", n, err)
		}
		checkAgainstLayout(t, g, a, fmt.Sprintf("analysis %d of game %d", n, games))
		if n == 50 {
			after50 = heap()
		}
	}
	end := heap()
	t.Logf("%d games; heap after 50 analyses %d KB, after 500 %d KB", games, after50>>10, end>>10)
	if end > after50+16<<20 {
		t.Errorf("the heap grew from %d MB after 50 analyses to %d MB after 500", after50>>20, end>>20)
	}
}

// TestMemoryBudgetStopsTooWide: a lattice (a number on every other cell
// of every other row) keeps dozens of numbers open at once; with a small
// memory budget the analysis stops, too-wide, having allocated about that
// much and no more.
func TestMemoryBudgetStopsTooWide(t *testing.T) {
	b, err := Parse(lattice(30, 16, 99))
	if err != nil {
		t.Fatal(err)
	}
	for _, budget := range []int64{4 << 20, 32 << 20} {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		a, err := Analyze(context.Background(), b, Options{Budget: time.Minute, Memory: budget})
		runtime.ReadMemStats(&after)
		if err != nil {
			t.Fatal(err)
		}
		if a.Complete || a.Why != IncompleteTooWide {
			t.Fatalf("budget %d MB: want too-wide, got complete %v (%s)", budget>>20, a.Complete, a.Why)
		}
		// Slices grow by doubling, so allow a few times the budget.
		if grew := after.TotalAlloc - before.TotalAlloc; grew > uint64(budget)*4+8<<20 {
			t.Errorf("budget %d MB: the analysis allocated %d MB", budget>>20, grew>>20)
		}
	}
}

// lattice is .mine text for a w×h board with a number on every other cell
// of every other row, each the count of a random layout of mines.
func lattice(w, h, mines int) string {
	rng := rand.New(rand.NewPCG(uint64(w), uint64(h)))
	mine := make([]bool, w*h)
	for placed := 0; placed < mines; {
		i := rng.IntN(w * h)
		if !mine[i] && !(i/w%2 == 0 && i%w%2 == 0) {
			mine[i] = true
			placed++
		}
	}
	text := fmt.Sprintf("%dx%dx%d\n", w, h, mines)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			if y%2 == 0 && x%2 == 0 {
				n := 0
				for dy := -1; dy <= 1; dy++ {
					for dx := -1; dx <= 1; dx++ {
						if xx, yy := x+dx, y+dy; xx >= 0 && yy >= 0 && xx < w && yy < h && mine[yy*w+xx] {
							n++
						}
					}
				}
				text += strconv.Itoa(n)
			} else {
				text += "H"
			}
		}
		text += "\n"
	}
	return text
}
