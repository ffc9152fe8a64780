package guess

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"time"

	"kibitz/engine/progress"
)

// Strategy perfect plays a proven-optimal strategy. It searches the whole
// game tree from a position (perfect_search.go), under one of three
// objectives, and keeps the strategy it found as a tree: a guess at each
// node and a child per answer. Its moves are that tree's until the game
// leaves it (a player's own guess in the helper), where the strategy is
// solved again from the position reached.
//
// A strategy's figures count guesses from its root: Total is the sum over
// the secrets still possible there of the guesses each needs, Worst the
// most any needs, AtWorst how many need that many. The objectives order
// strategies by
//
//   - average: Total, then Worst;
//   - worst-then-average: Worst, then Total;
//   - fewest-worst: Worst, then AtWorst, then Total.
//
// The search is exact: the strategy it returns is the least under the
// objective's order among every strategy that may guess any code.

// Objective says what a perfect strategy minimises.
type Objective string

const (
	ObjectiveAverage          Objective = "average"            // the fewest guesses in total (so on average), then the smallest worst case
	ObjectiveWorstThenAverage Objective = "worst-then-average" // the smallest worst case, then the fewest guesses in total
	ObjectiveFewestWorst      Objective = "fewest-worst"       // the smallest worst case, then the fewest secrets that need it, then the fewest in total
)

// Objectives lists the objectives with one line each.
func Objectives() []struct {
	ID          Objective `json:"id"`
	Description string    `json:"description"`
} {
	return []struct {
		ID          Objective `json:"id"`
		Description string    `json:"description"`
	}{
		{ObjectiveAverage, "The fewest guesses on average; ties go to the smaller worst case."},
		{ObjectiveWorstThenAverage, "The smallest worst case; then the fewest guesses on average."},
		{ObjectiveFewestWorst, "The smallest worst case; then the fewest secrets that need it; then the fewest guesses on average."},
	}
}

// ParseObjective checks an objective name; "" is average.
func ParseObjective(s string) (Objective, error) {
	if s == "" {
		return ObjectiveAverage, nil
	}
	for _, o := range Objectives() {
		if string(o.ID) == s {
			return o.ID, nil
		}
	}
	return "", inputError("objective", ReasonBadValue, s, "unknown objective %q; it is average, worst-then-average or fewest-worst", s)
}

// Limits of the live perfect search.
const (
	PerfectMaxCandidates = 1500   // the most secrets a live search starts from
	PerfectMaxCodes      = 40_000 // the largest code space it tries every code of as a guess
)

// TreeNode is one position of a perfect strategy: the guess played there
// and, for each answer but the win, the position it leads to.
type TreeNode struct {
	Guess    Code
	Secrets  int // secrets still possible before the guess
	Total    int // guesses they need in all from here, this one included
	Worst    int // the most guesses any of them needs from here
	AtWorst  int // how many need Worst
	Win      bool
	Children []TreeBranch // in (A, B) order
}

// AddBranch hangs kid under n as the answer f and counts its secrets into
// n's figures: their guesses, and the worst case with how many need it.
func (n *TreeNode) AddBranch(f Feedback, kid *TreeNode) {
	n.Children = append(n.Children, TreeBranch{Feedback: f, Node: kid})
	n.Total += kid.Total
	switch w := kid.Worst + 1; {
	case w > n.Worst:
		n.Worst, n.AtWorst = w, kid.AtWorst
	case w == n.Worst:
		n.AtWorst += kid.AtWorst
	}
}

// TreeBranch is one answer to a node's guess.
type TreeBranch struct {
	Feedback Feedback
	Node     *TreeNode
}

// Tree is a perfect strategy from a position.
type Tree struct {
	Rules     *Rules
	Objective Objective
	Turns     []Turn // the position it starts from
	Root      *TreeNode
	Proof     Proof
}

// Proof says what a perfect search established and what it cost.
type Proof struct {
	Objective Objective   `json:"objective"`
	Secrets   int         `json:"secrets"`  // secrets possible at the strategy's root
	Total     int         `json:"total"`    // the least total under the objective
	Worst     int         `json:"worst"`    // the strategy's worst case
	AtWorst   int         `json:"atWorst"`  // secrets needing it
	MinWorst  int         `json:"minWorst"` // the least worst case any strategy has (0 when not computed: average objective with no need)
	Source    string      `json:"source"`   // "search", or "shipped" for a tree that comes with the engine
	Millis    int64       `json:"millis"`   // time the search took
	Stats     SearchStats `json:"stats"`
}

