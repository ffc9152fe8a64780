package mines

import "slices"

// A problem is a board turned into constraints: each revealed number with
// hidden neighbours says how many mines they hold; hidden cells with the
// same constraints form a group; constraints sharing a group form a
// component.
type problem struct {
	b         *Board
	minesLeft int     // total mines minus flags; may be negative (a conflict)
	floating  int     // hidden cells next to no number
	cellGroup []int32 // per cell: its group, or -1
	groups    []group
	cons      []constraint
	comps     [][]int32 // each component's groups, ascending

	// Scratch for counter.plan, indexed by constraint or group.
	cIn, cTouched []bool
	cFirst, cLast []int32
	cLeft         []int32
	cSlot         []uint8
	gPos          []int32
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
	revealed := 0
	for _, c := range b.Cells {
		if c.Revealed() {
			revealed++
		}
	}
	// Every list is a window into one arena: a constraint has at most 8
	// groups, a group at most 8 constraints.
	p.cons = make([]constraint, 0, revealed)
	conGroups := make([]int32, 8*revealed)
	conOf := make([]int32, len(b.Cells)) // the constraint of a revealed cell, or -1
	for i, c := range b.Cells {
		conOf[i] = -1
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
		conOf[i] = ci
		p.cons = append(p.cons, constraint{cell: int32(i), target: target, groups: conGroups[8*ci : 8*ci : 8*ci+8]})
	}
	// The frontier: hidden cells with constraints. A cell's constraint
	// list is ascending, as constraints are numbered in board order.
	type conList struct {
		n  uint8
		at [8]int32
	}
	var cellCons []conList
	var order []int32
	hiddenCells := 0
	for i, c := range b.Cells {
		if c != Hidden {
			continue
		}
		hiddenCells++
		var l conList
		for _, j := range b.Neighbours(i, nb[:0]) {
			if conOf[j] >= 0 {
				l.at[l.n] = conOf[j]
				l.n++
			}
		}
		if l.n > 0 {
			slices.Sort(l.at[:l.n])
			order = append(order, int32(i))
			cellCons = append(cellCons, l)
		}
	}
	// Group the frontier cells by their constraint lists. A group with the
	// same constraints as a cell is among the groups of its first
	// constraint.
	groupCons := make([]int32, 8*len(order))
	p.groups = make([]group, 0, len(order))
	var sizes []int32
	for k, cell := range order {
		l := &cellCons[k]
		at := l.at[:l.n]
		g := int32(-1)
		for _, h := range p.cons[at[0]].groups {
			if slices.Equal(p.groups[h].cons, at) {
				g = h
				break
			}
		}
		if g < 0 {
			g = int32(len(p.groups))
			window := groupCons[8*g : 8*g+int32(len(at))]
			copy(window, at)
			p.groups = append(p.groups, group{cons: window})
			sizes = append(sizes, 0)
			for _, ci := range at {
				p.cons[ci].groups = append(p.cons[ci].groups, g)
			}
		}
		sizes[g]++
		p.cellGroup[cell] = g
	}
	cellArena := make([]int32, len(order))
	at := int32(0)
	for g := range p.groups {
		p.groups[g].cells = cellArena[at : at : at+sizes[g]]
		at += sizes[g]
	}
	for _, cell := range order {
		g := p.cellGroup[cell]
		p.groups[g].cells = append(p.groups[g].cells, cell)
	}
	p.floating = hiddenCells - len(order)
	nc, ng := len(p.cons), len(p.groups)
	p.cIn, p.cTouched = make([]bool, nc), make([]bool, nc)
	p.cFirst, p.cLast, p.cLeft = make([]int32, nc), make([]int32, nc), make([]int32, nc)
	p.cSlot, p.gPos = make([]uint8, nc), make([]int32, ng)
	// Components: union-find over groups through constraints.
	parent := make([]int32, ng)
	for i := range parent {
		parent[i] = int32(i)
	}
	find := func(x int32) int32 {
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
	// Number the components by their first group, then lay their group
	// lists out in one arena.
	compOf := make([]int32, ng)
	var compSize []int32
	for g := range p.groups {
		r := find(int32(g))
		if r == int32(g) {
			compOf[g] = int32(len(compSize))
			compSize = append(compSize, 0)
		} else {
			compOf[g] = compOf[r]
		}
		p.groups[g].comp = compOf[g]
		compSize[compOf[g]]++
	}
	compArena := make([]int32, ng)
	p.comps = make([][]int32, len(compSize))
	at = 0
	for c, n := range compSize {
		p.comps[c] = compArena[at : at : at+n]
		at += n
	}
	for g := range p.groups {
		c := compOf[g]
		p.comps[c] = append(p.comps[c], int32(g))
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
