package mines

import "slices"

// ProofKind says how the numbers of a proof settle a cell.
type ProofKind string

const (
	// ProofLocal: single numbers settle it, one after another (a number
	// whose mines are all found clears the rest of its neighbours; one
	// with as many hidden neighbours as mines left marks them all), and
	// the proof's numbers are exactly those steps.
	ProofLocal ProofKind = "local"
	// ProofTogether: the numbers of the cell's part of the frontier (those
	// linked to it through shared hidden neighbours) settle it taken
	// together.
	ProofTogether ProofKind = "together"
	// ProofCount: only the count of mines left settles it, with the
	// numbers: the count ties every part of the frontier to the others,
	// so the proof is every number next to a hidden cell (none for a board
	// with no number: the count alone).
	ProofCount ProofKind = "count"
)

// Proof returns the revealed numbers that show that a hidden cell, certain
// by the analysis (safe or a mine), is so, in reading order, and how they
// show it, so a player can see why.
func (a *Analysis) Proof(cell Point) (numbers []Point, kind ProofKind) {
	b := a.Board
	if numbers, ok := localProof(b, b.Index(cell)); ok {
		return numbers, ProofLocal
	}
	if a.SettledByCount(cell) {
		return frontierNumbers(b), ProofCount
	}
	return linkedNumbers(b, b.Index(cell)), ProofTogether
}

// localProof applies the single-number rules, as localDeductions does,
// with the number that settled each cell, until the target is settled;
// the proof is then the number that settled it, and those behind the
// cells that number counted on.
func localProof(b *Board, target int) ([]Point, bool) {
	var nb [8]int
	state := make([]int8, len(b.Cells)) // 0 unknown, 1 safe, 2 mine
	by := make([]int, len(b.Cells))     // the number that settled a cell
	for changed := true; changed && state[target] == 0; {
		changed = false
		for i, c := range b.Cells {
			if !c.Revealed() {
				continue
			}
			need, unknown := int(c), 0
			for _, j := range b.Neighbours(i, nb[:0]) {
				switch {
				case b.Cells[j] == Flag || (b.Cells[j] == Hidden && state[j] == 2):
					need--
				case b.Cells[j] == Hidden && state[j] == 0:
					unknown++
				}
			}
			if unknown == 0 || (need != 0 && need != unknown) {
				continue
			}
			mark := int8(1)
			if need == unknown {
				mark = 2
			}
			for _, j := range b.Neighbours(i, nb[:0]) {
				if b.Cells[j] == Hidden && state[j] == 0 {
					state[j], by[j] = mark, i
					changed = true
				}
			}
		}
	}
	if state[target] == 0 {
		return nil, false
	}
	in := map[int]bool{}
	var trace func(cell int)
	trace = func(cell int) {
		n := by[cell]
		if in[n] {
			return
		}
		in[n] = true
		// Each call has its own list: the calls nest, and a shared one
		// would be overwritten under the loop that reads it.
		var around [8]int
		for _, j := range b.Neighbours(n, around[:0]) {
			if b.Cells[j] == Hidden && state[j] != 0 && j != cell && settledBefore(b, state, by, j, n) {
				trace(j)
			}
		}
	}
	trace(target)
	return sortedPoints(b, in), true
}

// linkedNumbers returns the numbers linked to hidden cell target through
// shared hidden neighbours: its part of the frontier.
func linkedNumbers(b *Board, target int) []Point {
	var nb, nb2 [8]int
	in, seen := map[int]bool{}, map[int]bool{target: true}
	queue := []int{target}
	for len(queue) > 0 {
		h := queue[0]
		queue = queue[1:]
		for _, n := range b.Neighbours(h, nb[:0]) {
			if !b.Cells[n].Revealed() || in[n] {
				continue
			}
			in[n] = true
			for _, j := range b.Neighbours(n, nb2[:0]) {
				if b.Cells[j] == Hidden && !seen[j] {
					seen[j] = true
					queue = append(queue, j)
				}
			}
		}
	}
	return sortedPoints(b, in)
}

// frontierNumbers returns every revealed number next to a hidden cell.
func frontierNumbers(b *Board) []Point {
	var nb [8]int
	in := map[int]bool{}
	for i, c := range b.Cells {
		if !c.Revealed() {
			continue
		}
		for _, j := range b.Neighbours(i, nb[:0]) {
			if b.Cells[j] == Hidden {
				in[i] = true
				break
			}
		}
	}
	return sortedPoints(b, in)
}

// settledBefore reports whether hidden cell j, settled, was something
// number n counted on: any settled neighbour of n other than by n itself.
func settledBefore(b *Board, state []int8, by []int, j, n int) bool {
	return state[j] != 0 && by[j] != n
}

func sortedPoints(b *Board, set map[int]bool) []Point {
	idx := make([]int, 0, len(set))
	for i := range set {
		idx = append(idx, i)
	}
	slices.Sort(idx)
	out := make([]Point, len(idx))
	for k, i := range idx {
		out[k] = b.Point(i)
	}
	return out
}
