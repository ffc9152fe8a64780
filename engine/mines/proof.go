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
	// ProofTogether: numbers settle it taken together: a few, when two
	// numbers whose unknown neighbours lie one inside the other do (the
	// 1-1 and 1-2 patterns), with the single numbers before and after;
	// else the numbers of the cell's part of the frontier (those linked to
	// it through shared hidden neighbours).
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
	if numbers, ok := subsetProof(b, b.Index(cell)); ok {
		return numbers, ProofTogether
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

// subsetProof settles the target with the single-number rules and one
// more: of two numbers whose unknown neighbours lie one inside the other,
// the cells only the larger one counts hold the difference of their
// mines, so when that is none or all of them they are settled (a 1-1 on
// a border clears the third cell; a 1-2 marks it). The proof is the
// numbers of the step that settled the target and of the steps before it
// that settled cells those numbers counted on: two numbers of a long
// border, not the whole border. Only the target's part of the frontier is
// searched; a number is looked at again when a cell around it is settled.
func subsetProof(b *Board, target int) ([]Point, bool) {
	numbers := linkedNumbers(b, target)
	var nb [8]int
	state := make([]int8, len(b.Cells)) // 0 unknown, 1 safe, 2 mine
	when := make([]int, len(b.Cells))   // the step that settled a cell
	var steps [][]int                   // the numbers each step used
	queued := make(map[int]bool, len(numbers))
	queue := make([]int, 0, len(numbers))
	for _, p := range numbers {
		queue = append(queue, b.Index(p))
		queued[b.Index(p)] = true
	}
	// open returns what number i still needs and its unknown neighbours.
	open := func(i int) (need int, unknown []int) {
		need = int(b.Cells[i])
		var around [8]int
		for _, j := range b.Neighbours(i, around[:0]) {
			switch {
			case b.Cells[j] == Flag || (b.Cells[j] == Hidden && state[j] == 2):
				need--
			case b.Cells[j] == Hidden && state[j] == 0:
				unknown = append(unknown, j)
			}
		}
		return need, unknown
	}
	settle := func(cells []int, mark int8, by ...int) {
		for _, j := range cells {
			state[j], when[j] = mark, len(steps)
			for _, n := range b.Neighbours(j, nb[:0]) {
				if b.Cells[n].Revealed() && !queued[n] {
					queued[n] = true
					queue = append(queue, n)
				}
			}
		}
		steps = append(steps, by)
	}
	// decide settles cells when they hold none or all of need mines.
	decide := func(cells []int, need int, by ...int) {
		switch {
		case len(cells) == 0:
		case need == 0:
			settle(cells, 1, by...)
		case need == len(cells):
			settle(cells, 2, by...)
		}
	}
	for len(queue) > 0 && state[target] == 0 {
		i := queue[0]
		queue = queue[1:]
		queued[i] = false
		need, unknown := open(i)
		if len(unknown) == 0 {
			continue
		}
		if need == 0 || need == len(unknown) {
			decide(unknown, need, i)
			continue
		}
		// The numbers that share an unknown neighbour with i.
		near := map[int]bool{}
		for _, j := range unknown {
			for _, k := range b.Neighbours(j, nb[:0]) {
				if k != i && b.Cells[k].Revealed() {
					near[k] = true
				}
			}
		}
		for _, k := range sortedIndexes(near) {
			needK, unknownK := open(k)
			if rest, ok := without(unknownK, unknown); ok {
				decide(rest, needK-need, i, k)
			} else if rest, ok := without(unknown, unknownK); ok {
				decide(rest, need-needK, k, i)
			}
			if state[target] != 0 {
				break
			}
			if need, unknown = open(i); len(unknown) == 0 {
				break
			}
		}
	}
	if state[target] == 0 {
		return nil, false
	}
	in, traced := map[int]bool{}, map[int]bool{}
	var trace func(s int)
	trace = func(s int) {
		if traced[s] {
			return
		}
		traced[s] = true
		for _, n := range steps[s] {
			in[n] = true
			var around [8]int
			for _, j := range b.Neighbours(n, around[:0]) {
				if b.Cells[j] == Hidden && state[j] != 0 && when[j] < s {
					trace(when[j])
				}
			}
		}
	}
	trace(when[target])
	return sortedPoints(b, in), true
}

// without returns the cells of all that are not in part, when every cell
// of part is in all.
func without(all, part []int) ([]int, bool) {
	var rest []int
	for _, j := range all {
		if !slices.Contains(part, j) {
			rest = append(rest, j)
		}
	}
	return rest, len(all)-len(rest) == len(part)
}

func sortedIndexes(set map[int]bool) []int {
	idx := make([]int, 0, len(set))
	for i := range set {
		idx = append(idx, i)
	}
	slices.Sort(idx)
	return idx
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
