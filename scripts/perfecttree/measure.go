package main

import (
	"context"
	"flag"
	"fmt"
	"time"

	"kibitz/engine/guess"
)

// variants are the perfect search with each technique switched off in
// turn, and the plainest search (no symmetry, no de-duplication, no
// obvious guess, no memo), to measure what each is worth.
var variants = []struct {
	name string
	tech guess.Techniques
}{
	{"all techniques", guess.Techniques{}},
	{"no position permutations", guess.Techniques{NoPositions: true}},
	{"no symmetry at all", guess.Techniques{NoPositions: true, NoSymbols: true}},
	{"no partition de-duplication", guess.Techniques{NoDedup: true}},
	{"no obvious-guess rule", guess.Techniques{NoObvious: true}},
	{"counting bound off (1 per secret)", guess.Techniques{NoBounds: true}},
	{"memo on sets as they are", guess.Techniques{NoCanonical: true}},
	{"no memo", guess.Techniques{NoMemo: true}},
}

func runMeasure(args []string) error {
	fs := flag.NewFlagSet("measure", flag.ExitOnError)
	preset := fs.String("preset", "numeron", "preset rules id")
	objective := fs.String("objective", "average", "average, worst-then-average or fewest-worst")
	only := fs.String("only", "", "run only the variant with this name")
	limit := fs.Duration("timeout", 10*time.Minute, "give up a variant after this long")
	fs.Parse(args)
	r, err := guess.PresetRules(*preset)
	if err != nil {
		return err
	}
	root, err := guess.NewPosition(context.Background(), &r, nil)
	if err != nil {
		return err
	}
	fmt.Printf("| %s, %s | total | worst | at worst | seconds | nodes | guesses scored | tried | de-duplicated | obvious | memo hits |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n", *preset, *objective)
	for _, v := range variants {
		if *only != "" && v.name != *only {
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), *limit)
		start := time.Now()
		t, err := guess.SolvePerfect(ctx, root, guess.PerfectOptions{Objective: guess.Objective(*objective), Techniques: v.tech})
		cancel()
		if err != nil {
			fmt.Printf("| %s | — | — | — | > %.0f | %v |\n", v.name, limit.Seconds(), err)
			continue
		}
		p, s := t.Proof, t.Proof.Stats
		fmt.Printf("| %s | %d | %d | %d | %.2f | %d | %d | %d | %d | %d | %d |\n", v.name, p.Total, p.Worst, p.AtWorst, time.Since(start).Seconds(),
			s.Nodes, s.Evaluated, s.Tried, s.Deduped, s.Obvious, s.MemoHits)
	}
	return nil
}
