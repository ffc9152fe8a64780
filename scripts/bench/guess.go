package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"kibitz/engine/guess"
)

// maxGuesses stops a game that does not converge (a strategy bug).
const maxGuesses = 60

func runGuess(args []string) error {
	fs := flag.NewFlagSet("guess", flag.ExitOnError)
	preset := fs.String("preset", "1a2b-4", "preset rules id")
	rulesFlag := fs.String("rules", "", "custom rules LENGTH:ALPHABET[:repeats], instead of -preset")
	strategy := fs.String("strategy", "best", "strategy id")
	objective := fs.String("objective", "", "strategy perfect: average, worst-then-average or fewest-worst")
	secretsFlag := fs.String("secrets", "all", `"all", or a number of secrets drawn with -seed`)
	seed := fs.Uint64("seed", 1, "seed for the secret sample and for Suggest")
	budget := fs.Duration("budget", 0, "Suggest budget (0 = the engine default)")
	workers := fs.Int("workers", runtime.NumCPU(), "suggestions computed in parallel")
	verbose := fs.Bool("v", false, "print every suggestion")
	fs.Parse(args)

	rules, name, err := parseRules(*preset, *rulesFlag)
	if err != nil {
		return err
	}
	secrets, err := pickSecrets(&rules, *secretsFlag, *seed)
	if err != nil {
		return err
	}
	b, err := play(&rules, secrets, guess.SuggestOptions{Strategy: guess.Strategy(*strategy), Budget: *budget, Seed: *seed, Objective: guess.Objective(*objective)}, *workers, *verbose)
	if err != nil {
		return err
	}
	label := *strategy
	if *objective != "" {
		label += " (" + *objective + ")"
	}
	return b.report(name, label, len(secrets), *workers)
}

// play runs the strategy against every secret and returns the tallies.
func play(rules *guess.Rules, secrets []guess.Code, opts guess.SuggestOptions, workers int, verbose bool) (*bench, error) {
	root, err := guess.NewPosition(context.Background(), rules, nil)
	if err != nil {
		return nil, err
	}
	b := &bench{
		rules:   rules,
		opts:    opts,
		verbose: verbose,
		depths:  map[int]int{},
		methods: map[string]int{},
	}
	start := time.Now()
	b.run(root, secrets, workers)
	b.wall = time.Since(start)
	return b, b.err
}

func parseRules(preset, custom string) (guess.Rules, string, error) {
	if custom == "" {
		r, err := guess.PresetRules(preset)
		return r, preset, err
	}
	parts := strings.Split(custom, ":")
	if len(parts) < 2 || len(parts) > 3 {
		return guess.Rules{}, "", fmt.Errorf("-rules wants LENGTH:ALPHABET[:repeats], not %q", custom)
	}
	n, err := strconv.Atoi(parts[0])
	if err != nil {
		return guess.Rules{}, "", fmt.Errorf("-rules: bad length %q", parts[0])
	}
	r := guess.Rules{Length: n, Alphabet: parts[1], Repeats: len(parts) == 3 && parts[2] == "repeats"}
	if err := r.Validate(); err != nil {
		return guess.Rules{}, "", err
	}
	return r, custom, nil
}

// pickSecrets returns every code, or n distinct codes drawn with seed.
func pickSecrets(r *guess.Rules, spec string, seed uint64) ([]guess.Code, error) {
	all, err := r.AllCodes()
	if err != nil {
		return nil, err
	}
	if spec == "all" {
		return all, nil
	}
	n, err := strconv.Atoi(spec)
	if err != nil || n <= 0 {
		return nil, fmt.Errorf(`-secrets wants "all" or a positive number, not %q`, spec)
	}
	if n >= len(all) {
		return all, nil
	}
	rng := rand.New(rand.NewPCG(seed, 0x73656372657473))
	for i := 0; i < n; i++ { // partial Fisher-Yates
		j := i + rng.IntN(len(all)-i)
		all[i], all[j] = all[j], all[i]
	}
	return slices.Clone(all[:n]), nil
}