// PerfectOptions tune SolvePerfect.
type PerfectOptions struct {
	Objective  Objective
	Progress   progress.Func // may be nil
	Techniques Techniques    // all on by default

	// Depth, when above 0, is the worst case to keep to instead of the
	// least one: the strategy wins within Depth guesses and minimises the
	// rest of the objective within that (the total; for fewest-worst the
	// secrets needing Depth first). It fails when Depth is too small.
	Depth int
	// RootGuesses, when above 0, tries only that many guesses at the
	// first move, the best by the counting bound: a heuristic restriction
	// for positions too big to search whole (the shipped 1a2b-4 trees).
	// The result is then optimal among strategies starting with those.
	RootGuesses int
	// RootAlso adds these guesses to the RootGuesses tried at the first
	// move (a strong heuristic's choice, say).
	RootAlso []Code
}

// SolvePerfect computes the optimal strategy for the objective from a
// position. It fails with ctx's error when cancelled, with a TooLargeError
// when the position has more than PerfectMaxCandidates secrets or the
// rules more than PerfectMaxCodes codes.
func SolvePerfect(ctx context.Context, p *Position, opts PerfectOptions) (*Tree, error) {
	obj, err := ParseObjective(string(opts.Objective))
	if err != nil {
		return nil, err
	}
	if err := perfectFits(p); err != nil {
		return nil, err
	}
	start := time.Now()
	ps, m := newPerfectSearch(ctx, p, opts)
	root, minWorst := ps.run(obj)
	if m.err != nil {
		return nil, m.err
	}
	if root == nil {
		if opts.Depth > 0 {
			return nil, inputError("depth", ReasonBadValue, fmt.Sprint(opts.Depth), "no strategy wins within %d guesses from this position", opts.Depth)
		}
		return nil, fmt.Errorf("guess: the perfect search found no strategy (a bug)")
	}
	tr := &Tree{Rules: p.Rules, Objective: obj, Turns: slices.Clone(p.Turns), Root: root}
	tr.Proof = Proof{Objective: obj, Secrets: root.Secrets, Total: root.Total, Worst: root.Worst, AtWorst: root.AtWorst,
		MinWorst: minWorst, Source: "search", Millis: time.Since(start).Milliseconds(), Stats: ps.stats}
	return tr, nil
}

// perfectFits says why a position cannot be searched live, or nil.
func perfectFits(p *Position) error {
	if p == nil || p.Rules == nil || len(p.Candidates) == 0 {
		return inputError("position", ReasonBadValue, "", "the position has no candidates")
	}
	if n := len(p.Candidates); n > PerfectMaxCandidates {
		return &TooLargeError{Size: int64(n), Limit: PerfectMaxCandidates}
	}
	if size := p.Rules.Size(); size > PerfectMaxCodes {
		return &TooLargeError{Size: size, Limit: PerfectMaxCodes}
	}
	return nil
}

// newPerfectSearch sets up the search of a position: its codes, its
// candidates, and the symmetry group its turns leave.
func newPerfectSearch(ctx context.Context, p *Position, opts PerfectOptions) (*perfectSearch, *meter) {
	if opts.Progress == nil {
		opts.Progress = progress.FromContext(ctx)
	}
	sp := newSpace(p.Rules)
	m := newMeter(ctx, 1<<62, opts.Progress)
	ps := &perfectSearch{sp: sp, m: m, pool: sp.allCodes(), tech: opts.Techniques, set: sp.list(slices.Clone(p.Candidates)),
		depth: opts.Depth, rootGuesses: opts.RootGuesses, rootAlso: opts.RootAlso}
	ps.grp = fullGroup(sp.length, !opts.Techniques.NoPositions)
	for _, t := range p.Turns {
		var next group
		ps.grp.stabilizer(&next, t.Guess, sp.length)
		ps.grp = next
	}
	return ps, m
}

// perfectSearch runs the solver passes an objective needs.
type perfectSearch struct {
	sp    *space
	m     *meter
	pool  codeList
	tech  Techniques
	set   codeList
	grp   group
	stats SearchStats

	depth       int // the worst case to keep to; 0: the least
	rootGuesses int // guesses tried at the root; 0: all
	rootAlso    []Code
}

