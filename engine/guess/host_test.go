package guess

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
)

// The science fair's example of range protection: with 681, 724, 539 and
// 137 still possible, the guess 123 is answered 0A1B, the answer two of
// them give.
func TestProtectRangePaperExample(t *testing.T) {
	r := mustRules(t, "science-3")
	var candidates []Code
	for _, s := range []string{"681", "724", "539", "137"} {
		candidates = append(candidates, mustCode(t, &r, s))
	}
	if got := r.protectRange(candidates, mustCode(t, &r, "123"), 1); got != (Feedback{0, 1}) {
		t.Fatalf("got %v, want 0A1B", got)
	}
}

func TestProtectRangeAvoidsAdmittingAWin(t *testing.T) {
	r := mustRules(t, "science-3")
	candidates := []Code{mustCode(t, &r, "123"), mustCode(t, &r, "456")}
	for seed := range uint64(20) {
		if got := r.protectRange(candidates, candidates[0], seed); got != (Feedback{0, 0}) {
			t.Fatalf("seed %d: got %v, want 0A0B rather than the win", seed, got)
		}
	}
	only := []Code{candidates[0]}
	if got := r.protectRange(only, candidates[0], 0); got != (Feedback{3, 0}) {
		t.Fatalf("a guess that is the only candidate must win, got %v", got)
	}
}

func TestFairHostIsHonest(t *testing.T) {
	ctx := context.Background()
	r := mustRules(t, "1a2b-4")
	h, err := NewHost(r, HostFair, 42)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := NewHost(r, HostFair, 42)
	if again.Secret != h.Secret {
		t.Fatal("the same seed must give the same secret")
	}
	sum := sha256.Sum256([]byte(h.Salt + ":" + h.Secret))
	if h.Commitment() != hex.EncodeToString(sum[:]) {
		t.Fatal("commitment is not SHA-256(salt:secret)")
	}
	if !VerifyCommitment(h.Commitment(), h.Salt, h.Secret) || VerifyCommitment(h.Commitment(), h.Salt, "0123") {
		t.Fatal("VerifyCommitment must accept the secret and only the secret")
	}
	secret := mustCode(t, &r, h.Secret)
	for _, g := range []string{"0123", "4567", "8901", h.Secret} {
		f, err := h.Answer(ctx, g)
		if err != nil {
			t.Fatal(err)
		}
		if want := r.Score(secret, mustCode(t, &r, g)); f != want {
			t.Fatalf("guess %s: host said %v, truth %v", g, f, want)
		}
	}
	if !h.Won {
		t.Fatal("guessing the secret must win")
	}
	var in *InputError
	if _, err := h.Answer(ctx, "0123"); !errors.As(err, &in) || in.Reason != ReasonGameOver {
		t.Fatalf("a guess after the win must be refused, got %v", err)
	}
	if s, _ := h.Reveal(ctx); s != h.Secret {
		t.Fatal("reveal must return the secret")
	}
}

// The adversarial host never contradicts itself: after any sequence of
// guesses some secret is consistent with all its answers, and the one it
// reveals is.
func TestAdversarialHostIsConsistent(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(3, 4))
	for _, id := range []string{"science-3", "1a2b-4", "mastermind"} {
		r := mustRules(t, id)
		games := 5
		if id == "mastermind" {
			games = 1 // its perfect answers to random guesses take a second or so each
		}
		for game := range games {
			h, err := NewHost(r, HostAdversarial, uint64(game))
			if err != nil {
				t.Fatal(err)
			}
			for turn := 0; turn < 12 && !h.Won; turn++ {
				g := r.Format(r.RandomCode(rng))
				if turn >= 8 { // finish by guessing a remaining candidate
					_, cands, _ := h.replay(ctx)
					g = r.Format(cands[0])
				}
				if _, err := h.Answer(ctx, g); err != nil {
					t.Fatal(err)
				}
			}
			turns, err := h.History(ctx)
			if err != nil {
				t.Fatal(err)
			}
			secretText, err := h.Reveal(ctx)
			if err != nil {
				t.Fatal(err)
			}
			secret := mustCode(t, &r, secretText)
			if !r.Consistent(secret, turns) {
				t.Fatalf("%s: revealed %s contradicts the answers %s", id, secretText, r.FormatHistory(turns))
			}
			if !h.Won {
				t.Fatalf("%s: guessing the last candidates never won", id)
			}
		}
	}
}

// Against the adversary, the player's best play is still bounded: every
// answer keeps the largest class, so the number of candidates left is the
// minimax value the strategies fight against.
func TestAdversarialHostKeepsLargestClass(t *testing.T) {
	ctx := context.Background()
	r := mustRules(t, "1a2b-4")
	h, _ := NewHost(r, HostAdversarial, 1)
	f, err := h.Answer(ctx, "0123")
	if err != nil {
		t.Fatal(err)
	}
	if f != (Feedback{0, 1}) { // 1440 of 5040 codes answer 0A1B, the most
		t.Fatalf("got %v, want 0A1B", f)
	}
}

