package guess

import (
	"context"
	"slices"
	"time"

	"kibitz/engine/progress"
)

// A perfect search shared by several workers (engine/api's guess.tree
// splits this way). The plan does what must come first on one worker:
// the least worst case, when the objective needs it, and the ranking of
// the root's guesses. It deals those guesses out into parts, in turn, so
// each part gets promising and hopeless ones alike. A part searches the
// root with its guesses alone, in the plan's order, and builds the tree
// of the best of them. The merge keeps the part with the least value
// (for the average, then the least worst case), earliest in the plan's
// order on a tie: the guess, and so the tree, the search on one worker
// picks. A part lacks the bound the guesses before it would have given,
// so the parts together do more work than one search, in less time. To
// give every part a bound from the start, the plan plays a quick beam
// search from the best-ranked guess (heuristicBeam guesses at each node):
// its strategy is real, so its value bounds the optimum. On Mastermind's
// average it finds 5,634 (the optimum is 5,625) in 45 ms, and the second
// guess's part, unable to reach it, is cut off in half the time it takes
// to finish unbounded (5,673).

// PerfectPlan is a perfect search dealt into parts.
type PerfectPlan struct {
	Objective Objective `json:"objective"`
	Depth     int       `json:"depth"`    // the worst case each part keeps to (every secret's count, for the average)
	Least     bool      `json:"least"`    // average: then the least worst case that keeps the total
	Big       int32     `json:"big"`      // fewest-worst's penalty per secret at the last guess
	MinWorst  int       `json:"minWorst"` // the least worst case, when the objective needed it
	Order     []Code    `json:"order"`    // the root's guesses, in the order the search tries them
	Parts     [][]Code  `json:"parts"`    // each part's guesses, in that order
	// Bound is the value of a strategy the plan found (0: none): no part
	// need look for worse. See SolvePerfectPart.
	Bound   int32       `json:"bound,omitempty"`
	Stats   SearchStats `json:"stats"`   // the plan's own work
	Started int64       `json:"started"` // when the plan began, Unix milliseconds
}

// PerfectPart is what one part found.
type PerfectPart struct {
	Found bool        `json:"found"` // some guess of the part keeps to the depth
	Value int32       `json:"value"`
	Worst int         `json:"worst"`
	Rank  int         `json:"rank"` // the best guess's place in the plan's order
	Root  *TreeNode   `json:"root"`
	Stats SearchStats `json:"stats"`
	// Bound is Value when found: a pool hands the least bound so far to
	// the parts it starts later (see SolvePerfectPart).
	Bound int32 `json:"bound,omitempty"`
}

// PlanPerfect plans a perfect search from p as up to parts parts. It
// returns nil, and no error, when the search is better done whole: the
// strategy is cached or shipped, or the root has too few guesses worth
// sharing.
func PlanPerfect(ctx context.Context, p *Position, opts PerfectOptions, parts int) (*PerfectPlan, error) {
	obj, err := ParseObjective(string(opts.Objective))
	if err != nil {
		return nil, err
	}
	// A known strategy first: a shipped one (1a2b-4) answers positions far
	// bigger than a live search may take.
	if opts.Depth == 0 && p != nil && p.Rules != nil {
		if _, node := cachedNode(p, obj); node != nil {
			return nil, nil
		}
	}
	if err := perfectFits(p); err != nil {
		return nil, err
	}
	start := time.Now()
	ps, m := newPerfectSearch(ctx, p, opts)
	n := len(ps.set.codes)
	// A small set is searched in two phases (candidates first), and is
	// quick: not shared.
	if n <= 2*(len(ps.sp.classes)-1)+2 || parts < 2 {
		return nil, nil
	}
	// The plan is shared: a pool may start the workers for its parts now,
	// while the least worst case and the ranking below take their time.
	// Rarely it then finds nothing to share (no strategy within the least
	// worst case asked, or one root guess worth trying): the workers
	// started wait in the pool for its next call, as after any plan.
	m.progress.Report(0, int64(parts), progress.NoteParts)
	plan := &PerfectPlan{Objective: obj, Started: start.UnixMilli()}
	switch {
	case opts.Depth > 0:
		plan.Depth = opts.Depth
	case obj == ObjectiveAverage:
		plan.Depth, plan.Least = n, true
	default:
		plan.MinWorst = ps.minWorst()
		if m.err != nil {
			return nil, m.err
		}
		if plan.MinWorst == 0 {
			return nil, nil // no strategy: the whole search says so
		}
		plan.Depth = plan.MinWorst
	}
	if obj == ObjectiveFewestWorst {
		plan.Big = int32(n*plan.Depth + 1)
	}
	plan.Stats = ps.stats
	// The root's guesses as the search ranks them.
	sv := ps.solver(plan.Depth, plan.Big)
	lv := sv.level(0, n)
	opts0 := sv.rank(lv, ps.set, sv.pool, &ps.grp, plan.Depth, perfectInfinite, false)
	if m.err != nil {
		return nil, m.err
	}
	if len(opts0) < 2 {
		return nil, nil
	}
	slices.SortStableFunc(opts0, func(a, b poption) int {
		switch {
		case a.key < b.key:
			return -1
		case a.key > b.key:
			return 1
		}
		return 0
	})
	parts = min(parts, len(opts0))
	plan.Parts = make([][]Code, parts)
	for i, o := range opts0 {
		plan.Order = append(plan.Order, o.guess)
		plan.Parts[i%parts] = append(plan.Parts[i%parts], o.guess)
	}
	// A strategy found fast, for a bound.
	beam := ps.solver(plan.Depth, plan.Big)
	beam.rootList, beam.beam = plan.Order[:1], heuristicBeam
	if v := beam.solve(ps.set, &ps.grp, plan.Depth, perfectInfinite, 0, nil); v < perfectInfinite && !beam.aborted {
		plan.Bound = v
	}
	if m.err != nil {
		return nil, m.err
	}
	plan.Stats.add(beam.stats) // the proof counts all the work done
	return plan, nil
}

