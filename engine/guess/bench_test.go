package guess

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"
)

// Benchmarks of the hot paths. Compare before and after a change with
//
//	go test ./engine/guess -run XXX -bench . -count 10 > new.txt
//	benchstat old.txt new.txt

func benchCodes(b *testing.B, id string) (*Rules, []Code) {
	r := mustRules(b, id)
	all, err := r.AllCodes()
	if err != nil {
		b.Fatal(err)
	}
	return &r, all
}

// BenchmarkScore is one Rules.Score call (the public, unbatched path).
func BenchmarkScore(b *testing.B) {
	for _, id := range []string{"1a2b-4", "mastermind", "1a2b-10"} {
		b.Run(id, func(b *testing.B) {
			r := mustRules(b, id)
			rng := rand.New(rand.NewPCG(1, 2))
			codes := make([]Code, 1024)
			for i := range codes {
				codes[i] = randomCode(rng, &r)
			}
			i := 0
			for b.Loop() {
				_ = r.Score(codes[i&1023], codes[(i+7)&1023])
				i++
			}
		})
	}
}

// BenchmarkHistogram scores one guess against every code into a histogram,
// the inner loop of every strategy; ns/op divided by the codes is the cost
// of one score.
func BenchmarkHistogram(b *testing.B) {
	for _, id := range []string{"1a2b-4", "mastermind", "1a2b-10"} {
		b.Run(id, func(b *testing.B) {
			r, all := benchCodes(b, id)
			if len(all) > 1<<16 {
				all = all[:1<<16]
			}
			sp := newSpace(r)
			l := sp.list(all)
			var h hist
			g := all[len(all)/3]
			for b.Loop() {
				sp.fill(&h, g, l)
				sp.summarise(&h)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(all)), "ns/score")
		})
	}
}

// BenchmarkFilter keeps the codes consistent with one answer.
func BenchmarkFilter(b *testing.B) {
	for _, id := range []string{"1a2b-4", "mastermind", "1a2b-10"} {
		b.Run(id, func(b *testing.B) {
			r, all := benchCodes(b, id)
			buf := make([]Code, len(all))
			g := all[len(all)/3]
			f := r.Score(all[len(all)/2], g)
			for b.Loop() {
				copy(buf, all)
				_ = r.Filter(buf, g, f)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(all)), "ns/code")
		})
	}
}

// BenchmarkSuggest is one suggestion at typical positions.
func BenchmarkSuggest(b *testing.B) {
	cases := []struct {
		name, id string
		strategy Strategy
		history  []string
	}{
		{"1a2b-4/best/move3", "1a2b-4", StrategyBest, []string{"0123", "0A1B", "1456", "0A2B"}},
		{"1a2b-4/best/move2-nobook", "1a2b-4", StrategyBest, []string{"4567", "1A1B", "0123", "0A1B"}},
		{"1a2b-4/entropy/move2", "1a2b-4", StrategyEntropy, []string{"0123", "0A1B"}},
		{"mastermind/best/move3", "mastermind", StrategyBest, []string{"1123", "0A1B", "3454", "1A0B"}},
		{"1a2b-10/best/move2", "1a2b-10", StrategyBest, []string{"0123456789", "1A9B"}},
		{"1a2b-10/entropy/move2", "1a2b-10", StrategyEntropy, []string{"0123456789", "1A9B"}},
	}
	for _, tc := range cases {
		b.Run(tc.name, func(b *testing.B) {
			r := mustRules(b, tc.id)
			p := position(b, &r, tc.history...)
			opts := SuggestOptions{Strategy: tc.strategy, Seed: 1, Budget: time.Minute}
			for b.Loop() {
				if _, err := Suggest(context.Background(), p, opts); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkCandidates lists the codes consistent with a history of random
// guesses at a hidden secret, from scratch, as every API call does.
func BenchmarkCandidates(b *testing.B) {
	for _, tc := range []struct {
		id    string
		turns int
	}{{"1a2b-4", 2}, {"mastermind", 2}, {"1a2b-10", 0}, {"1a2b-10", 1}, {"1a2b-10", 4}, {"1a2b-10", 8}} {
		b.Run(fmt.Sprintf("%s/turns=%d", tc.id, tc.turns), func(b *testing.B) {
			r := mustRules(b, tc.id)
			rng := rand.New(rand.NewPCG(3, 4))
			secret := randomCode(rng, &r)
			turns := make([]Turn, tc.turns)
			for i := range turns {
				g := randomCode(rng, &r)
				turns[i] = Turn{g, r.Score(secret, g)}
			}
			for b.Loop() {
				if _, err := r.Candidates(context.Background(), turns); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
