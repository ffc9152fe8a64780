package chain

import (
	"context"
	"math"
	"strconv"

	"kibitz/engine/progress"
)

// Solver evaluates positions of one game (direct or reverse). It solves
// every position of its range at once, bottom-up (see build), into one
// signed byte per position indexed by a perfect rank of the multiset (see
// ranker); after that, the value of any position in the range, of all its
// moves and its principal line are lookups. A Solver is not safe for
// concurrent use.
type Solver struct {
	reverse bool
	rk      *ranker
	vals    []int8 // signed value by rank; 0 = not computed
	nodes   int64  // positions evaluated, for PositionsSearched
	ctx     context.Context
	report  progress.Func
	stop    error

	built bool // vals holds every position of the range

	// everyMove makes a build read every move of every position, without
	// the sign rules (misereSignKnown): the tests' reference.
	everyMove bool
	// fallbacks counts positions where the reverse game's sign rule showed
	// a failure and every move was read instead: none, by the tests.
	fallbacks int64

	progressTotal int64
	nodesAtBuild  int64
}

// NewSolver returns a solver for the direct game, or the reverse game.
func NewSolver(reverse bool) *Solver { return &Solver{reverse: reverse} }

// Reverse reports which game the solver plays.
func (s *Solver) Reverse() bool { return s.reverse }

// PositionsSearched is the number of positions evaluated so far: the
// whole range, p(cells+1), once built.
func (s *Solver) PositionsSearched() int64 { return s.nodes }

// MemoryBytes is the solver's table memory now: one byte per position of
// its range plus the rank tables.
func (s *Solver) MemoryBytes() int {
	if s.rk == nil {
		return 0
	}
	return len(s.vals) + s.rk.bytes()
}

// Footprint is what solving a position whose canonical row has the given
// cells costs a solver that does not hold it yet: the positions of its
// table, p(cells+1) (all but the empty one are evaluated), and the memory
// it keeps, one byte each plus the rank tables. A page states it before
// it starts a big solve: 18.2 MB for a row of 80. Past MaxCells no solver
// builds the table; the figures are still what it would take, and both
// stop at the largest int64 (past about 400 cells).
func Footprint(cells int) (positions int64, bytes int) {
	w := max(cells+1, minRange)
	positions = Positions(w - 1)
	if positions == math.MaxInt64 {
		return positions, math.MaxInt
	}
	return positions, int(positions) + rankBytes(w)
}

// rankBytes is the memory of a ranker of w (ranker.bytes), found without
// building one: its two (w+1)×(w+2) tables and the runs table, (w/(g+1)+1)
// rows of w+1 for each size g.
func rankBytes(w int) int {
	n := 2 * (w + 1) * (w + 2)
	for g := 1; g < w; g++ {
		n += (w/(g+1) + 1) * (w + 1)
	}
	return 4 * n
}

// Holds reports whether the solver's table already holds every position
// of a row of the given cells, so that a solve there is lookups.
func (s *Solver) Holds(cells int) bool { return s.built && s.rk != nil && s.rk.w >= cells+1 }

// Positions counts the distinct positions reachable from a row of n objects
// (every multiset whose canonical row fits in n cells): p(n+1), the
// partitions of n+1. A solve of n never touches more. The count stops at
// the largest int64, which p(n+1) passes at n = 405.
func Positions(n int) int64 {
	if n < 0 {
		return 0
	}
	m := n + 1
	if m > 405 {
		return math.MaxInt64
	}
	// Every partial count is at most p(m) < 2⁶³: no overflow.
	p := make([]int64, m+1)
	p[0] = 1
	for part := 1; part <= m; part++ {
		for k := part; k <= m; k++ {
			p[k] += p[k-part]
		}
	}
	return p[m]
}

// begin prepares a call on p: the range, the context and the progress.
func (s *Solver) begin(ctx context.Context, p Position) error {
	// A call cancelled first says so, whatever else is wrong: reading a
	// huge row takes time enough for a cancel to arrive.
	if err := ctx.Err(); err != nil {
		return err
	}
	if p.Cells() > MaxCells {
		// Past the limit the direct game still has its outcome from
		// Grundy values; the reverse game has none.
		advice := "ask for the outcome only"
		if s.reverse {
			advice = "past it the reverse game has no answer: no theory gives a reverse position's outcome cheaply"
		}
		return &TooLargeError{Size: int64(p.Cells()), Limit: MaxCells,
			Msg: "the position's row is longer than the exact solver's limit of " + strconv.Itoa(MaxCells) + " cells (objects plus one gap between groups); " + advice}
	}
	s.ctx, s.report, s.stop = ctx, progress.FromContext(ctx), nil
	if len(p) == 0 {
		// No object left: the game is over, and its answer reads no
		// table. A fresh solver built its smallest one, 296 positions,
		// to say so.
		return nil
	}
	s.nodesAtBuild = s.nodes
	if w := p.Cells() + 1; s.rk == nil || s.rk.w < w {
		// A larger range ranks positions differently: start afresh, at
		// least at 16 cells so that the small positions of a game share it.
		// A build that is stopped leaves the table the solver had, so a
		// stopped big solve costs the next small one nothing.
		old, oldVals, oldBuilt := s.rk, s.vals, s.built
		s.rk = newRanker(max(w, minRange))
		s.vals = make([]int8, s.rk.count())
		s.built = false
		if err := s.build(); err != nil {
			s.rk, s.vals, s.built = old, oldVals, oldBuilt
			return err
		}
		return nil
	}
	return s.build()
}

// minRange is the least range a solver builds (rows of 16 cells): the
// small positions of a game then share one table.
const minRange = 17

// groupsOf writes p's groups in ascending order into dst.
func groupsOf(p Position, dst []uint8) []uint8 {
	dst = dst[:0]
	for i := len(p) - 1; i >= 0; i-- {
		dst = append(dst, uint8(p[i]))
	}
	return dst
}

// staticBounds are the magnitude bounds of a position of total objects
// and Σ⌈g/2⌉ pairs, given its outcome: between pairs and total, of the
// parity the outcome fixes (odd for a direct win or a reverse loss).
func (s *Solver) staticBounds(total, pairs int, win bool) (lo, hi int) {
	odd := win != s.reverse
	lo, hi = pairs, total
	if (lo%2 == 1) != odd {
		lo++
	}
	if (hi%2 == 1) != odd {
		hi--
	}
	return lo, hi
}

func sums(gs []uint8) (total, pairs int) {
	for _, g := range gs {
		total += int(g)
		pairs += int(g+1) / 2
	}
	return
}

// grundyXor is the xor of the groups' nim-values.
func grundyXor(gs []uint8) int {
	x := 0
	for _, g := range gs {
		x ^= int(grundyOf[g])
	}
	return x
}

// grundyOf holds the nim-values of the group sizes the solver meets. It
// and tamer have 256 entries so that a lookup by a byte needs no bounds
// check: the solver's loops make millions.
var grundyOf = func() (t [256]uint8) {
	for i := range MaxCells + 1 {
		t[i] = uint8(Grundy(i))
	}
	return
}()

// tamer[g] is 1 when a group of g has nim-value 2 or 3: one such group
// makes a reverse position's sign the direct game's (misereSignKnown).
var tamer = func() (t [256]uint8) {
	for i := range MaxCells + 1 {
		if v := grundyOf[i]; v == 2 || v == 3 {
			t[i] = 1
		}
	}
	return
}()

// signed turns an outcome and a magnitude into the seed's signed count.
func signed(win bool, m int) int {
	if win {
		return m
	}
	return -m
}
