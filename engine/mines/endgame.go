package mines

import (
	"context"
	"math/bits"
	"strconv"
	"time"

	"kibitz/engine/progress"
)

// The endgame: with few placements left, the auto-player stops guessing
// by heuristics and searches the game out exactly. Every placement of the
// remaining mines is listed (a bitmask over the hidden cells); a position
// is the set of placements still possible, and its value is the chance of
// winning from it with best play: reveal for free every cell safe in all
// of them (which splits the set by the numbers shown), and otherwise try
// each cell that may or may not be a mine and keep the best, each number
// it could show leading to the smaller set that agrees with it. Positions
// are remembered, so each set is valued once.

const (
	maxEndgamePlacements = 1024 // placements at most, for a search
	maxEndgameCells      = 64   // hidden cells at most (a placement is a uint64)
	maxEndgameNodes      = 200000
)

// solSet is a set of placements, by index.
type solSet [maxEndgamePlacements / 64]uint64

func (s *solSet) add(i int)      { s[i>>6] |= 1 << (i & 63) }
func (s *solSet) has(i int) bool { return s[i>>6]>>(i&63)&1 == 1 }
func (s *solSet) count() (n int) {
	for _, w := range s {
		n += bits.OnesCount64(w)
	}
	return n
}

type endgame struct {
	ctx      context.Context
	report   progress.Func // the context's: called where the clock is read, so a browser's cancel gets in
	deadline time.Time
	sols     []uint64 // placements: bit k set when cells[k] holds a mine
	nb       []uint64 // per cell: its hidden neighbours, as a mask
	memo     map[solSet]float64
	nodes    int
	stopped  bool
}

// Endgame returns the best move by exact search and its chance of winning,
// when the position has at most maxEndgamePlacements placements over at
// most maxEndgameCells hidden cells and the search ends within the
// budget; ok is false otherwise.
func (a *Analysis) Endgame(ctx context.Context, budget time.Duration) (m Move, win float64, ok bool) {
	if !a.Complete || len(a.Safe) > 0 {
		return Move{}, 0, false
	}
	s, exact := a.Solutions()
	n, err := strconv.Atoi(s)
	if !exact || err != nil || n > maxEndgamePlacements || n < 2 {
		return Move{}, 0, false
	}
	b := a.Board
	var cells []int
	index := make(map[int]int)
	for i, c := range b.Cells {
		if c == Hidden {
			index[i] = len(cells)
			cells = append(cells, i)
		}
	}
	if len(cells) > maxEndgameCells {
		return Move{}, 0, false
	}
	e := &endgame{ctx: ctx, report: progress.FromContext(ctx), deadline: time.Now().Add(budget), memo: map[solSet]float64{}}
	e.nb = make([]uint64, len(cells))
	var nbuf [8]int
	for k, i := range cells {
		for _, j := range b.Neighbours(i, nbuf[:0]) {
			if x, ok := index[j]; ok {
				e.nb[k] |= 1 << x
			}
		}
	}
	// The mines to place are counted from the board as it is now: the
	// auto-player flags the analysis' certain mines before it searches,
	// and a.MinesLeft still counts them.
	if !e.list(b, cells, index, b.Mines-b.Count(Flag)) {
		return Move{}, 0, false
	}
	var all solSet
	for i := range e.sols {
		all.add(i)
	}
	best, win := e.choose(&all)
	if e.stopped || best < 0 {
		return Move{}, 0, false
	}
	p := 0.0
	for _, s := range e.sols {
		if s>>best&1 == 1 {
			p++
		}
	}
	return Move{Point: b.Point(cells[best]), Action: ActReveal, Prob: p / float64(len(e.sols)), Why: WhyEndgame}, win, true
}

