package guess

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"kibitz/engine/progress"
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
			games = 1 // TestAdversarialHostAnswersHold plays it further
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
// guessers need at least as many. The host goes through JSON between
// guesses, as the API seals it, and every answer is the perfect search's.
func TestAdversarialHostForcesTheOptimalWorstCase(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		id    string
		naive []string // a naive player's opening, then the first code still possible
	}{
		{"science-3", []string{"123", "456", "789"}},
		{"numeron", []string{"012", "345", "678"}},
	} {
		r := mustRules(t, tc.id)
		start, err := NewPosition(ctx, &r, nil)
		if err != nil {
			t.Fatal(err)
		}
		tree, err := SolvePerfect(ctx, start, PerfectOptions{Objective: ObjectiveWorstThenAverage})
		if err != nil {
			t.Fatal(err)
		}
		optimal := tree.Proof.Worst
		naive := SuggestOptions{Strategy: "naive"}
		for _, player := range []SuggestOptions{
			{Strategy: StrategyPerfect, Objective: ObjectiveWorstThenAverage},
			{Strategy: StrategyPerfect, Objective: ObjectiveAverage},
			{Strategy: StrategyBest},
			{Strategy: StrategyMinimax},
			{Strategy: StrategyRandom, Seed: 5},
			naive,
		} {
			name := string(player.Strategy) + "/" + string(player.Objective)
			for seed := range uint64(3) {
				h, err := NewHost(r, HostAdversarial, seed)
				if err != nil {
					t.Fatal(err)
				}
				p := start
				for !h.Won {
					if len(h.Turns) > 12 {
						t.Fatalf("%s, %s: no win in 12 guesses", tc.id, name)
					}
					var g Code
					if player.Strategy == naive.Strategy {
						g = p.Candidates[0]
						if n := len(p.Turns); n < len(tc.naive) {
							g = mustCode(t, &r, tc.naive[n])
						}
					} else {
						s, err := Suggest(ctx, p, player)
						if err != nil {
							t.Fatal(err)
						}
						g = s.Guess
					}
					f, err := h.Answer(ctx, r.Format(g))
					if err != nil {
						t.Fatal(err)
					}
					if m := h.LastMethod(); m != AnswerPerfect {
						t.Fatalf("%s, %s: guess %d answered by %q", tc.id, name, len(h.Turns), m)
					}
					if p, err = p.Play(ctx, g, f); err != nil {
						t.Fatalf("%s: the host contradicted itself: %v", tc.id, err)
					}
					h = sealed(t, h)
				}
				t.Logf("%s, %s, seed %d: %d guesses (optimal %d)", tc.id, name, seed, len(h.Turns), optimal)
				switch n := len(h.Turns); {
				case player.Strategy == StrategyPerfect && player.Objective == ObjectiveWorstThenAverage && n != optimal:
					t.Errorf("%s, seed %d: perfect worst-then-average needed %d guesses, the optimum is %d", tc.id, seed, n, optimal)
				case n < optimal:
					t.Errorf("%s, seed %d: %s won in %d guesses, under the optimal worst case %d", tc.id, seed, name, n, optimal)
				}
				if len(h.Answers) != len(h.Turns) {
					t.Fatalf("%s: %d answers kept for %d guesses", tc.id, len(h.Answers), len(h.Turns))
				}
				// The revealed secret is the winning guess and agrees with
				// every answer the host gave.
				turns, err := h.History(ctx)
				if err != nil || !slices.Equal(turns, p.Turns) {
					t.Fatalf("%s: the host replays %v (%v), the player saw %v", tc.id, turns, err, p.Turns)
				}
				secret, err := h.Reveal(ctx)
				if err != nil || secret != h.Turns[len(h.Turns)-1] || !r.Consistent(mustCode(t, &r, secret), p.Turns) {
					t.Fatalf("%s: revealed %q (%v) after %s", tc.id, secret, err, r.FormatHistory(p.Turns))
				}
			}
		}
	}
}

// sealed sends a host through JSON, as the API keeps it between calls.
func sealed(t *testing.T, h *Host) *Host {
	t.Helper()
	data, err := json.Marshal(h)
	if err != nil {
		t.Fatal(err)
	}
	var back Host
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	return &back
}

