package chain

import (
	"context"
	"slices"

	"kibitz/engine/progress"
)

// Solver evaluates positions of one game (direct or reverse). Its memory
// is one signed byte per position it could meet, indexed by a perfect rank
// of the multiset (see ranker), so it keeps every value between calls: the
// moves of a position, its principal line and the next position of a game
// cost little after the first. A Solver is not safe for concurrent use.
type Solver struct {
	reverse bool
	rk      *ranker
	vals    []int8 // signed value by rank; 0 = not computed
	nodes   int64  // positions evaluated, for PositionsSearched
	ctx     context.Context
	report  progress.Func
	stop    error

	// scratch per depth: the node's groups and its children
	groups [MaxCells + 2][MaxCells/2 + 2]uint8
	kids   [MaxCells + 2][]child
	sorted [MaxCells + 2][]child
	// the rank and weight left after each node's larger groups, so that a
	// child's rank is computed from where it differs (see rankSplit)
	preIdx [MaxCells + 2][MaxCells/2 + 2]int32
	preWt  [MaxCells + 2][MaxCells/2 + 2]int16
}

// child is one distinct move of a node: a group of size g loses r objects
// and leaves groups a ≤ b.
type child struct {
	i       uint8 // the index in the node's groups of the group played
	lo, hi  int8  // bounds on the child's magnitude
	win     int8  // 1 when the child is won by its side to move (direct game)
	g, r, a uint8
}

// NewSolver returns a solver for the direct game, or the reverse game.
func NewSolver(reverse bool) *Solver { return &Solver{reverse: reverse} }

// Reverse reports which game the solver plays.
func (s *Solver) Reverse() bool { return s.reverse }

// PositionsSearched is the number of positions evaluated so far.
func (s *Solver) PositionsSearched() int64 { return s.nodes }

// MemoryBytes is the solver's table memory now: one byte per position of
// its range plus the rank tables.
func (s *Solver) MemoryBytes() int {
	if s.rk == nil {
		return 0
	}
	return len(s.vals) + s.rk.bytes()
}

// Positions counts the distinct positions reachable from a row of n objects
// (every multiset whose canonical row fits in n cells): p(n+1), the
// partitions of n+1. A solve of n never touches more.
func Positions(n int) int64 {
	if n < 0 {
		return 0
	}
	return newRanker(n + 1).count()
}

// begin prepares a call on p: the range, the context and the progress.
func (s *Solver) begin(ctx context.Context, p Position) error {
	if p.Cells() > MaxCells {
		return &TooLargeError{Size: int64(p.Cells()), Limit: MaxCells,
			Msg: "the position's row is longer than the exact solver's limit of 64 cells (objects plus one gap between groups); ask for the outcome only"}
	}
	if w := p.Cells() + 1; s.rk == nil || s.rk.w < w {
		// A larger range ranks positions differently: start afresh, at
		// least at 16 cells so that the small positions of a game share it.
		s.rk = newRanker(max(w, 17))
		s.vals = make([]int8, s.rk.count())
	}
	s.ctx, s.report, s.stop = ctx, progress.FromContext(ctx), nil
	return ctx.Err()
}

// tick counts a node and polls for cancellation and progress.
func (s *Solver) tick() bool {
	s.nodes++
	if s.nodes&0x3ff == 0 {
		if err := s.ctx.Err(); err != nil {
			s.stop = err
		}
		if s.nodes&0x3fff == 0 {
			total := int64(len(s.vals))
			s.report.Report(min(s.nodes, total), total, "positions")
		}
	}
	return s.stop != nil
}

// groupsOf writes p's groups in ascending order into dst.
func groupsOf(p Position, dst []uint8) []uint8 {
	dst = dst[:0]
	for i := len(p) - 1; i >= 0; i-- {
		dst = append(dst, uint8(p[i]))
	}
	return dst
}

