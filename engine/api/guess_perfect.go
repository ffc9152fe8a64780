//go:build !noguess

package api

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"kibitz/engine/guess"
	"kibitz/engine/progress"
)

// The perfect strategy's calls: guess.suggest with strategy "perfect"
// (guess_suggest.go) plays it one move at a time, guess.tree shows it
// whole, guess.objectives lists what it can minimise.

func init() {
	register(
		Method{"guess.objectives", "List the objectives the perfect strategy can minimise.", guessObjectives},
		Method{"guess.tree", "The perfect strategy from a position as a tree to browse: {history, objective, depth, text} → {proof, root}.", guessTree},
		Method{"guess.perfect.check", "Compare a guess with the perfect strategy's move: {history, objective, guess} → {guess, optimal, worse, here, best, bestGuess}.", guessPerfectCheck},
	)
}

func guessObjectives(ctx context.Context, params json.RawMessage, report progress.Func) (any, error) {
	return guess.Objectives(), decode(params, &struct{}{})
}

// proofJSON is what a perfect move or tree proves: the strategy's figures
// from its root, and this position's own.
type proofJSON struct {
	// Proven is always true: the strategy is optimal for the objective.
	// With source "search" this engine's exhaustive search proved it; a
	// "shipped" strategy (1a2b-4) reaches figures proven optimal in the
	// literature (26,274 guesses; worst 7; 50 secrets needing 7).
	Proven    bool            `json:"proven"`
	Objective guess.Objective `json:"objective"`
	Source    string          `json:"source"` // "search" or "shipped"
	Millis    int64           `json:"millis"` // time the search for the strategy took (by this call or an earlier one; 0 when shipped)

	// The strategy from where it was solved: this position, or for a game
	// played by one strategy (guess.suggest's from) or a shipped one, an
	// earlier position, RootTurns turns into the game. From an earlier
	// position the figures Here are that strategy's, which is the best for
	// the whole game but need not be from here (for "average" its total
	// from here is the least possible; the objectives with a worst case
	// may rank another strategy first from here).
	Strategy  figures `json:"strategy"`
	RootTurns int     `json:"rootTurns"`
	// From this position: the secrets still possible and what the strategy
	// needs to find them, this guess included.
	Here figures `json:"here"`
	// The least worst case any strategy has from the strategy's root (0
	// when the objective did not need it).
	MinWorst int               `json:"minWorst"`
	Stats    guess.SearchStats `json:"stats"`
}

type figures struct {
	Secrets  int     `json:"secrets"`
	Total    int     `json:"total"`
	Expected float64 `json:"expected"` // Total / Secrets: the exact expected number of guesses
	Worst    int     `json:"worst"`
	AtWorst  int     `json:"atWorst"`
}

func figuresOf(n *guess.TreeNode) figures {
	return figures{Secrets: n.Secrets, Total: n.Total, Expected: float64(n.Total) / float64(n.Secrets), Worst: n.Worst, AtWorst: n.AtWorst}
}

func proofOf(t *guess.Tree, here *guess.TreeNode) proofJSON {
	return proofJSON{Proven: true, Objective: t.Objective, Source: t.Proof.Source, Millis: t.Proof.Millis,
		Strategy: figuresOf(t.Root), RootTurns: len(t.Turns), Here: figuresOf(here), MinWorst: t.Proof.MinWorst, Stats: t.Proof.Stats}
}

// perfectExplanation is a perfect move's explanation: the usual one, and
// the proof.
type perfectExplanation struct {
	guess.Explanation
	Proof proofJSON `json:"proof"`
}

// suggestPerfect answers guess.suggest for strategy perfect.
func suggestPerfect(ctx context.Context, p *guess.Position, objective string, from int, report progress.Func) (any, error) {
	obj, err := guess.ParseObjective(objective)
	if err != nil {
		return nil, err
	}
	s, t, node, err := guess.SuggestPerfect(ctx, p, obj, from, report)
	if err != nil {
		return nil, err
	}
	ex := perfectExplanation{Explanation: s.Explanation, Proof: proofOf(t, node)}
	ex.Complete = true
	return map[string]any{
		"guess":       p.Rules.Format(s.Guess),
		"explanation": ex,
		"solved":      p.Solved(),
	}, nil
}

