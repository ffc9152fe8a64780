package guess

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"kibitz/engine/progress"
)

var allStrategies = []Strategy{StrategyRandom, StrategyFrequency, StrategySuper, StrategyMinimax, StrategyExpected, StrategyEntropy, StrategyParts, StrategyBest}

func TestSuggestUnknownStrategy(t *testing.T) {
	r := mustRules(t, "1a2b-4")
	_, err := Suggest(context.Background(), position(t, &r), SuggestOptions{Strategy: "clairvoyant"})
	var in *InputError
	if !errors.As(err, &in) || in.Field != "strategy" || in.Reason != ReasonBadValue {
		t.Fatalf("want an InputError on strategy, got %v", err)
	}
}

func TestSuggestOneCandidate(t *testing.T) {
	r := mustRules(t, "science-3")
	p := position(t, &r, "123", "0A0B", "456", "0A0B", "789", "3A0B")
	if len(p.Candidates) != 1 {
		t.Fatalf("%d candidates", len(p.Candidates))
	}
	for _, s := range allStrategies {
		got := suggest(t, p, s)
		if got.Guess != p.Candidates[0] || !got.Explanation.Complete || got.Explanation.Worst != 1 {
			t.Errorf("%s: %+v", s, got)
		}
	}
}

// The default strategy is best, and every strategy says who it is.
func TestSuggestDefaultsAndMethods(t *testing.T) {
	r := mustRules(t, "1a2b-4")
	p := position(t, &r, "0123", "1A1B", "4561", "0A2B")
	def, err := Suggest(context.Background(), p, SuggestOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if def.Explanation.Strategy != StrategyBest || def.Explanation.Method == "" || def.Explanation.ExpectedGuesses <= 1 {
		t.Errorf("default suggestion: %+v", def.Explanation)
	}
	for _, s := range allStrategies {
		got := suggest(t, p, s)
		ex := got.Explanation
		if ex.Strategy != s || !ex.Complete || ex.Evaluated < 1 || ex.Candidates != len(p.Candidates) {
			t.Errorf("%s: %+v", s, ex)
		}
		if s != StrategyBest && ex.Method != string(s) {
			t.Errorf("%s: method %q", s, ex.Method)
		}
		if !r.Valid(got.Guess) {
			t.Errorf("%s: invalid guess %x", s, uint64(got.Guess))
		}
	}
}

// The explanation is exact: checked against scoring every candidate
// plainly, for strategies' guesses and for arbitrary guesses.
func TestExplanationExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, id := range []string{"1a2b-4", "mastermind", "science-3", "1a2b-6"} {
		r := mustRules(t, id)
		p := position(t, &r)
		secret := randomCode(rng, &r)
		for range 3 {
			g := randomCode(rng, &r)
			var err error
			if p, err = p.Play(context.Background(), g, r.Score(secret, g)); err != nil {
				t.Fatal(err)
			}
			for _, s := range []Strategy{StrategyEntropy, StrategyBest, StrategyRandom} {
				got, err := Suggest(context.Background(), p, SuggestOptions{Strategy: s, Seed: 5})
				if err != nil {
					t.Fatal(err)
				}
				checkExplanation(t, &r, p.Candidates, got.Guess, got.Explanation)
			}
			other := randomCode(rng, &r)
			checkExplanation(t, &r, p.Candidates, other, r.Explain(p.Candidates, other))
		}
	}
}

func checkExplanation(t *testing.T, r *Rules, candidates []Code, g Code, ex Explanation) {
	t.Helper()
	counts := map[Feedback]int{}
	for _, c := range candidates {
		counts[slowScore(r, c, g)]++
	}
	if len(ex.Histogram) != len(counts) || ex.Parts != len(counts) || ex.Candidates != len(candidates) {
		t.Fatalf("%s: histogram %v, want %v", r.Format(g), ex.Histogram, counts)
	}
	n := float64(len(candidates))
	var sumSq, ent float64
	worst := 0
	for i, b := range ex.Histogram {
		if counts[b.Feedback] != b.Count {
			t.Fatalf("%s: %v has %d, want %d", r.Format(g), b.Feedback, b.Count, counts[b.Feedback])
		}
		if i > 0 {
			prev := ex.Histogram[i-1].Feedback
			if prev.A > b.Feedback.A || prev.A == b.Feedback.A && prev.B >= b.Feedback.B {
				t.Fatalf("histogram not in (A, B) order: %v", ex.Histogram)
			}
		}
		k := float64(b.Count)
		sumSq += k * k
		ent -= k / n * math.Log2(k/n)
		worst = max(worst, b.Count)
	}
	if math.Abs(ex.Expected-sumSq/n) > 1e-9 || ex.Worst != worst || math.Abs(ex.Entropy-ent) > 1e-9 {
		t.Fatalf("%s: figures %+v, want expected %v worst %d entropy %v", r.Format(g), ex, sumSq/n, worst, ent)
	}
	if ex.IsCandidate != isIn(g, candidates) {
		t.Fatalf("%s: isCandidate %v", r.Format(g), ex.IsCandidate)
	}
	// Left counts a win as no code left.
	left := sumSq / n
	if ex.IsCandidate {
		left = (sumSq - 1) / n
	}
	if math.Abs(ex.Left-left) > 1e-9 {
		t.Fatalf("%s: left %v, want %v (a win leaves none)", r.Format(g), ex.Left, left)
	}
}