// withSplit writes gs (ascending) with gs[skip] replaced by a and b into
// dst, ascending.
func withSplit(dst, gs []uint8, skip int, a, b uint8) []uint8 {
	out := dst[:0]
	if a == 0 {
		a, b = b, 0
	}
	for i, g := range gs {
		if i == skip {
			continue
		}
		for a > 0 && a <= g {
			out = append(out, a)
			a, b = b, 0
		}
		out = append(out, g)
	}
	if a > 0 {
		out = append(out, a)
	}
	if b > 0 {
		out = append(out, b)
	}
	return out
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

// grundyOf holds the nim-values of the group sizes the solver meets.
var grundyOf = func() (t [MaxCells + 1]uint8) {
	for i := range t {
		t[i] = uint8(Grundy(i))
	}
	return
}()

// search returns the exact signed value of the non-empty position gs
// (ascending groups, rank idx): the number of moves to the end when the
// winner hurries and the loser delays, positive when the side to move
// wins. Every value it finds is exact and kept, so no windows are needed.
//
// In the direct game a winner looks only at moves to lost positions (the
// moves to xor zero, found without building the child); a loser must look
// at every move, all of which lead to won positions. Children are tried in
// the order of their bounds, and the loop stops as soon as no remaining
// child can beat the best found or the best reaches the position's own
// bound. In the reverse game the sign is not known in advance: every move
// is a candidate, tried in the order of its lower bound, and a child whose
// lower bound cannot beat the fastest win found is skipped.
//
// With single (the first move of a game), only removals of one object are
// moves, and the value is not stored, since it is a different game.
func (s *Solver) search(gs []uint8, idx int32, d int, single bool) int {
	if !single {
		if v := s.vals[idx]; v != 0 {
			return int(v)
		}
	}
	if s.tick() {
		return 0
	}
	var v int
	if s.reverse {
		v = s.searchReverse(gs, d, single)
	} else {
		v = s.searchDirect(gs, d, single)
	}
	if !single && s.stop == nil {
		s.vals[idx] = int8(v)
	}
	return v
}

// children lists the distinct moves of gs with their static
// bounds (lo = Σ⌈g/2⌉ and hi = Σg of the child, before parity). In the
// direct game, x is gs's xor and onlyLost keeps only moves to xor zero.
func (s *Solver) children(gs []uint8, d int, single bool, x int, onlyLost bool) []child {
	total, pairs := sums(gs)
	kids := s.kids[d][:0]
	s.rk.prefixes(gs, s.preIdx[d][:], s.preWt[d][:])
	// All removals of one object first, then of two: a loser's best
	// delays are among the first.
	for r := uint8(1); r <= 2; r++ {
		if r == 2 && single {
			break
		}
		for i, g := range gs {
			if g < r || i+1 < len(gs) && gs[i+1] == g {
				continue // too small, or the same size again: the same children
			}
			for a := uint8(0); 2*a <= g-r; a++ {
				b := g - r - a
				cw := int8(0)
				if !s.reverse {
					if x^int(grundyOf[g]^grundyOf[a]^grundyOf[b]) != 0 {
						if onlyLost {
							continue // a winner only moves to lost positions
						}
						cw = 1
					}
				}
				kids = append(kids, child{i: uint8(i), g: g, r: r, a: a, win: cw,
					lo: int8(pairs - int(g+1)/2 + int(a+1)/2 + int(b+1)/2), hi: int8(total - int(r))})
			}
		}
	}
	s.kids[d] = kids
	return kids
}

// enter evaluates child c of gs.
// The empty child returns 0 (the end of the game).
func (s *Solver) enter(gs []uint8, c child, d int) int {
	i := int(c.i)
	b := c.g - c.r - c.a
	if len(gs) == 1 && c.a == 0 && b == 0 {
		return 0
	}
	idx := s.rk.rankSplit(gs, i, c.a, b, s.preIdx[d][i], int(s.preWt[d][i]))
	if v := s.vals[idx]; v != 0 {
		return int(v)
	}
	cg := withSplit(s.groups[d+1][:], gs, i, c.a, b)
	return s.search(cg, idx, d+1, false)
}

func (s *Solver) searchDirect(gs []uint8, d int, single bool) int {
	total, pairs := sums(gs)
	x := grundyXor(gs)
	win := x != 0
	if single {
		win = len(s.children(gs, d, true, x, true)) > 0
	}
	lo, hi := s.staticBounds(total, pairs, win)
	if lo == hi {
		return signed(win, lo)
	}
	kids := s.children(gs, d, single, x, win)
	for i := range kids {
		c := &kids[i]
		if c.hi == 0 { // no object left
			c.lo = 0
			continue
		}
		l, h := s.staticBounds(int(c.hi), int(c.lo), c.win == 1)
		c.lo, c.hi = int8(l), int8(h)
	}
	if win {
		slices.SortFunc(kids, func(x, y child) int { return int(x.lo) - int(y.lo) })
		best := 1 << 10
		for _, c := range kids {
			if int(c.lo)+1 >= best {
				break
			}
			v := s.enter(gs, c, d)
			if s.stop != nil {
				return 0
			}
			best = min(best, -v+1) // v ≤ 0: a lost child
			if best <= lo {
				break
			}
		}
		return best
	}
	// kids come with every removal of one first: hi does not increase.
	best := -1
	for _, c := range kids {
		if int(c.hi)+1 <= best {
			break
		}
		v := s.enter(gs, c, d)
		if s.stop != nil {
			return 0
		}
		best = max(best, v+1) // v > 0: a won child
		if best >= hi {
			break
		}
	}
	return -best
}

func (s *Solver) searchReverse(gs []uint8, d int, single bool) int {
	total, pairs := sums(gs)
	winLo, _ := s.staticBounds(total, pairs, true)
	kids := s.children(gs, d, single, 0, false)
	kids = s.byLo(kids, d)
	bestWin := 1 << 10 // the fastest win found
	bestLoss := 0      // the slowest loss found (as a positive count)
	for _, c := range kids {
		if c.hi == 0 {
			// Taking the last object loses in one move.
			bestLoss = max(bestLoss, 1)
			continue
		}
		if int(c.lo)+1 >= bestWin {
			break // sorted by lo: no remaining child can win faster
		}
		v := s.enter(gs, c, d)
		if s.stop != nil {
			return 0
		}
		if v < 0 {
			bestWin = min(bestWin, -v+1)
			if bestWin <= winLo {
				break
			}
		} else {
			bestLoss = max(bestLoss, v+1)
		}
	}
	if bestWin < 1<<10 {
		return bestWin
	}
	return -bestLoss
}

// signed turns an outcome and a magnitude into the seed's signed count.
func signed(win bool, m int) int {
	if win {
		return m
	}
	return -m
}

// byLo orders kids by ascending lo, removals of two first within one lo:
// a counting sort, since a move changes Σ⌈g/2⌉ by at most two and lo
// takes few values.
func (s *Solver) byLo(kids []child, d int) []child {
	if len(kids) < 2 {
		return kids
	}
	minLo, maxLo := kids[0].lo, kids[0].lo
	for _, c := range kids {
		minLo, maxLo = min(minLo, c.lo), max(maxLo, c.lo)
	}
	var count [2*64 + 2]int32
	bucket := func(c child) int { return int(c.lo-minLo)*2 + int(2-c.r) }
	nb := int(maxLo-minLo)*2 + 2
	if nb > len(count)-1 {
		slices.SortStableFunc(kids, func(x, y child) int { return int(x.lo) - int(y.lo) })
		return kids
	}
	for _, c := range kids {
		count[bucket(c)+1]++
	}
	for b := 1; b <= nb; b++ {
		count[b] += count[b-1]
	}
	out := s.sorted[d]
	if cap(out) < len(kids) {
		out = make([]child, len(kids), 2*len(kids))
	}
	out = out[:len(kids)]
	for _, c := range kids {
		b := bucket(c)
		out[count[b]] = c
		count[b]++
	}
	s.sorted[d] = out
	return out
}
