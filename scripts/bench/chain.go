package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"runtime"
	"time"

	"kibitz/engine/chain"
)

// runChain solves the chain game's starting rows from..to, direct and
// reverse, each with a fresh solver (so each time is that row's alone), and
// prints one line per row, then a JSON summary.
//
//	go run ./scripts/bench chain -from 1 -to 60
func runChain(args []string) error {
	fs := flag.NewFlagSet("chain", flag.ExitOnError)
	from := fs.Int("from", 1, "first row length")
	to := fs.Int("to", 60, "last row length (at most 64)")
	rule := fs.Bool("rule", true, "the first move takes one object (the seed's rule)")
	shared := fs.Bool("shared", false, "one solver per game for the whole range (as chain.table does)")
	fs.Parse(args)

	type row struct {
		N                int     `json:"n"`
		Direct           int     `json:"direct"`
		Reverse          int     `json:"reverse"`
		DirectPositions  int64   `json:"directPositions"`
		ReversePositions int64   `json:"reversePositions"`
		DirectMs         float64 `json:"directMs"`
		ReverseMs        float64 `json:"reverseMs"`
		DirectCPUMs      float64 `json:"directCpuMs"` // CPU time: honest on a busy machine
		ReverseCPUMs     float64 `json:"reverseCpuMs"`
		Positions        int64   `json:"positions"` // p(n+1): every position the row can reach
		MemoryBytes      int     `json:"memoryBytes"`
	}
	var rows []row
	solvers := [2]*chain.Solver{chain.NewSolver(false), chain.NewSolver(true)}
	start := time.Now()
	fmt.Printf("%3s %8s %8s %12s %12s %10s %10s %10s %10s %10s\n", "N", "direct", "reverse", "dir. pos.", "rev. pos.", "dir. ms", "rev. ms", "dir. cpu", "rev. cpu", "memory")
	for n := *from; n <= *to; n++ {
		r := row{N: n, Positions: chain.Positions(n)}
		for i, rev := range []bool{false, true} {
			s := solvers[i]
			if !*shared {
				s = chain.NewSolver(rev)
			}
			before := s.PositionsSearched()
			t, c := time.Now(), cpuMs()
			v, err := s.Value(context.Background(), chain.NewPosition([]int{n}), *rule)
			if err != nil {
				return err
			}
			ms := float64(time.Since(t).Microseconds()) / 1000
			cpu := cpuMs() - c
			if rev {
				r.Reverse, r.ReversePositions, r.ReverseMs, r.ReverseCPUMs = v, s.PositionsSearched()-before, ms, cpu
			} else {
				r.Direct, r.DirectPositions, r.DirectMs, r.DirectCPUMs = v, s.PositionsSearched()-before, ms, cpu
			}
			r.MemoryBytes = max(r.MemoryBytes, s.MemoryBytes())
		}
		fmt.Printf("%3d %8d %8d %12d %12d %10.2f %10.2f %10.2f %10.2f %10d\n", n, r.Direct, r.Reverse, r.DirectPositions, r.ReversePositions, r.DirectMs, r.ReverseMs, r.DirectCPUMs, r.ReverseCPUMs, r.MemoryBytes)
		rows = append(rows, r)
	}
	var maxMs, maxCPU float64
	for _, r := range rows {
		maxMs = max(maxMs, r.DirectMs, r.ReverseMs)
		maxCPU = max(maxCPU, r.DirectCPUMs, r.ReverseCPUMs)
	}
	summary := map[string]any{
		"bench": "chain", "from": *from, "to": *to, "firstMoveSingle": *rule, "shared": *shared,
		"totalMs": float64(time.Since(start).Microseconds()) / 1000, "maxMs": maxMs, "maxCpuMs": maxCPU,
		"go": runtime.Version(), "goarch": runtime.GOARCH, "rows": rows,
	}
	out, err := json.Marshal(summary)
	if err != nil {
		return err
	}
	fmt.Println(string(out))
	return nil
}
