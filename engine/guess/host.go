package guess

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"math/rand/v2"
)

// HostKind says how a host keeps its secret.
type HostKind string

const (
	// HostFair draws a secret at the start and answers every guess
	// truthfully against it. It publishes a commitment (a hash of the
	// secret and a salt) so the player can check at the end that the
	// secret never changed.
	HostFair HostKind = "fair"
	// HostAdversarial keeps no secret: it answers each guess with the
	// feedback that leaves the guesser the most work, never contradicting
	// an earlier answer, and at the end reveals one secret consistent with
	// every answer. Where the perfect search fits (at most PerfectMaxCodes
	// codes, PerfectMaxCandidates secrets left, and AdversarialWork units
	// of work) that is the answer whose secrets need the most guesses with
	// perfect play (Rules.WorstAnswer), so a perfect guesser keeps to the
	// game's optimal worst case and no guesser does better; elsewhere the
	// science fair's "range protection": the answer that keeps the most
	// secrets (Rules.AdversarialAnswer does both).
	HostAdversarial HostKind = "adversarial"
)

// Host is the state of a hosted game. It is plain data so a front end can
// keep it between calls (sealed, so the secret stays out of sight).
type Host struct {
	Kind   HostKind `json:"kind"`
	Rules  Rules    `json:"rules"`
	Secret string   `json:"secret,omitempty"` // fair only
	Salt   string   `json:"salt,omitempty"`   // fair only, for the commitment
	Seed   uint64   `json:"seed"`
	Turns  []string `json:"turns"` // the guesses so far, in the alphabet
	// Answers are the adversarial host's answers to Turns. They are a
	// function of the guesses and the seed, but they are kept so that the
	// perfect search behind each (up to half a second) runs once, not at
	// every later call. A state saved before they were kept has none: its
	// answers are recomputed by range protection, which gave them.
	Answers []Feedback `json:"answers,omitempty"`
	Won     bool       `json:"won"`
	// Revealed is set once the secret has been shown (Reveal): the game is
	// over then, won or not, and no guess is answered any more, since the
	// player knows the secret.
	Revealed bool `json:"revealed,omitempty"`

	method string // how the last answer was chosen, for LastMethod
}

// NewHost starts a hosted game. The seed fixes the fair host's secret and
// the adversarial host's tie-breaks.
func NewHost(rules Rules, kind HostKind, seed uint64) (*Host, error) {
	if err := rules.Validate(); err != nil {
		return nil, err
	}
	h := &Host{Kind: kind, Rules: rules, Seed: seed, Turns: []string{}}
	switch kind {
	case HostFair:
		rng := rand.New(rand.NewPCG(seed, 0x6b6962697a))
		h.Secret = rules.Format(rules.RandomCode(rng))
		var salt [16]byte
		for i := range salt {
			salt[i] = byte(rng.Uint32())
		}
		h.Salt = hex.EncodeToString(salt[:])
	case HostAdversarial:
		if err := rules.CheckSize(); err != nil {
			return nil, err
		}
	default:
		return nil, inputError("kind", ReasonBadValue, string(kind), "host kind must be %q or %q", HostFair, HostAdversarial)
	}
	return h, nil
}

// Commitment returns the hex SHA-256 of salt and secret, published at the
// start of a fair game; empty for an adversarial host.
func (h *Host) Commitment() string {
	if h.Kind != HostFair {
		return ""
	}
	return hashCommitment(h.Salt, h.Secret)
}

// Over reports whether the game has ended: the secret was guessed or
// revealed.
func (h *Host) Over() bool { return h.Won || h.Revealed }

// Answer scores one more guess and records it. Once the game is over (won,
// or the secret revealed) every guess is refused.
func (h *Host) Answer(ctx context.Context, guessText string) (Feedback, error) {
	r := &h.Rules
	if err := r.Validate(); err != nil {
		return Feedback{}, err
	}
	switch {
	case h.Won:
		return Feedback{}, inputError("guess", ReasonGameOver, guessText, "the game is over: the secret was already guessed; start a new game")
	case h.Revealed:
		return Feedback{}, inputError("guess", ReasonGameOver, guessText, "the game is over: the secret was revealed; start a new game")
	}
	guess, err := r.ParseCode(guessText, "guess")
	if err != nil {
		return Feedback{}, err
	}
	turns, candidates, err := h.replay(ctx)
	if err != nil {
		return Feedback{}, err
	}
	var f Feedback
	method := ""
	seed := h.Seed + uint64(len(h.Turns))
	switch {
	case h.Kind == HostFair:
		secret, _ := r.ParseCode(h.Secret, "secret") // checked by replay
		f = r.Score(secret, guess)
	case len(h.Answers) != len(h.Turns):
		// A state saved before answers were kept goes on as it began.
		f, method = r.protectRange(candidates, guess, seed), AnswerRange
	default:
		// The perfect search, or range protection past its limits. It
		// fails only when ctx is cancelled, and then records nothing.
		if f, method, err = r.adversarialAnswer(ctx, turns, candidates, guess, seed); err != nil {
			return Feedback{}, err
		}
		h.Answers = append(h.Answers, f)
	}
	h.Turns = append(h.Turns, r.Format(guess))
	h.Won = r.Won(f)
	h.method = method
	return f, nil
}