// heuristicBeam is the guesses a plan's quick strategy tries at each
// node: at 3, the worst-case objectives on Mastermind find no strategy
// within the least worst case; at 8 the bound is a little better (5,629)
// and takes half as long again.
const heuristicBeam = 5

// SolvePerfectPart searches the plan's root with the given guesses alone.
// bound, when above 0, is a value another part reached (the plan's own
// bound stands in when it is less, or when there is none): a guess of this
// part that cannot match it is cut off as soon as that is clear, as the
// search on one worker cuts off the guesses after a good one. A part
// whose guesses all fall short reports none found.
func SolvePerfectPart(ctx context.Context, p *Position, plan *PerfectPlan, guesses []Code, bound int32) (*PerfectPart, error) {
	if err := perfectFits(p); err != nil {
		return nil, err
	}
	ps, m := newPerfectSearch(ctx, p, PerfectOptions{Objective: plan.Objective})
	sv := ps.solver(plan.Depth, plan.Big)
	sv.rootList = guesses
	out := &PerfectPart{}
	limit := int32(perfectInfinite)
	if plan.Bound > 0 && (bound <= 0 || plan.Bound < bound) {
		bound = plan.Bound
	}
	if bound > 0 && bound < perfectInfinite {
		limit = bound + 1 // a tie is kept: the merge decides it by the plan's order
	}
	best := sv.solve(ps.set, &ps.grp, plan.Depth, limit, 0, nil)
	if m.err != nil {
		return nil, m.err
	}
	if best >= limit {
		return out, nil
	}
	root := ps.build(sv, ps.set, &ps.grp, plan.Depth, 0)
	if plan.Least && root != nil {
		// As SolvePerfect does for the average: the least depth that keeps
		// the total.
		for d := root.Worst - 1; d >= ps.minDepth(); d-- {
			v := sv.solve(ps.set, &ps.grp, d, best+1, 0, nil)
			if sv.aborted || v > best {
				break
			}
			root = ps.build(sv, ps.set, &ps.grp, d, 0)
		}
	}
	if m.err != nil {
		return nil, m.err
	}
	if root == nil {
		return out, nil
	}
	out.Found, out.Value, out.Worst, out.Root, out.Bound = true, best, root.Worst, root, best
	out.Rank = slices.Index(plan.Order, root.Guess)
	ps.done(sv)
	out.Stats = ps.stats
	return out, nil
}

// MergePerfect keeps the best part's strategy, as the whole search would
// have found it, and remembers it for the moves that follow.
func MergePerfect(p *Position, plan *PerfectPlan, parts []*PerfectPart) (*Tree, error) {
	var best *PerfectPart
	stats := plan.Stats
	for _, part := range parts {
		stats.add(part.Stats)
		if !part.Found || part.Root == nil {
			continue
		}
		if best == nil || part.Value < best.Value ||
			part.Value == best.Value && (part.Worst < best.Worst && plan.Least || (part.Worst == best.Worst || !plan.Least) && part.Rank < best.Rank) {
			best = part
		}
	}
	if best == nil {
		return nil, inputError("depth", ReasonBadValue, "", "no strategy wins within %d guesses from this position", plan.Depth)
	}
	root := best.Root
	t := &Tree{Rules: p.Rules, Objective: plan.Objective, Turns: slices.Clone(p.Turns), Root: root}
	t.Proof = Proof{Objective: plan.Objective, Secrets: root.Secrets, Total: root.Total, Worst: root.Worst, AtWorst: root.AtWorst,
		MinWorst: plan.MinWorst, Source: "search", Millis: time.Now().UnixMilli() - plan.Started, Stats: stats}
	remember(t)
	return t, nil
}

func (s *SearchStats) add(o SearchStats) {
	s.Nodes += o.Nodes
	s.Evaluated += o.Evaluated
	s.Tried += o.Tried
	s.Deduped += o.Deduped
	s.Obvious += o.Obvious
	s.MemoHits += o.MemoHits
}
