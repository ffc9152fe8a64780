//go:build !nomines

package api

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"time"

	"kibitz/engine/mines"
	"kibitz/engine/progress"
)

// The hint, and its share for a pool of workers. A hint that must guess
// looks one move ahead at up to ten candidate cells, an analysis for every
// number each could show. The candidates are weighed each on its own, so a
// pool shares them (mines.hint.split): the first worker analyses the
// position and chooses the candidates (the plan), each worker weighs its
// share within what is left of the look-ahead's 200 ms (mines.lookahead),
// and the first takes the best (the merge). On the boards people play the
// look-ahead is short, so the plan shares only what would take a while
// (see minesHintPlan).
//
//	mines.lookahead {board, log10Solutions, candidates: [{x, y, prob,
//	                latent, floating}], budgetMs?} → {candidates}: each weighed as
//	                mines.hint's are (score, survive, progress, outcomes;
//	                -1 and no outcomes when the budget ended first); a
//	                part of mines.hint.split's plan

func init() {
	register(
		Method{"mines.hint", "The best move in a game and why: {state} → {move, candidates, analysis}.", minesHint},
		Method{"mines.lookahead", "Weigh candidate guesses on a board by looking one move ahead: {board, log10Solutions, candidates, budgetMs?} → {candidates} (a part of mines.hint.split).", minesLookAhead},
	)
	registerSplit("mines.hint", Split{minesHintPlan, minesHintMerge})
}

func minesHint(ctx context.Context, params json.RawMessage, report progress.Func) (any, error) {
	var in hintParams
	if err := decode(params, &in); err != nil {
		return nil, err
	}
	w, r, a, err := startHint(ctx, in, report)
	if err != nil {
		return nil, err
	}
	if w.Look {
		board, err := mines.Parse(w.Board)
		if err != nil {
			return nil, err
		}
		if err := mines.LookAhead(ctx, board, w.Log10Solutions, w.Candidates, mines.Options{Budget: w.Budget, Progress: report}); err != nil {
			return nil, err
		}
	}
	return w.finish(r, a)
}

// hintWork is a hint worked out up to its guess's look-ahead: a whole
// hint when Look is false. It is the plan's state in mines.hint.split,
// written to JSON and read back in the merge.
//
// The state leaves the analysis out: on a 100×100 board its 10,000
// probabilities made the merge's JSON 120 KB, 7–10 ms to read in the
// browser, where analysing the board again takes 2–3 ms.
type hintWork struct {
	Board    string   `json:"board"`    // what the player sees, as .mine text
	Analysed bool     `json:"analysed"` // false before the first click: Move is the first click
	WinProb  *float64 `json:"winProb,omitempty"`
	// Forced says the position's guess is a forced 50/50 (see
	// engine/mines/fifty.go), also when the endgame search's move, which
	// proves the chance to win, stands over it.
	Forced     bool              `json:"forced,omitempty"`
	Move       *mines.Move       `json:"move"`
	Candidates []mines.Candidate `json:"candidates"`
	// Look says the candidates wait for the look-ahead, on a position of
	// 10^Log10Solutions solutions, within Budget; the plan may have
	// weighed the first Weighed of them itself.
	Look           bool          `json:"look"`
	Log10Solutions float64       `json:"log10Solutions"`
	Budget         time.Duration `json:"budget"`
	Weighed        int           `json:"weighed"`
}

// hintParams are mines.hint's parameters.
type hintParams struct {
	State    string `json:"state"`
	BudgetMs *int   `json:"budgetMs"`
	// Split, on a pool: true shares every candidate out, false none; by
	// default the plan weighs candidates itself while the rest look
	// cheaper than sharing them (splitWorth).
	Split *bool `json:"split,omitempty"`
}

