package main

import (
	"flag"
	"fmt"
	"os"
	"runtime"
	"time"

	"kibitz/engine/guess"
)

// tableRows are the games the README compares strategies on: every secret
// where that is quick, a seeded sample of 400 for 10 digits.
var tableRows = []struct {
	preset, secrets string
}{
	{"1a2b-4", "all"},
	{"1a2b-3", "all"},
	{"science-3", "all"},
	{"mastermind", "all"},
	{"1a2b-10", "400"},
}

// runTable plays every strategy on every game of tableRows and prints a
// Markdown table: average and worst game length, and milliseconds per
// suggestion (median and slowest). Progress goes to stderr.
func runTable(args []string) error {
	fs := flag.NewFlagSet("table", flag.ExitOnError)
	seed := fs.Uint64("seed", 1, "seed for the secret samples and for Suggest")
	workers := fs.Int("workers", runtime.NumCPU(), "suggestions computed in parallel")
	only := fs.String("preset", "", "measure only this preset")
	fs.Parse(args)

	fmt.Println("| game | secrets | strategy | average | worst | ms/suggestion p50 | max |")
	fmt.Println("|---|---|---|---:|---:|---:|---:|")
	for _, row := range tableRows {
		if *only != "" && row.preset != *only {
			continue
		}
		rules, err := guess.PresetRules(row.preset)
		if err != nil {
			return err
		}
		secrets, err := pickSecrets(&rules, row.secrets, *seed)
		if err != nil {
			return err
		}
		for _, info := range guess.Strategies() {
			if info.ID == guess.StrategyPerfect {
				continue // its figures are a table of their own: bench guess -strategy perfect -objective O
			}
			start := time.Now()
			b, err := play(&rules, secrets, guess.SuggestOptions{Strategy: info.ID, Seed: *seed}, *workers, false)
			if err != nil {
				return fmt.Errorf("%s %s: %w", row.preset, info.ID, err)
			}
			s := b.summary(row.preset, string(info.ID), len(secrets), *workers, false)
			fmt.Fprintf(os.Stderr, "%s %s: %.4f / %d in %.0fs\n", row.preset, info.ID, s.Avg, s.Worst, time.Since(start).Seconds())
			fmt.Printf("| %s | %s | %s | %.4f | %d | %.3f | %.1f |\n", row.preset, row.secrets, info.ID, s.Avg, s.Worst, s.MsPerGuessP50, s.MsPerGuessMax)
		}
	}
	return nil
}
