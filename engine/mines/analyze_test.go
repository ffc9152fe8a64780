package mines

import (
	"context"
	"errors"
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// brute counts every placement of the unflagged mines on the hidden cells
// that agrees with every number, exactly: per cell, the placements with a
// mine there.
type bruteResult struct {
	total *big.Int
	mine  []*big.Int // per cell
}

func brute(b *Board) bruteResult {
	r := bruteResult{total: new(big.Int), mine: make([]*big.Int, len(b.Cells))}
	for i := range r.mine {
		r.mine[i] = new(big.Int)
	}
	one := big.NewInt(1)
	eachPlacement(b, func(mine []bool) {
		r.total.Add(r.total, one)
		for i, m := range mine {
			if m && b.Cells[i] == Hidden {
				r.mine[i].Add(r.mine[i], one)
			}
		}
	})
	return r
}

// eachPlacement calls visit with every placement of the unflagged mines on
// the hidden cells that agrees with every number (mine[i] for every cell,
// flags included), by trying them all.
func eachPlacement(b *Board, visit func(mine []bool)) {
	var hidden []int
	for i, c := range b.Cells {
		if c == Hidden {
			hidden = append(hidden, i)
		}
	}
	left := b.Mines - b.Count(Flag)
	if left < 0 || left > len(hidden) {
		return
	}
	mine := make([]bool, len(b.Cells))
	for i, c := range b.Cells {
		mine[i] = c == Flag
	}
	var nb [8]int
	agrees := func() bool {
		for i, c := range b.Cells {
			if !c.Revealed() {
				continue
			}
			n := 0
			for _, j := range b.Neighbours(i, nb[:0]) {
				if mine[j] {
					n++
				}
			}
			if n != int(c) {
				return false
			}
		}
		return true
	}
	var place func(from, left int)
	place = func(from, left int) {
		if left == 0 {
			if agrees() {
				visit(mine)
			}
			return
		}
		for k := from; k <= len(hidden)-left; k++ {
			mine[hidden[k]] = true
			place(k+1, left-1)
			mine[hidden[k]] = false
		}
	}
	place(0, left)
}

// checkAgainstBrute compares Analyze with brute force on one board.
func checkAgainstBrute(t *testing.T, b *Board) {
	t.Helper()
	want := brute(b)
	a, err := Analyze(context.Background(), b, Options{})
	if want.total.Sign() == 0 {
		var conflict *ConflictError
		if !errors.As(err, &conflict) {
			t.Fatalf("%s: no placement fits, want a conflict, got %v", b.Format(), err)
		}
		if conflict.Reason == ConflictNumbers {
			checkCore(t, b, conflict)
		}
		if conflict.Reason == ConflictTooFewAround {
			at := b.Index(conflict.Cells[0])
			var nb [8]int
			room := 0
			for _, j := range b.Neighbours(at, nb[:0]) {
				if b.Cells[j] == Flag || b.Cells[j] == Hidden {
					room++
				}
			}
			if int(b.Cells[at]) != conflict.Need || room != conflict.Room || room >= conflict.Need {
				t.Fatalf("%s: %+v does not describe the number it names", b.Format(), conflict)
			}
		}
		if conflict.Reason == ConflictFlagsAround {
			at := b.Index(conflict.Cells[0])
			var nb [8]int
			flags := 0
			for _, j := range b.Neighbours(at, nb[:0]) {
				if b.Cells[j] == Flag {
					flags++
				}
			}
			if int(b.Cells[at]) != conflict.Need || flags != len(conflict.Flags) || flags <= conflict.Need || conflict.Left != b.Mines-b.Count(Flag) {
				t.Fatalf("%s: %+v does not describe the number it names", b.Format(), conflict)
			}
		}
		return
	}
	if err != nil {
		t.Fatalf("%s: %v", b.Format(), err)
	}
	if !a.Complete {
		t.Fatalf("%s: incomplete", b.Format())
	}
	sol, exact := a.Solutions()
	if !exact || sol != want.total.String() {
		t.Fatalf("%s: %s solutions (exact %v), want %s", b.Format(), sol, exact, want.total)
	}
	var safe, mines []Point
	for i, c := range b.Cells {
		got := a.Prob[i]
		switch {
		case c.Revealed():
			if !math.IsNaN(got) {
				t.Fatalf("%s: revealed cell %v has probability %v", b.Format(), b.Point(i), got)
			}
			continue
		case c == Flag:
			if got != 1 {
				t.Fatalf("%s: flag %v has probability %v", b.Format(), b.Point(i), got)
			}
			continue
		}
		exact, _ := new(big.Rat).SetFrac(want.mine[i], want.total).Float64()
		if math.Abs(got-exact) > 1e-12 {
			t.Fatalf("%s: cell %v: %v, want %v (%v/%v)", b.Format(), b.Point(i), got, exact, want.mine[i], want.total)
		}
		if want.mine[i].Sign() == 0 {
			safe = append(safe, b.Point(i))
			if got != 0 {
				t.Fatalf("%s: safe cell %v has probability %v, not exactly 0", b.Format(), b.Point(i), got)
			}
		}
		if want.mine[i].Cmp(want.total) == 0 {
			mines = append(mines, b.Point(i))
			if got != 1 {
				t.Fatalf("%s: mine %v has probability %v, not exactly 1", b.Format(), b.Point(i), got)
			}
		}
	}
	if !slices.Equal(safe, a.Safe) || !slices.Equal(mines, a.Mines) {
		t.Fatalf("%s: safe %v mines %v, want %v %v", b.Format(), a.Safe, a.Mines, safe, mines)
	}
	// Dead cells: every placement with the cell safe gives it the same number.
	for _, d := range a.Dead {
		i := b.Index(d)
		values := map[int]bool{}
		forEachPlacement(b, func(mine []bool) {
			if mine[i] {
				return
			}
			n := 0
			for _, j := range b.Neighbours(i, nil) {
				if mine[j] {
					n++
				}
			}
			values[n] = true
		})
		if len(values) > 1 {
			t.Fatalf("%s: %v is called dead but can show %v", b.Format(), d, values)
		}
	}
}

// forEachPlacement calls f with every consistent placement.
func forEachPlacement(b *Board, f func(mine []bool)) {
	var hidden []int
	for i, c := range b.Cells {
		if c == Hidden {
			hidden = append(hidden, i)
		}
	}
	mine := make([]bool, len(b.Cells))
	for i, c := range b.Cells {
		mine[i] = c == Flag
	}
	var place func(from, left int)
	place = func(from, left int) {
		if left == 0 {
			for i, c := range b.Cells {
				if c.Revealed() {
					n := 0
					for _, j := range b.Neighbours(i, nil) {
						if mine[j] {
							n++
						}
					}
					if n != int(c) {
						return
					}
				}
			}
			f(mine)
			return
		}
		for k := from; k <= len(hidden)-left; k++ {
			mine[hidden[k]] = true
			place(k+1, left-1)
			mine[hidden[k]] = false
		}
	}
	if left := b.Mines - b.Count(Flag); left >= 0 && left <= len(hidden) {
		place(0, left)
	}
}

// checkCore verifies a conflict: the named numbers alone (all other numbers
// hidden) admit no placement of any number of mines, and each one is
// needed.
func checkCore(t *testing.T, b *Board, e *ConflictError) {
	t.Helper()
	if len(e.Cells) == 0 {
		t.Fatalf("%s: a conflict names no cells", b.Format())
	}
	// satisfiable: some set of mines on the hidden cells (flags are mines,
	// revealed cells are not, any number of mines) satisfies the kept
	// numbers.
	satisfiable := func(keep []Point) bool {
		var hidden []int
		for i, c := range b.Cells {
			if c == Hidden {
				hidden = append(hidden, i)
			}
		}
		mine := make([]bool, len(b.Cells))
		for mask := 0; mask < 1<<len(hidden); mask++ {
			for k, i := range hidden {
				mine[i] = mask>>k&1 == 1
			}
			ok := true
			for _, p := range keep {
				n := 0
				for _, j := range b.Neighbours(b.Index(p), nil) {
					if mine[j] || b.Cells[j] == Flag {
						n++
					}
				}
				ok = ok && n == int(b.At(p.X, p.Y))
			}
			if ok {
				return true
			}
		}
		return false
	}
	if satisfiable(e.Cells) {
		t.Fatalf("%s: conflict %v is satisfiable", b.Format(), e.Cells)
	}
	for i := range e.Cells {
		without := slices.Delete(slices.Clone(e.Cells), i, i+1)
		if len(without) > 0 && !satisfiable(without) {
			t.Fatalf("%s: conflict %v is not minimal: %v suffices", b.Format(), e.Cells, without)
		}
	}
}

// midGame makes a random position: mines placed, some safe cells
// revealed (with flood fill from zeros), some mines flagged, and now and
// then one flag or one number wrong.
func midGame(rng *rand.Rand, w, h, mines int, maxHidden int) *Board {
	mine := make([]bool, w*h)
	for _, i := range rng.Perm(w * h)[:mines] {
		mine[i] = true
	}
	b, _ := NewBoard(w, h, mines)
	number := func(i int) Cell {
		n := 0
		for _, j := range b.Neighbours(i, nil) {
			if mine[j] {
				n++
			}
		}
		return Cell(n)
	}
	var open func(i int)
	open = func(i int) {
		if b.Cells[i] != Hidden || mine[i] {
			return
		}
		b.Cells[i] = number(i)
		if b.Cells[i] == 0 {
			for _, j := range b.Neighbours(i, nil) {
				open(j)
			}
		}
	}
	for tries := 0; tries < w*h && (b.Count(Hidden) > maxHidden || tries < 2); tries++ {
		open(rng.IntN(w * h))
	}
	for i := range b.Cells {
		if mine[i] && rng.IntN(4) == 0 {
			b.Cells[i] = Flag
		}
	}
	switch rng.IntN(12) {
	case 0: // a wrong flag
		for _, i := range rng.Perm(w * h) {
			if b.Cells[i] == Hidden && !mine[i] {
				b.Cells[i] = Flag
				break
			}
		}
	case 1: // a wrong number
		for _, i := range rng.Perm(w * h) {
			if b.Cells[i].Revealed() {
				b.Cells[i] = Cell(rng.IntN(9))
				break
			}
		}
	}
	return b
}

func TestProbabilitiesMatchBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	boards := 0
	for boards < 150 {
		w, h := 3+rng.IntN(5), 3+rng.IntN(4)
		b := midGame(rng, w, h, 1+rng.IntN(w*h/3), 14)
		if b.Count(Hidden) > 14 {
			continue
		}
		checkAgainstBrute(t, b)
		boards++
	}
}