// startHint works a hint out up to its look-ahead: the analysis, the
// endgame search, and the candidates.
func startHint(ctx context.Context, in hintParams, report progress.Func) (*hintWork, *analysisResult, *mines.Analysis, error) {
	budget, err := minesBudget(in.BudgetMs)
	if err != nil {
		return nil, nil, nil, err
	}
	g, err := unsealGame(in.State)
	if err != nil {
		return nil, nil, nil, err
	}
	if g.Status != mines.Playing {
		return nil, nil, nil, mines.GameOver()
	}
	w := &hintWork{Board: g.View.Format(), Budget: budget}
	if g.Mine == nil {
		m := g.FirstMove()
		w.Move = &m
		return w, nil, nil, nil
	}
	// The hint sees only what the player sees.
	r, a, err := analyze(ctx, g.View, budget, report)
	if err != nil {
		return nil, nil, nil, err
	}
	w.Analysed = true
	w.Move, w.Candidates = r.Best, []mines.Candidate{}
	if r.Best == nil || r.Best.Why == mines.WhySafe {
		return w, r, a, nil
	}
	if m, win, ok := a.Endgame(ctx, min(budget, 500*time.Millisecond)); ok {
		w.Move, w.WinProb = &m, &win
	}
	m, cands, look, err := a.GuessCandidates(ctx, mines.Options{Budget: budget, Progress: report})
	if err != nil {
		return nil, nil, nil, err
	}
	if cands != nil {
		w.Candidates = cands
	}
	w.Forced = !look && m.Why == mines.WhyForced
	if look {
		w.Look, w.Log10Solutions = true, a.Log10Solutions()
	} else if w.WinProb == nil {
		w.Move = &m
	}
	return w, r, a, nil
}

// finish chooses the guess once the candidates are weighed and makes the
// hint's result with r, the position's analysis. The endgame search's
// move, when it proved the chance to win, stands; the candidates then
// show what the look-ahead saw. a is the position's analysis (nil before
// the first click), for the proof of a certain move.
func (w *hintWork) finish(r *analysisResult, a *mines.Analysis) (any, error) {
	if !w.Analysed {
		return map[string]any{"move": w.Move, "analysis": nil}, nil
	}
	if w.Look {
		m := mines.ChooseGuess(w.Candidates)
		if w.WinProb == nil {
			w.Move = &m
		}
	}
	r.Best = w.Move
	r.prove(a)
	out := map[string]any{"analysis": r, "move": r.Best, "candidates": w.Candidates}
	if w.WinProb != nil {
		out["winProb"] = *w.WinProb
	}
	if w.Forced {
		out["forced"] = true
	}
	return out, nil
}

// minesHintPlan works the hint out up to its look-ahead and deals the
// candidates round the workers, one part each: every part then has what
// is left of the look-ahead's budget for its share. Sharing costs a few
// milliseconds (a message each way, the board read again), and most
// look-aheads take less (expert: 0.6 ms at the median natively), so the
// plan first weighs candidates itself, one by one, for as long as the
// rest look cheaper than splitWorth; a hint with nothing left to share
// has no parts, and the merge answers it.
func minesHintPlan(ctx context.Context, params json.RawMessage, workers int) (*Plan, error) {
	var in hintParams
	if err := decode(params, &in); err != nil {
		return nil, err
	}
	w, _, _, err := startHint(ctx, in, nil)
	if err != nil {
		return nil, err
	}
	start, budget := time.Now(), mines.LookAheadBudget(w.Budget)
	if w.Look && (in.Split == nil || !*in.Split) {
		board, err := mines.Parse(w.Board)
		if err != nil {
			return nil, err
		}
		for w.Weighed < len(w.Candidates) {
			spent := time.Since(start)
			if in.Split == nil && w.Weighed > 0 && spent/time.Duration(w.Weighed)*time.Duration(len(w.Candidates)-w.Weighed) > splitWorth {
				break
			}
			one := w.Candidates[w.Weighed : w.Weighed+1]
			if err := mines.LookAhead(ctx, board, w.Log10Solutions, one, mines.Options{Budget: max(budget-spent, 1)}); err != nil {
				return nil, err
			}
			w.Weighed++
		}
	}
	state, err := json.Marshal(w)
	if err != nil {
		return nil, err
	}
	plan := &Plan{Merge: state, Parts: []Part{}}
	if !w.Look || w.Weighed == len(w.Candidates) {
		return plan, nil
	}
	left := w.Candidates[w.Weighed:]
	budgetMs := max(budget-time.Since(start), minesMinBudget).Milliseconds()
	parts := min(workers, len(left))
	for k := range parts {
		part := lookParams{Board: w.Board, Log10Solutions: w.Log10Solutions, BudgetMs: int(budgetMs)}
		for i := k; i < len(left); i += parts {
			part.Candidates = append(part.Candidates, left[i])
		}
		if err := plan.add("mines.lookahead", part); err != nil {
			return nil, err
		}
	}
	return plan, nil
}

// splitWorth is the look-ahead time a share out must save to be worth its
// cost; a variable so that tests can share every hint.
var splitWorth = 10 * time.Millisecond

