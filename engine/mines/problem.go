package mines

import (
	"slices"
	"sync"
)

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
	compCons  [][]int32 // each component's constraints, ascending

	problemBuffers

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

// Buffers of a problem, reused from one analysis to the next.
type problemBuffers struct {
	pad           []Cell  // the board with a border of revealed cells
	conOf         []int32 // per padded cell: its constraint, or -1
	conGroups     []int32
	groupCons     []int32
	cellCons      []conList
	order         []int32
	sizes         []int32
	cellArena     []int32
	parent        []int32
	compOf        []int32
	compSize      []int32
	compArena     []int32
	compConsN     []int32
	compConsArena []int32
	unc           []uint8 // findDead: uncertain hidden cells, padded (1 frontier, 2 floating)
}

// conList is the constraints on one frontier cell, ascending.
type conList struct {
	n  uint8
	at [8]int32
}

var problems = sync.Pool{New: func() any { return new(problem) }}

// resize returns buf with length n, zeroed, reusing its memory.
func resize[T any](buf []T, n int) []T {
	if cap(buf) < n {
		return make([]T, n, n+n/4)
	}
	buf = buf[:n]
	clear(buf)
	return buf
}

// around[c] is what a neighbour in state c adds to a count of flags (low
// nibble) and hidden cells (high nibble).
var around = func() (t [256]uint8) {
	t[Flag], t[Hidden] = 1, 16
	return t
}()

// grab returns buf with length n, reusing its memory, not zeroed.
func grab[T any](buf []T, n int) []T {
	if cap(buf) < n {
		return make([]T, n, n+n/4)
	}
	return buf[:n]
}

