package chain

import (
	"context"
	"fmt"
	"testing"
)

// go test -bench . ./engine/chain: a fresh solver per iteration, the
// seed's question (a full row, first move restricted).
func BenchmarkValue(b *testing.B) {
	for _, n := range []int{16, 40, 60} {
		for _, rev := range []bool{false, true} {
			name := fmt.Sprintf("N=%d/direct", n)
			if rev {
				name = fmt.Sprintf("N=%d/reverse", n)
			}
			b.Run(name, func(b *testing.B) {
				for range b.N {
					if _, err := NewSolver(rev).Value(context.Background(), NewPosition([]int{n}), true); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkValueBig is the same past the old limit of 64 cells, up to the
// 18-million-position table of 80: go test -bench ValueBig -benchtime 1x.
func BenchmarkValueBig(b *testing.B) {
	for _, n := range []int{64, 72, 80} {
		for _, rev := range []bool{false, true} {
			b.Run(fmt.Sprintf("N=%d/%s", n, map[bool]string{false: "direct", true: "reverse"}[rev]), func(b *testing.B) {
				for range b.N {
					if _, err := NewSolver(rev).Value(context.Background(), NewPosition([]int{n}), true); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkSolve is chain.solve's work: every first move's value and the
// principal line.
func BenchmarkSolve(b *testing.B) {
	for _, n := range []int{16, 40} {
		b.Run(fmt.Sprintf("N=%d", n), func(b *testing.B) {
			for range b.N {
				if _, err := NewSolver(false).Solve(context.Background(), FullRow(n), true); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkOutcomeDirect100000(b *testing.B) {
	row := FullRow(100_000)
	for range b.N {
		OutcomeDirect(row, true)
	}
}