// LastMethod says how the adversarial host chose the answer Answer just
// gave: AnswerPerfect (the perfect search) or AnswerRange (range
// protection). It is "" for a fair host and for a host read back from
// its state.
func (h *Host) LastMethod() string { return h.method }

// Reveal ends the game and returns the secret: the fair host's own, or for
// the adversarial host one code (drawn with the seed) consistent with every
// answer given. Revealing again gives the same secret.
func (h *Host) Reveal(ctx context.Context) (string, error) {
	if h.Kind == HostFair {
		h.Revealed = true
		return h.Secret, nil
	}
	_, candidates, err := h.replay(ctx)
	if err != nil {
		return "", err
	}
	h.Revealed = true
	rng := rand.New(rand.NewPCG(h.Seed, uint64(len(h.Turns))))
	return h.Rules.Format(candidates[rng.IntN(len(candidates))]), nil
}

// History returns the turns so far with the answers they got.
func (h *Host) History(ctx context.Context) ([]Turn, error) {
	turns, _, err := h.replay(ctx)
	return turns, err
}

// replay rebuilds the turns: the fair host's answers from its secret, the
// adversarial host's from those it kept (or, for a state saved before it
// kept them, by range protection from the guesses and the seed). For the
// adversarial host it also returns the secrets still possible.
func (h *Host) replay(ctx context.Context) ([]Turn, []Code, error) {
	r := &h.Rules
	if err := r.Validate(); err != nil {
		return nil, nil, err
	}
	var secret Code
	var candidates []Code
	var err error
	if h.Kind == HostFair {
		secret, err = r.ParseCode(h.Secret, "secret")
	} else {
		candidates, err = r.Candidates(ctx, nil) // every code, listed with progress and cancel
	}
	if err != nil {
		return nil, nil, err
	}
	turns := make([]Turn, 0, len(h.Turns))
	for i, g := range h.Turns {
		if err := ctx.Err(); err != nil {
			return nil, nil, err
		}
		guess, err := r.ParseCode(g, "guess")
		if err != nil {
			err.(*InputError).Row = i
			return nil, nil, err
		}
		var f Feedback
		switch {
		case h.Kind == HostFair:
			f = r.Score(secret, guess)
		case len(h.Answers) == len(h.Turns):
			f = h.Answers[i]
			if err := r.checkFeedback(f); err != nil {
				err.Row = i
				return nil, nil, err
			}
		default:
			f = r.protectRange(candidates, guess, h.Seed+uint64(i))
		}
		if h.Kind != HostFair {
			candidates = r.Filter(candidates, guess, f)
			if len(candidates) == 0 {
				return nil, nil, inputError("state", ReasonBadValue, "", "the host's answers contradict each other at guess %d", i+1)
			}
		}
		turns = append(turns, Turn{Guess: guess, Feedback: f})
	}
	return turns, candidates, nil
}

// protectRange picks the feedback that keeps the most candidates alive.
// Among equally large classes it avoids admitting a win, then draws one
// with the seed so a player cannot learn a fixed tie order.
func (r *Rules) protectRange(candidates []Code, guess Code, seed uint64) Feedback {
	var sizes [numClasses]int
	s := r.scorer(guess)
	for _, c := range candidates {
		sizes[s.score(c)]++
	}
	win := Feedback{A: r.Length}.class()
	best, ties := -1, []class(nil)
	for c := range sizes {
		size := sizes[c]
		switch {
		case size == 0:
		case size > best || (size == best && ties[0] == win):
			best, ties = size, []class{class(c)}
		case size == best && class(c) != win:
			ties = append(ties, class(c))
		}
	}
	rng := rand.New(rand.NewPCG(seed, 0x686f7374))
	return ties[rng.IntN(len(ties))].feedback()
}

// RandomCode draws a code uniformly from the rules' code space without
// enumerating it.
func (r *Rules) RandomCode(rng *rand.Rand) Code {
	k := len(r.symbols)
	symbols := make([]int, r.Length)
	if r.Repeats {
		for i := range symbols {
			symbols[i] = rng.IntN(k)
		}
	} else {
		copy(symbols, rng.Perm(k))
	}
	return MakeCode(symbols)
}

// VerifyCommitment checks a fair host's proof at the end of a game: the
// commitment published at the start is the SHA-256 of salt, ":" and the
// revealed secret, so the secret cannot have changed in between.
func VerifyCommitment(commitment, salt, secret string) bool {
	return commitment != "" && commitment == hashCommitment(salt, secret)
}

func hashCommitment(salt, secret string) string {
	sum := sha256.Sum256([]byte(salt + ":" + secret))
	return hex.EncodeToString(sum[:])
}

// CommitmentOf is the fingerprint a fair host publishes: the SHA-256 of
// "salt:secret", in hex. A page computes it itself to check the host.
func CommitmentOf(salt, secret string) string { return hashCommitment(salt, secret) }
