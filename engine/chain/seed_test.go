package chain

import (
	"context"
	"testing"
)

// The seed document's table: N, direct, reverse, with the first move
// restricted to one object.
var seedTable = [][3]int{
	{1, 1, -1}, {2, -2, 2}, {3, 3, -3}, {4, -4, -3}, {5, 5, 4}, {6, 5, -5}, {7, 7, 6}, {8, -8, -7},
	{9, 7, -7}, {10, 9, 8}, {11, 11, -9}, {12, -10, -9}, {13, 11, 10}, {14, -12, -11}, {15, 13, 12}, {16, -14, -13},
}

func TestSeedTable(t *testing.T) {
	for _, rev := range []bool{false, true} {
		s := NewSolver(rev)
		for _, row := range seedTable {
			want := row[1]
			if rev {
				want = row[2]
			}
			got, err := s.Value(context.Background(), NewPosition([]int{row[0]}), true)
			if err != nil {
				t.Fatal(err)
			}
			if got != want {
				t.Errorf("N=%d reverse=%v: got %d, want %d", row[0], rev, got, want)
			}
			// The same through a fresh solver and through Solve.
			a, err := NewSolver(rev).Solve(context.Background(), FullRow(row[0]), true)
			if err != nil {
				t.Fatal(err)
			}
			if a.Value != want {
				t.Errorf("Solve N=%d reverse=%v: got %d, want %d", row[0], rev, a.Value, want)
			}
		}
	}
}
