package guess

import (
	"cmp"
	"context"
	"math"
	"slices"
	"testing"
)

// position builds a position from a history, or from a bare list of
// candidates (the strategies only look at the candidates and the symbols
// used).
func position(t testing.TB, r *Rules, history ...string) *Position {
	t.Helper()
	var turns []Turn
	for i := 0; i+1 < len(history); i += 2 {
		f, err := r.ParseFeedback(history[i+1])
		if err != nil {
			t.Fatal(err)
		}
		turns = append(turns, Turn{Guess: mustCode(t, r, history[i]), Feedback: f})
	}
	p, err := NewPosition(context.Background(), r, turns)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func suggest(t testing.TB, p *Position, s Strategy) Suggestion {
	t.Helper()
	got, err := Suggest(context.Background(), p, SuggestOptions{Strategy: s, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// The paper's worked example of 次數分析法. Its figures 2–4 rank the
// candidates 782, 872, 951 and 436 (the text prints the last one as 463,
// but the ranks and weights are those of 436): weights 7, 7, 8 and 5, so
// 436 is the guess. With 463 itself the weights are 7, 7, 7 and 6.
func TestFrequencyPaperExample(t *testing.T) {
	r := mustRules(t, "science-3")
	for _, tc := range []struct {
		candidates []string
		weights    []int
		want       string
	}{
		{[]string{"782", "872", "951", "436"}, []int{7, 7, 8, 5}, "436"},
		{[]string{"782", "872", "951", "463"}, []int{7, 7, 7, 6}, "463"},
	} {
		p := &Position{Rules: &r}
		for _, c := range tc.candidates {
			p.Candidates = append(p.Candidates, mustCode(t, &r, c))
		}
		ranks := frequencyRanks(p.Candidates, r.Length, r.Symbols(), nil)
		for i, c := range p.Candidates {
			if w := frequencyWeight(&ranks, c, r.Length); w != tc.weights[i] {
				t.Errorf("%v: weight of %s is %d, want %d", tc.candidates, r.Format(c), w, tc.weights[i])
			}
		}
		if got := suggest(t, p, StrategyFrequency); r.Format(got.Guess) != tc.want {
			t.Errorf("%v: frequency picks %s, want %s", tc.candidates, r.Format(got.Guess), tc.want)
		}
	}
}

// bruteForce scores every code of the rules against the candidates.
func bruteForce(r *Rules, candidates []Code) map[Code][]int {
	all, _ := r.AllCodes()
	out := map[Code][]int{}
	for _, g := range all {
		counts := map[Feedback]int{}
		for _, c := range candidates {
			counts[slowScore(r, c, g)]++
		}
		var sizes []int
		for _, k := range counts {
			sizes = append(sizes, k)
		}
		slices.SortFunc(sizes, func(a, b int) int { return b - a })
		out[g] = sizes
	}
	return out
}

func isIn(c Code, list []Code) bool { return slices.Contains(list, c) }

// The one-step strategies pick what their definitions say, checked by brute
// force over every code on small positions, with ties going to a candidate.
func TestGreedyStrategiesMatchBruteForce(t *testing.T) {
	metrics := map[Strategy]func(sizes []int) float64{
		StrategyMinimax: func(s []int) float64 { return float64(s[0]) },
		StrategyExpected: func(s []int) float64 {
			x := 0
			for _, k := range s {
				x += k * k
			}
			return float64(x)
		},
		StrategyEntropy: func(s []int) float64 {
			x := 0.0
			for _, k := range s {
				x += float64(k) * math.Log2(float64(k))
			}
			return x
		},
		StrategyParts: func(s []int) float64 { return -float64(len(s)) },
	}
	lexLess := func(a, b []int) int { return slices.Compare(a, b) }
	r3 := mustRules(t, "science-3")
	mm := mustRules(t, "mastermind")
	small := Rules{Length: 3, Alphabet: "ABCDE", Repeats: true}
	if err := small.Validate(); err != nil {
		t.Fatal(err)
	}
	positions := []*Position{
		position(t, &r3, "123", "0A1B"),
		position(t, &r3, "123", "1A0B", "456", "0A1B"),
		position(t, &r3, "159", "0A2B", "357", "1A0B"),
		position(t, &mm, "1122", "1A1B"),
		position(t, &mm, "1234", "0A2B", "5612", "1A0B"),
		position(t, &small, "AAB", "1A0B"),
		position(t, &small, "ABC", "0A1B"),
	}
	for _, p := range positions {
		r := p.Rules
		brute := bruteForce(r, p.Candidates)
		for s, metric := range metrics {
			got := suggest(t, p, s)
			best := math.Inf(1)
			for _, sizes := range brute {
				best = min(best, metric(sizes))
			}
			bestIsCand := false
			for g, sizes := range brute {
				bestIsCand = bestIsCand || metric(sizes) == best && isIn(g, p.Candidates)
			}
			if m := metric(brute[got.Guess]); m != best {
				t.Errorf("%s after %s: %s scores %v, best is %v", s, r.FormatHistory(p.Turns), r.Format(got.Guess), m, best)
			}
			if bestIsCand && !isIn(got.Guess, p.Candidates) {
				t.Errorf("%s after %s: a candidate ties for best but %s is not one", s, r.FormatHistory(p.Turns), r.Format(got.Guess))
			}
		}
		// super: the smallest sorted histogram, lexicographically.
		got := suggest(t, p, StrategySuper)
		var smallest []int
		candTies := false
		for g, sizes := range brute {
			c := -1
			if smallest != nil {
				c = lexLess(sizes, smallest)
			}
			if c < 0 {
				smallest, candTies = sizes, isIn(g, p.Candidates)
			} else if c == 0 && isIn(g, p.Candidates) {
				candTies = true
			}
		}
		if !slices.Equal(brute[got.Guess], smallest) {
			t.Errorf("super after %s: %s has %v, smallest is %v", r.FormatHistory(p.Turns), r.Format(got.Guess), brute[got.Guess], smallest)
		}
		if candTies && !isIn(got.Guess, p.Candidates) {
			t.Errorf("super after %s: a candidate ties but %s is not one", r.FormatHistory(p.Turns), r.Format(got.Guess))
		}
	}
}

// Super's rule on the paper's own illustration: of two splits with the
// same largest class, the one whose second class is smaller wins.
func TestSuperComparesWholeHistogram(t *testing.T) {
	rk := &ranker{kind: StrategySuper}
	a := pick{nsort: 3, sorted: [numClasses]int32{4, 3, 1}}
	b := pick{nsort: 4, sorted: [numClasses]int32{4, 2, 1, 1}}
	if rk.compare(&b, &a) >= 0 || rk.compare(&a, &b) <= 0 {
		t.Error("(4,2,1,1) must beat (4,3,1)")
	}
	c := b
	c.isCand = true
	if rk.compare(&c, &b) >= 0 {
		t.Error("a candidate must win a tie")
	}
}

func TestRandomPicksCandidatesBySeed(t *testing.T) {
	r := mustRules(t, "1a2b-4")
	p := position(t, &r, "0123", "1A1B")
	seen := map[Code]bool{}
	for seed := uint64(0); seed < 20; seed++ {
		a, _ := Suggest(context.Background(), p, SuggestOptions{Strategy: StrategyRandom, Seed: seed})
		b, _ := Suggest(context.Background(), p, SuggestOptions{Strategy: StrategyRandom, Seed: seed})
		if a.Guess != b.Guess {
			t.Fatalf("seed %d: %s then %s", seed, r.Format(a.Guess), r.Format(b.Guess))
		}
		if !isIn(a.Guess, p.Candidates) || !a.Explanation.IsCandidate {
			t.Fatalf("seed %d: %s is not a candidate", seed, r.Format(a.Guess))
		}
		seen[a.Guess] = true
	}
	if len(seen) < 10 {
		t.Errorf("20 seeds gave only %d different guesses", len(seen))
	}
}

// Frequency picks candidates only, and so does random; the others may
// pick any code but prefer a candidate on a tie.
func TestFrequencyPicksCandidate(t *testing.T) {
	r := mustRules(t, "1a2b-4")
	p := position(t, &r, "0123", "0A2B", "4561", "1A1B")
	got := suggest(t, p, StrategyFrequency)
	if !isIn(got.Guess, p.Candidates) {
		t.Fatalf("frequency picked %s, not a candidate", r.Format(got.Guess))
	}
	ranks := frequencyRanks(p.Candidates, r.Length, r.Symbols(), nil)
	w := frequencyWeight(&ranks, got.Guess, r.Length)
	for _, c := range p.Candidates {
		if frequencyWeight(&ranks, c, r.Length) < w {
			t.Fatalf("%s is lighter than the pick %s", r.Format(c), r.Format(got.Guess))
		}
	}
}

func TestStrategiesList(t *testing.T) {
	list := Strategies()
	ids := map[Strategy]bool{}
	for _, s := range list {
		if s.Description == "" || ids[s.ID] {
			t.Errorf("bad entry %+v", s)
		}
		ids[s.ID] = true
	}
	for _, s := range []Strategy{StrategyRandom, StrategyFrequency, StrategySuper, StrategyMinimax, StrategyExpected, StrategyEntropy, StrategyParts, StrategyBest} {
		if !ids[s] {
			t.Errorf("%s missing from Strategies", s)
		}
	}
	slices.SortFunc(list, func(a, b StrategyInfo) int { return cmp.Compare(a.ID, b.ID) })
}
