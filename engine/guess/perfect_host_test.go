package guess

import (
	"context"
	"math/rand/v2"
	"testing"
)

// WorstAnswer's answer is the class that needs the most guesses played
// perfectly, the largest of those, as the perfect search proves it class
// by class (it searches a smaller class only for whether it needs more
// than the largest so far, so this checks that shortcut too).
func TestWorstAnswerIsTheWorstClass(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(21, 22))
	for _, id := range []string{"science-3", "numeron", "mastermind"} {
		r := mustRules(t, id)
		p := position(t, &r)
		for turn := range 3 {
			if id == "mastermind" && turn == 0 {
				// Its classes from the start take seconds to solve one by one.
				g := r.RandomCode(rng)
				p, _ = p.Play(ctx, g, r.protectRange(p.Candidates, g, 0))
				continue
			}
			g := r.RandomCode(rng)
			f, err := r.WorstAnswer(ctx, p.Turns, p.Candidates, g, uint64(turn))
			if err != nil {
				t.Fatal(err)
			}
			sizes := map[Feedback]int{}
			for _, c := range p.Candidates {
				sizes[r.Score(c, g)]++
			}
			worst := map[Feedback]int{}
			top, topSize := -1, 0
			for k, n := range sizes {
				if r.Won(k) {
					continue
				}
				q, err := p.Play(ctx, g, k)
				if err != nil {
					t.Fatal(err)
				}
				tree, err := SolvePerfect(ctx, q, PerfectOptions{Objective: ObjectiveWorstThenAverage})
				if err != nil {
					t.Fatal(err)
				}
				worst[k] = tree.Proof.Worst
				if worst[k] > top || worst[k] == top && n > topSize {
					top, topSize = worst[k], n
				}
			}
			if top < 0 { // the guess is the only secret left
				top, topSize = 0, 1
			}
			if worst[f] != top || sizes[f] != topSize {
				t.Fatalf("%s after %s, %s: answered %v (%d secrets, %d guesses), the worst class needs %d guesses (%d secrets)",
					id, r.FormatHistory(p.Turns), r.Format(g), f, sizes[f], worst[f], top, topSize)
			}
			if p, err = p.Play(ctx, g, f); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// BenchmarkAdversarialAnswer is the adversarial host's answer: the first
// (from the whole game) and a later one, with the work it counts against
// AdversarialWork (the figures in the README):
//
//	go test ./engine/guess -run XXX -bench AdversarialAnswer -benchtime 5x
func BenchmarkAdversarialAnswer(b *testing.B) {
	for _, tc := range []struct {
		id, name string
		history  []string
		guess    string
	}{
		{"science-3", "first", nil, "123"},
		{"science-3", "second", []string{"123", "0A1B"}, "456"},
		{"numeron", "first", nil, "012"},
		{"numeron", "second", []string{"012", "0A1B"}, "345"},
		{"numeron", "third", []string{"012", "0A1B", "345", "0A1B"}, "167"},
		{"mastermind", "first-1111", nil, "1111"},
		{"mastermind", "first-1112", nil, "1112"},
		{"mastermind", "first-1122", nil, "1122"},
		{"mastermind", "first-1123", nil, "1123"},
		{"mastermind", "first-1234", nil, "1234"},
		{"mastermind", "second", []string{"1122", "0A1B"}, "1344"},
		{"mastermind", "third", []string{"1234", "0A2B", "3152", "0A2B"}, "4621"},
		{"1a2b-4", "second-over-budget", []string{"0123", "0A1B"}, "4567"},
	} {
		b.Run(tc.id+"/"+tc.name, func(b *testing.B) {
			r := mustRules(b, tc.id)
			p := position(b, &r, tc.history...)
			g := mustCode(b, &r, tc.guess)
			_, work, err := r.worstAnswer(context.Background(), p.Turns, p.Candidates, g, 1, AdversarialWork)
			if err != nil && err != errWork {
				b.Fatal(err)
			}
			method := ""
			for b.Loop() {
				if _, method, err = r.adversarialAnswer(context.Background(), p.Turns, p.Candidates, g, 1); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(work)/1e6, "Mwork")
			b.Logf("%d secrets, %s: %s", len(p.Candidates), tc.guess, method)
		})
	}
}
