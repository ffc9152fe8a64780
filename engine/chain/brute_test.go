package chain

import (
	"context"
	"math/rand/v2"
	"testing"
)

// brute is an independent evaluator on the raw row: a bitmask of the
// objects present, every single and adjacent pair as a move, plain
// minimax with a memo. It knows nothing of groups, keys or Grundy values.
type brute struct {
	reverse bool
	memo    map[uint32][2]int // mask → (win 0/1, magnitude)
}

func (b *brute) eval(mask uint32) (win bool, m int) {
	if mask == 0 {
		return b.reverse, 0 // direct: the side to move has lost; reverse: won
	}
	if v, ok := b.memo[mask]; ok {
		return v[0] == 1, v[1]
	}
	bestWin, bestLoss := -1, -1
	for i := 0; i < 32; i++ {
		if mask&(1<<i) == 0 {
			continue
		}
		for _, take := range []uint32{1 << i, 3 << i} {
			if mask&take != take {
				continue
			}
			cw, cm := b.eval(mask &^ take)
			if !cw && (bestWin < 0 || cm+1 < bestWin) {
				bestWin = cm + 1
			}
			if cw && cm+1 > bestLoss {
				bestLoss = cm + 1
			}
		}
	}
	if bestWin >= 0 {
		win, m = true, bestWin
	} else {
		win, m = false, bestLoss
	}
	b.memo[mask] = [2]int{map[bool]int{false: 0, true: 1}[win], m}
	return
}

func (b *brute) value(mask uint32) int {
	if mask == 0 {
		return 0
	}
	w, m := b.eval(mask)
	if w {
		return m
	}
	return -m
}

// moveValues is every legal move's value for the mover, as Moves orders
// them (each index: single, then the pair starting there).
func (b *brute) moveValues(mask uint32, n int, single bool) []int {
	var out []int
	for i := 0; i < n; i++ {
		if mask&(1<<i) == 0 {
			continue
		}
		takes := []uint32{1 << i}
		if !single && i+1 < n && mask&(2<<i) != 0 {
			takes = append(takes, 3<<i)
		}
		for _, take := range takes {
			cw, cm := b.eval(mask &^ take)
			if cw {
				out = append(out, -(cm + 1))
			} else {
				out = append(out, cm+1)
			}
		}
	}
	return out
}

func rowOfMask(mask uint32, n int) Row {
	r := make(Row, n)
	for i := range r {
		r[i] = mask&(1<<i) != 0
	}
	return r
}

func TestAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, rev := range []bool{false, true} {
		b := &brute{reverse: rev, memo: map[uint32][2]int{}}
		s := NewSolver(rev)
		for trial := 0; trial < 400; trial++ {
			n := 1 + rng.IntN(16)
			mask := rng.Uint32() & (1<<n - 1)
			if trial%4 == 0 {
				mask = 1<<n - 1 // full rows too
			}
			row := rowOfMask(mask, n)
			single := trial%3 == 0
			want := b.moveValues(mask, n, single)
			moves, err := s.Moves(context.Background(), row, single)
			if err != nil {
				t.Fatal(err)
			}
			if len(moves) != len(want) {
				t.Fatalf("%s: %d moves, brute force %d", row, len(moves), len(want))
			}
			for i, mv := range moves {
				if mv.Value != want[i] {
					t.Fatalf("reverse=%v %s move %s: got %d, brute force %d", rev, row, mv.Move, mv.Value, want[i])
				}
			}
			if !single {
				// The position's value, through a fresh solver too.
				v, err := NewSolver(rev).Value(context.Background(), row.Position(), false)
				if err != nil {
					t.Fatal(err)
				}
				if v != b.value(mask) {
					t.Fatalf("reverse=%v %s: value %d, brute force %d", rev, row, v, b.value(mask))
				}
			}
		}
	}
}

// TestSeedTableBrute checks the brute force itself on the seed's table, so
// the two evaluators agree with the document independently.
func TestSeedTableBrute(t *testing.T) {
	for _, rev := range []bool{false, true} {
		b := &brute{reverse: rev, memo: map[uint32][2]int{}}
		for _, row := range seedTable[:14] {
			n := row[0]
			want := row[1]
			if rev {
				want = row[2]
			}
			best := 0
			for _, v := range b.moveValues(1<<n-1, n, true) {
				if best == 0 || better(v, best) {
					best = v
				}
			}
			if best != want {
				t.Errorf("brute N=%d reverse=%v: %d, want %d", n, rev, best, want)
			}
		}
	}
}