// guessPerfectCheck says whether a guess (the fast strategy's, shown
// while the proof was searched) is as good as the perfect strategy's
// move, and if not, where it does worse.
func guessPerfectCheck(ctx context.Context, params json.RawMessage, report progress.Func) (any, error) {
	var in struct {
		played
		Objective string `json:"objective"`
		Guess     string `json:"guess"`
	}
	if err := decode(params, &in); err != nil {
		return nil, err
	}
	obj, err := guess.ParseObjective(in.Objective)
	if err != nil {
		return nil, err
	}
	p, err := in.open(ctx)
	if err != nil {
		return nil, err
	}
	if p.Solved() {
		return nil, badInput("history", "game-over", "the game is over: the last guess was the secret")
	}
	g, err := p.Rules.ParseCode(in.Guess, "guess")
	if err != nil {
		return nil, err
	}
	c, err := guess.CheckPerfect(progress.NewContext(ctx, report), p, obj, g)
	if err != nil {
		return nil, err
	}
	out := map[string]any{
		"guess":     p.Rules.Format(c.Guess),
		"optimal":   c.Optimal,
		"worse":     c.Worse,
		"best":      figuresOf(c.Best),
		"bestGuess": p.Rules.Format(c.Best.Guess),
		"here":      nil,
	}
	if c.Here != nil {
		out["here"] = figuresOf(c.Here)
	}
	return out, nil
}

// treeNodeJSON is one node of guess.tree's answer.
type treeNodeJSON struct {
	Guess    string       `json:"guess"`
	Secrets  int          `json:"secrets"`
	Total    int          `json:"total"`
	Expected float64      `json:"expected"`
	Worst    int          `json:"worst"` // guesses, this one included
	AtWorst  int          `json:"atWorst"`
	Win      bool         `json:"win"` // the guess may be the secret
	More     bool         `json:"more,omitempty"`
	Answers  []answerJSON `json:"answers,omitempty"`
}

type answerJSON struct {
	A    int          `json:"a"`
	B    int          `json:"b"`
	Node treeNodeJSON `json:"node"`
}

func treeJSON(r *guess.Rules, n *guess.TreeNode, depth int) treeNodeJSON {
	out := treeNodeJSON{Guess: r.Format(n.Guess), Secrets: n.Secrets, Total: n.Total, Expected: float64(n.Total) / float64(n.Secrets),
		Worst: n.Worst, AtWorst: n.AtWorst, Win: n.Win}
	if len(n.Children) == 0 {
		return out
	}
	if depth == 1 {
		out.More = true
		return out
	}
	for _, b := range n.Children {
		out.Answers = append(out.Answers, answerJSON{A: b.Feedback.A, B: b.Feedback.B, Node: treeJSON(r, b.Node, depth-1)})
	}
	return out
}

