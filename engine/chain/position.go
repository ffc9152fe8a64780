package chain

import (
	"strconv"
	"strings"
)

// MaxCells is the longest canonical row (objects plus one gap between
// groups) the exact solver takes. Its table is one byte per position:
// p(81) = 18,004,327 bytes for a row of 80 (see Footprint), the bound a
// page states before it starts such a solve.
const MaxCells = 80

// keyCells is the longest canonical row Key packs: one bit per cell.
const keyCells = 64

// Position is a canonical multiset of group sizes: descending, all > 0.
// The empty position is the end of the game.
type Position []int

// NewPosition returns the canonical position of groups given in any order;
// zeros are dropped.
func NewPosition(groups []int) Position {
	p := make(Position, 0, len(groups))
	for _, g := range groups {
		if g > 0 {
			p = append(p, g)
		}
	}
	// Insertion sort: positions are short, and it keeps the wasm module
	// smaller than a generic sort.
	for i := 1; i < len(p); i++ {
		for j := i; j > 0 && p[j] > p[j-1]; j-- {
			p[j], p[j-1] = p[j-1], p[j]
		}
	}
	return p
}

// Total is the number of objects.
func (p Position) Total() int {
	s := 0
	for _, g := range p {
		s += g
	}
	return s
}

// Cells is the length of the canonical row: the objects and one gap
// between neighbouring groups.
func (p Position) Cells() int {
	if len(p) == 0 {
		return 0
	}
	return p.Total() + len(p) - 1
}

// Key packs the canonical row into a uint64 (bit set = object), the
// largest group in the highest bits. Two positions have the same key
// exactly when they are the same multiset. ok is false when the row is
// longer than 64 cells.
func (p Position) Key() (key uint64, ok bool) {
	if p.Cells() > keyCells {
		return 0, false
	}
	for _, g := range p {
		key = key<<uint(g+1) | (1<<uint(g) - 1)
	}
	return key, true
}

// FromKey is the inverse of Key.
func FromKey(key uint64) Position {
	var p Position
	for key != 0 {
		g := 0
		for key&1 == 1 {
			g++
			key >>= 1
		}
		p = append(p, g)
		key >>= 1
	}
	for i, j := 0, len(p)-1; i < j; i, j = i+1, j-1 {
		p[i], p[j] = p[j], p[i]
	}
	return p
}

// String writes the position as {4,3,1}; the empty position is {}.
func (p Position) String() string {
	var b strings.Builder
	b.WriteByte('{')
	for i, g := range p {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(g))
	}
	b.WriteByte('}')
	return b.String()
}

// Row lays the position out as a row, groups in canonical order.
func (p Position) Row() Row { return RowOf(p) }

// Row is a row as laid out on the table: true where an object is present.
// Moves are named by the indexes of a Row, so a front end can show exactly
// which objects go.
type Row []bool

// FullRow is the starting row of n objects.
func FullRow(n int) Row {
	r := make(Row, n)
	for i := range r {
		r[i] = true
	}
	return r
}

// RowOf lays groups out in the given order, one gap between neighbours.
func RowOf(groups []int) Row {
	var r Row
	for _, g := range groups {
		if g <= 0 {
			continue
		}
		if len(r) > 0 {
			r = append(r, false)
		}
		for range g {
			r = append(r, true)
		}
	}
	return r
}

// Groups lists the sizes of the row's groups from left to right.
func (r Row) Groups() []int {
	var gs []int
	run := 0
	for _, x := range r {
		if x {
			run++
		} else if run > 0 {
			gs = append(gs, run)
			run = 0
		}
	}
	if run > 0 {
		gs = append(gs, run)
	}
	return gs
}

// Position is the row's canonical multiset.
func (r Row) Position() Position { return NewPosition(r.Groups()) }

// Objects counts the objects left.
func (r Row) Objects() int {
	n := 0
	for _, x := range r {
		if x {
			n++
		}
	}
	return n
}

// String writes the row as X for an object and . for a gap.
func (r Row) String() string {
	b := make([]byte, len(r))
	for i, x := range r {
		if x {
			b[i] = 'X'
		} else {
			b[i] = '.'
		}
	}
	return string(b)
}

// A Move removes the object at index At of a row (0-based, gaps counted),
// and its right neighbour too when Two is set.
type Move struct {
	At  int
	Two bool
}

// Take lists the removed indexes.
func (m Move) Take() []int {
	if m.Two {
		return []int{m.At, m.At + 1}
	}
	return []int{m.At}
}

// String writes the move as its 0-based indexes: "4" or "4-5".
func (m Move) String() string {
	if m.Two {
		return strconv.Itoa(m.At) + "-" + strconv.Itoa(m.At+1)
	}
	return strconv.Itoa(m.At)
}

// Legal reports whether m can be played on r.
func (r Row) Legal(m Move, singleOnly bool) bool {
	if m.At < 0 || m.At >= len(r) || !r[m.At] {
		return false
	}
	if m.Two {
		return !singleOnly && m.At+1 < len(r) && r[m.At+1]
	}
	return true
}

// Moves lists every legal move in row order (for each index: the single,
// then the pair starting there).
func (r Row) Moves(singleOnly bool) []Move {
	var ms []Move
	for i, x := range r {
		if !x {
			continue
		}
		ms = append(ms, Move{At: i})
		if !singleOnly && i+1 < len(r) && r[i+1] {
			ms = append(ms, Move{At: i, Two: true})
		}
	}
	return ms
}

// Play returns the row after m (a new row; r is unchanged).
func (r Row) Play(m Move) Row {
	out := append(Row(nil), r...)
	out[m.At] = false
	if m.Two {
		out[m.At+1] = false
	}
	return out
}

// split describes a move on the multiset: a group of size G loses R
// objects (1 or 2) and leaves groups A and B (A ≤ B, either may be 0).
type split struct{ G, R, A, B int }

// splitOf names the multiset move a row move makes.
func (r Row) splitOf(m Move) split {
	lo := m.At
	for lo > 0 && r[lo-1] {
		lo--
	}
	hi := m.At
	for hi+1 < len(r) && r[hi+1] {
		hi++
	}
	g := hi - lo + 1
	rm := 1
	if m.Two {
		rm = 2
	}
	a := m.At - lo
	b := g - rm - a
	if a > b {
		a, b = b, a
	}
	return split{G: g, R: rm, A: a, B: b}
}

// apply plays a multiset move on p (which must hold a group of size s.G).
func (p Position) apply(s split) Position {
	out := make([]int, 0, len(p)+1)
	removed := false
	for _, g := range p {
		if g == s.G && !removed {
			removed = true
			continue
		}
		out = append(out, g)
	}
	out = append(out, s.A, s.B)
	return NewPosition(out)
}