func (ps *perfectSearch) solver(depth int, big int32) *perfectSolver {
	sv := newPerfectSolver(ps.sp, ps.m, ps.pool, len(ps.set.codes), depth, big, ps.tech)
	sv.rootGuesses = ps.rootGuesses
	if ps.rootGuesses > 0 {
		// The extra guesses, as the canonical members of their orbits.
		all := uint16(1<<ps.sp.symbols - 1)
		dead := all &^ aliveSymbols(ps.set.codes, ps.sp.symbols)
		fresh := all &^ ps.grp.used &^ dead
		for _, g := range ps.rootAlso {
			sv.rootAlso = append(sv.rootAlso, ps.grp.canonicalOf(g, ps.sp.length, fresh, dead))
		}
	}
	return sv
}

func (ps *perfectSearch) done(sv *perfectSolver) {
	st := sv.stats
	ps.stats.Nodes += st.Nodes
	ps.stats.Evaluated += st.Evaluated
	ps.stats.Tried += st.Tried
	ps.stats.Deduped += st.Deduped
	ps.stats.Obvious += st.Obvious
	ps.stats.MemoHits += st.MemoHits
}

// minDepth is the least depth the counting bound allows for n secrets.
func (ps *perfectSearch) minDepth() int {
	n, p := len(ps.set.codes), len(ps.sp.classes)-1
	d := 1
	for depthCapacity(d, p) < n {
		d++
	}
	return d
}

// minWorst finds the least worst case: each depth from the counting bound
// up, until a strategy within it exists (a search that stops at the first
// one found).
func (ps *perfectSearch) minWorst() int {
	n := len(ps.set.codes)
	sv := ps.solver(n, 0)
	sv.feasibleOnly = true
	defer ps.done(sv)
	for d := ps.minDepth(); d <= n; d++ {
		ps.m.note = fmt.Sprintf("proving the worst case: %d guesses?", d)
		v := sv.solve(ps.set, &ps.grp, d, perfectInfinite, 0, nil)
		if sv.aborted {
			return 0
		}
		if v < perfectInfinite {
			return d
		}
	}
	return 0
}

// within solves the set within d guesses; with fewest, the secrets found
// at the d-th guess count before the total.
func (ps *perfectSearch) within(d int, fewest bool) *TreeNode {
	var big int32
	if fewest {
		big = int32(len(ps.set.codes)*d + 1)
	}
	sv := ps.solver(d, big)
	defer ps.done(sv)
	if v := sv.solve(ps.set, &ps.grp, d, perfectInfinite, 0, nil); sv.aborted || v >= perfectInfinite {
		return nil
	}
	return ps.build(sv, ps.set, &ps.grp, d, 0)
}

// run returns the strategy's tree and the least worst case when the
// objective needed it (0 otherwise).
func (ps *perfectSearch) run(obj Objective) (*TreeNode, int) {
	n := len(ps.set.codes)
	if d := ps.depth; d > 0 {
		ps.m.note = fmt.Sprintf("the best strategy within %d guesses", d)
		return ps.within(d, obj == ObjectiveFewestWorst), 0
	}
	switch obj {
	case ObjectiveWorstThenAverage, ObjectiveFewestWorst:
		d := ps.minWorst()
		if d == 0 {
			return nil, 0
		}
		ps.m.note = fmt.Sprintf("the best strategy within %d guesses", d)
		return ps.within(d, obj == ObjectiveFewestWorst), d
	}
	// Average: the least total with no limit on depth (no optimal tree is
	// deeper than the number of secrets), then the least depth that keeps
	// that total.
	ps.m.note = "the fewest guesses on average"
	sv := ps.solver(n, 0)
	defer ps.done(sv)
	best := sv.solve(ps.set, &ps.grp, n, perfectInfinite, 0, nil)
	if sv.aborted {
		return nil, 0
	}
	root := ps.build(sv, ps.set, &ps.grp, n, 0)
	if root == nil {
		return nil, 0
	}
	for d := root.Worst - 1; d >= ps.minDepth(); d-- {
		ps.m.note = fmt.Sprintf("the same total within %d guesses?", d)
		v := sv.solve(ps.set, &ps.grp, d, best+1, 0, nil)
		if sv.aborted {
			return nil, 0
		}
		if v > best {
			break
		}
		root = ps.build(sv, ps.set, &ps.grp, d, 0)
	}
	return root, 0
}