// treeText writes one line per secret: the secret, a colon, then the
// guesses that find it, in the order of the codes.
func treeText(r *guess.Rules, node *guess.TreeNode) string {
	sub := &guess.Tree{Root: node}
	lines := sub.Secrets()
	slices.SortFunc(lines, func(a, b []guess.Code) int { return strings.Compare(r.Format(a[len(a)-1]), r.Format(b[len(b)-1])) })
	var sb strings.Builder
	for _, path := range lines {
		sb.WriteString(r.Format(path[len(path)-1]))
		sb.WriteByte(':')
		for _, g := range path {
			sb.WriteByte(' ')
			sb.WriteString(r.Format(g))
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// treeParams are guess.tree's parameters (its plan reads them too).
type treeParams struct {
	played
	Objective string `json:"objective"`
	Depth     *int   `json:"depth"`
	Text      bool   `json:"text"`
}

// position reads the objective, then opens the position.
func (in *treeParams) position(ctx context.Context) (*guess.Position, guess.Objective, error) {
	obj, err := guess.ParseObjective(in.Objective)
	if err != nil {
		return nil, "", err
	}
	p, err := in.open(ctx)
	return p, obj, err
}

func guessTree(ctx context.Context, params json.RawMessage, report progress.Func) (any, error) {
	var in treeParams
	if err := decode(params, &in); err != nil {
		return nil, err
	}
	depth := 2
	if in.Depth != nil {
		depth = *in.Depth
		if depth < 0 || depth > 64 {
			return nil, badInput("depth", "bad-value", fmt.Sprintf("depth must be 0 (the whole tree) to 64, not %d", depth))
		}
	}
	if depth == 0 {
		depth = -1 // no limit
	}
	p, obj, err := in.position(ctx)
	if err != nil {
		return nil, err
	}
	if p.Solved() {
		return nil, badInput("history", "game-over", "the game is over: the last guess was the secret")
	}
	t, node, err := guess.PerfectStrategy(ctx, p, obj, report)
	if err != nil {
		return nil, err
	}
	out := map[string]any{
		"proof": proofOf(t, node),
		"root":  treeJSON(p.Rules, node, depth),
		"turns": len(p.Turns),
	}
	if in.Text {
		out["text"] = treeText(p.Rules, node)
	}
	return out, nil
}

// guess.tree shared by a pool of workers (parallel.go): the plan finds the
// least worst case and ranks the first guesses (guess.PlanPerfect), each
// part searches some of them (guess.perfect.part), and the merge keeps the
// best, remembers it as the whole search would, and answers as guess.tree.

func init() {
	register(Method{"guess.perfect.part", "Search the first guesses a shared perfect search gave this part: {preset or rules, history, plan, guesses} → {found, value, worst, rank, root, stats}.", guessPerfectPart})
	registerSplit("guess.tree", Split{guessTreePlan, guessTreeMerge})
}

// treePlanState is what guess.tree's merge needs: the call's parameters,
// and the plan (null: answer as guess.tree does, alone).
type treePlanState struct {
	Params json.RawMessage    `json:"params"`
	Plan   *guess.PerfectPlan `json:"plan"`
}

type perfectPartParams struct {
	played
	Plan    *guess.PerfectPlan `json:"plan"`
	Guesses []guess.Code       `json:"guesses"`
	Bound   int32              `json:"bound,omitempty"` // the least value other parts reached (the pool adds it)
}

func guessTreePlan(ctx context.Context, params json.RawMessage, workers int) (*Plan, error) {
	var in treeParams
	if err := decode(params, &in); err != nil {
		return nil, err
	}
	p, obj, err := in.position(ctx)
	if err != nil {
		return nil, err
	}
	var plan *guess.PerfectPlan
	if !p.Solved() {
		// Four parts a worker: the first guesses differ a lot in cost.
		if plan, err = guess.PlanPerfect(ctx, p, guess.PerfectOptions{Objective: obj}, 4*workers); err != nil {
			return nil, err
		}
	}
	state, err := json.Marshal(treePlanState{Params: params, Plan: plan})
	if err != nil {
		return nil, err
	}
	out := &Plan{Merge: state, Parts: []Part{}}
	if plan == nil {
		return out, nil
	}
	for _, guesses := range plan.Parts {
		if err := out.add("guess.perfect.part", perfectPartParams{played: in.played, Plan: plan, Guesses: guesses}); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func guessPerfectPart(ctx context.Context, params json.RawMessage, report progress.Func) (any, error) {
	var in perfectPartParams
	if err := decode(params, &in); err != nil {
		return nil, err
	}
	if in.Bound < 0 {
		return nil, badInput("bound", "bad-value", fmt.Sprintf("bound must not be negative; got %d", in.Bound))
	}
	if in.Plan == nil || len(in.Guesses) == 0 {
		return nil, badInput("plan", "bad-value", "a part needs the plan of guess.tree.split and its guesses")
	}
	p, err := in.open(ctx)
	if err != nil {
		return nil, err
	}
	return guess.SolvePerfectPart(ctx, p, in.Plan, in.Guesses, in.Bound)
}

func guessTreeMerge(ctx context.Context, merge json.RawMessage, results []json.RawMessage) (any, error) {
	var state treePlanState
	if err := json.Unmarshal(merge, &state); err != nil {
		return nil, badInput("merge", "bad-value", "the merge state is not guess.tree.split's: "+err.Error())
	}
	if state.Plan != nil {
		var in struct {
			played
		}
		// The parameters were read by the plan; only the position is
		// needed again.
		_ = json.Unmarshal(state.Params, &in)
		p, err := in.open(ctx)
		if err != nil {
			return nil, err
		}
		if len(results) != len(state.Plan.Parts) {
			return nil, badInput("results", "bad-value", fmt.Sprintf("the plan has %d parts, and %d results came", len(state.Plan.Parts), len(results)))
		}
		read, err := partResults[guess.PerfectPart](results, "guess.perfect.part's")
		if err != nil {
			return nil, err
		}
		parts := make([]*guess.PerfectPart, len(read))
		for i := range read {
			parts[i] = &read[i]
		}
		// Remembered, the strategy answers guess.tree below, and every
		// move of the game after it, as if this worker had searched it.
		if _, err := guess.MergePerfect(p, state.Plan, parts); err != nil {
			return nil, err
		}
	}
	return guessTree(ctx, state.Params, nil)
}