// list enumerates the placements of left mines on cells that agree with
// every number. It reports false past maxEndgamePlacements.
func (e *endgame) list(b *Board, cells []int, index map[int]int, left int) bool {
	type con struct {
		need  int
		cells uint64
	}
	var cons []con
	var nbuf [8]int
	for i, c := range b.Cells {
		if !c.Revealed() {
			continue
		}
		k := con{need: int(c)}
		for _, j := range b.Neighbours(i, nbuf[:0]) {
			switch b.Cells[j] {
			case Flag:
				k.need--
			case Hidden:
				k.cells |= 1 << index[j]
			}
		}
		if k.cells != 0 {
			cons = append(cons, k)
		}
	}
	// byCell[k]: the constraints on cell k.
	byCell := make([][]int, len(cells))
	for ci, k := range cons {
		for m := k.cells; m != 0; m &= m - 1 {
			x := bits.TrailingZeros64(m)
			byCell[x] = append(byCell[x], ci)
		}
	}
	need := make([]int, len(cons))
	open := make([]int, len(cons))
	for ci, k := range cons {
		need[ci], open[ci] = k.need, bits.OnesCount64(k.cells)
	}
	ok := true
	var walk func(k, placed int, mask uint64)
	walk = func(k, placed int, mask uint64) {
		if !ok {
			return
		}
		if e.nodes++; e.nodes&1023 == 0 && e.out() {
			ok = false
			return
		}
		if k == len(cells) {
			if placed == left {
				if len(e.sols) == maxEndgamePlacements {
					ok = false
					return
				}
				e.sols = append(e.sols, mask)
			}
			return
		}
		rest := len(cells) - k
		for _, mine := range []bool{false, true} {
			if mine && placed == left || !mine && placed+rest-1 < left {
				continue
			}
			fits := true
			for _, ci := range byCell[k] {
				open[ci]--
				if mine {
					need[ci]--
				}
				if need[ci] < 0 || need[ci] > open[ci] {
					fits = false
				}
			}
			if fits {
				m := mask
				if mine {
					m |= 1 << k
				}
				walk(k+1, placed+boolInt(mine), m)
			}
			for _, ci := range byCell[k] {
				open[ci]++
				if mine {
					need[ci]++
				}
			}
		}
	}
	walk(0, 0, 0)
	e.nodes = 0
	return ok && len(e.sols) > 0
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// out reports progress and whether the search must stop: past its
// deadline, or cancelled.
func (e *endgame) out() bool {
	e.report.Report(int64(e.nodes), maxEndgameNodes, "endgame")
	return time.Now().After(e.deadline) || e.ctx.Err() != nil
}

// value is the chance of winning from the placements in s with best play.
func (e *endgame) value(s *solSet) float64 {
	if v, ok := e.memo[*s]; ok {
		return v
	}
	_, v := e.choose(s)
	e.memo[*s] = v
	return v
}

// choose returns the best cell to reveal from s (-1 when s is settled) and
// the chance of winning.
func (e *endgame) choose(s *solSet) (int, float64) {
	n := s.count()
	if n <= 1 {
		return -1, 1
	}
	e.nodes++
	if e.nodes&255 == 0 && e.out() || e.nodes > maxEndgameNodes {
		e.stopped = true
	}
	if e.stopped {
		return -1, 0
	}
	// Cells that are mines in some placements and not in others.
	var anyMine, allMine uint64 = 0, ^uint64(0)
	for i := range e.sols {
		if s.has(i) {
			anyMine |= e.sols[i]
			allMine &= e.sols[i]
		}
	}
	living := anyMine &^ allMine
	// Free reveals: cells safe in every placement whose numbers differ
	// between placements split the set at no risk.
	safe := ^anyMine & (uint64(1)<<len(e.nb) - 1)
	for m := safe; m != 0; m &= m - 1 {
		k := bits.TrailingZeros64(m)
		if parts := e.split(s, k); len(parts) > 1 {
			win := 0.0
			for _, part := range parts {
				win += float64(part.count()) * e.value(&part)
			}
			return -1, win / float64(n)
		}
	}
	// A cell's chance is the sum, over the numbers it may show, of the
	// placements showing that number times the chance of winning from
	// them (wins are counted in placements here, out of n). Each part
	// adds at most its placements, so a cell stops being valued as soon
	// as it cannot beat the best so far. The moves valued in full, and
	// the one chosen, are those a search without the cut would choose.
	best, bestWins := -1, -1.0
	for m := living; m != 0; m &= m - 1 {
		k := bits.TrailingZeros64(m)
		parts := e.split(s, k)
		rest := 0 // placements in the parts not valued yet
		for i := range parts {
			rest += parts[i].count()
		}
		wins := 0.0
		for i := range parts {
			if wins+float64(rest) <= bestWins {
				break
			}
			c := parts[i].count()
			rest -= c
			wins += float64(c) * e.value(&parts[i])
		}
		if e.stopped {
			return -1, 0
		}
		if rest == 0 && wins > bestWins {
			best, bestWins = k, wins
		}
	}
	return best, bestWins / float64(n)
}

// split returns the placements of s in which cell k is safe, grouped by
// the number k would show.
func (e *endgame) split(s *solSet, k int) []solSet {
	var parts [9]solSet
	var used uint16
	for i, sol := range e.sols {
		if !s.has(i) || sol>>k&1 == 1 {
			continue
		}
		v := bits.OnesCount64(sol & e.nb[k])
		parts[v].add(i)
		used |= 1 << v
	}
	out := make([]solSet, 0, bits.OnesCount16(used))
	for v := 0; v <= 8; v++ {
		if used>>v&1 == 1 {
			out = append(out, parts[v])
		}
	}
	return out
}
