//go:build !noguess

package api

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"kibitz/engine/guess"
	"kibitz/engine/progress"
)

func init() {
	register(
		Method{"guess.strategies", "List the guessing strategies, from random to best, with a line on each.", guessStrategies},
		Method{"guess.suggest", "Suggest the next guess for a history, with its reasoning: {history, strategy, objective, budgetMs} → {guess, explanation}.", guessSuggest},
		Method{"guess.explain", "Explain any guess in a position: how it splits the candidates.", guessExplain},
	)
}

func guessStrategies(ctx context.Context, params json.RawMessage, report progress.Func) (any, error) {
	return guess.Strategies(), decode(params, &struct{}{})
}

func guessSuggest(ctx context.Context, params json.RawMessage, report progress.Func) (any, error) {
	var in struct {
		played
		Strategy  guess.Strategy `json:"strategy"`
		Objective string         `json:"objective"` // strategy perfect only
		// From (strategy perfect only) is the number of the history's rows
		// after which the strategy starts: 0 plays one strategy from the
		// start of the game, as the computer does in a game of its own.
		// Without it, the move is the best from this position.
		From     *int   `json:"from"`
		BudgetMs *int   `json:"budgetMs"`
		Seed     uint64 `json:"seed"`
	}
	if err := decode(params, &in); err != nil {
		return nil, err
	}
	if in.Objective != "" && in.Strategy != guess.StrategyPerfect {
		return nil, badInput("objective", "bad-value", "an objective applies to strategy perfect only")
	}
	if in.From != nil && in.Strategy != guess.StrategyPerfect {
		return nil, badInput("from", "bad-value", "from applies to strategy perfect only")
	}
	if in.From != nil && (*in.From < 0 || *in.From > len(in.History)) {
		return nil, badInput("from", "bad-value", fmt.Sprintf("from must be 0 to %d (the rows of the history), not %d", len(in.History), *in.From))
	}
	budget := guess.DefaultBudget
	if in.BudgetMs != nil {
		// Compared in milliseconds: a huge budgetMs would overflow a
		// Duration and could wrap into the range allowed.
		if *in.BudgetMs < 10 || int64(*in.BudgetMs) > maxBudget.Milliseconds() {
			return nil, badInput("budgetMs", "bad-value", fmt.Sprintf("budgetMs must be 10 to %d, not %d", maxBudget.Milliseconds(), *in.BudgetMs))
		}
		budget = time.Duration(*in.BudgetMs) * time.Millisecond
	}
	// The first move of a big game without repeats is fixed, and its
	// explanation is counted, not searched: it is instant.
	if r, opening, err := in.opening(); err != nil {
		return nil, err
	} else if s, ok := r.Opening(); opening && ok && (in.Strategy == "" || in.Strategy == guess.StrategyBest) {
		s.Explanation.Strategy = guess.StrategyBest
		return map[string]any{"guess": r.Format(s.Guess), "explanation": s.Explanation, "solved": false}, nil
	}
	p, err := in.open(ctx)
	if err != nil {
		return nil, err
	}
	// A perfect move is proven, not searched within a budget: it runs to
	// the end, or until cancelled.
	if in.Strategy == guess.StrategyPerfect {
		from := len(p.Turns)
		if in.From != nil {
			from = fromTurns(in.History, *in.From)
		}
		return suggestPerfect(ctx, p, in.Objective, from, report)
	}
	s, err := guess.Suggest(ctx, p, guess.SuggestOptions{Strategy: in.Strategy, Budget: budget, Seed: in.Seed, Progress: report})
	if err != nil {
		return nil, err
	}
	return map[string]any{
		"guess":       p.Rules.Format(s.Guess),
		"explanation": s.Explanation,
		"solved":      p.Solved(),
	}, nil
}

func guessExplain(ctx context.Context, params json.RawMessage, report progress.Func) (any, error) {
	var in struct {
		played
		Guess string `json:"guess"`
	}
	if err := decode(params, &in); err != nil {
		return nil, err
	}
	p, err := in.open(ctx)
	if err != nil {
		return nil, err
	}
	g, err := p.Rules.ParseCode(in.Guess, "guess")
	if err != nil {
		return nil, err
	}
	return map[string]any{"guess": p.Rules.Format(g), "explanation": p.Rules.Explain(p.Candidates, g)}, nil
}

// fromTurns is the number of turns in the history's first from rows (a
// row switched off is no turn).
func fromTurns(rows []row, from int) int {
	turns := 0
	for _, x := range rows[:from] {
		if !x.Disabled {
			turns++
		}
	}
	return turns
}
