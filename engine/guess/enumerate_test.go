package guess

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"kibitz/engine/progress"
)

// TestCandidatesMatchScoringEveryCode checks the pruned walk against the
// obvious definition: score every code against every turn. Histories come
// from a hidden secret (so they are consistent) or have one answer
// replaced at random (so some contradict themselves).
func TestCandidatesMatchScoringEveryCode(t *testing.T) {
	rulesets := []Rules{
		mustRules(t, "1a2b-4"),
		mustRules(t, "science-3"),
		mustRules(t, "mastermind"),
		mustRules(t, "1a2b-6"),
		{Length: 1, Alphabet: "xyz"},
		{Length: 5, Alphabet: "abc", Repeats: true},
		{Length: 3, Alphabet: "0123456789abcdef", Repeats: true},
	}
	rng := rand.New(rand.NewPCG(7, 11))
	for _, r := range rulesets {
		if err := r.Validate(); err != nil {
			t.Fatal(err)
		}
		all, err := r.AllCodes()
		if err != nil {
			t.Fatal(err)
		}
		for trial := 0; trial < 40; trial++ {
			secret := randomCode(rng, &r)
			turns := make([]Turn, rng.IntN(6))
			for i := range turns {
				g := randomCode(rng, &r)
				turns[i] = Turn{g, slowScore(&r, secret, g)}
			}
			if len(turns) > 0 && trial%3 == 0 {
				i := rng.IntN(len(turns))
				a := rng.IntN(r.Length + 1)
				turns[i].Feedback = Feedback{A: a, B: rng.IntN(r.Length - a + 1)}
			}
			var want []Code
			for _, c := range all {
				ok := true
				for _, turn := range turns {
					ok = ok && slowScore(&r, c, turn.Guess) == turn.Feedback
				}
				if ok {
					want = append(want, c)
				}
			}
			got, err := r.Candidates(context.Background(), turns)
			var conflict *ConflictError
			switch {
			case len(want) == 0 && !errors.As(err, &conflict):
				t.Fatalf("%+v %v: want a conflict, got %d codes, %v", r, turns, len(got), err)
			case len(want) > 0 && (err != nil || !slices.Equal(got, want)):
				t.Fatalf("%+v %v: got %d codes (%v), want %d", r, turns, len(got), err, len(want))
			}
		}
	}
}

// TestCandidatesProgressReachesTheWholeSpace checks that skipped prefixes
// count toward the progress report, so it ends near the code count.
func TestCandidatesProgressReachesTheWholeSpace(t *testing.T) {
	r := mustRules(t, "1a2b-8")
	turns := []Turn{{mustCode(t, &r, "01234567"), Feedback{A: 2, B: 5}}}
	var last, total int64
	ctx := progress.NewContext(context.Background(), func(done, size int64, _ string) { last, total = done, size })
	if _, err := r.Candidates(ctx, turns); err != nil {
		t.Fatal(err)
	}
	if total != r.Size() || last < r.Size()/2 || last > r.Size() {
		t.Fatalf("last report %d of %d, want near %d", last, total, r.Size())
	}
}
