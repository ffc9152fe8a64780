package mines

import (
	"context"
	"errors"
	"math"
	"runtime"
	"slices"
	"strconv"
	"time"

	"kibitz/engine/progress"
)

// DefaultBudget is the time an analysis may take when the options give
// none.
const DefaultBudget = 2 * time.Second

// Options tune Analyze.
type Options struct {
	Budget   time.Duration // 0 means DefaultBudget; past it the analysis stops, incomplete
	Memory   int64         // bytes of partial states; 0 means DefaultMemory; past it the analysis stops, too-wide
	Progress progress.Func // nil means the Func the context carries, if any
}

// Incomplete says why an analysis stopped before its probabilities were
// exact.
type Incomplete string

const (
	IncompleteBudget  Incomplete = "budget"   // the time budget ran out
	IncompleteTooWide Incomplete = "too-wide" // more than 64 numbers open at once, or more memory than the budget
)

// Analysis is the result of Analyze.
type Analysis struct {
	Board *Board
	// Prob is the probability of a mine in each cell (row-major): NaN for
	// a revealed cell, 1 for a flag. Nil when Complete is false.
	Prob []float64
	// Safe and Mines are the hidden, unflagged cells certain to be safe or
	// to be mines, in reading order. When Complete is false they hold only
	// what simple local deductions find.
	Safe, Mines []Point
	// Dead lists hidden cells that are not certain and whose number, if
	// revealed, is already known: revealing one gains nothing but risk.
	// The test is sufficient, not complete (a cell not listed may be dead).
	Dead []Point
	// Complete is false when the budget ran out or a component was too wide
	// to count; Why says which.
	Complete bool
	Why      Incomplete

	MinesLeft  int     // mines not flagged
	Frontier   int     // hidden cells next to a number
	Floating   int     // hidden cells next to no number
	FloatProb  float64 // the probability of each floating cell (NaN with none)
	Components int     // independent parts of the frontier

	// For Solutions: when exact, each component's count of placements per
	// mine count, as exact integers; logSolutions is the natural log of
	// the number of solutions either way.
	compTotal    [][]float64
	exact        bool
	logSolutions float64
	// byCount marks the certain cells that the numbers alone leave open:
	// only the count of mines left settles them (nil when there are none).
	byCount []bool
}

// SettledByCount reports whether hidden cell p is certain (safe or a
// mine) only through the count of mines left: the numbers alone allow it
// either way. A floating cell that is certain always is.
func (a *Analysis) SettledByCount(p Point) bool {
	return a.byCount != nil && a.byCount[a.Board.Index(p)]
}

func (a *Analysis) setByCount(i int) {
	if a.byCount == nil {
		a.byCount = make([]bool, len(a.Board.Cells))
	}
	a.byCount[i] = true
}

// sameBits reports whether two bit sets hold the same bits, whatever
// their lengths.
func sameBits(x, y []uint64) bool {
	for k := range max(len(x), len(y)) {
		var a, b uint64
		if k < len(x) {
			a = x[k]
		}
		if k < len(y) {
			b = y[k]
		}
		if a != b {
			return false
		}
	}
	return true
}

// anyCertain reports whether a group of component comp is certain: all
// safe, or all mines.
func anyCertain(p *problem, comp []int32, vals []uint16) bool {
	for _, g := range comp {
		if v := vals[g]; v == 1 || v == 1<<len(p.groups[g].cells) {
			return true
		}
	}
	return false
}