// build extracts the strategy of a solved set: at each node the best guess
// is searched again (its classes are in the memo), then each class.
func (ps *perfectSearch) build(sv *perfectSolver, s codeList, grp *group, depth, ply int) *TreeNode {
	sp := ps.sp
	n := len(s.codes)
	var g Code
	v := sv.solve(s, grp, depth, perfectInfinite, ply, &g)
	if sv.aborted || v >= perfectInfinite {
		return nil
	}
	node := &TreeNode{Guess: g, Secrets: n}
	var lv level
	lv.set.codes = make([]Code, n)
	if sp.repeats {
		lv.set.counts = make([]uint64, n)
	}
	var gc uint64
	if sp.repeats {
		gc = g.counts(sp.length)
	}
	lv.partition(sp, g, gc, s)
	var child group
	grp.stabilizer(&child, g, sp.length)
	node.Total = n
	node.Worst = 1
	node.AtWorst = 0
	for _, c := range sp.classes {
		k := lv.h[c]
		if k == 0 {
			continue
		}
		if c == sp.win {
			node.Win = true
			continue
		}
		sub := codeList{codes: lv.set.codes[lv.start[c] : lv.start[c]+k]}
		if sp.repeats {
			sub.counts = lv.set.counts[lv.start[c] : lv.start[c]+k]
		}
		kid := ps.build(sv, sub, &child, depth-1, ply+1)
		if kid == nil {
			return nil
		}
		node.AddBranch(c.feedback(), kid)
	}
	if node.Win && node.Worst == 1 {
		node.AtWorst++
	}
	return node
}

// Find returns the node a history reaches when it follows the strategy
// (its turns after the tree's own), or nil.
func (t *Tree) Find(turns []Turn) *TreeNode {
	if len(turns) < len(t.Turns) || !slices.Equal(turns[:len(t.Turns)], t.Turns) {
		return nil
	}
	node := t.Root
	for _, turn := range turns[len(t.Turns):] {
		if node == nil || turn.Guess != node.Guess {
			return nil
		}
		var next *TreeNode
		for _, b := range node.Children {
			if b.Feedback == turn.Feedback {
				next = b.Node
			}
		}
		node = next
	}
	return node
}

// Secrets lists every secret of the tree with the guesses that find it,
// in the order of the tree (answers in (A, B) order).
func (t *Tree) Secrets() [][]Code {
	var out [][]Code
	var walk func(n *TreeNode, path []Code)
	walk = func(n *TreeNode, path []Code) {
		path = append(path, n.Guess)
		if n.Win {
			out = append(out, slices.Clone(path))
		}
		for _, b := range n.Children {
			walk(b.Node, path)
		}
	}
	if t.Root != nil {
		walk(t.Root, nil)
	}
	return out
}

// The strategies solved so far. A strategy answers again for the position
// it was solved from, and, when a caller plays the game it started
// (PerfectStrategyFrom), for the positions that game reaches. A front end
// asks for one move at a time; the tree of a preset game is a few hundred
// kilobytes at most.
var perfectCache struct {
	sync.Mutex
	trees []*Tree // most recent last
}

const perfectCacheSize = 8

// cachedNode finds a known strategy for the position p: one shipped with
// the engine that p follows, up to a relabelling (1a2b-4's, for positions
// far bigger than a live search may take), or one solved before from p
// itself. A strategy
// solved from an earlier position is not p's own: for the objectives with
// a worst case, what is best for the whole game need not be best from p,
// and the answer must not depend on what was asked before.
func cachedNode(p *Position, obj Objective) (*Tree, *TreeNode) {
	for _, t := range shippedTrees(p.Rules, obj) {
		if t, node := relabelledShipped(t, p.Turns); node != nil {
			return t, node
		}
	}
	perfectCache.Lock()
	defer perfectCache.Unlock()
	for i := len(perfectCache.trees) - 1; i >= 0; i-- {
		t := perfectCache.trees[i]
		if t.Objective != obj || !sameShape(t.Rules, p.Rules) || len(t.Turns) != len(p.Turns) {
			continue
		}
		if node := t.Find(p.Turns); node != nil {
			return t, node
		}
	}
	return nil, nil
}

