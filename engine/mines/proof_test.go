package mines

import (
	"slices"
	"testing"
)

// The numbers that prove a cell: the single numbers that settle it, step
// by step; or, when only the numbers together do, the cell's part of the
// frontier.
func TestProof(t *testing.T) {
	for _, c := range []struct {
		name, board string
		cell        Point
		want        []Point
		local       bool
	}{
		{"a 1 with one hidden neighbour", "3x2x1\nH10\n110\n", Point{0, 0}, []Point{{1, 0}}, true},
		{"a chain: the 0 clears two cells, and the 1 then has one left", "3x2x1\nHHH\n011\n", Point{2, 0}, []Point{{0, 1}, {1, 1}}, true},
		{"a 1-2-1 needs the numbers together", "3x2x2\nHHH\n121\n", Point{1, 0}, []Point{{0, 1}, {1, 1}, {2, 1}}, false},
	} {
		b, err := Parse(c.board)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		got, local := Proof(b, c.cell)
		if !slices.Equal(got, c.want) || local != c.local {
			t.Errorf("%s: Proof = %v (local %v), want %v (local %v)", c.name, got, local, c.want, c.local)
		}
	}
}
