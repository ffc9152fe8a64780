package guess

import (
	"context"
	"math"
	"slices"
	"testing"
)

// The counted histogram of the first code equals the one found by scoring
// every code, on rules small and large.
func TestOpeningHistogramMatchesScoring(t *testing.T) {
	for _, r := range []Rules{
		{Length: 3, Alphabet: "01234"}, {Length: 4, Alphabet: "0123456789"}, {Length: 4, Alphabet: "0123"},
		{Length: 2, Alphabet: "0123456789ABCDEF"}, {Length: 6, Alphabet: "0123456789"}, {Length: 5, Alphabet: "0123456789AB"},
	} {
		if err := r.Validate(); err != nil {
			t.Fatal(err)
		}
		codes, err := r.AllCodes()
		if err != nil {
			t.Fatal(err)
		}
		got := r.histogramOfFirstCode()
		want := r.Explain(codes, codes[0])
		if !slices.Equal(got.Histogram, want.Histogram) || got.Candidates != want.Candidates || got.Worst != want.Worst || got.Parts != want.Parts {
			t.Errorf("%d of %q: counted %+v, scored %+v", r.Length, r.Alphabet, got, want)
		}
		if math.Abs(got.Expected-want.Expected) > 1e-9 || math.Abs(got.Entropy-want.Entropy) > 1e-9 {
			t.Errorf("%d of %q: expected/entropy %v/%v, scored %v/%v", r.Length, r.Alphabet, got.Expected, got.Entropy, want.Expected, want.Entropy)
		}
	}
}

// Opening plays what the best strategy plays, and answers only for big
// games without repeats.
func TestOpeningIsWhatBestPlays(t *testing.T) {
	for _, id := range []string{"1a2b-6", "1a2b-7"} {
		r := mustRules(t, id)
		open, ok := r.Opening()
		if !ok {
			t.Fatalf("%s: no opening", id)
		}
		p, err := NewPosition(context.Background(), &r, nil)
		if err != nil {
			t.Fatal(err)
		}
		s, err := Suggest(context.Background(), p, SuggestOptions{Strategy: StrategyBest})
		if err != nil {
			t.Fatal(err)
		}
		if s.Guess != open.Guess || !slices.Equal(s.Explanation.Histogram, open.Explanation.Histogram) || s.Explanation.Method != open.Explanation.Method {
			t.Errorf("%s: best plays %s (%s), Opening says %s (%s)", id, r.Format(s.Guess), s.Explanation.Method, r.Format(open.Guess), open.Explanation.Method)
		}
	}
	for _, id := range []string{"1a2b-4", "mastermind", "numeron"} {
		r := mustRules(t, id)
		if _, ok := r.Opening(); ok {
			t.Errorf("%s: small games and games with repeats are searched, not assumed", id)
		}
	}
	ten := mustRules(t, "1a2b-10")
	open, ok := ten.Opening()
	// 10 of 10: the answers are the permutations by their fixed points
	// (the rencontres numbers); none has exactly 9.
	if !ok || open.Explanation.Candidates != 3628800 || open.Explanation.Parts != 10 || open.Explanation.Worst != 1334961 {
		t.Errorf("10 of 10: %+v", open.Explanation)
	}
}

func BenchmarkOpening10(b *testing.B) {
	r := mustRules(b, "1a2b-10")
	for b.Loop() {
		r.Opening()
	}
}