func sameShape(a, b *Rules) bool {
	return a.Length == b.Length && a.Symbols() == b.Symbols() && a.Repeats == b.Repeats
}

// ForgetStrategies forgets the strategies solved so far (not the shipped
// ones), so the next call searches again: for tests and benchmarks.
func ForgetStrategies() {
	perfectCache.Lock()
	defer perfectCache.Unlock()
	perfectCache.trees = nil
}

func remember(t *Tree) {
	perfectCache.Lock()
	defer perfectCache.Unlock()
	perfectCache.trees = append(perfectCache.trees, t)
	if len(perfectCache.trees) > perfectCacheSize {
		perfectCache.trees = slices.Delete(perfectCache.trees, 0, 1)
	}
}

// PerfectStrategy returns the perfect strategy from the position under the
// objective, and the position's node in it: a strategy shipped with the
// engine that the history follows, one solved before from this position,
// or one solved now. The strategy's root is the position itself, but for
// a shipped strategy, whose root is the start of the game.
func PerfectStrategy(ctx context.Context, p *Position, obj Objective, report progress.Func) (*Tree, *TreeNode, error) {
	obj, err := ParseObjective(string(obj))
	if err != nil {
		return nil, nil, err
	}
	if p == nil || p.Rules == nil || len(p.Candidates) == 0 {
		return nil, nil, inputError("position", ReasonBadValue, "", "the position has no candidates")
	}
	if t, node := cachedNode(p, obj); node != nil {
		return t, node, nil
	}
	t, err := SolvePerfect(ctx, p, PerfectOptions{Objective: obj, Progress: report})
	if err != nil {
		return nil, nil, err
	}
	remember(t)
	return t, t.Root, nil
}

// PerfectStrategyFrom is PerfectStrategy for a game played by the perfect
// strategy from an earlier position: the position after the history's
// first from turns (0: the start). It returns the strategy from there and
// the node the history reaches in it, so that every move of one game
// comes from one strategy, and the game's figures are the strategy's.
// (Solved again from each position, a game could lose what the objective
// ranks after the worst case: what is best from a position need not be
// best for the whole game.) A history that leaves that strategy, or a
// from past its turns, gets the position's own strategy.
func PerfectStrategyFrom(ctx context.Context, p *Position, obj Objective, from int, report progress.Func) (*Tree, *TreeNode, error) {
	if p == nil || p.Rules == nil || from < 0 || from >= len(p.Turns) {
		return PerfectStrategy(ctx, p, obj, report)
	}
	start, err := NewPosition(ctx, p.Rules, p.Turns[:from])
	if err != nil {
		return nil, nil, err
	}
	t, _, err := PerfectStrategy(ctx, start, obj, report)
	if err != nil {
		return nil, nil, err
	}
	if node := t.Find(p.Turns); node != nil {
		return t, node, nil
	}
	return PerfectStrategy(ctx, p, obj, report)
}

// SuggestPerfect is Suggest for strategy perfect, with the strategy the
// move belongs to and the position's node in it (its Secrets, Total, Worst
// and AtWorst count from this position).
func SuggestPerfect(ctx context.Context, p *Position, obj Objective, from int, report progress.Func) (Suggestion, *Tree, *TreeNode, error) {
	t, node, err := PerfectStrategyFrom(ctx, p, obj, from, report)
	if err != nil {
		return Suggestion{}, nil, nil, err
	}
	ex := p.Rules.Explain(p.Candidates, node.Guess)
	ex.Strategy = StrategyPerfect
	ex.Method = "perfect"
	ex.ExpectedGuesses = float64(node.Total) / float64(node.Secrets)
	ex.Evaluated = int(t.Proof.Stats.Evaluated)
	return Suggestion{Guess: node.Guess, Explanation: ex}, t, node, nil
}

// perfect is Suggest's dispatch for strategy perfect: a game played by
// Suggest is the perfect strategy's from its start.
func (f *frame) perfect(obj Objective) result {
	t, node, err := PerfectStrategyFrom(f.m.ctx, f.pos, obj, 0, f.m.progress)
	if err != nil {
		if f.m.err == nil {
			f.m.err = err
		}
		return result{guess: f.pos.Candidates[0], method: "perfect"}
	}
	return result{guess: node.Guess, method: "perfect", evaluated: int(t.Proof.Stats.Evaluated),
		expectedGuesses: float64(node.Total) / float64(node.Secrets)}
}