// The adversarial host's answers hold together whatever is guessed: each
// one leaves some secret, none contradicts an earlier one, the host
// replays them from its state as given, the same seed and guesses give the
// same answers, and the secret revealed at the end agrees with all of
// them.
func TestAdversarialHostAnswersHold(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(11, 12))
	for _, id := range []string{"science-3", "numeron", "mastermind"} {
		r := mustRules(t, id)
		for seed := range uint64(3) {
			h, _ := NewHost(r, HostAdversarial, seed)
			twin, _ := NewHost(r, HostAdversarial, seed)
			var given []Turn
			left, _ := r.AllCodes()
			for turn := 0; !h.Won; turn++ {
				g := r.RandomCode(rng)
				if turn >= 6 || len(left) <= 2 {
					g = left[rng.IntN(len(left))]
				}
				f, err := h.Answer(ctx, r.Format(g))
				if err != nil {
					t.Fatal(err)
				}
				given = append(given, Turn{Guess: g, Feedback: f})
				if left = r.Filter(left, g, f); len(left) == 0 {
					t.Fatalf("%s: %s contradicts the earlier answers", id, r.FormatHistory(given))
				}
				if again, err := twin.Answer(ctx, r.Format(g)); err != nil || again != f {
					t.Fatalf("%s: the same guesses and seed answered %v, then %v (%v)", id, f, again, err)
				}
				h = sealed(t, h)
				turns, err := h.History(ctx)
				if err != nil || !slices.Equal(turns, given) {
					t.Fatalf("%s: the state replays %v (%v), the host said %v", id, turns, err, given)
				}
			}
			secret, err := h.Reveal(ctx)
			if err != nil || !r.Consistent(mustCode(t, &r, secret), given) {
				t.Fatalf("%s: revealed %q (%v) after %s", id, secret, err, r.FormatHistory(given))
			}
		}
	}
}

// Past the work budget the host answers by range protection, the same way
// every time, and says so.
func TestAdversarialHostBudget(t *testing.T) {
	ctx := context.Background()
	r := mustRules(t, "1a2b-4")
	for range 2 {
		h, _ := NewHost(r, HostAdversarial, 1)
		// 5,040 codes: beyond the live search.
		if f, err := h.Answer(ctx, "0123"); err != nil || f != (Feedback{0, 1}) || h.LastMethod() != AnswerRange {
			t.Fatalf("0123: %v %v by %q", f, err, h.LastMethod())
		}
		// 1,440 left: the search would take some 300 million units.
		turns, cands, err := h.replay(ctx)
		if err != nil || len(cands) != 1440 {
			t.Fatalf("%d candidates, %v", len(cands), err)
		}
		g := mustCode(t, &r, "4567")
		f, err := h.Answer(ctx, "4567")
		if err != nil || h.LastMethod() != AnswerRange || f != r.protectRange(cands, g, 2) {
			t.Fatalf("4567 after %s: %v %v by %q", r.FormatHistory(turns), f, err, h.LastMethod())
		}
	}
}

// The search honours its context: a cancelled answer fails with ctx's
// error and records nothing, whether the cancel came before the call or
// during the search (through the progress reports, as in the browser).
func TestAdversarialHostCancel(t *testing.T) {
	r := mustRules(t, "mastermind")
	h, _ := NewHost(r, HostAdversarial, 1)
	done, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := h.Answer(done, "1234"); !errors.Is(err, context.Canceled) {
		t.Fatalf("a cancelled call answered (%v)", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	reports := 0
	ctx = progress.NewContext(ctx, func(done, total int64, note string) {
		reports++
		cancel()
	})
	if _, err := h.Answer(ctx, "1234"); !errors.Is(err, context.Canceled) || reports == 0 {
		t.Fatalf("a call cancelled during the search answered (%v, %d reports)", err, reports)
	}
	if len(h.Turns) != 0 || len(h.Answers) != 0 || h.Won {
		t.Fatalf("a cancelled answer was recorded: %+v", h)
	}
	if _, err := h.Answer(context.Background(), "1234"); err != nil || h.LastMethod() != AnswerPerfect {
		t.Fatalf("after the cancels: %v by %q", err, h.LastMethod())
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

// Reveal ends the game: the host answers no guess after it, not even the
// secret it revealed, and the mark survives the state's round trip.
func TestRevealEndsTheGame(t *testing.T) {
	ctx := context.Background()
	r := mustRules(t, "science-3")
	for _, kind := range []HostKind{HostFair, HostAdversarial} {
		h, err := NewHost(r, kind, 5)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := h.Answer(ctx, "123"); err != nil {
			t.Fatal(err)
		}
		secret, err := h.Reveal(ctx)
		if err != nil {
			t.Fatal(err)
		}
		h = sealed(t, h)
		if !h.Over() || h.Won {
			t.Fatalf("%s: after the reveal the game is over and not won: %+v", kind, h)
		}
		var in *InputError
		if _, err := h.Answer(ctx, secret); !errors.As(err, &in) || in.Reason != ReasonGameOver || !strings.Contains(in.Msg, "start a new game") {
			t.Fatalf("%s: the revealed secret must be refused as a guess, got %v", kind, err)
		}
		if h.Won || len(h.Turns) != 1 {
			t.Fatalf("%s: a refused guess changed the game: %+v", kind, h)
		}
		if again, err := h.Reveal(ctx); err != nil || again != secret {
			t.Fatalf("%s: revealing again gave %q, %v; want %q", kind, again, err, secret)
		}
	}
}