// bench walks the strategy's game tree: at each node, one suggestion is
// computed for all the secrets that lead there, and the secrets are split by
// their feedback. The strategy is deterministic, so this is the same as
// playing each secret separately with the suggestions memoised by history.
type bench struct {
	rules   *guess.Rules
	opts    guess.SuggestOptions
	verbose bool

	mu          sync.Mutex
	depths      map[int]int // game length → secrets
	methods     map[string]int
	times       []time.Duration
	searched    []time.Duration // suggestions with at least 3 candidates and no book move
	incomplete  int
	err         error
	wall        time.Duration
	longestGame []guess.Turn
}

type node struct {
	pos     *guess.Position
	secrets []guess.Code
}

func (b *bench) run(root *guess.Position, secrets []guess.Code, workers int) {
	var (
		mu    sync.Mutex
		cond  = sync.NewCond(&mu)
		stack = []node{{root, secrets}}
		busy  int
	)
	var wg sync.WaitGroup
	for range max(workers, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				for len(stack) == 0 && busy > 0 {
					cond.Wait()
				}
				if len(stack) == 0 {
					mu.Unlock()
					cond.Broadcast()
					return
				}
				nd := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				busy++
				mu.Unlock()

				children := b.visit(nd)

				mu.Lock()
				stack = append(stack, children...)
				busy--
				mu.Unlock()
				cond.Broadcast()
			}
		}()
	}
	wg.Wait()
}

// visit suggests a guess at one node and returns the children to visit.
func (b *bench) visit(nd node) []node {
	ctx := context.Background()
	start := time.Now()
	s, err := guess.Suggest(ctx, nd.pos, b.opts)
	elapsed := time.Since(start)
	if err != nil {
		b.fail(err)
		return nil
	}
	depth := len(nd.pos.Turns) + 1
	if b.verbose {
		var hist []string
		for _, t := range nd.pos.Turns {
			hist = append(hist, b.rules.Format(t.Guess)+" "+t.Feedback.String())
		}
		fmt.Printf("%s | %s %s n=%d secrets=%d H=%.3f %.1fms\n", strings.Join(hist, ", "), b.rules.Format(s.Guess), s.Explanation.Method, len(nd.pos.Candidates), len(nd.secrets), s.Explanation.Entropy, float64(elapsed.Microseconds())/1000)
	}
	groups := map[guess.Feedback][]guess.Code{}
	var order []guess.Feedback
	won := 0
	for _, secret := range nd.secrets {
		f := b.rules.Score(secret, s.Guess)
		if b.rules.Won(f) {
			won++
			continue
		}
		if _, ok := groups[f]; !ok {
			order = append(order, f)
		}
		groups[f] = append(groups[f], secret)
	}
	b.mu.Lock()
	b.times = append(b.times, elapsed)
	if len(nd.pos.Candidates) >= 3 && s.Explanation.Method != "book" {
		b.searched = append(b.searched, elapsed)
	}
	b.methods[s.Explanation.Method]++
	if !s.Explanation.Complete {
		b.incomplete++
	}
	if won > 0 {
		b.depths[depth] += won
	}
	b.mu.Unlock()
	if len(order) > 0 && depth >= maxGuesses {
		b.fail(fmt.Errorf("no win after %d guesses: %s", depth, b.rules.FormatHistory(nd.pos.Turns)))
		return nil
	}
	var children []node
	for _, f := range order {
		child, err := nd.pos.Play(ctx, s.Guess, f)
		if err != nil {
			b.fail(err)
			return nil
		}
		// Play filters in place inside a copy of the parent's list; keep
		// only what is needed.
		child.Candidates = slices.Clone(child.Candidates)
		children = append(children, node{child, groups[f]})
	}
	return children
}

func (b *bench) fail(err error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.err == nil {
		b.err = err
	}
}