// minesHintMerge puts each part's weighed candidates back in their places
// (of those the plan left, part k had k, k+parts, …) and finishes the
// hint.
func minesHintMerge(ctx context.Context, merge json.RawMessage, results []json.RawMessage) (any, error) {
	var w hintWork
	if err := json.Unmarshal(merge, &w); err != nil {
		return nil, badInput("merge", "bad-value", "the plan's state is not a hint's: "+err.Error())
	}
	if w.Look && w.Weighed < len(w.Candidates) {
		left := w.Candidates[w.Weighed:]
		if len(results) == 0 || len(results) > len(left) {
			return nil, badInput("results", "bad-value", fmt.Sprintf("a hint of %d candidates to weigh cannot come in %d parts", len(left), len(results)))
		}
		parts, err := partResults[lookResult](results, "a look-ahead")
		if err != nil {
			return nil, err
		}
		for k, part := range parts {
			j := 0
			for i := k; i < len(left); i += len(parts) {
				if j >= len(part.Candidates) || part.Candidates[j].Point != left[i].Point {
					return nil, badInput(fmt.Sprintf("results[%d]", k), "bad-value", fmt.Sprintf("part %d does not weigh the candidates it was given", k))
				}
				left[i] = part.Candidates[j]
				j++
			}
			if j != len(part.Candidates) {
				return nil, badInput(fmt.Sprintf("results[%d]", k), "bad-value", fmt.Sprintf("part %d weighs more candidates than it was given", k))
			}
		}
	}
	if !w.Analysed {
		return w.finish(nil, nil)
	}
	board, err := mines.Parse(w.Board)
	if err != nil {
		return nil, badInput("merge", "bad-value", "the plan's board: "+err.Error())
	}
	r, a, err := analyze(ctx, board, w.Budget, nil)
	if err != nil {
		return nil, err
	}
	return w.finish(r, a)
}

// lookParams are mines.lookahead's parameters.
type lookParams struct {
	Board          string            `json:"board"`
	Log10Solutions float64           `json:"log10Solutions"`
	Candidates     []mines.Candidate `json:"candidates"`
	BudgetMs       int               `json:"budgetMs,omitempty"`
}

// lookResult is mines.lookahead's result.
type lookResult struct {
	Candidates []mines.Candidate `json:"candidates"`
}

func minesLookAhead(ctx context.Context, params json.RawMessage, report progress.Func) (any, error) {
	var in lookParams
	if err := decode(params, &in); err != nil {
		return nil, err
	}
	var budget time.Duration
	if in.BudgetMs != 0 {
		var err error
		if budget, err = minesBudget(&in.BudgetMs); err != nil {
			return nil, err
		}
	}
	b, err := mines.Parse(in.Board)
	if err != nil {
		return nil, err
	}
	if math.IsNaN(in.Log10Solutions) || math.IsInf(in.Log10Solutions, 0) || in.Log10Solutions < 0 {
		return nil, badInput("log10Solutions", "bad-value", fmt.Sprintf("log10Solutions must be 0 or more (a position has at least one solution), not %v", in.Log10Solutions))
	}
	if len(in.Candidates) == 0 {
		return nil, badInput("candidates", "bad-value", "give at least one candidate cell to weigh")
	}
	for i, c := range in.Candidates {
		field := fmt.Sprintf("candidates[%d]", i)
		if c.X < 0 || c.Y < 0 || c.X >= b.Width || c.Y >= b.Height {
			return nil, badInput(field, "bad-value", fmt.Sprintf("cell (%d,%d) is off the %d×%d board", c.X, c.Y, b.Width, b.Height))
		}
		if b.At(c.X, c.Y) != mines.Hidden {
			return nil, badInput(field, "bad-value", fmt.Sprintf("cell (%d,%d) is not hidden: only a hidden cell can be guessed", c.X, c.Y))
		}
		// prob and latent make its score (see mines.Candidate).
		if !(c.Prob >= 0 && c.Prob <= 1) || !(c.Latent >= 0 && c.Latent <= 1) {
			return nil, badInput(field, "bad-value", fmt.Sprintf("cell (%d,%d): prob and latent are chances, from 0 to 1, not %v and %v", c.X, c.Y, c.Prob, c.Latent))
		}
	}
	if err := mines.LookAhead(ctx, b, in.Log10Solutions, in.Candidates, mines.Options{Budget: budget, Progress: report}); err != nil {
		return nil, err
	}
	return lookResult{in.Candidates}, nil
}
