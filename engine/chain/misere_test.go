package chain

import (
	"context"
	"runtime"
	"slices"
	"testing"
)

// TestMisereSignRule checks the reverse game's sign rule (misereSignKnown)
// where it is used: on every position the solver can hold. It builds the
// reverse table of the whole range twice, once with the rule and once
// reading every move of every position, and the two must agree byte for
// byte; it also checks the rule itself against the reference's signs, so
// that a failure names a position. Natively the range is the solver's
// limit of 80 cells (18 million positions, about 12 s); under js/wasm and
// -short it is 48 cells.
func TestMisereSignRule(t *testing.T) {
	cells := MaxCells
	if testing.Short() || runtime.GOARCH == "wasm" {
		cells = 48
	}
	row := NewPosition([]int{cells})
	fast, ref := NewSolver(true), NewSolver(true)
	ref.everyMove = true
	for _, s := range []*Solver{fast, ref} {
		if _, err := s.Value(context.Background(), row, true); err != nil {
			t.Fatal(err)
		}
	}
	if len(fast.vals) != len(ref.vals) {
		t.Fatalf("tables of %d and %d positions", len(fast.vals), len(ref.vals))
	}
	// The rule, position by position (the walk ranks as the table does).
	var groups []uint8 // descending
	asc := make([]uint8, 0, MaxCells)
	wrong := 0
	var walk func(maxG, wt int)
	walk = func(maxG, wt int) {
		if len(groups) > 0 {
			asc = append(asc[:0], groups...)
			slices.Reverse(asc)
			idx := ref.rk.rank(asc)
			x, tamers := uint8(0), 0
			for _, g := range groups {
				x ^= grundyOf[g]
				tamers += int(tamer[g])
			}
			if lost := ref.vals[idx] < 0; tamers > 0 && lost != (x == 0) && wrong < 5 {
				wrong++
				t.Errorf("groups %v: the rule says lost=%v, the reference %d", groups, x == 0, ref.vals[idx])
			}
		}
		for g := 1; g <= maxG && g+1 <= wt; g++ {
			groups = append(groups, uint8(g))
			walk(g, wt-g-1)
			groups = groups[:len(groups)-1]
		}
	}
	walk(cells, cells+1)
	for i := range ref.vals {
		if fast.vals[i] != ref.vals[i] {
			t.Fatalf("rank %d: %d with the rule, %d reading every move", i, fast.vals[i], ref.vals[i])
		}
	}
	if fast.fallbacks != 0 {
		t.Errorf("the rule failed visibly at %d positions (read every move there)", fast.fallbacks)
	}
}

// TestEveryMoveReference checks the reference path itself on the direct
// game, where the Grundy values decide the sign: reading every move must
// give the same table.
func TestEveryMoveReference(t *testing.T) {
	row := NewPosition([]int{40})
	fast, ref := NewSolver(false), NewSolver(false)
	ref.everyMove = true
	for _, s := range []*Solver{fast, ref} {
		if _, err := s.Value(context.Background(), row, true); err != nil {
			t.Fatal(err)
		}
	}
	for i := range ref.vals {
		if fast.vals[i] != ref.vals[i] {
			t.Fatalf("rank %d: %d pruned, %d reading every move", i, fast.vals[i], ref.vals[i])
		}
	}
}
