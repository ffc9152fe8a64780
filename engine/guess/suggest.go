package guess

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"

	"kibitz/engine/progress"
)

// Strategy names a way of choosing the next guess.
type Strategy string

const (
	StrategyRandom    Strategy = "random"    // a random consistent candidate (seeded)
	StrategyFrequency Strategy = "frequency" // science fair 次數分析法: the candidate made of the most frequent symbol in each position
	StrategySuper     Strategy = "super"     // science fair 超級比較法: the lexicographically smallest sorted class-size histogram
	StrategyMinimax   Strategy = "minimax"   // Knuth: minimise the largest class
	StrategyExpected  Strategy = "expected"  // minimise the expected remaining size Σ|c|²/n
	StrategyEntropy   Strategy = "entropy"   // maximise the entropy of the partition
	StrategyParts     Strategy = "parts"     // maximise the number of non-empty classes
	StrategyBest      Strategy = "best"      // the strongest play within the budget
	StrategyPerfect   Strategy = "perfect"   // a proven-optimal strategy for an objective (perfect.go)
)

// StrategyInfo describes a strategy for a menu.
type StrategyInfo struct {
	ID          Strategy `json:"id"`
	Description string   `json:"description"`
}

// Strategies lists the strategies, weakest first, with one line each.
func Strategies() []StrategyInfo {
	return []StrategyInfo{
		{StrategyRandom, "A random code that is still possible."},
		{StrategyFrequency, "Science fair frequency analysis: the possible code whose symbols are the most frequent in their positions."},
		{StrategySuper, "Science fair super comparison: the guess whose class sizes, largest first, are smallest."},
		{StrategyMinimax, "Knuth's minimax: the guess whose worst answer leaves the fewest codes."},
		{StrategyExpected, "The guess that leaves the fewest codes on average."},
		{StrategyEntropy, "The guess whose answer carries the most information."},
		{StrategyParts, "The guess with the most different possible answers."},
		{StrategyBest, "The strongest play: exact solving when small, look-ahead search otherwise."},
		{StrategyPerfect, "Proven-optimal play for an objective (average, worst-then-average or fewest-worst), searched over the whole game; up to 1,500 codes live."},
	}
}

// DefaultBudget is the time a suggestion may take when the options give
// none.
const DefaultBudget = 2 * time.Second

// SuggestOptions tune Suggest.
type SuggestOptions struct {
	Strategy  Strategy      // "" means StrategyBest
	Budget    time.Duration // 0 means DefaultBudget; a hard cap on wall time
	Seed      uint64        // random choices and samples are deterministic for a seed
	Progress  progress.Func // may be nil (then the Func ctx carries, if any); called about every millisecond of work
	Objective Objective     // strategy perfect only: what it minimises ("" is average); perfect ignores Budget
}

// ClassSize is one bar of a histogram: how many candidates give a feedback.
type ClassSize struct {
	Feedback Feedback `json:"feedback"`
	Count    int      `json:"count"`
}

// Explanation says why a guess is good: how it splits the candidates, and
// how the strategy found it.
type Explanation struct {
	Strategy    Strategy    `json:"strategy"`
	Method      string      `json:"method"`      // how the guess was chosen ("book", "exact", "lookahead", "greedy-sampled", ...)
	Candidates  int         `json:"candidates"`  // candidates before this guess
	IsCandidate bool        `json:"isCandidate"` // the guess could itself be the secret
	Histogram   []ClassSize `json:"histogram"`   // exact, over all candidates; non-empty classes in (A, B) order
	Expected    float64     `json:"expected"`    // Σ|c|²/n: the expected number of candidates left
	// Left is the codes left on average after the answer, a win leaving
	// none: (Σ|c|² − 1)/n when the guess could be the secret, else
	// Expected. Expected counts the secret as one code left when the
	// guess is it, as the strategies rank guesses; a reader who is told
	// "1.0 codes are left on average" of a guess that tells 4 codes apart
	// and could be one of them hears that winning gains nothing.
	Left            float64 `json:"left"`
	Worst           int     `json:"worst"`   // the largest class
	Parts           int     `json:"parts"`   // non-empty classes
	Entropy         float64 `json:"entropy"` // bits
	ExpectedGuesses float64 `json:"expectedGuesses,omitempty"`
	Evaluated       int     `json:"evaluated"` // guesses evaluated
	Complete        bool    `json:"complete"`  // false when the budget cut the search short
}

// Suggestion is a guess with its explanation.
type Suggestion struct {
	Guess       Code
	Explanation Explanation
}

