package chain

import (
	"context"
	"errors"
	"math"
	"testing"
)

func TestGrundyAgainstMex(t *testing.T) {
	direct := MexGrundy(3000)
	for n, g := range direct {
		if Grundy(n) != int(g) {
			t.Fatalf("G(%d) = %d, mex gives %d", n, Grundy(n), g)
		}
	}
	start, period := Period()
	if start != 71 || period != 12 {
		t.Fatalf("Kayles' period: start %d, period %d; want 71 and 12", start, period)
	}
	// The well-known beginning of the sequence.
	want := []int{0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7}
	for n, g := range want {
		if Grundy(n) != g {
			t.Fatalf("G(%d) = %d, want %d", n, Grundy(n), g)
		}
	}
	if GrundyOf([]int{3, 1, 4}) != 3^1^1 {
		t.Fatal("GrundyOf is the xor of the groups")
	}
}

// TestGrundySign: in the direct game the sign of every value is the
// Grundy theorem's, and a position of xor zero loses.
func TestGrundySign(t *testing.T) {
	s := NewSolver(false)
	for n := 1; n <= 24; n++ {
		for a := 0; a <= n/2; a++ {
			p := NewPosition([]int{a, n - a})
			v, err := s.Value(context.Background(), p, false)
			if err != nil {
				t.Fatal(err)
			}
			if (v > 0) != (GrundyOf(p) != 0) {
				t.Fatalf("%s: value %d, Grundy %d", p, v, GrundyOf(p))
			}
		}
	}
}

// TestSymmetric: a position made of pairs of equal groups is lost in the
// direct game (the second player mirrors), and a full row without the
// first-move rule is won by taking its middle.
func TestSymmetric(t *testing.T) {
	s := NewSolver(false)
	for _, gs := range [][]int{{1, 1}, {5, 5}, {3, 3, 7, 7}, {12, 12}, {2, 2, 2, 2}, {9, 4, 9, 4}} {
		v, err := s.Value(context.Background(), NewPosition(gs), false)
		if err != nil {
			t.Fatal(err)
		}
		if v >= 0 {
			t.Errorf("%v: %d, a symmetric position must be lost", gs, v)
		}
	}
	for n := 1; n <= 40; n++ {
		a, err := s.Solve(context.Background(), FullRow(n), false)
		if err != nil {
			t.Fatal(err)
		}
		if a.Value <= 0 {
			t.Errorf("row of %d without the rule: %d, the first player must win", n, a.Value)
		}
		// Taking the middle (one object for odd n, two for even n) wins.
		mid := Move{At: (n - 1) / 2, Two: n%2 == 0}
		for _, mv := range a.Moves {
			if mv.Move == mid && mv.Value <= 0 {
				t.Errorf("row of %d: the middle move %s has value %d", n, mid, mv.Value)
			}
		}
	}
	// N = 9: the symmetry strategy wins in 9 moves, the fastest win in 7.
	a, _ := s.Solve(context.Background(), FullRow(9), true)
	if a.Value != 7 || a.Line[0] != (Move{At: 4}) {
		t.Fatalf("N=9: %d first %s, want 7 by the middle object", a.Value, a.Line[0])
	}
	if got := a.Lines[0].Position(); got.String() != "{4,4}" {
		t.Fatalf("N=9 after the first move: %s", got)
	}
}

func TestFirstMoveRule(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		n, rule, free int
		reverse       bool
	}{
		{2, -2, 1, false}, // taking both at once wins at once
		{4, -4, 3, false},
		{2, 2, 2, true},
		{1, 1, 1, false},
	}
	for _, c := range cases {
		s := NewSolver(c.reverse)
		r, _ := s.Value(ctx, NewPosition([]int{c.n}), true)
		f, _ := s.Value(ctx, NewPosition([]int{c.n}), false)
		if r != c.rule || f != c.free {
			t.Errorf("N=%d reverse=%v: with the rule %d (want %d), without %d (want %d)", c.n, c.reverse, r, c.rule, f, c.free)
		}
	}
	// With the rule, no first move takes two.
	a, _ := NewSolver(false).Solve(ctx, FullRow(8), true)
	for _, mv := range a.Moves {
		if mv.Move.Two {
			t.Fatal("the first move took two objects under the rule")
		}
	}
	if len(a.Moves) != 8 {
		t.Fatalf("8 objects: %d first moves, want 8", len(a.Moves))
	}
}

