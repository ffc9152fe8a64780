package mines

import (
	"context"
	"errors"
	"math"
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
	Progress progress.Func // nil means the Func the context carries, if any
}

// Incomplete says why an analysis stopped before its probabilities were
// exact.
type Incomplete string

const (
	IncompleteBudget  Incomplete = "budget"   // the time budget ran out
	IncompleteTooWide Incomplete = "too-wide" // a component keeps more than 64 numbers open at once
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

	compTotal [][]float64 // for Solutions: each component's weight per mine count
	compScale []int       // … times 2^compScale
	exact     bool
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

	// Forward: count every component per mine count.
	comps := make([]*counter, 0, len(p.comps))
	defer func() {
		for _, c := range comps {
			c.release()
		}
	}()
	a.compTotal = make([][]float64, len(p.comps))
	a.compScale = make([]int, len(p.comps))
	a.exact = true
	for ci, comp := range p.comps {
		c := newCounter(p, tick)
		comps = append(comps, c)
		if err := c.plan(comp, p.compCons[ci]); err != nil {
			return stop(err)
		}
		ok, err := c.forward()
		if err != nil {
			return stop(err)
		}
		if !ok {
			return nil, p.conflict(p.conflictCore(comp, p.compCons[ci]))
		}
		done += int64(len(comp))
		a.compTotal[ci] = slices.Clone(c.total())
		a.compScale[ci] = c.scale
		a.exact = a.exact && c.exact
	}

	// Combine: the weight of K frontier mines is C(F, L−K) times the
	// convolution of the components.
	F, L := p.floating, p.minesLeft
	maxK := 0
	for _, t := range a.compTotal {
		maxK += len(t) - 1
	}
	bin := binomialWeights(F, L, maxK) // bin[K] ∝ C(F, L−K)
	// prefix[c] = conv of components before c; suffix correlation q[c] =
	// (components after c) ⋆ bin, so ext_c = prefix[c] ⋆ q[c].
	m := len(a.compTotal)
	prefix := make([][]float64, m+1)
	prefix[0] = []float64{1}
	for c := 0; c < m; c++ {
		prefix[c+1] = convolve(prefix[c], a.compTotal[c])
	}
	all := prefix[m]
	z, zf := 0.0, 0.0
	for K, w := range all {
		if K < len(bin) {
			z += w * bin[K]
			if F > 0 {
				zf += w * bin[K] * float64(L-K) / float64(F)
			}
		}
	}
	if z == 0 {
		lo, hi := 0, 0
		for _, t := range a.compTotal {
			l, h := support(t)
			lo, hi = lo+l, hi+h
		}
		if lo > L {
			return nil, &ConflictError{Reason: ConflictMineCount, Need: lo, Left: L}
		}
		return nil, &ConflictError{Reason: ConflictMineCount, Need: hi + F, Left: L}
	}
	if F > 0 {
		a.FloatProb = zf / z
	}
	q := bin
	exts := make([][]float64, m)
	for c := m - 1; c >= 0; c-- {
		exts[c] = correlate(prefix[c], q, len(a.compTotal[c]))
		q = correlate(a.compTotal[c], q, len(q)-len(a.compTotal[c])+1)
		normalize(q)
	}

	// Backward: each group's probability.
	gProb := make([]float64, len(p.groups))
	gVals := make([]uint16, len(p.groups))
	for ci, c := range comps {
		if err := c.marginals(exts[ci], gProb, gVals); err != nil {
			return stop(err)
		}
		done += int64(len(c.steps))
	}

	// Cells.
	a.Prob = make([]float64, len(b.Cells))
	floatVals := floatingValues(all, bin, F, L)
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
				a.Prob[i] = clamp01(gProb[g])
			}
		default:
			switch floatVals {
			case 1:
				a.Prob[i] = 0
				a.Safe = append(a.Safe, b.Point(i))
			case 2:
				a.Prob[i] = 1
				a.Mines = append(a.Mines, b.Point(i))
			default:
				a.Prob[i] = a.FloatProb
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

// clamp01 keeps a probability within [0, 1] against rounding (with
// branches: the min and max builtins are calls in wasm).
func clamp01(x float64) float64 {
	if x < 0 {
		return 0
	}
	if x > 1 {
		return 1
	}
	return x
}

var errBudget = errors.New("mines: analysis budget exhausted")

// floatingValues reports what a floating cell can be in some solution: bit
// 0 safe, bit 1 a mine.
func floatingValues(all, bin []float64, F, L int) uint16 {
	if F == 0 {
		return 0
	}
	var vals uint16
	for K, w := range all {
		if K >= len(bin) || w == 0 || bin[K] == 0 {
			continue
		}
		left := L - K
		if left < F {
			vals |= 1
		}
		if left > 0 {
			vals |= 2
		}
	}
	return vals
}

// binomialWeights returns w[K] proportional to C(F, L−K) for K = 0..maxK
// (0 where L−K is outside 0..F), scaled so the largest is 1. The ratios of
// neighbouring binomials are exact fractions, so walking out from the
// largest term keeps the relative error near the rounding unit.
func binomialWeights(F, L, maxK int) []float64 {
	w := make([]float64, maxK+1)
	// Valid K: L−F ≤ K ≤ L. C(F, j) peaks at j = F/2.
	lo, hi := max(0, L-F), min(maxK, L)
	if lo > hi {
		return w
	}
	peak := min(max(L-F/2, lo), hi)
	w[peak] = 1
	// K+1 from K: j = L−K → j−1; C(F, j−1) = C(F, j)·j/(F−j+1).
	for K := peak; K < hi; K++ {
		j := float64(L - K)
		w[K+1] = w[K] * j / (float64(F) - j + 1)
	}
	// K−1 from K: j → j+1; C(F, j+1) = C(F, j)·(F−j)/(j+1).
	for K := peak; K > lo; K-- {
		j := float64(L - K)
		w[K-1] = w[K] * (float64(F) - j) / (j + 1)
	}
	return w
}

func convolve(a, b []float64) []float64 {
	out := make([]float64, len(a)+len(b)-1)
	for i, x := range a {
		if x == 0 {
			continue
		}
		for j, y := range b {
			out[i+j] += x * y
		}
	}
	normalize(out)
	return out
}

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
// placements (-Inf for an incomplete analysis): the same sum as
// Solutions in logarithms, each component's weights carrying the power of
// two they were scaled by.
func (a *Analysis) Log10Solutions() float64 {
	if !a.Complete {
		return math.Inf(-1)
	}
	F, L := a.Floating, a.MinesLeft
	const negInf = -1e308
	total := []float64{0}
	for ci, t := range a.compTotal {
		shift := float64(a.compScale[ci]) * math.Log10(2)
		next := make([]float64, len(total)+len(t)-1)
		for i := range next {
			next[i] = negInf
		}
		for j, w := range t {
			if w == 0 {
				continue
			}
			lw := math.Log10(w) + shift
			for i, s := range total {
				if s > negInf {
					next[i+j] = logAdd10(next[i+j], s+lw)
				}
			}
		}
		total = next
	}
	sum := negInf
	for K, s := range total {
		if s > negInf && L-K >= 0 && L-K <= F {
			sum = logAdd10(sum, s+lbinom10(F, L-K))
		}
	}
	return sum
}

// logAdd10 returns log10(10^a + 10^b).
func logAdd10(a, b float64) float64 {
	if a < b {
		a, b = b, a
	}
	if b <= -1e307 {
		return a
	}
	return a + math.Log10(1+math.Pow(10, b-a))
}

func lbinom10(n, k int) float64 {
	a, _ := math.Lgamma(float64(n + 1))
	b, _ := math.Lgamma(float64(k + 1))
	c, _ := math.Lgamma(float64(n - k + 1))
	return (a - b - c) / math.Ln10
}
