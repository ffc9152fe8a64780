package mines

import "slices"

// A problem is a board turned into constraints: each revealed number with
// hidden neighbours says how many mines they hold; hidden cells with the
// same constraints form a group; constraints sharing a group form a
// component.
type problem struct {
	b         *Board
	minesLeft int // total mines minus flags; may be negative (a conflict)
	floating  []int32
	cellGroup []int32 // per cell: its group, or -1
	groups    []group
	cons      []constraint
	comps     [][]int32 // each component's groups, ascending
}

type group struct {
	cells []int32
	cons  []int32 // ascending
	comp  int32
}

type constraint struct {
	cell   int32 // the revealed number
	target int   // mines among its hidden neighbours: the number minus its flags
	groups []int32
}

// buildProblem reads the constraints off the board. A number that cannot
// hold on its own (more flags around it than it says, or fewer hidden
// cells than it needs) is a conflict right away.
func buildProblem(b *Board) (*problem, error) {
	p := &problem{b: b, minesLeft: b.Mines - b.Count(Flag), cellGroup: make([]int32, len(b.Cells))}
	for i := range p.cellGroup {
		p.cellGroup[i] = -1
	}
	var nb [8]int
	// cellCons[i] lists the constraints on hidden cell i (at most 8).
	type conList struct {
		n  uint8
		at [8]int32
	}
	cellCons := map[int32]*conList{}
	var order []int32 // frontier cells in board order of first sight
	for i, c := range b.Cells {
		if !c.Revealed() {
			continue
		}
		target, hidden := int(c), 0
		for _, j := range b.Neighbours(i, nb[:0]) {
			switch b.Cells[j] {
			case Flag:
				target--
			case Hidden:
				hidden++
			}
		}
		if target < 0 || target > hidden {
			return nil, p.conflict([]int32{int32(i)})
		}
		if hidden == 0 {
			continue
		}
		ci := int32(len(p.cons))
		p.cons = append(p.cons, constraint{cell: int32(i), target: target})
		for _, j := range b.Neighbours(i, nb[:0]) {
			if b.Cells[j] != Hidden {
				continue
			}
			l := cellCons[int32(j)]
			if l == nil {
				l = &conList{}
				cellCons[int32(j)] = l
				order = append(order, int32(j))
			}
			l.at[l.n] = ci
			l.n++
		}
	}
	// Group the frontier cells by their constraint lists (already
	// ascending: constraints are numbered in board order).
	slices.Sort(order)
	byKey := map[[8]int32]int32{}
	for _, cell := range order {
		l := cellCons[cell]
		key := [8]int32{-1, -1, -1, -1, -1, -1, -1, -1}
		copy(key[:], l.at[:l.n])
		g, ok := byKey[key]
		if !ok {
			g = int32(len(p.groups))
			byKey[key] = g
			p.groups = append(p.groups, group{cons: append([]int32(nil), l.at[:l.n]...)})
			for _, ci := range l.at[:l.n] {
				p.cons[ci].groups = append(p.cons[ci].groups, g)
			}
		}
		p.groups[g].cells = append(p.groups[g].cells, cell)
		p.cellGroup[cell] = g
	}
	for i, c := range b.Cells {
		if c == Hidden && p.cellGroup[i] < 0 {
			p.floating = append(p.floating, int32(i))
		}
	}
	// Components: union-find over groups through constraints.
	parent := make([]int32, len(p.groups))
	for i := range parent {
		parent[i] = int32(i)
	}
	var find func(int32) int32
	find = func(x int32) int32 {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	for _, c := range p.cons {
		for _, g := range c.groups[1:] {
			a, b := find(c.groups[0]), find(g)
			if a != b {
				parent[max(a, b)] = min(a, b)
			}
		}
	}
	compOf := make([]int32, len(p.groups))
	for g := range p.groups {
		r := find(int32(g))
		if r == int32(g) {
			compOf[g] = int32(len(p.comps))
			p.comps = append(p.comps, nil)
		} else {
			compOf[g] = compOf[r]
		}
		p.groups[g].comp = compOf[g]
		p.comps[compOf[g]] = append(p.comps[compOf[g]], int32(g))
	}
	return p, nil
}

// compCons returns the constraints of a component, ascending.
func (p *problem) compCons(comp []int32) []int32 {
	var out []int32
	for _, g := range comp {
		out = append(out, p.groups[g].cons...)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// conflict builds the error for a set of contradicting constraints, given
// by the cells of their numbers.
func (p *problem) conflict(cells []int32) *ConflictError {
	e := &ConflictError{Reason: ConflictNumbers}
	flags := map[int]bool{}
	var nb [8]int
	for _, c := range cells {
		e.Cells = append(e.Cells, p.b.Point(int(c)))
		for _, j := range p.b.Neighbours(int(c), nb[:0]) {
			if p.b.Cells[j] == Flag && !flags[j] {
				flags[j] = true
			}
		}
	}
	for j := range p.b.Cells {
		if flags[j] {
			e.Flags = append(e.Flags, p.b.Point(j))
		}
	}
	slices.SortFunc(e.Cells, func(a, b Point) int { return (a.Y-b.Y)*MaxSide*4 + a.X - b.X })
	return e
}
