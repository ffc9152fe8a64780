package mines

import (
	"context"
	"sort"
	"testing"
	"time"
)

// Benchmarks of the analysis on mid-game positions the auto-player meets
// on the standard levels, with frontiers of 4 to 36 cells:
//
//	go test ./engine/mines -run XXX -bench Analyze

// MidGamePositions plays games and returns up to n positions per level
// whose frontier is 4 to 36 cells, as the peer comparison uses them.
func benchPositions(tb testing.TB, level Level, n int) []*Board {
	var out []*Board
	for seed := uint64(1); len(out) < n; seed++ {
		playGame(tb, level, RuleSFAR, seed, func(b *Board) {
			if len(out) >= n {
				return
			}
			a, err := Analyze(context.Background(), b, Options{})
			if err == nil && a.Frontier >= 4 && a.Frontier <= 36 {
				out = append(out, b)
			}
		})
	}
	return out
}

func BenchmarkAnalyze(b *testing.B) {
	for _, level := range Levels {
		positions := benchPositions(b, level, 200)
		b.Run(level.ID, func(b *testing.B) {
			i := 0
			for b.Loop() {
				if _, err := Analyze(context.Background(), positions[i%len(positions)], Options{}); err != nil {
					b.Fatal(err)
				}
				i++
			}
		})
	}
}

// TestAnalyzeSpeed reports the median and the slowest analysis over the
// benchmark positions (run with -v). It asserts nothing about time, which
// depends on the machine; BenchmarkAnalyze is the measure.
func TestAnalyzeSpeed(t *testing.T) {
	if testing.Short() {
		t.Skip()
	}
	for _, level := range Levels {
		positions := benchPositions(t, level, 60)
		var times []time.Duration
		for _, p := range positions {
			start := time.Now()
			if _, err := Analyze(context.Background(), p, Options{}); err != nil {
				t.Fatal(err)
			}
			times = append(times, time.Since(start))
		}
		sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
		t.Logf("%s: %d positions, median %v, max %v", level.ID, len(times), times[len(times)/2], times[len(times)-1])
	}
}