// TestLine: the principal line is legal, as long as the value says, and
// every move on it keeps the value (the winner's count drops by one).
func TestLine(t *testing.T) {
	for _, rev := range []bool{false, true} {
		s := NewSolver(rev)
		for _, text := range []string{"XXXXXXXXXXXXXXX", "XXX.X.XXXX", "{7,5,2}", "..XX.XXXXX..X"} {
			row, err := Parse(text, "position")
			if err != nil {
				t.Fatal(err)
			}
			a, err := s.Solve(context.Background(), row, false)
			if err != nil {
				t.Fatal(err)
			}
			cur := row
			v := a.Value
			for i, m := range a.Line {
				if !cur.Legal(m, false) {
					t.Fatalf("%s: move %d (%s) is illegal on %s", text, i, m, cur)
				}
				cur = cur.Play(m)
				if cur.String() != a.Lines[i].String() {
					t.Fatalf("%s: line rows disagree", text)
				}
				next, _ := s.Value(context.Background(), cur.Position(), false)
				if cur.Objects() > 0 && next != -(v-sign(v)) {
					t.Fatalf("%s: after %s the value is %d, from %d", text, m, next, v)
				}
				v = next
			}
			if cur.Objects() != 0 {
				t.Fatalf("%s: the line does not end the game", text)
			}
		}
	}
}

func sign(v int) int {
	if v > 0 {
		return 1
	}
	return -1
}

func TestTooLarge(t *testing.T) {
	for _, groups := range [][]int{{81}, {40, 40}} {
		_, err := NewSolver(false).Value(context.Background(), NewPosition(groups), false)
		var tl *TooLargeError
		if !errors.As(err, &tl) || tl.Limit != 80 || tl.Size != 81 {
			t.Fatalf("%v, 81 cells: %v", groups, err)
		}
	}
	// 80 cells are in range (TestBeyond64Cells solves them); 64 cells
	// were the limit before: {32, 31}.
	if _, err := NewSolver(false).Value(context.Background(), NewPosition([]int{32, 31}), false); err != nil {
		t.Fatal(err)
	}
}

func TestCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := NewSolver(true).Value(ctx, NewPosition([]int{50}), true); !errors.Is(err, context.Canceled) {
		t.Fatalf("a cancelled call: %v", err)
	}
}

// TestCountsWithoutARanker: Positions and Footprint count without building
// a ranker, so they answer for any size: they agree with a ranker's own
// count and memory within the solver's range, and stop at the largest
// int64 past it.
func TestCountsWithoutARanker(t *testing.T) {
	for _, w := range []int{minRange, 30, 61, MaxCells + 1} {
		rk := newRanker(w)
		if got := Positions(w - 1); got != rk.count() {
			t.Errorf("Positions(%d) = %d, a ranker counts %d", w-1, got, rk.count())
		}
		if got := rankBytes(w); got != rk.bytes() {
			t.Errorf("rankBytes(%d) = %d, a ranker holds %d", w, got, rk.bytes())
		}
		if positions, bytes := Footprint(w - 1); positions != rk.count() || bytes != int(rk.count())+rk.bytes() {
			t.Errorf("Footprint(%d) = %d, %d", w-1, positions, bytes)
		}
	}
	if got := Positions(404); got != 9147679068859117602 {
		t.Errorf("Positions(404) = p(405) = %d, want 9147679068859117602", got)
	}
	for _, n := range []int{405, 1000, 1_000_000} {
		if positions, bytes := Footprint(n); Positions(n) != math.MaxInt64 || positions != math.MaxInt64 || bytes != math.MaxInt {
			t.Errorf("n = %d: Positions %d, Footprint %d, %d; want the largest int64", n, Positions(n), positions, bytes)
		}
	}
}

func TestPositions(t *testing.T) {
	// p(17) = 297, p(61) = 1,121,505.
	if Positions(16) != 297 || Positions(60) != 1121505 {
		t.Fatalf("Positions: %d %d", Positions(16), Positions(60))
	}
}

func TestRankIsPerfect(t *testing.T) {
	r := newRanker(20)
	seen := map[int32]bool{}
	var walk func(gs []uint8, maxPart, weight int)
	walk = func(gs []uint8, maxPart, weight int) {
		asc := make([]uint8, len(gs))
		for i, g := range gs {
			asc[len(gs)-1-i] = g
		}
		k := r.rank(asc)
		if seen[k] || k < 0 || int64(k) >= r.count() {
			t.Fatalf("rank %d of %v repeated or out of range", k, gs)
		}
		seen[k] = true
		for g := 1; g+1 <= maxPart && weight+g+1 <= 20; g++ {
			walk(append(gs, uint8(g)), g+1, weight+g+1)
		}
	}
	walk(nil, 20, 0)
	if int64(len(seen)) != r.count() {
		t.Fatalf("%d ranks for %d positions", len(seen), r.count())
	}
}

