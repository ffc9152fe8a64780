package mines

import "fmt"

// Cell is the state of one square as the player sees it: a revealed number
// 0–8, Hidden or Flag.
type Cell uint8

const (
	Hidden Cell = 9  // not revealed, not flagged
	Flag   Cell = 10 // marked as a mine; the analysis takes it as one
)

// Revealed reports whether the cell shows a number.
func (c Cell) Revealed() bool { return c <= 8 }

// MaxSide is the largest width or height a board may have.
const MaxSide = 256

// Point is a cell's column X and row Y, both 0-based from the top left.
type Point struct {
	X int `json:"x"`
	Y int `json:"y"`
}

func (p Point) String() string { return fmt.Sprintf("(%d,%d)", p.X, p.Y) }

// Board is a position: the cells in row-major order and the total number
// of mines on the board, flagged ones included.
type Board struct {
	Width, Height int
	Mines         int
	Cells         []Cell
}

// NewBoard returns a board with every cell hidden.
func NewBoard(width, height, mines int) (*Board, error) {
	if width < 1 || height < 1 || width > MaxSide || height > MaxSide {
		return nil, &InputError{Field: "size", Line: -1, Col: -1, Reason: ReasonSizeRange, Want: MaxSide,
			Msg: fmt.Sprintf("a board is 1 to %d cells wide and high, not %dx%d", MaxSide, width, height)}
	}
	if mines < 0 || mines > width*height {
		return nil, &InputError{Field: "mines", Line: -1, Col: -1, Reason: ReasonMineRange, Want: width * height,
			Msg: fmt.Sprintf("a %dx%d board holds 0 to %d mines, not %d", width, height, width*height, mines)}
	}
	b := &Board{Width: width, Height: height, Mines: mines, Cells: make([]Cell, width*height)}
	for i := range b.Cells {
		b.Cells[i] = Hidden
	}
	return b, nil
}

// Clone returns a copy that shares nothing with b.
func (b *Board) Clone() *Board {
	c := *b
	c.Cells = append([]Cell(nil), b.Cells...)
	return &c
}

// In reports whether (x, y) is on the board.
func (b *Board) In(x, y int) bool { return x >= 0 && y >= 0 && x < b.Width && y < b.Height }

// At returns the cell at (x, y), which must be on the board.
func (b *Board) At(x, y int) Cell { return b.Cells[y*b.Width+x] }

// Set changes the cell at (x, y).
func (b *Board) Set(x, y int, c Cell) { b.Cells[y*b.Width+x] = c }

// Index returns the position of (x, y) in Cells.
func (b *Board) Index(p Point) int { return p.Y*b.Width + p.X }

// Point returns the coordinates of Cells[i].
func (b *Board) Point(i int) Point { return Point{i % b.Width, i / b.Width} }

// Neighbours appends the indices of the up to eight cells around cell i
// to buf and returns it.
func (b *Board) Neighbours(i int, buf []int) []int {
	w := b.Width
	x, y := i%w, i/w
	if x > 0 && y > 0 && x < w-1 && y < b.Height-1 {
		return append(buf, i-w-1, i-w, i-w+1, i-1, i+1, i+w-1, i+w, i+w+1)
	}
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			if (dx != 0 || dy != 0) && b.In(x+dx, y+dy) {
				buf = append(buf, (y+dy)*w+x+dx)
			}
		}
	}
	return buf
}

// Count returns how many cells are in state c.
func (b *Board) Count(c Cell) int {
	n := 0
	for _, x := range b.Cells {
		if x == c {
			n++
		}
	}
	return n
}
