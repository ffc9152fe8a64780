package mines

import "slices"

// Proof returns the revealed numbers that show a hidden cell is certain
// (safe or a mine), in reading order, so a player can see why. When single
// numbers settle it, one after another (a number whose mines are all
// found clears the rest of its neighbours; one with as many hidden
// neighbours as mines left marks them all), local is true and the numbers
// are exactly those steps. Otherwise it takes the numbers together: the
// proof is the numbers of the cell's part of the frontier (those linked to
// it through shared hidden neighbours), and may also rest on the count of
// mines left.
func Proof(b *Board, cell Point) (numbers []Point, local bool) {
	target := b.Index(cell)
	var nb, nb2 [8]int
	// The single-number rules, as localDeductions applies them, with the
	// number that settled each cell.
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
	if state[target] != 0 {
		// The numbers behind the cell: the one that settled it, and the
		// ones behind the settled cells that number counted on.
		in := map[int]bool{}
		var trace func(cell int)
		trace = func(cell int) {
			n := by[cell]
			if in[n] {
				return
			}
			in[n] = true
			for _, j := range b.Neighbours(n, nb2[:0]) {
				if b.Cells[j] == Hidden && state[j] != 0 && j != cell && settledBefore(b, state, by, j, n) {
					trace(j)
				}
			}
		}
		trace(target)
		return sortedPoints(b, in), true
	}
	// The numbers linked to the cell through shared hidden neighbours.
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
	return sortedPoints(b, in), false
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