// TestMaxRuns checks that the walker's runs fit its array, with the one
// more slot that tailOf uses: the most distinct group sizes a position of
// the solver's range can hold are 1, 2, …, k, taking 2+3+…+(k+1) cells
// with their gaps (MaxCells+1 with the final one).
func TestMaxRuns(t *testing.T) {
	most, weight := 0, 0
	for g := 1; weight+g+1 <= MaxCells+1; g++ {
		weight += g + 1
		most++
	}
	if most+1 > maxRuns {
		t.Fatalf("a position can hold %d runs; the walker has room for %d and one more", most, maxRuns-1)
	}
	if maxRuns&(maxRuns-1) != 0 {
		t.Fatalf("maxRuns = %d is not a power of two: walker.at's mask would change an index", maxRuns)
	}
}

func TestOutcome(t *testing.T) {
	// Against the exact solver on every row up to 30, both rules.
	for n := 1; n <= 30; n++ {
		for _, single := range []bool{false, true} {
			o := OutcomeDirect(FullRow(n), single)
			a, _ := NewSolver(false).Solve(context.Background(), FullRow(n), single)
			if o.Win != (a.Value > 0) {
				t.Fatalf("N=%d single=%v: outcome %v, value %d", n, single, o.Win, a.Value)
			}
			if o.Win {
				after := FullRow(n).Play(*o.Move)
				if GrundyOf(after.Groups()) != 0 || (single && o.Move.Two) {
					t.Fatalf("N=%d: move %s does not leave xor 0", n, o.Move)
				}
			}
			r, err := OutcomeReverse(context.Background(), FullRow(n), single)
			b, _ := NewSolver(true).Solve(context.Background(), FullRow(n), single)
			if err != nil || r.Win != (b.Value > 0) || r.Value != b.Value {
				t.Fatalf("reverse N=%d: %+v, value %d", n, r, b.Value)
			}
		}
	}
	// A hundred thousand objects, at once.
	o := OutcomeDirect(FullRow(100_000), true)
	if !o.Win {
		// Even rows under the rule: the answer is whatever the Grundy
		// values say; check the claimed move when there is one.
		if o.Move != nil {
			t.Fatal("a lost position has no winning move")
		}
	} else if GrundyOf(FullRow(100_000).Play(*o.Move).Groups()) != 0 {
		t.Fatal("the winning move of 100,000 does not leave xor 0")
	}
	if _, err := OutcomeReverse(context.Background(), FullRow(81), true); err == nil {
		t.Fatal("the reverse outcome of 81 must be too large")
	}
	// A solver's Outcome answers its own game, the empty row too: in the
	// direct game the side to move has lost it (the other side took the
	// last object), in the reverse game it has won.
	for _, row := range []Row{{}, {false, false}, FullRow(7), {true, false, true, true}} {
		for _, reverse := range []bool{false, true} {
			o, err := NewSolver(reverse).Outcome(context.Background(), row, false)
			a, _ := NewSolver(reverse).Solve(context.Background(), row, false)
			wantGrundy := -1
			if !reverse {
				wantGrundy = GrundyOf(row.Groups())
			}
			if err != nil || o.Win != (a.Value > 0 || row.Objects() == 0 && reverse) || o.Grundy != wantGrundy {
				t.Errorf("%v, reverse %v: Outcome %+v, Solve's value %d", row, reverse, o, a.Value)
			}
		}
	}
}

// TestEmptyRowBuildsNoTable: a row with no object left is a game already
// over, and its answer needs no position evaluated. A fresh solver built
// its smallest table (296 positions) before saying so, and the analyser
// said "296 positions evaluated" of an empty row.
func TestEmptyRowBuildsNoTable(t *testing.T) {
	for _, row := range []Row{{}, {false, false, false}} {
		for _, reverse := range []bool{false, true} {
			ctx := context.Background()
			s := NewSolver(reverse)
			a, err := s.Solve(ctx, row, true)
			if err != nil || a.Value != 0 || a.Win != reverse || len(a.Moves) != 0 || len(a.Line) != 0 {
				t.Fatalf("%v, reverse %v: Solve %+v, %v", row, reverse, a, err)
			}
			if v, err := s.Value(ctx, row.Position(), false); err != nil || v != 0 {
				t.Fatalf("%v, reverse %v: Value %d, %v", row, reverse, v, err)
			}
			if o, err := s.Outcome(ctx, row, false); err != nil || o.Win != reverse {
				t.Fatalf("%v, reverse %v: Outcome %+v, %v", row, reverse, o, err)
			}
			if n, m := s.PositionsSearched(), s.MemoryBytes(); n != 0 || m != 0 {
				t.Errorf("%v, reverse %v: %d positions evaluated, %d bytes kept, for a game that is over", row, reverse, n, m)
			}
		}
	}
	// A cancelled call is still cancelled.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := NewSolver(false).Solve(ctx, Row{}, false); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled solve of an empty row: %v", err)
	}
}