func TestClassicPatterns(t *testing.T) {
	for _, text := range []string{
		// 1-2-1 along a wall: the 1s' outer cells are mines, the middle safe.
		"3x2x2\nHHH\n121\n",
		"5x3x4\nHHHHH\nH121H\nHHHHH\n",
		// 1-2-2-1.
		"4x2x2\nHHHH\n1221\n",
		"6x3x3\nHHHHHH\nH1221H\nHHHHHH\n",
		// A 50/50 at the end of the game.
		"3x3x1\n000\n011\n01H\n",
		"2x2x1\n1H\n1H\n",
		// The total count matters: two cells, one mine left, floating cells elsewhere.
		"4x4x2\nHHHH\n1221\n0000\n0000\n",
		"5x5x3\nHHHHH\nHHHHH\nH211H\nH1001\nH1001\n",
		"4x4x6\nHHHH\nHHHH\nHHHH\nHHH1\n",
		"3x3x0\nHHH\nH0H\nHHH\n",
	} {
		checkAgainstBrute(t, mustParse(t, text))
	}
	a, err := Analyze(context.Background(), mustParse(t, "3x2x2\nHHH\n121\n"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(a.Mines, []Point{{0, 0}, {2, 0}}) || !slices.Equal(a.Safe, []Point{{1, 0}}) {
		t.Fatalf("1-2-1: mines %v safe %v", a.Mines, a.Safe)
	}
	fifty, _ := Analyze(context.Background(), mustParse(t, "2x2x1\n1H\n1H\n"), Options{})
	if fifty.Prob[1] != 0.5 || fifty.Prob[3] != 0.5 || len(fifty.Dead) != 2 {
		t.Fatalf("50/50: %v dead %v", fifty.Prob, fifty.Dead)
	}
}

func TestConflicts(t *testing.T) {
	for _, c := range []struct {
		text   string
		reason ConflictReason
		cells  []Point
		flags  int
	}{
		// A number with fewer squares around it than it shows says so,
		// and blames no flag: a flag beside it is no cause.
		{"3x1x1\n1H2\n", ConflictTooFewAround, []Point{{2, 0}}, 0},
		{"3x2x3\n3FH\n1HH\n", ConflictTooFewAround, []Point{{0, 0}}, 0},
		// Every flag is named: the mines left are counted after them.
		{"3x2x2\nFH0\nH1H\n", ConflictMineCount, nil, 1},
		// A number with more flags around it than it shows names itself
		// and those flags, before the count of flags over the mines,
		// which the same wrong flag explains.
		{"3x1x1\n1F0\n", ConflictFlagsAround, []Point{{2, 0}}, 1},
		{"4x2x2\nF1FF\nHHHH\n", ConflictFlagsAround, []Point{{1, 0}}, 2},
		{"4x2x3\n1HH1\n1331\n", ConflictTooFewAround, []Point{{1, 1}}, 0},
		{"3x2x3\nHHH\n131\n", ConflictNumbers, []Point{{1, 1}, {2, 1}}, 0},
		{"3x1x1\nFHF\n", ConflictTooManyFlags, nil, 0},
		{"3x3x3\n000\n011\n01H\n", ConflictMineCount, nil, 0},
		{"3x3x1\nHHH\nH8H\nHHH\n", ConflictMineCount, nil, 0},
	} {
		_, err := Analyze(context.Background(), mustParse(t, c.text), Options{})
		var conflict *ConflictError
		if !errors.As(err, &conflict) || conflict.Reason != c.reason || !slices.Equal(conflict.Cells, c.cells) || len(conflict.Flags) != c.flags {
			t.Errorf("%q: got %+v (%v), want %s %v with %d flags", c.text, conflict, err, c.reason, c.cells, c.flags)
		}
	}
	_, err := Analyze(context.Background(), mustParse(t, "3x2x3\n3FH\n1HH\n"), Options{})
	var conflict *ConflictError
	if !errors.As(err, &conflict) || conflict.Need != 3 || conflict.Room != 2 ||
		err.Error() != "the 3 at (0,0) has only 2 squares around it that could hold a mine" {
		t.Errorf("a 3 with a flag and one covered square around it: %+v (%v)", conflict, err)
	}
	_, err = Analyze(context.Background(), mustParse(t, "4x2x2\nF1FF\nHHHH\n"), Options{})
	if !errors.As(err, &conflict) || conflict.Need != 1 || conflict.Left != -1 || !slices.Equal(conflict.Flags, []Point{{0, 0}, {2, 0}}) ||
		err.Error() != "the 1 at (1,0) has 2 flags around it; a flag there is wrong, and there is 1 more flag than mines" {
		t.Errorf("one flag too many, next to a 1 with two flags: %+v (%v)", conflict, err)
	}
}

// exactReference computes the probabilities of a board with exact
// rational arithmetic by enumerating every assignment of the frontier
// cells (so the frontier must be small) and weighting each by the exact
// big binomial C(F, L−k) for the floating cells: an independent check of
// the scaled floating-point combination on boards whose counts are far
// beyond 2^64.
func exactReference(b *Board) (prob []*big.Rat, total *big.Int) {
	var nb [8]int
	var frontier, floating []int
	isFrontier := make([]bool, len(b.Cells))
	for i, c := range b.Cells {
		if c != Hidden {
			continue
		}
		for _, j := range b.Neighbours(i, nb[:0]) {
			if b.Cells[j].Revealed() {
				isFrontier[i] = true
			}
		}
		if isFrontier[i] {
			frontier = append(frontier, i)
		} else {
			floating = append(floating, i)
		}
	}
	F, L := len(floating), b.Mines-b.Count(Flag)
	mine := make([]bool, len(b.Cells))
	for i, c := range b.Cells {
		mine[i] = c == Flag
	}
	total = new(big.Int)
	perCell := make([]*big.Int, len(b.Cells))
	for i := range perCell {
		perCell[i] = new(big.Int)
	}
	floatMines := new(big.Int) // Σ weight·(L−k), for the floating cells
	for mask := 0; mask < 1<<len(frontier); mask++ {
		k := 0
		for n, i := range frontier {
			mine[i] = mask>>n&1 == 1
			if mine[i] {
				k++
			}
		}
		if L-k < 0 || L-k > F {
			continue
		}
		ok := true
		for i, c := range b.Cells {
			if c.Revealed() && ok {
				n := 0
				for _, j := range b.Neighbours(i, nb[:0]) {
					if mine[j] {
						n++
					}
				}
				ok = n == int(c)
			}
		}
		if !ok {
			continue
		}
		w := new(big.Int).Binomial(int64(F), int64(L-k))
		total.Add(total, w)
		for _, i := range frontier {
			if mine[i] {
				perCell[i].Add(perCell[i], w)
			}
		}
		floatMines.Add(floatMines, new(big.Int).Mul(w, big.NewInt(int64(L-k))))
	}
	prob = make([]*big.Rat, len(b.Cells))
	for _, i := range frontier {
		prob[i] = new(big.Rat).SetFrac(perCell[i], total)
	}
	for _, i := range floating {
		prob[i] = new(big.Rat).SetFrac(floatMines, new(big.Int).Mul(total, big.NewInt(int64(F))))
	}
	return prob, total
}

func TestExactOnBigCounts(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for boards := 0; boards < 12; {
		w, h, m := 30, 16, 99
		if boards%2 == 1 {
			w, h, m = 16, 16, 40
		}
		b := midGame(rng, w, h, m, w*h-12)
		a, err := Analyze(context.Background(), b, Options{})
		if err != nil || a.Frontier > 14 || a.Frontier == 0 {
			continue
		}
		boards++
		want, total := exactReference(b)
		sol, exact := a.Solutions()
		if !exact || sol != total.String() {
			t.Fatalf("%s: %s solutions, want %s", b.Format(), sol, total)
		}
		if total.BitLen() < 64 {
			t.Fatalf("%s: the count %s fits 64 bits; this test wants bigger ones", b.Format(), total)
		}
		for i, r := range want {
			if r == nil {
				continue
			}
			f, _ := r.Float64()
			if math.Abs(a.Prob[i]-f) > 1e-13 || (r.Sign() == 0) != (a.Prob[i] == 0) || (r.Cmp(big.NewRat(1, 1)) == 0) != (a.Prob[i] == 1) {
				t.Fatalf("%s: cell %v: %v, want %v", b.Format(), b.Point(i), a.Prob[i], r.FloatString(20))
			}
		}
	}
}

// regionGame opens every safe cell in a region, as a long game does: the
// numbers along the region's edge make one long open border.
func regionGame(rng *rand.Rand, w, h, mines int, in func(x, y int) bool) *Board {
	mine := make([]bool, w*h)
	for _, i := range rng.Perm(w * h)[:mines] {
		mine[i] = true
	}
	b, _ := NewBoard(w, h, mines)
	for i := range b.Cells {
		p := b.Point(i)
		if !in(p.X, p.Y) {
			continue
		}
		if mine[i] {
			if rng.IntN(2) == 0 {
				b.Cells[i] = Flag
			}
			continue
		}
		n := 0
		for _, j := range b.Neighbours(i, nil) {
			if mine[j] {
				n++
			}
		}
		b.Cells[i] = Cell(n)
	}
	return b
}

func TestInvariantsOnBigBoards(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	boards := []*Board{
		midGame(rng, 30, 16, 99, 300),
		midGame(rng, 30, 16, 99, 200),
		midGame(rng, 16, 16, 40, 120),
		// Long open borders: a half, a diagonal, a disc.
		regionGame(rng, 100, 100, 2000, func(x, y int) bool { return x < 50 }),
		regionGame(rng, 100, 100, 1500, func(x, y int) bool { return x+y < 100 }),
		regionGame(rng, 100, 100, 2000, func(x, y int) bool { return (x-50)*(x-50)+(y-50)*(y-50) < 1600 }),
	}
	for _, b := range boards {
		size := b.Format()[:12]
		a, err := Analyze(context.Background(), b, Options{})
		var conflict *ConflictError
		if errors.As(err, &conflict) {
			continue // midGame sometimes spoils a number or a flag
		}
		if err != nil || !a.Complete {
			t.Fatalf("%s: %v (complete %v, %s)", size, err, a != nil && a.Complete, a.Why)
		}
		sum := 0.0
		for i, c := range b.Cells {
			if c != Hidden {
				continue
			}
			p := a.Prob[i]
			if !(p >= 0 && p <= 1) {
				t.Fatalf("%s: cell %v has probability %v", size, b.Point(i), p)
			}
			sum += p
		}
		if math.Abs(sum-float64(a.MinesLeft)) > 1e-9*float64(a.MinesLeft+1) {
			t.Fatalf("%s: probabilities sum to %v, want %d mines left", size, sum, a.MinesLeft)
		}
		for _, p := range a.Safe {
			if a.Prob[b.Index(p)] != 0 {
				t.Fatalf("safe %v has %v", p, a.Prob[b.Index(p)])
			}
		}
		for _, p := range a.Mines {
			if a.Prob[b.Index(p)] != 1 {
				t.Fatalf("mine %v has %v", p, a.Prob[b.Index(p)])
			}
		}
		sol, exact := a.Solutions()
		t.Logf("%s: frontier %d in %d components, %d floating, %d safe, %d mines, %d dead, %s solutions (exact %v)", size, a.Frontier, a.Components, a.Floating, len(a.Safe), len(a.Mines), len(a.Dead), sol[:min(len(sol), 12)], exact)
	}
}

// A board whose frontier is a mesh across the whole board cannot be
// counted exactly: the analysis must stop within its budget and say so,
// stop at once when cancelled, and report progress meanwhile.
func TestPathologicalBoardStops(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	var b *Board
	for {
		b = midGame(rng, 100, 100, 2000, 6000)
		if _, err := buildProblem(b); err == nil {
			break
		}
	}
	reports := 0
	a, err := Analyze(context.Background(), b, Options{Budget: 50 * time.Millisecond, Progress: func(done, total int64, note string) { reports++ }})
	if err != nil || a.Complete || a.Why == "" || a.Prob != nil {
		t.Fatalf("got %v, complete %v, why %q", err, a != nil && a.Complete, a.Why)
	}
	// The local deductions still hold.
	for _, p := range a.Safe {
		if b.At(p.X, p.Y) != Hidden {
			t.Fatalf("safe %v is not hidden", p)
		}
	}
	// A checkerboard of open squares joins every border into one mesh.
	// The bound only catches a budget ignored altogether: how far past it
	// an analysis runs is measured by go run ./scripts/bench bounds.
	start := time.Now()
	checker := regionGame(rng, 100, 100, 1000, func(x, y int) bool { return (x/10+y/10)%2 == 0 })
	a, err = Analyze(context.Background(), checker, Options{Budget: 100 * time.Millisecond})
	if err != nil || a.Complete || a.Why == "" || time.Since(start) > 30*time.Second {
		t.Fatalf("checkerboard: got %v, complete %v, why %q, after %v", err, a != nil && a.Complete, a.Why, time.Since(start))
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Analyze(ctx, regionGame(rng, 100, 100, 2000, func(x, y int) bool { return x < 50 }), Options{}); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: got %v", err)
	}
}

// FuzzAnalyze checks the analysis of any small board against brute force:
// the bytes choose the size, the mine count and each cell.
func FuzzAnalyze(f *testing.F) {
	f.Add([]byte{3, 2, 2, 9, 9, 9, 1, 2, 1})
	f.Add([]byte{4, 4, 6, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 1})
	f.Add([]byte{3, 1, 1, 1, 10, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 3 {
			return
		}
		w, h := 1+int(data[0])%5, 1+int(data[1])%4
		b, _ := NewBoard(w, h, int(data[2])%(w*h+1))
		for i := range b.Cells {
			if 3+i < len(data) {
				b.Cells[i] = Cell(data[3+i] % 11)
			}
		}
		checkAgainstBrute(t, b)
	})
}

func TestNatMatchesBig(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for range 300 {
		n, k := rng.IntN(3000), rng.IntN(400)
		if got, want := natBinomial(n, k).String(), new(big.Int).Binomial(int64(n), int64(k)); k <= n && got != want.String() {
			t.Fatalf("C(%d,%d) = %s, want %s", n, k, got, want)
		}
		x, y := rng.Uint64()>>11, rng.Uint64()>>11
		a, b := natOf(x).mul(natBinomial(n, k)), natOf(y)
		wa := new(big.Int).Mul(new(big.Int).SetUint64(x), new(big.Int).Binomial(int64(n), int64(min(k, n))))
		if k > n {
			wa.SetInt64(0)
		}
		if got, want := a.add(b).String(), new(big.Int).Add(wa, new(big.Int).SetUint64(y)); got != want.String() {
			t.Fatalf("%d·C(%d,%d)+%d = %s, want %s", x, n, k, y, got, want)
		}
	}
}
