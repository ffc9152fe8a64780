package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"time"

	"kibitz/engine/mines"
)

// runMines plays seeded Minesweeper games with the auto-player and prints
// the win rate with its 95% confidence interval and the time per move;
// with -positions it writes mid-game positions as .mine files instead (for
// comparing analysers):
//
//	go run ./scripts/bench mines -level expert -rule sfar -games 20000 -seed 1
//	go run ./scripts/bench mines -level expert -positions 200 -out /tmp/pos
func runMines(args []string) error {
	fs := flag.NewFlagSet("mines", flag.ExitOnError)
	levelID := fs.String("level", "expert", "beginner, intermediate, expert, or WxHxM")
	rule := fs.String("rule", "sfar", "first-click rule: sfar, opening or noguess")
	games := fs.Int("games", 1000, "games to play")
	seed := fs.Uint64("seed", 1, "the first game's seed; game i uses seed+i")
	workers := fs.Int("workers", runtime.NumCPU(), "games played in parallel")
	positions := fs.Int("positions", 0, "instead of reporting, write this many mid-game positions (frontier 4-36 cells) to -out")
	out := fs.String("out", "", "directory for -positions")
	first := fs.String("first", "", "the first click as x,y (default: the auto-player's choice)")
	fs.Parse(args)
	var firstClick *mines.Point
	if *first != "" {
		var p mines.Point
		if _, err := fmt.Sscanf(*first, "%d,%d", &p.X, &p.Y); err != nil {
			return fmt.Errorf("-first: %q is not x,y", *first)
		}
		firstClick = &p
	}

	level, ok := mines.LevelByID(*levelID)
	if !ok {
		if _, err := fmt.Sscanf(*levelID, "%dx%dx%d", &level.Width, &level.Height, &level.Mines); err != nil {
			return fmt.Errorf("-level: %q is not a level or WxHxM", *levelID)
		}
		level.ID = *levelID
	}
	if *positions > 0 {
		return writePositions(level, mines.Rule(*rule), *seed, *positions, *out)
	}

	type result struct {
		won   bool
		moves []time.Duration
	}
	results := make([]result, *games)
	var next int
	var mu sync.Mutex
	var wg sync.WaitGroup
	var firstErr error
	start := time.Now()
	for range *workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				i := next
				next++
				mu.Unlock()
				if i >= *games {
					return
				}
				g, err := mines.NewGame(level.Width, level.Height, level.Mines, mines.Rule(*rule), *seed+uint64(i))
				if err != nil {
					mu.Lock()
					firstErr = err
					mu.Unlock()
					return
				}
				var r result
				if firstClick != nil {
					if _, err := g.Reveal(context.Background(), *firstClick); err != nil {
						mu.Lock()
						firstErr = fmt.Errorf("game %d: -first: %v", i, err)
						mu.Unlock()
						return
					}
				}
				for g.Status == mines.Playing {
					t := time.Now()
					if _, _, err := g.AutoStep(context.Background(), mines.Options{}); err != nil {
						mu.Lock()
						firstErr = fmt.Errorf("game %d: %v", i, err)
						mu.Unlock()
						return
					}
					r.moves = append(r.moves, time.Since(t))
				}
				r.won = g.Status == mines.Won
				results[i] = r
			}
		}()
	}
	wg.Wait()
	if firstErr != nil {
		return firstErr
	}
	wins := 0
	var moves []time.Duration
	for _, r := range results {
		if r.won {
			wins++
		}
		moves = append(moves, r.moves...)
	}
	slices.Sort(moves)
	n := float64(*games)
	p := float64(wins) / n
	ci := 1.96 * math.Sqrt(p*(1-p)/n)
	ms := func(d time.Duration) float64 { return math.Round(float64(d.Microseconds())) / 1000 }
	fmt.Printf("%s %s: %d of %d games won, %.2f%% ± %.2f%% (95%%), %d moves, %.1f s on %d workers\n",
		level.ID, *rule, wins, *games, 100*p, 100*ci, len(moves), time.Since(start).Seconds(), *workers)
	summary, _ := json.Marshal(map[string]any{
		"level": level.ID, "rule": *rule, "seed": *seed, "games": *games, "wins": wins,
		"winRate": math.Round(p*1e5) / 1e5, "ci95": math.Round(ci*1e5) / 1e5,
		"msPerMoveP50": ms(moves[len(moves)/2]), "msPerMoveMax": ms(moves[len(moves)-1]),
	})
	fmt.Println(string(summary))
	return nil
}

// writePositions plays games and saves positions the auto-player analyses
// whose frontier is 4 to 36 cells, at most one in five moves of a game so
// the set spreads over many games.
func writePositions(level mines.Level, rule mines.Rule, seed uint64, n int, dir string) error {
	if dir == "" {
		return fmt.Errorf("-positions needs -out")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	written := 0
	for s := seed; written < n; s++ {
		g, err := mines.NewGame(level.Width, level.Height, level.Mines, rule, s)
		if err != nil {
			return err
		}
		for move := 0; g.Status == mines.Playing && written < n; move++ {
			if g.Mine != nil && move%5 == 0 {
				a, err := mines.Analyze(context.Background(), g.View, mines.Options{})
				if err == nil && a.Frontier >= 4 && a.Frontier <= 36 {
					name := filepath.Join(dir, fmt.Sprintf("%s-%05d.mine", level.ID, written))
					if err := os.WriteFile(name, []byte(g.View.Format()), 0o644); err != nil {
						return err
					}
					written++
				}
			}
			if _, _, err := g.AutoStep(context.Background(), mines.Options{}); err != nil {
				return err
			}
		}
	}
	fmt.Printf("wrote %d positions to %s\n", written, dir)
	return nil
}