// Suggest chooses the next guess at a position. It fails with ctx's error
// when ctx is cancelled, but when the budget runs out it returns the best
// guess found so far, marked incomplete. An unknown strategy is an
// *InputError on the field "strategy".
func Suggest(ctx context.Context, p *Position, opts SuggestOptions) (Suggestion, error) {
	if err := ctx.Err(); err != nil {
		return Suggestion{}, err
	}
	strategy := opts.Strategy
	if strategy == "" {
		strategy = StrategyBest
	}
	known := false
	for _, s := range Strategies() {
		known = known || s.ID == strategy
	}
	if !known {
		return Suggestion{}, inputError("strategy", ReasonBadValue, string(strategy), "unknown strategy %q", strategy)
	}
	if p == nil || p.Rules == nil || len(p.Candidates) == 0 {
		return Suggestion{}, inputError("position", ReasonBadValue, "", "the position has no candidates")
	}
	budget := opts.Budget
	if budget <= 0 {
		budget = DefaultBudget
	}
	if opts.Progress == nil {
		opts.Progress = progress.FromContext(ctx)
	}
	f := newFrame(ctx, p, opts, budget)
	var res result
	switch {
	case len(p.Candidates) == 1:
		res = result{guess: p.Candidates[0], method: "only-candidate", expectedGuesses: 1}
	case strategy == StrategyRandom:
		res = f.random()
	case strategy == StrategyFrequency:
		res = f.frequency()
	case strategy == StrategyBest:
		res = f.best()
	case strategy == StrategyPerfect:
		res = f.perfect(opts.Objective)
	default:
		res = f.greedy(strategy)
	}
	if f.m.err != nil && !errors.Is(f.m.err, errBudget) {
		return Suggestion{}, f.m.err
	}
	if res.method == "" {
		res.method = string(strategy)
	}
	ex, err := f.explain(res.guess)
	if err != nil {
		return Suggestion{}, err
	}
	ex.Strategy = strategy
	ex.Method = res.method
	ex.ExpectedGuesses = res.expectedGuesses
	ex.Evaluated = res.evaluated
	ex.Complete = f.m.err == nil
	return Suggestion{Guess: res.guess, Explanation: ex}, nil
}

// result is what a strategy found.
type result struct {
	guess           Code
	method          string
	evaluated       int
	expectedGuesses float64
}

// frame is one call of Suggest: the position prepared for the strategies.
type frame struct {
	sp    *space
	pos   *Position
	m     *meter
	seed  uint64
	rng   *rand.Rand
	cands codeList // all candidates
	used  uint16
	sym   symmetry

	bestSoFar bestSoFar // best's fallback when the budget runs out
}

func newFrame(ctx context.Context, p *Position, opts SuggestOptions, budget time.Duration) *frame {
	sp := newSpace(p.Rules)
	f := &frame{
		sp:    sp,
		pos:   p,
		m:     newMeter(ctx, budget, opts.Progress),
		seed:  opts.Seed,
		rng:   rand.New(rand.NewPCG(opts.Seed, 0x6b6962697a2d67)),
		cands: codeList{codes: p.Candidates},
		used:  p.UsedSymbols(),
	}
	f.sym = sp.symmetryOf(f.used, aliveSymbols(p.Candidates, sp.symbols), len(p.Turns) == 0)
	return f
}

// counted returns the candidates with their symbol counts when repeats need
// them.
func (f *frame) counted() codeList {
	if f.sp.repeats && f.cands.counts == nil {
		f.cands = f.sp.list(f.cands.codes)
	}
	return f.cands
}

// consistent reports whether c could be the secret.
func (f *frame) consistent(c Code) bool {
	for _, t := range f.pos.Turns {
		if f.sp.scoreOne(t.Guess, c) != t.Feedback.class() {
			return false
		}
	}
	return true
}

// explain computes the exact histogram of guess over every candidate in one
// pass, reporting progress on the way; only a cancel stops it.
func (f *frame) explain(guess Code) (Explanation, error) {
	const chunk = 1 << 15
	var h hist
	codes := f.pos.Candidates
	var l codeList
	for start := 0; start < len(codes); start += chunk {
		end := min(start+chunk, len(codes))
		l.codes = codes[start:end]
		if f.sp.repeats {
			l = f.sp.list(l.codes)
		}
		f.sp.fill(&h, guess, l)
		if err := f.m.ctx.Err(); err != nil {
			return Explanation{}, err
		}
		if f.m.progress != nil && end < len(codes) {
			f.m.progress(int64(end), int64(len(codes)), "explaining the guess")
		}
	}
	return f.sp.explanation(&h, len(codes)), nil
}

// Explain returns the histogram and figures of any guess against the given
// candidates (a user's own guess, say). The strategy fields are left
// empty; Evaluated is 1 and Complete true.
func (r *Rules) Explain(candidates []Code, guess Code) Explanation {
	sp := newSpace(r)
	var h hist
	sp.fill(&h, guess, sp.list(candidates))
	ex := sp.explanation(&h, len(candidates))
	ex.Evaluated = 1
	ex.Complete = true
	return ex
}

// explanation turns a filled histogram into an Explanation.
func (sp *space) explanation(h *hist, n int) Explanation {
	ex := Explanation{Candidates: n, IsCandidate: h[sp.win] > 0}
	for _, c := range sp.classes {
		if h[c] > 0 {
			ex.Histogram = append(ex.Histogram, ClassSize{Feedback: c.feedback(), Count: int(h[c])})
		}
	}
	st := sp.summarise(h)
	ex.Expected = st.expected()
	ex.Left = ex.Expected
	if ex.IsCandidate && n > 0 {
		ex.Left -= 1 / float64(n)
	}
	ex.Worst = int(st.worst)
	ex.Parts = int(st.parts)
	ex.Entropy = st.entropy()
	if ex.Histogram == nil {
		ex.Histogram = []ClassSize{}
	}
	return ex
}

