//go:build !js && !wasm

package mines

import (
	"context"
	"syscall"
	"testing"
	"time"
)

func cpuNow() time.Duration {
	var r syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &r)
	return time.Duration(r.Utime.Nano() + r.Stime.Nano())
}

// TestAnalyzeCPU reports the CPU time per analysis (process user+system
// time, steadier than wall time on a shared machine) over the benchmark
// positions: go test ./engine/mines -run AnalyzeCPU -v
func TestAnalyzeCPU(t *testing.T) {
	if testing.Short() {
		t.Skip()
	}
	for _, level := range Levels {
		positions := benchPositions(t, level, 100)
		reps := 20
		start := cpuNow()
		for range reps {
			for _, p := range positions {
				if _, err := Analyze(context.Background(), p, Options{}); err != nil {
					t.Fatal(err)
				}
			}
		}
		t.Logf("%s: %v CPU per analysis (mean of %d)", level.ID, (cpuNow()-start)/time.Duration(reps*len(positions)), reps*len(positions))
	}
}