// buildProblem reads the constraints off the board. A number that cannot
// hold on its own (more flags around it than it says, or fewer hidden
// cells than it needs) is a conflict right away. The problem comes from a
// pool: release it when done.
func buildProblem(b *Board) (*problem, error) {
	p := problems.Get().(*problem)
	p.b = b
	w, h := b.Width, b.Height
	// A padded copy (a border of revealed cells all round) gives every
	// cell eight neighbours at fixed offsets.
	pw := w + 2
	p.pad = grab(p.pad, pw*(h+2))
	p.conOf = grab(p.conOf, pw*(h+2))
	for i := range p.conOf {
		p.conOf[i] = -1
	}
	clear(p.pad[:pw])
	clear(p.pad[(h+1)*pw:])
	for y := 1; y <= h; y++ {
		p.pad[y*pw], p.pad[y*pw+w+1] = 0, 0
	}
	flags, hiddenCells, revealed := 0, 0, 0
	for y := 0; y < h; y++ {
		copy(p.pad[(y+1)*pw+1:], b.Cells[y*w:(y+1)*w])
		for _, c := range b.Cells[y*w : (y+1)*w] {
			switch {
			case c == Flag:
				flags++
			case c == Hidden:
				hiddenCells++
			default:
				revealed++
			}
		}
	}
	p.minesLeft = b.Mines - flags
	toCell := func(x, y int) int32 { return int32((y-1)*w + x - 1) }
	// Every list is a window into one arena: a constraint has at most 8
	// groups, a group at most 8 constraints.
	p.cons = slices.Grow(p.cons[:0], revealed)
	p.conGroups = grab(p.conGroups, 8*revealed)
	// Row by row, with the rows above and below, so the neighbours are at
	// fixed places; around counts flags (low nibble) and hidden cells.
	for y := 1; y <= h; y++ {
		mid := p.pad[y*pw : (y+1)*pw]
		up := p.pad[(y-1)*pw : y*pw][:len(mid)]
		down := p.pad[(y+1)*pw : (y+2)*pw][:len(mid)]
		conRow := p.conOf[y*pw : (y+1)*pw][:len(mid)]
		for x := 1; x < len(mid)-1; x++ {
			c := mid[x]
			if !c.Revealed() {
				continue
			}
			n := around[up[x-1]] + around[up[x]] + around[up[x+1]] + around[mid[x-1]] +
				around[mid[x+1]] + around[down[x-1]] + around[down[x]] + around[down[x+1]]
			target, hidden := int(c)-int(n&15), int(n>>4)
			if target < 0 || target > hidden {
				err := p.conflict([]int32{toCell(x, y)})
				if target < 0 {
					// More flags than the number: a flag there is wrong,
					// and said so before a count of flags over the mines,
					// which names no place.
					err.Reason, err.Need, err.Left = ConflictFlagsAround, int(c), p.minesLeft
				} else {
					// Fewer squares around it than the number: a
					// flag is no cause, so none is named (or marked).
					err.Reason, err.Need, err.Room = ConflictTooFewAround, int(c), hidden+int(n&15)
					err.Flags = nil
				}
				p.release()
				return nil, err
			}
			if hidden == 0 {
				continue
			}
			ci := int32(len(p.cons))
			conRow[x] = ci
			p.cons = append(p.cons, constraint{cell: toCell(x, y), target: target, groups: p.conGroups[8*ci : 8*ci : 8*ci+8]})
		}
	}
	// The frontier: hidden cells with constraints. The neighbours are
	// read in board order, so each list is ascending.
	p.cellCons, p.order = p.cellCons[:0], p.order[:0]
	for y := 1; y <= h; y++ {
		mid := p.pad[y*pw : (y+1)*pw]
		cm := p.conOf[y*pw : (y+1)*pw][:len(mid)]
		cu := p.conOf[(y-1)*pw : y*pw][:len(mid)]
		cd := p.conOf[(y+1)*pw : (y+2)*pw][:len(mid)]
		for x := 1; x < len(mid)-1; x++ {
			if mid[x] != Hidden {
				continue
			}
			near := [8]int32{cu[x-1], cu[x], cu[x+1], cm[x-1], cm[x+1], cd[x-1], cd[x], cd[x+1]}
			var l conList
			for _, ci := range near {
				if ci >= 0 {
					l.at[l.n&7] = ci
					l.n++
				}
			}
			if l.n > 0 {
				p.order = append(p.order, toCell(x, y))
				p.cellCons = append(p.cellCons, l)
			}
		}
	}
	order := p.order
	p.cellGroup = grab(p.cellGroup, len(b.Cells))
	for i := range p.cellGroup {
		p.cellGroup[i] = -1
	}
	// Group the frontier cells by their constraint lists. A group with the
	// same constraints as a cell is among the groups of its first
	// constraint.
	p.groupCons = grab(p.groupCons, 8*len(order))
	p.groups = slices.Grow(p.groups[:0], len(order))
	p.sizes = p.sizes[:0]
	for k, cell := range order {
		l := &p.cellCons[k]
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
			window := p.groupCons[8*g : 8*g+int32(len(at))]
			copy(window, at)
			p.groups = append(p.groups, group{cons: window})
			p.sizes = append(p.sizes, 0)
			for _, ci := range at {
				p.cons[ci].groups = append(p.cons[ci].groups, g)
			}
		}
		p.sizes[g]++
		p.cellGroup[cell] = g
	}
	p.cellArena = grab(p.cellArena, len(order))
	at := int32(0)
	for g := range p.groups {
		p.groups[g].cells = p.cellArena[at : at : at+p.sizes[g]]
		at += p.sizes[g]
	}
	for _, cell := range order {
		g := p.cellGroup[cell]
		p.groups[g].cells = append(p.groups[g].cells, cell)
	}
	p.floating = hiddenCells - len(order)
	nc, ng := len(p.cons), len(p.groups)
	p.cIn, p.cTouched = resize(p.cIn, nc), resize(p.cTouched, nc)
	p.cFirst, p.cLast, p.cLeft = resize(p.cFirst, nc), resize(p.cLast, nc), resize(p.cLeft, nc)
	p.cSlot, p.gPos = resize(p.cSlot, nc), resize(p.gPos, ng)
	// Components: union-find over groups through constraints.
	p.parent = grab(p.parent, ng)
	parent := p.parent
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
	p.compOf = grab(p.compOf, ng)
	p.compSize = p.compSize[:0]
	for g := range p.groups {
		r := find(int32(g))
		if r == int32(g) {
			p.compOf[g] = int32(len(p.compSize))
			p.compSize = append(p.compSize, 0)
		} else {
			p.compOf[g] = p.compOf[r]
		}
		p.groups[g].comp = p.compOf[g]
		p.compSize[p.compOf[g]]++
	}
	p.compArena = grab(p.compArena, ng)
	p.comps = resize(p.comps, len(p.compSize))
	at = 0
	for c, n := range p.compSize {
		p.comps[c] = p.compArena[at : at : at+n]
		at += n
	}
	for g := range p.groups {
		c := p.compOf[g]
		p.comps[c] = append(p.comps[c], int32(g))
	}
	// Each component's constraints, ascending, the same way.
	p.compConsN = resize(p.compConsN, len(p.compSize))
	for _, c := range p.cons {
		p.compConsN[p.compOf[c.groups[0]]]++
	}
	p.compConsArena = grab(p.compConsArena, len(p.cons))
	p.compCons = resize(p.compCons, len(p.compSize))
	at = 0
	for c, n := range p.compConsN {
		p.compCons[c] = p.compConsArena[at : at : at+n]
		at += n
	}
	for ci, c := range p.cons {
		k := p.compOf[c.groups[0]]
		p.compCons[k] = append(p.compCons[k], int32(ci))
	}
	return p, nil
}

// release returns p to the pool; nothing may use it afterwards.
func (p *problem) release() {
	p.b = nil
	problems.Put(p)
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
	// In reading order, sorted as cell indices: a sort made for Point
	// would add its own ~20 KB of code to the module.
	at := make([]int, len(e.Cells))
	for k, c := range e.Cells {
		at[k] = p.b.Index(c)
	}
	slices.Sort(at)
	for k, i := range at {
		e.Cells[k] = p.b.Point(i)
	}
	return e
}