// PerfectCheck is how a guess compares with the perfect strategy's move
// at a position: what the best strategy that starts with it needs, beside
// what the perfect strategy needs from there.
type PerfectCheck struct {
	Guess Code
	// Optimal: no strategy the engine knows from the position does better
	// under the objective than the best that starts with Guess.
	Optimal bool
	// Worse names the first figure, in the objective's order, where the
	// guess does worse: "worst", "atWorst" or "total" ("" when Optimal).
	Worse string
	// Here is the best strategy that starts with Guess. For the
	// objectives with a worst case it is searched within Best's worst
	// case; when no strategy starting with Guess wins within it, Here is
	// nil and Worse is "worst".
	Here *TreeNode
	Best *TreeNode // the perfect strategy's node at the position
}

// CheckPerfect compares guess g with the perfect strategy's move at p
// under obj (a fast strategy's guess, once the proof is in, say). The
// perfect strategy is the one PerfectStrategy gives, searched if it is
// not known yet; then each answer g may get is solved, within the
// strategy's worst case for the objectives that have one. Progress is
// reported through ctx, in answers solved.
func CheckPerfect(ctx context.Context, p *Position, obj Objective, g Code) (PerfectCheck, error) {
	obj, err := ParseObjective(string(obj))
	if err != nil {
		return PerfectCheck{}, err
	}
	if err := perfectFits(p); err != nil {
		return PerfectCheck{}, err
	}
	if !p.Rules.Valid(g) {
		return PerfectCheck{}, inputError("guess", ReasonBadValue, "", "not a code of this game")
	}
	report := progress.FromContext(ctx)
	_, best, err := PerfectStrategy(ctx, p, obj, report)
	if err != nil {
		return PerfectCheck{}, err
	}
	out := PerfectCheck{Guess: g, Best: best}
	// The worst case to keep to: none for the average (every secret's
	// count), the strategy's own for the others.
	depth := 0
	if obj != ObjectiveAverage {
		depth = best.Worst
	}
	ex := p.Rules.Explain(p.Candidates, g)
	here := &TreeNode{Guess: g, Secrets: len(p.Candidates), Total: len(p.Candidates), Worst: 1}
	const unit = 1000
	for i, class := range ex.Histogram {
		if p.Rules.Won(class.Feedback) {
			here.Win = true
			continue
		}
		if depth == 1 {
			out.Worse = "worst" // a secret other than g is left after the last guess
			return out, nil
		}
		child, err := p.Play(ctx, g, class.Feedback)
		if err != nil {
			return PerfectCheck{}, err
		}
		done := int64(i)
		step := func(d, t int64, _ string) {
			part := int64(0)
			if t > 0 {
				part = unit * min(d, t) / t
			}
			report.Report(done*unit+part, int64(len(ex.Histogram))*unit, "checking the guess")
		}
		kid, err := solveAnswer(ctx, child, obj, depth-1, step)
		if err != nil {
			return PerfectCheck{}, err
		}
		if kid == nil {
			out.Worse = "worst" // some answer cannot be solved within the worst case
			return out, nil
		}
		here.AddBranch(class.Feedback, kid)
	}
	if here.Win && here.Worst == 1 {
		here.AtWorst++
	}
	out.Here = here
	out.Worse = worseFigure(obj, here, best)
	out.Optimal = out.Worse == ""
	return out, nil
}

// solveAnswer solves the position an answer leads to as the objective
// ranks it under a parent that keeps to a worst case: within depth
// guesses (0: no limit, for the average), or nil when it cannot be. For
// fewest-worst, the secrets that count are those at the parent's worst
// case, the answer's depth-th guess, which the search within depth
// counts (an answer that needs fewer guesses has none there).
func solveAnswer(ctx context.Context, p *Position, obj Objective, depth int, report progress.Func) (*TreeNode, error) {
	t, err := SolvePerfect(ctx, p, PerfectOptions{Objective: obj, Depth: depth, Progress: report})
	var in *InputError
	if errors.As(err, &in) && in.Field == "depth" {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return t.Root, nil
}

// worseFigure names the first figure, in the objective's order, where a
// strategy does worse than another, or "" when it does not.
func worseFigure(obj Objective, a, b *TreeNode) string {
	type figure struct {
		name string
		a, b int
	}
	var order []figure
	switch obj {
	case ObjectiveAverage:
		order = []figure{{"total", a.Total, b.Total}, {"worst", a.Worst, b.Worst}}
	case ObjectiveWorstThenAverage:
		order = []figure{{"worst", a.Worst, b.Worst}, {"total", a.Total, b.Total}}
	default:
		order = []figure{{"worst", a.Worst, b.Worst}, {"atWorst", a.AtWorst, b.AtWorst}, {"total", a.Total, b.Total}}
	}
	for _, f := range order {
		switch {
		case f.a > f.b:
			return f.name
		case f.a < f.b:
			return ""
		}
	}
	return ""
}
