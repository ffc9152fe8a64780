package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"maps"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"kibitz/engine/mines"
)

// runMines plays seeded Minesweeper games with the auto-player and prints
// the win rate with its 95% confidence interval, the guesses per game (moves
// taken at a risk), where the games were lost, and the time per move; with
// -positions it writes mid-game positions as .mine files instead (for
// comparing analysers):
//
//	go run ./scripts/bench mines -level expert -rule sfar -games 20000 -seed 1
//	go run ./scripts/bench mines -level expert -positions 200 -out /tmp/pos
//
// -record FILE writes one line per game (its seed, won or lost, guesses, and
// the risk and kind of the losing guess); -against FILE compares the run
// with such a record of the same seeds, game by game. Two versions of the
// player then differ only where a game flips, so the paired difference is
// far less noisy than two win rates apart:
//
//	go run ./scripts/bench mines -games 50000 -record /tmp/before.txt
//	(change the player)
//	go run ./scripts/bench mines -games 50000 -against /tmp/before.txt
//
// -first x,y sets the first click and -guess x,y the guess after it when
// the first click leaves no cell certainly safe: with -against, that
// measures where to click or guess first on the same games.
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
	firstGuess := fs.String("guess", "", "when the first click leaves no cell certainly safe, reveal x,y next (default: the auto-player's choice)")
	record := fs.String("record", "", "write one line per game to this file (seed, won, guesses, the losing guess's risk and kind)")
	against := fs.String("against", "", "compare game by game with a file -record wrote for the same seeds")
	fs.Parse(args)
	firstClick, err := pointFlag("first", *first)
	if err != nil {
		return err
	}
	forcedGuess, err := pointFlag("guess", *firstGuess)
	if err != nil {
		return err
	}
	level, ok := mines.LevelByID(*levelID)
	if !ok {
		if _, err := fmt.Sscanf(*levelID, "%dx%dx%d", &level.Width, &level.Height, &level.Mines); err != nil {
			return fmt.Errorf("-level: %q is not a level or WxHxM", *levelID)
		}
		level.ID = *levelID
	}
	if forcedGuess != nil && (forcedGuess.X < 0 || forcedGuess.Y < 0 || forcedGuess.X >= level.Width || forcedGuess.Y >= level.Height) {
		return fmt.Errorf("-guess: %d,%d is off the %dx%d board", forcedGuess.X, forcedGuess.Y, level.Width, level.Height)
	}
	if *positions > 0 {
		return writePositions(level, mines.Rule(*rule), *seed, *positions, *out)
	}

	type result struct {
		won     bool
		guesses int // moves taken at a risk
		last    mines.Move
		moves   []time.Duration
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
				askedGuess := false // -guess is for the move after the first click only
				for g.Status == mines.Playing {
					t := time.Now()
					var m mines.Move
					var err error
					if forcedGuess != nil && !askedGuess && g.Mine != nil {
						askedGuess = true
						m, err = guessAt(g, *forcedGuess)
					}
					if err == nil && m.Why == "" {
						m, _, err = g.AutoStep(context.Background(), mines.Options{})
					}
					if err != nil {
						mu.Lock()
						firstErr = fmt.Errorf("game %d: %v", i, err)
						mu.Unlock()
						return
					}
					r.moves = append(r.moves, time.Since(t))
					if m.Prob > 0 {
						r.guesses++
					}
					r.last = m
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
	wins, guesses := 0, 0
	var moves []time.Duration
	for _, r := range results {
		if r.won {
			wins++
		}
		guesses += r.guesses
		moves = append(moves, r.moves...)
	}
	records := make([]gameRecord, len(results))
	for i, r := range results {
		records[i] = gameRecord{seed: *seed + uint64(i), won: r.won, guesses: r.guesses}
		if !r.won {
			records[i].risk, records[i].why = r.last.Prob, string(r.last.Why)
		}
	}
	printLosses(records)
	if *record != "" {
		if err := writeRecords(*record, records); err != nil {
			return err
		}
	}
	if *against != "" {
		before, err := readRecords(*against)
		if err != nil {
			return err
		}
		if err := comparePaired(before, records); err != nil {
			return err
		}
	}
	slices.Sort(moves)
	n := float64(*games)
	p := float64(wins) / n
	ci := 1.96 * math.Sqrt(p*(1-p)/n)
	ms := func(d time.Duration) float64 { return math.Round(float64(d.Microseconds())) / 1000 }
	fmt.Printf("%s %s: %d of %d games won, %.2f%% ± %.2f%% (95%%), %.3f guesses per game, %d moves, %.1f s on %d workers\n",
		level.ID, *rule, wins, *games, 100*p, 100*ci, float64(guesses)/n, len(moves), time.Since(start).Seconds(), *workers)
	summary, _ := json.Marshal(map[string]any{
		"level": level.ID, "rule": *rule, "seed": *seed, "games": *games, "wins": wins,
		"winRate": math.Round(p*1e5) / 1e5, "ci95": math.Round(ci*1e5) / 1e5,
		"guessesPerGame": math.Round(float64(guesses)/n*1e4) / 1e4,
		"msPerMoveP50":   ms(moves[len(moves)/2]), "msPerMoveMax": ms(moves[len(moves)-1]),
	})
	fmt.Println(string(summary))
	return nil
}

// pointFlag reads a flag given as x,y; nil when it is not given.
func pointFlag(name, text string) (*mines.Point, error) {
	if text == "" {
		return nil, nil
	}
	var p mines.Point
	if _, err := fmt.Sscanf(text, "%d,%d", &p.X, &p.Y); err != nil {
		return nil, fmt.Errorf("-%s: %q is not x,y", name, text)
	}
	return &p, nil
}

// guessAt reveals p when the game's position leaves no cell certainly safe
// and p may still be safe: a guess forced, to compare where to guess on the
// same games (-guess). The move is empty when the position needs no guess
// or p is no choice (revealed, or a certain mine): the player then moves.
func guessAt(g *mines.Game, p mines.Point) (mines.Move, error) {
	a, err := mines.Analyze(context.Background(), g.View, mines.Options{})
	if err != nil || len(a.Safe) > 0 {
		return mines.Move{}, err
	}
	i := g.View.Index(p)
	if g.View.Cells[i] != mines.Hidden || a.Prob[i] >= 1 {
		return mines.Move{}, nil
	}
	m := mines.Move{Point: p, Action: mines.ActReveal, Prob: a.Prob[i], Why: "forced-by-bench"}
	_, err = g.Reveal(context.Background(), p)
	return m, err
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

// gameRecord is one game's line in a -record file.
type gameRecord struct {
	seed    uint64
	won     bool
	guesses int
	risk    float64 // the losing guess's chance of a mine
	why     string  // and why it was chosen
}

func writeRecords(name string, records []gameRecord) error {
	var sb strings.Builder
	for _, r := range records {
		result, why := "won", "-"
		if !r.won {
			result, why = "lost", r.why
		}
		fmt.Fprintf(&sb, "%d %s %d %.6f %s\n", r.seed, result, r.guesses, r.risk, why)
	}
	return os.WriteFile(name, []byte(sb.String()), 0o644)
}

func readRecords(name string) (map[uint64]gameRecord, error) {
	text, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	out := map[uint64]gameRecord{}
	for n, line := range strings.Split(strings.TrimSpace(string(text)), "\n") {
		var r gameRecord
		var result string
		if _, err := fmt.Sscanf(line, "%d %s %d %f %s", &r.seed, &result, &r.guesses, &r.risk, &r.why); err != nil {
			return nil, fmt.Errorf("%s, line %d: %v", name, n+1, err)
		}
		r.won = result == "won"
		out[r.seed] = r
	}
	return out, nil
}

// comparePaired prints how many games flipped between a record and this
// run, over the seeds both played, and the paired difference with its 95%
// interval: only the flips vary, so its variance is about their number.
func comparePaired(before map[uint64]gameRecord, after []gameRecord) error {
	n, gained, lost := 0, 0, 0
	for _, r := range after {
		b, ok := before[r.seed]
		if !ok {
			continue
		}
		n++
		switch {
		case r.won && !b.won:
			gained++
		case !r.won && b.won:
			lost++
		}
	}
	if n == 0 {
		return fmt.Errorf("-against: the record has none of these seeds")
	}
	diff := float64(gained-lost) / float64(n)
	ci := 1.96 * math.Sqrt(float64(gained+lost)-float64((gained-lost)*(gained-lost))/float64(n)) / float64(n)
	fmt.Printf("paired over %d games: %d loss→win, %d win→loss, %+.2f points ± %.2f (95%%)\n",
		n, gained, lost, 100*diff, 100*ci)
	return nil
}

// printLosses prints where the games were lost: the losing guess by kind
// and by risk.
func printLosses(records []gameRecord) {
	type bucket struct {
		label  string
		lo, hi float64
	}
	buckets := []bucket{{"<10%", 0, 0.1}, {"10-20%", 0.1, 0.2}, {"20-30%", 0.2, 0.3}, {"30-40%", 0.3, 0.4}, {"40-50%", 0.4, 0.4999}, {"50%", 0.4999, 0.5001}, {">50%", 0.5001, 2}}
	count := map[string]int{}
	byWhy := map[string]int{}
	losses := 0
	for _, r := range records {
		if r.won {
			continue
		}
		losses++
		byWhy[r.why]++
		for _, b := range buckets {
			if r.risk >= b.lo && r.risk < b.hi {
				count[b.label]++
			}
		}
	}
	if losses == 0 {
		return
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "losses %d: by risk", losses)
	for _, b := range buckets {
		fmt.Fprintf(&sb, " %s %d", b.label, count[b.label])
	}
	sb.WriteString("; by kind")
	for _, w := range slices.Sorted(maps.Keys(byWhy)) {
		fmt.Fprintf(&sb, " %s %d", w, byWhy[w])
	}
	fmt.Println(sb.String())
}