func TestHostBadInput(t *testing.T) {
	r := mustRules(t, "1a2b-4")
	var in *InputError
	if _, err := NewHost(r, "sneaky", 1); !errors.As(err, &in) || in.Field != "kind" {
		t.Fatalf("bad kind: %v", err)
	}
	h, _ := NewHost(r, HostFair, 1)
	if _, err := h.Answer(context.Background(), "1123"); !errors.As(err, &in) || in.Reason != ReasonRepeatedSymbol {
		t.Fatalf("bad guess: %v", err)
	}
	if len(h.Turns) != 0 {
		t.Fatal("a refused guess must not be recorded")
	}
	big := Rules{Length: 8, Alphabet: "0123456789ABCDEF"}
	if _, err := NewHost(big, HostAdversarial, 1); err == nil {
		t.Fatal("an adversarial host needs an enumerable space")
	}
}

// The adversarial host answers with the perfect search where it fits: a
// perfect guesser playing for the least worst case needs exactly the
// game's optimal worst case against it (the search's own proof), and other
// guessers need at least as many.
func TestAdversarialHostForcesTheOptimalWorstCase(t *testing.T) {
	ctx := context.Background()
	for _, id := range []string{"science-3", "1a2b-3"} {
		r := mustRules(t, id)
		start, err := NewPosition(ctx, &r, nil)
		if err != nil {
			t.Fatal(err)
		}
		tree, err := SolvePerfect(ctx, start, PerfectOptions{Objective: ObjectiveWorstThenAverage})
		if err != nil {
			t.Fatal(err)
		}
		optimal := tree.Proof.Worst
		for _, player := range []SuggestOptions{
			{Strategy: StrategyPerfect, Objective: ObjectiveWorstThenAverage},
			{Strategy: StrategyBest},
			{Strategy: StrategyRandom, Seed: 5},
		} {
			for seed := range uint64(3) {
				h, err := NewHost(r, HostAdversarial, seed)
				if err != nil {
					t.Fatal(err)
				}
				p := start
				for !h.Won {
					if len(h.Turns) > 12 {
						t.Fatalf("%s, %s: no win in 12 guesses", id, player.Strategy)
					}
					s, err := Suggest(ctx, p, player)
					if err != nil {
						t.Fatal(err)
					}
					f, err := h.Answer(ctx, r.Format(s.Guess))
					if err != nil {
						t.Fatal(err)
					}
					if p, err = p.Play(ctx, s.Guess, f); err != nil {
						t.Fatalf("%s: the host contradicted itself: %v", id, err)
					}
				}
				switch n := len(h.Turns); {
				case player.Strategy == StrategyPerfect && n != optimal:
					t.Errorf("%s, seed %d: perfect worst-then-average needed %d guesses, the optimum is %d", id, seed, n, optimal)
				case n < optimal:
					t.Errorf("%s, seed %d: %s won in %d guesses, under the optimal worst case %d", id, seed, player.Strategy, n, optimal)
				}
				if len(h.Answers) != len(h.Turns) {
					t.Fatalf("%s: %d answers kept for %d guesses", id, len(h.Answers), len(h.Turns))
				}
			}
		}
	}
}

// A state saved before the host kept its answers (range protection all
// along) replays as it was and goes on by range protection.
func TestAdversarialHostOldState(t *testing.T) {
	ctx := context.Background()
	r := mustRules(t, "science-3")
	old := &Host{Kind: HostAdversarial, Rules: r, Seed: 7, Turns: []string{"123", "456"}}
	turns, cands, err := old.replay(ctx)
	if err != nil {
		t.Fatal(err)
	}
	all, _ := r.AllCodes()
	g1, g2 := mustCode(t, &r, "123"), mustCode(t, &r, "456")
	f1 := r.protectRange(all, g1, 7)
	after1 := r.Filter(slices.Clone(all), g1, f1)
	f2 := r.protectRange(after1, g2, 8)
	if turns[0].Feedback != f1 || turns[1].Feedback != f2 || len(cands) != len(r.Filter(slices.Clone(after1), g2, f2)) {
		t.Fatalf("old state replays as %v, want %v %v, %d candidates", turns, f1, f2, len(cands))
	}
	g3 := cands[0]
	f, err := old.Answer(ctx, r.Format(g3))
	if err != nil || f != r.protectRange(cands, g3, 9) || old.Answers != nil {
		t.Fatalf("old state answered %v, %v (answers %v)", f, err, old.Answers)
	}
}