func TestSuggestDeterministic(t *testing.T) {
	cases := []struct {
		id      string
		history []string
	}{
		{"1a2b-4", []string{"0123", "0A1B"}},
		{"mastermind", []string{"1122", "1A0B"}},
		{"1a2b-10", []string{"0123456789", "1A9B"}},
		{"1a2b-10", []string{"0123456789", "2A8B", "1032547698", "2A8B", "2301674589", "1A9B", "4567012389", "2A8B", "9876543210", "0A10B"}},
	}
	for _, tc := range cases {
		r := mustRules(t, tc.id)
		p := position(t, &r, tc.history...)
		for _, s := range allStrategies {
			opts := SuggestOptions{Strategy: s, Seed: 42, Budget: time.Minute}
			a, err := Suggest(context.Background(), p, opts)
			if err != nil {
				t.Fatal(err)
			}
			b, err := Suggest(context.Background(), p, opts)
			if err != nil {
				t.Fatal(err)
			}
			if a.Guess != b.Guess || a.Explanation.Evaluated != b.Explanation.Evaluated || !a.Explanation.Complete {
				t.Errorf("%s %s: %s (%+v) then %s (%+v)", tc.id, s, r.Format(a.Guess), a.Explanation, r.Format(b.Guess), b.Explanation)
			}
		}
	}
}

// A tiny budget on 10 digits of 10 returns quickly, marked incomplete.
func TestSuggestBudget(t *testing.T) {
	r := mustRules(t, "1a2b-10")
	p := position(t, &r, "0123456789", "1A9B")
	for _, s := range []Strategy{StrategyBest, StrategyEntropy, StrategySuper} {
		start := time.Now()
		got, err := Suggest(context.Background(), p, SuggestOptions{Strategy: s, Budget: time.Millisecond})
		elapsed := time.Since(start)
		if err != nil {
			t.Fatal(err)
		}
		if got.Explanation.Complete {
			t.Errorf("%s: complete within 1ms?", s)
		}
		if elapsed > 250*time.Millisecond {
			t.Errorf("%s: took %v with a 1ms budget", s, elapsed)
		}
		if !r.Valid(got.Guess) {
			t.Errorf("%s: invalid guess", s)
		}
		checkExplanation(t, &r, p.Candidates, got.Guess, got.Explanation)
	}
}

func TestSuggestCancel(t *testing.T) {
	r := mustRules(t, "1a2b-10")
	p := position(t, &r, "0123456789", "0A10B")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Suggest(ctx, p, SuggestOptions{}); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled before: got %v", err)
	}
	// Cancelled from inside, the way a browser worker sees a cancel
	// message when it yields in Progress.
	for _, s := range allStrategies {
		ctx, cancel := context.WithCancel(context.Background())
		calls := 0
		opts := SuggestOptions{Strategy: s, Progress: func(done, total int64, note string) {
			calls++
			cancel()
		}}
		_, err := Suggest(ctx, p, opts)
		if calls > 0 && !errors.Is(err, context.Canceled) {
			t.Errorf("%s: cancelled during the search: got %v", s, err)
		}
		if calls == 0 && s != StrategyRandom {
			t.Errorf("%s: no progress report on a million candidates", s)
		}
		cancel()
	}
}

// Progress comes often enough for a browser worker to stay responsive:
// never more than 100 ms of the search's own work without a report. The
// gaps are timed on the thread's CPU clock, where there is one, so that
// the pauses of a loaded machine do not count (on the wall clock they
// reached 195 ms with two other test runs on two cores).
func TestSuggestProgressCadence(t *testing.T) {
	r := mustRules(t, "1a2b-10")
	p := position(t, &r, "0123456789", "1A9B")
	clock, cpu := threadCPUClock(t)
	for _, s := range []Strategy{StrategyBest, StrategyEntropy, StrategyFrequency} {
		var last, gap time.Duration
		calls := 0
		start := clock()
		last = start
		_, err := Suggest(context.Background(), p, SuggestOptions{Strategy: s, Progress: func(done, total int64, note string) {
			now := clock()
			gap = max(gap, now-last)
			last = now
			calls++
			if note == "" || done < 0 || total > 0 && done > total {
				t.Errorf("%s: bad report %d/%d %q", s, done, total, note)
			}
		}})
		if err != nil {
			t.Fatal(err)
		}
		elapsed := clock() - start
		t.Logf("%s: %d reports in %v, longest gap %v (CPU time: %v)", s, calls, elapsed, gap, cpu)
		if cpu && elapsed > 20*time.Millisecond && gap > 100*time.Millisecond {
			t.Errorf("%s: %v of work without a progress report", s, gap)
		}
	}
}

func TestSuggestBadPosition(t *testing.T) {
	if _, err := Suggest(context.Background(), nil, SuggestOptions{}); err == nil {
		t.Error("nil position accepted")
	}
	r := mustRules(t, "1a2b-4")
	if _, err := Suggest(context.Background(), &Position{Rules: &r}, SuggestOptions{}); err == nil {
		t.Error("empty position accepted")
	}
}

// Without a Func in the options, Suggest reports to the one ctx carries.
func TestSuggestProgressFromContext(t *testing.T) {
	r := mustRules(t, "1a2b-10")
	p := position(t, &r, "0123456789", "1A9B")
	calls := 0
	ctx := progress.NewContext(context.Background(), func(done, total int64, note string) { calls++ })
	if _, err := Suggest(ctx, p, SuggestOptions{Strategy: StrategyEntropy}); err != nil {
		t.Fatal(err)
	}
	if calls == 0 {
		t.Error("no report through the context")
	}
}
