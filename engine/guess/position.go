package guess

import "context"

// Position is what a guesser knows at one moment of a game: the rules, the
// turns played and the codes still consistent with them.
type Position struct {
	Rules      *Rules
	Turns      []Turn
	Candidates []Code // in lexicographic order, never empty
}

// NewPosition replays turns from the start of a game. A contradictory
// history fails with a *ConflictError; bad turns, and a turn after the
// one that guessed the secret, fail with an *InputError naming the row.
func NewPosition(ctx context.Context, rules *Rules, turns []Turn) (*Position, error) {
	for i, t := range turns {
		if err := rules.CheckTurn(t, i); err != nil {
			return nil, err
		}
	}
	if err := rules.checkNothingAfterWin(turns); err != nil {
		return nil, err
	}
	candidates, err := rules.Candidates(ctx, turns)
	if err != nil {
		return nil, err
	}
	return &Position{Rules: rules, Turns: turns, Candidates: candidates}, nil
}

// Play returns the position after one more turn, or a *ConflictError when
// no candidate gives that feedback. p is unchanged.
func (p *Position) Play(ctx context.Context, guess Code, f Feedback) (*Position, error) {
	t := Turn{Guess: guess, Feedback: f}
	if err := p.Rules.CheckTurn(t, len(p.Turns)); err != nil {
		return nil, err
	}
	turns := append(p.Turns[:len(p.Turns):len(p.Turns)], t)
	kept := p.Rules.Filter(append([]Code(nil), p.Candidates...), guess, f)
	if len(kept) == 0 {
		conflict, err := p.Rules.SmallestConflict(ctx, turns)
		if err != nil {
			return nil, err
		}
		return nil, conflict
	}
	return &Position{Rules: p.Rules, Turns: turns, Candidates: kept}, nil
}

// Solved reports whether the last turn guessed the secret.
func (p *Position) Solved() bool {
	return len(p.Turns) > 0 && p.Rules.Won(p.Turns[len(p.Turns)-1].Feedback)
}

// UsedSymbols returns the set of symbols that appear in some guess. The
// others are interchangeable: swapping two of them maps the candidates onto
// themselves, which the strategies use to skip equivalent guesses.
func (p *Position) UsedSymbols() uint16 {
	var used uint16
	for _, t := range p.Turns {
		used |= t.Guess.Set()
	}
	return used
}
