package guess

import "context"

// Turn is one row of a history: a guess and the feedback it got.
type Turn struct {
	Guess    Code
	Feedback Feedback
}

// CheckTurn validates a turn for these rules; row is its 0-based index,
// used in the error.
func (r *Rules) CheckTurn(t Turn, row int) error {
	if !r.Valid(t.Guess) {
		return &InputError{Field: "guess", Row: row, Pos: -1, Reason: ReasonBadValue, Msg: "not a code of this game"}
	}
	if err := r.checkFeedback(t.Feedback); err != nil {
		err.Row = row
		return err
	}
	return nil
}

// ParseTurn reads a turn from a guess written with the alphabet and its
// feedback counts, naming row in any error.
func (r *Rules) ParseTurn(guess string, a, b int, row int) (Turn, error) {
	code, err := r.ParseCode(guess, "guess")
	if err != nil {
		err.(*InputError).Row = row
		return Turn{}, err
	}
	t := Turn{Guess: code, Feedback: Feedback{A: a, B: b}}
	if err := r.CheckTurn(t, row); err != nil {
		return Turn{}, err
	}
	return t, nil
}

// checkNothingAfterWin reports a turn played after one that guessed the
// secret. The game ended there, so the later turn is a mistake: a wrong
// answer on the winning row, or a row of another game. Read as a clue it
// would agree with the secret and leave it as the one code possible, as if
// the game went on; the error names the later row, and the winning one in
// Other.
func (r *Rules) checkNothingAfterWin(turns []Turn) error {
	for i := 0; i+1 < len(turns); i++ {
		if r.Won(turns[i].Feedback) {
			won := i
			return &InputError{Field: "guess", Row: i + 1, Pos: -1, Value: r.Format(turns[i+1].Guess), Reason: ReasonAfterWin, Other: &won,
				Msg: "an earlier turn guessed the secret, so the game ended there: no turn can follow it"}
		}
	}
	return nil
}

// Won reports whether the feedback means the guess was the secret.
func (r *Rules) Won(f Feedback) bool { return f.A == r.Length }

// Filter keeps the codes that would have given feedback f to guess. It
// works in place and returns the shortened slice.
func (r *Rules) Filter(codes []Code, guess Code, f Feedback) []Code {
	s := r.scorer(guess)
	want := f.class()
	kept := codes[:0]
	for _, c := range codes {
		if s.score(c) == want {
			kept = append(kept, c)
		}
	}
	return kept
}

// Consistent reports whether secret agrees with every turn.
func (r *Rules) Consistent(secret Code, turns []Turn) bool {
	for _, t := range turns {
		if r.Score(secret, t.Guess) != t.Feedback {
			return false
		}
	}
	return true
}

// Candidates returns the codes consistent with every turn, in lexicographic
// order. An empty result is never returned: a contradictory history gives a
// *ConflictError naming a smallest set of turns that cannot hold together.
// Candidates fails with a TooLargeError when the rules allow too many codes,
// and with ctx's error when ctx ends first. It reports progress to the
// progress.Func ctx carries, if any.
func (r *Rules) Candidates(ctx context.Context, turns []Turn) ([]Code, error) {
	if err := r.CheckSize(); err != nil {
		return nil, err
	}
	w := r.newConsistentWalk(ctx, turns)
	if err := w.extend(0, 0, 0); err != nil {
		return nil, err
	}
	codes := w.codes
	if len(codes) == 0 {
		conflict, err := r.SmallestConflict(ctx, turns)
		if err != nil {
			return nil, err
		}
		return nil, conflict
	}
	return codes, nil
}