// Analyze computes the exact probability of a mine in every hidden cell of
// b. A board no placement of mines can produce is a *ConflictError; a
// cancelled context returns its error. Past the budget the analysis stops
// and says so (Complete false) rather than guess.
func Analyze(ctx context.Context, b *Board, opts Options) (*Analysis, error) {
	budget := opts.Budget
	if budget <= 0 {
		budget = DefaultBudget
	}
	report := opts.Progress
	if report == nil {
		report = progress.FromContext(ctx)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	start := time.Now()
	p, err := buildProblem(b)
	if err != nil {
		return nil, err
	}
	defer p.release()
	a := &Analysis{Board: b, MinesLeft: p.minesLeft, Floating: p.floating, Components: len(p.comps), FloatProb: math.NaN(), Complete: true}
	for _, g := range p.groups {
		a.Frontier += len(g.cells)
	}
	if p.minesLeft < 0 {
		return nil, &ConflictError{Reason: ConflictTooManyFlags, Left: p.minesLeft}
	}
	// The budget and the cancel are checked between steps; progress counts
	// the groups counted, twice over (forward and backward).
	totalWork := int64(2 * len(p.groups))
	var done int64
	// Reading the clock is dear in the browser (a call out to
	// JavaScript), so the budget, the cancel and progress are checked
	// about every 16,000 vector entries computed (a fraction of a
	// millisecond).
	pending := 0
	tick := func(work int) error {
		if pending += work; pending < 1<<14 {
			return nil
		}
		pending = 0
		// WebAssembly has one thread and no preemption: without a yield,
		// the garbage collector's workers never run during a long
		// analysis, a collection cannot finish, and the heap grows past
		// any limit.
		runtime.Gosched()
		if err := ctx.Err(); err != nil {
			return err
		}
		if time.Since(start) > budget {
			return errBudget
		}
		report.Report(done, totalWork, "counting")
		return nil
	}
	stop := func(err error) (*Analysis, error) {
		switch {
		case errors.Is(err, errBudget):
			a.Why = IncompleteBudget
		case errors.Is(err, errTooWide):
			a.Why = IncompleteTooWide
		default:
			return nil, err
		}
		a.Complete = false
		a.Safe, a.Mines = localDeductions(p)
		return a, nil
	}

	// Forward: count every component per mine count. A big component is
	// tilted toward the board's density from the start (see counter.tilt);
	// a small one is not, so its counts stay exact integers.
	mem := newMemBudget(opts.Memory)
	comps := make([]*counter, 0, len(p.comps))
	defer func() {
		for _, c := range comps {
			c.release()
		}
	}()
	F, L := p.floating, p.minesLeft
	density := float64(L) / float64(max(F+a.Frontier, 1))
	density = min(max(density, 1e-6), 1-1e-6)
	for ci, comp := range p.comps {
		c := newCounter(p, tick, mem)
		comps = append(comps, c)
		if err := c.plan(comp, p.compCons[ci]); err != nil {
			return stop(err)
		}
		if c.stride > tiltAbove {
			c.tilt = math.Log(density / (1 - density))
		}
		ok, err := c.forward()
		if err != nil {
			return stop(err)
		}
		if !ok {
			return nil, p.conflict(p.conflictCore(comp, p.compCons[ci]))
		}
		done += int64(len(comp))
	}

	// Combine the components with the floating cells. A component whose
	// tilt was far from the one the whole board settles on may have lost
	// counts that matter to underflow; it is counted again at that tilt,
	// once.
	var comb *combination
	for attempt := 0; ; attempt++ {
		counts := make([]compCounts, len(comps))
		for ci, c := range comps {
			counts[ci] = compCounts{logw: c.logWeights(), support: c.support()}
		}
		comb, err = combine(counts, F, L)
		if err != nil {
			if errors.Is(err, errTooWide) {
				return stop(err)
			}
			if conflict, ok := err.(*ConflictError); ok {
				// The mines left are counted after the flags: any of them
				// may be the wrong one.
				for j, c := range p.b.Cells {
					if c == Flag {
						conflict.Flags = append(conflict.Flags, p.b.Point(j))
					}
				}
			}
			return nil, err
		}
		if attempt > 0 {
			break
		}
		again := false
		for ci, c := range comps {
			if c.tilt == comb.theta || !c.needsRetilt(counts[ci].logw, comb.allowed[ci], comb.joint[ci], comb.theta) {
				continue
			}
			c.tilt = comb.theta
			if _, err := c.forward(); err != nil {
				return stop(err)
			}
			again = true
		}
		if !again {
			break
		}
	}
	a.exact = true
	for _, c := range comps {
		a.exact = a.exact && c.exact
	}
	if a.exact {
		a.compTotal = make([][]float64, len(comps))
		for ci, c := range comps {
			a.compTotal[ci] = slices.Clone(c.total())
		}
	}
	a.logSolutions = comb.logSolutions
	a.FloatProb = comb.floatProb

	// Backward: each group's probability, and the values it can take.
	gProb := make([]float64, len(p.groups))
	gVals := make([]uint16, len(p.groups))
	// The values each group can take by its component's numbers alone,
	// whatever the count of mines left: where it differs from gVals, the
	// count settles the group (see SettledByCount).
	backs := make([][]float64, len(comps))
	for ci, c := range comps {
		backs[ci] = c.backWeights(comb.joint[ci])
		if err := c.marginals(backs[ci], comb.allowed[ci], gProb, gVals); err != nil {
			return stop(err)
		}
		done += int64(len(c.steps))
	}
	var gAlone []uint16
	for ci, c := range comps {
		// Only a component the count limits (on most boards the floating
		// cells take up any difference) and that has a certain group
		// needs a second pass, over every count its numbers allow.
		if sameBits(c.support(), comb.allowed[ci]) || !anyCertain(p, p.comps[ci], gVals) {
			continue
		}
		if gAlone == nil {
			gAlone = slices.Clone(gVals) // every group's values as they are, until its pass
		}
		scratch := make([]float64, len(p.groups))
		if err := c.marginals(backs[ci], slices.Clone(c.support()), scratch, gAlone); err != nil {
			return stop(err)
		}
	}

	// Cells.
	a.Prob = make([]float64, len(b.Cells))
	floatVals := comb.floatVals
	for i, cell := range b.Cells {
		switch {
		case cell.Revealed():
			a.Prob[i] = math.NaN()
		case cell == Flag:
			a.Prob[i] = 1
		case p.cellGroup[i] >= 0:
			g := p.cellGroup[i]
			size := len(p.groups[g].cells)
			switch gVals[g] {
			case 1:
				a.Prob[i] = 0
				a.Safe = append(a.Safe, b.Point(i))
			case 1 << size:
				a.Prob[i] = 1
				a.Mines = append(a.Mines, b.Point(i))
			default:
				a.Prob[i] = uncertain(gProb[g])
			}
			if certain := gVals[g] == 1 || gVals[g] == 1<<size; certain && gAlone != nil && gAlone[g] != gVals[g] {
				a.setByCount(i)
			}
		default:
			switch floatVals {
			case 1:
				a.Prob[i] = 0
				a.Safe = append(a.Safe, b.Point(i))
				a.setByCount(i) // no number touches a floating cell
			case 2:
				a.Prob[i] = 1
				a.Mines = append(a.Mines, b.Point(i))
				a.setByCount(i)
			default:
				a.Prob[i] = uncertain(a.FloatProb)
			}
		}
	}
	if floatVals == 1 {
		a.FloatProb = 0
	} else if floatVals == 2 {
		a.FloatProb = 1
	}
	a.Dead = findDead(p, a.Prob)
	report.Report(totalWork, totalWork, "counting")
	return a, nil
}

// uncertain keeps the probability of a cell that is neither certainly safe
// nor certainly a mine strictly between 0 and 1, against rounding: 0 and 1
// are claims only feasibility makes. (With branches: the min and max
// builtins are calls in wasm.)
func uncertain(x float64) float64 {
	if !(x > 0) { // also NaN
		return math.SmallestNonzeroFloat64
	}
	if x >= 1 {
		return 1 - 1.0/(1<<53)
	}
	return x
}

var errBudget = errors.New("mines: analysis budget exhausted")

// correlate returns out[k] = Σ_j a[j]·q[k+j] for k < n.
func correlate(a, q []float64, n int) []float64 {
	out := make([]float64, max(n, 0))
	for k := range out {
		s := 0.0
		for j, x := range a {
			if k+j < len(q) {
				s += x * q[k+j]
			}
		}
		out[k] = s
	}
	return out
}

func support(t []float64) (lo, hi int) {
	lo, hi = -1, -1
	for k, w := range t {
		if w != 0 {
			if lo < 0 {
				lo = k
			}
			hi = k
		}
	}
	return lo, hi
}

// Solutions returns the number of mine placements consistent with the
// board, in decimal, and whether it is exact. It is exact unless a
// component's own count passed 2^53; then it is rounded, in scientific
// notation ("1.2345e+678").
func (a *Analysis) Solutions() (string, bool) {
	if !a.Complete {
		return "", false
	}
	F, L := a.Floating, a.MinesLeft
	if a.exact {
		total := []nat{natOf(1)}
		for _, t := range a.compTotal {
			next := make([]nat, len(total)+len(t)-1)
			for j, w := range t {
				if w == 0 {
					continue
				}
				x := natOf(uint64(w))
				for i, s := range total {
					next[i+j] = next[i+j].add(s.mul(x))
				}
			}
			total = next
		}
		// C(F, L−K) for K upwards: one binomial, then exact steps
		// C(F, m−1) = C(F, m)·m/(F−m+1).
		var sum, c nat
		cm := -1 // the m that c holds C(F, m) for
		for K, w := range total {
			m := L - K
			if len(w) == 0 || m < 0 || m > F {
				continue
			}
			if cm < 0 {
				c, cm = natBinomial(F, m), m
			}
			for ; cm > m; cm-- {
				c = c.mul(natOf(uint64(cm))).divSmall(uint64(F - cm + 1))
			}
			sum = sum.add(w.mul(c))
		}
		return sum.String(), true
	}
	sum := a.Log10Solutions()
	exp := math.Floor(sum)
	return strconv.FormatFloat(math.Pow(10, sum-exp), 'f', 4, 64) + "e+" + strconv.Itoa(int(exp)), false
}

// Log10Solutions returns the base-10 logarithm of the number of
// placements (-Inf for an incomplete analysis).
func (a *Analysis) Log10Solutions() float64 {
	if !a.Complete {
		return math.Inf(-1)
	}
	return a.logSolutions / math.Ln10
}