type summary struct {
	Preset        string         `json:"preset"`
	Strategy      string         `json:"strategy"`
	Games         int            `json:"games"`
	Avg           float64        `json:"avg"`
	CI95          float64        `json:"ci95,omitempty"` // the average's 95% interval, ±, when the secrets are a sample
	Worst         int            `json:"worst"`
	Distribution  map[string]int `json:"distribution"`
	Suggestions   int            `json:"suggestions"`
	Incomplete    int            `json:"incomplete"`
	MsPerGuessP50 float64        `json:"msPerGuessP50"`
	MsPerGuessP90 float64        `json:"msPerGuessP90"`
	MsPerGuessMax float64        `json:"msPerGuessMax"`
	Searched      int            `json:"searched"` // suggestions with at least 3 candidates, not from the book
	MsSearchedP50 float64        `json:"msSearchedP50"`
	MsSearchedP90 float64        `json:"msSearchedP90"`
	Methods       map[string]int `json:"methods"`
	Seed          uint64         `json:"seed"`
	WallSeconds   float64        `json:"wallSeconds"`
}

// summary tallies the games; with print, it also writes the distribution.
func (b *bench) summary(name, strategy string, games, workers int, print bool) summary {
	total, worst := 0, 0
	dist := map[string]int{}
	var lengths []int
	for d := range b.depths {
		lengths = append(lengths, d)
	}
	sort.Ints(lengths)
	if print {
		fmt.Printf("%s, strategy %s, %d secrets (%d workers); each distinct history is suggested once: the strategy is deterministic, so identical histories get identical suggestions\n", name, strategy, games, workers)
	}
	for _, d := range lengths {
		k := b.depths[d]
		total += d * k
		worst = max(worst, d)
		dist[strconv.Itoa(d)] = k
		if print {
			fmt.Printf("  %2d guesses: %6d  %s\n", d, k, strings.Repeat("#", (k*60+games-1)/games))
		}
	}
	slices.Sort(b.times)
	slices.Sort(b.searched)
	quantile := func(times []time.Duration, q float64) float64 {
		if len(times) == 0 {
			return 0
		}
		i := min(int(q*float64(len(times))), len(times)-1)
		return float64(times[i].Microseconds()) / 1000
	}
	ms := func(q float64) float64 { return quantile(b.times, q) }
	avg := float64(total) / float64(games)
	ci95 := 0.0
	if int64(games) < b.rules.Size() && games > 1 {
		// A sample of secrets: the normal interval of its mean length.
		sq := 0.0
		for d, k := range b.depths {
			sq += float64(k) * (float64(d) - avg) * (float64(d) - avg)
		}
		ci95 = 1.96 * math.Sqrt(sq/float64(games-1)/float64(games))
	}
	s := summary{
		Preset: name, Strategy: strategy, Games: games,
		Avg: avg, CI95: ci95, Worst: worst, Distribution: dist,
		Suggestions: len(b.times), Incomplete: b.incomplete,
		MsPerGuessP50: ms(0.5), MsPerGuessP90: ms(0.9), MsPerGuessMax: ms(1),
		Searched: len(b.searched), MsSearchedP50: quantile(b.searched, 0.5), MsSearchedP90: quantile(b.searched, 0.9),
		Methods: b.methods, Seed: b.opts.Seed, WallSeconds: b.wall.Seconds(),
	}
	return s
}

// report prints the summary for people, then as one line of JSON.
func (b *bench) report(name, strategy string, games, workers int) error {
	s := b.summary(name, strategy, games, workers, true)
	interval := ""
	if s.CI95 > 0 {
		interval = fmt.Sprintf(" ± %.4f (95%%, over a sample of secrets)", s.CI95)
	}
	fmt.Printf("average %.4f%s guesses (%d in all), worst %d (%d secrets)\n", s.Avg, interval, int(s.Avg*float64(s.Games)+0.5), s.Worst, s.Distribution[strconv.Itoa(s.Worst)])
	fmt.Printf("%d suggestions (%d cut short by the budget), ms per suggestion: p50 %.2f, p90 %.2f, max %.2f; wall %.1fs\n",
		s.Suggestions, s.Incomplete, s.MsPerGuessP50, s.MsPerGuessP90, s.MsPerGuessMax, s.WallSeconds)
	fmt.Printf("%d of them searched (3+ candidates, no book move): p50 %.2f ms, p90 %.2f ms\n", s.Searched, s.MsSearchedP50, s.MsSearchedP90)
	fmt.Printf("methods: %v\n", b.methods)
	out, err := json.Marshal(s)
	if err != nil {
		return err
	}
	fmt.Println(string(out))
	return nil
}
