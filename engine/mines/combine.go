package mines

import (
	"math"
	"math/bits"
)

// Combining the components with the floating cells.
//
// A solution of the board puts k_c mines in each component c and j on the
// F floating cells, with Σ k_c + j = L, the mines left. It weighs
// Π T_c[k_c] · C(F, j), where T_c[k] counts the component's placements with
// k mines. On a big board these numbers run far past float64's range
// (C(9000, 1800) is about 10^1950), so the combination never multiplies
// them as they are:
//
//   - Feasibility is decided on bit sets: which totals the components can
//     reach, and for each component which counts leave the rest able to
//     make up L exactly. No rounding enters, so a count the board allows
//     is never lost, however little it weighs.
//   - Weights are tilted: every mine is weighed e^θ more. That multiplies
//     every solution by the same e^(θL), so no probability changes. θ is
//     the saddle point: the value at which the expected total of the
//     tilted, independent parts is L. Each part's weights are then
//     normalised to a probability distribution, so every product and sum
//     below is a probability, no larger than 1, and L is a typical total
//     rather than one 10^-1000 out in a tail. A term that underflows
//     weighs less than 10^-300 of the whole.

// compCounts is what the combination needs of one component.
type compCounts struct {
	logw    []float64 // ln T[k]: the placements with k mines; -Inf where none is known
	support []uint64  // the counts k the component's numbers allow (a bit set)
}

// combination is what combine finds.
type combination struct {
	allowed      [][]uint64  // per component: the counts k some solution of the board gives it
	joint        [][]float64 // per component: the probability that it holds k mines
	theta        float64     // the tilt, ln of a mine's weight
	floatProb    float64     // the probability of a mine on a floating cell (NaN with none)
	floatVals    uint16      // bit 0: a floating cell is safe in some solution; bit 1: a mine
	logSolutions float64     // ln of the number of solutions
}

// combine combines the components with F floating cells and L mines left.
// A board on which no total works is a *ConflictError.
func combine(comps []compCounts, F, L int) (*combination, error) {
	m := len(comps)
	ktot := 0
	for _, c := range comps {
		ktot += len(c.logw) - 1
	}
	words := ktot/64 + 1

	// Feasibility. reach[c]: the totals of the components before c.
	// finish[c]: the totals K so far from which the components from c on
	// and the floating cells can make up exactly L.
	reach := make([][]uint64, m+1)
	reach[0] = make([]uint64, words)
	reach[0][0] = 1
	for c := range comps {
		reach[c+1] = make([]uint64, words)
		forEachBit(comps[c].support, func(k int) { orShl(reach[c+1], reach[c], k) })
	}
	finish := make([][]uint64, m+1)
	finish[m] = make([]uint64, words)
	for K := max(0, L-F); K <= min(L, ktot); K++ {
		setBit(finish[m], K)
	}
	for c := m - 1; c >= 0; c-- {
		finish[c] = make([]uint64, words)
		forEachBit(comps[c].support, func(k int) { orShr(finish[c], finish[c+1], k) })
	}
	if !hasBit(finish[0], 0) {
		return nil, mineCountConflict(reach[m], F, L)
	}
	out := &combination{allowed: make([][]uint64, m), joint: make([][]float64, m), floatProb: math.NaN()}
	for c := range comps {
		out.allowed[c] = make([]uint64, len(comps[c].support))
		forEachBit(comps[c].support, func(k int) {
			if meetsShl(reach[c], finish[c+1], k) {
				setBit(out.allowed[c], k)
			}
		})
	}
	if F > 0 {
		forEachBit(reach[m], func(K int) {
			if j := L - K; j >= 0 && j <= F {
				if j < F {
					out.floatVals |= 1
				}
				if j > 0 {
					out.floatVals |= 2
				}
			}
		})
	}

	// Weights, tilted to the saddle point.
	terms := make([][]weightTerm, m)
	for c, cc := range comps {
		forEachBit(out.allowed[c], func(k int) {
			if !math.IsInf(cc.logw[k], -1) {
				terms[c] = append(terms[c], weightTerm{k, cc.logw[k]})
			}
		})
	}
	theta := saddle(terms, F, L)
	out.theta = theta
	lnNorm := 0.0
	dists := make([][]float64, m)
	for c, cc := range comps {
		var norm float64
		dists[c], norm = tilted(terms[c], len(cc.logw), theta)
		lnNorm += norm
	}
	floating, normF := tiltedBinomial(F, theta)
	lnNorm += normF
	pf := func(j int) float64 {
		if j < 0 || j > F {
			return 0
		}
		return floating[j]
	}

	// prefix[c]: the distribution of the total of the components before
	// c, times 2^prefixExp[c].
	prefix := make([][]float64, m+1)
	prefixExp := make([]int, m+1)
	prefix[0] = []float64{1}
	for c := range comps {
		var e int
		prefix[c+1], e = convolveScaled(prefix[c], dists[c])
		prefixExp[c+1] = prefixExp[c] + e
	}
	z, zf := 0.0, 0.0
	for K, w := range prefix[m] {
		if w == 0 {
			continue
		}
		x := w * pf(L-K)
		z += x
		zf += x * float64(L-K)
	}
	if z == 0 {
		// Every solution weighs less than 10^-300 of what the tilt expects:
		// a distribution so lopsided that no float can hold it. The bits
		// say solutions exist, so this is a failure of the arithmetic,
		// not of the board.
		return nil, errTooWide
	}
	if F > 0 {
		out.floatProb = zf / (z * float64(F))
	}
	out.logSolutions = math.Log(z) + float64(prefixExp[m])*math.Ln2 - theta*float64(L) + lnNorm

	// q: for the components from c on and the floating cells, the weight
	// of making up L from K so far. ext: the weight of the rest of the
	// board given k mines in component c.
	q := make([]float64, ktot+1)
	for K := range q {
		q[K] = pf(L - K)
	}
	for c := m - 1; c >= 0; c-- {
		n := len(comps[c].logw)
		ext := correlate(prefix[c], q, n)
		joint := make([]float64, n)
		sum := 0.0
		for k, p := range dists[c] {
			joint[k] = p * ext[k]
			sum += joint[k]
		}
		if sum == 0 {
			return nil, errTooWide // as above: no float can hold the weights
		}
		for k := range joint {
			joint[k] /= sum
		}
		out.joint[c] = joint
		q = correlate(dists[c], q, len(q)-n+1)
		normalize(q)
	}
	return out, nil
}

// weightTerm is one count of a component with the log of its weight.
type weightTerm struct {
	k   int
	lnw float64
}

// saddle finds θ at which the expected number of mines, each component and
// the floating cells tilted by e^(θk) and taken as independent, is L. The
// expectation grows with θ, so a safeguarded Newton search finds it; θ
// stays within ±60 (a mine 10^26 times likelier or rarer), which a total
// at the very edge of what is possible needs.
func saddle(terms [][]weightTerm, F, L int) float64 {
	lo, hi := -60.0, 60.0
	theta := 0.0
	for iter := 0; iter < 100; iter++ {
		mean, variance := 0.0, 0.0
		for _, ts := range terms {
			mu, v := tiltedMoments(ts, theta)
			mean += mu
			variance += v
		}
		if F > 0 {
			s := 1 / (1 + math.Exp(-theta))
			mean += float64(F) * s
			variance += float64(F) * s * (1 - s)
		}
		f := mean - float64(L)
		if math.Abs(f) < 1e-3 || hi-lo < 1e-9 {
			break
		}
		if f > 0 {
			hi = theta
		} else {
			lo = theta
		}
		next := theta - f/variance
		if variance <= 0 || !(next > lo && next < hi) {
			next = (lo + hi) / 2
		}
		theta = next
	}
	return theta
}

// tiltedMoments returns the mean and variance of k under weights
// e^(lnw + θk).
func tiltedMoments(ts []weightTerm, theta float64) (mean, variance float64) {
	if len(ts) == 0 {
		return 0, 0
	}
	top := math.Inf(-1)
	for _, t := range ts {
		top = max(top, t.lnw+theta*float64(t.k))
	}
	s, s1, s2 := 0.0, 0.0, 0.0
	for _, t := range ts {
		w := math.Exp(t.lnw + theta*float64(t.k) - top)
		k := float64(t.k)
		s += w
		s1 += w * k
		s2 += w * k * k
	}
	mean = s1 / s
	return mean, max(s2/s-mean*mean, 0)
}

// tilted returns a component's distribution of mines under the tilt, as a
// vector of length n that sums to 1, and the log of what it was divided
// by: p[k] = e^(lnw[k] + θk − norm).
func tilted(ts []weightTerm, n int, theta float64) ([]float64, float64) {
	p := make([]float64, n)
	if len(ts) == 0 {
		return p, 0
	}
	top := math.Inf(-1)
	for _, t := range ts {
		top = max(top, t.lnw+theta*float64(t.k))
	}
	sum := 0.0
	for _, t := range ts {
		p[t.k] = math.Exp(t.lnw + theta*float64(t.k) - top)
		sum += p[t.k]
	}
	for k := range p {
		p[k] /= sum
	}
	return p, top + math.Log(sum)
}

// tiltedBinomial returns the distribution of mines on F floating cells
// under the tilt, p[j] = C(F, j)·e^(θj − norm), with the norm's log. It is
// a binomial distribution, computed from its mode outwards by the ratio
// of neighbouring terms, so no term is computed from an underflowed one.
func tiltedBinomial(F int, theta float64) ([]float64, float64) {
	p := make([]float64, F+1)
	rho := math.Exp(theta)
	mode := int(float64(F+1) * rho / (1 + rho))
	mode = min(max(mode, 0), F)
	p[mode] = 1
	for j := mode; j < F && p[j] > 0; j++ {
		p[j+1] = p[j] * float64(F-j) / float64(j+1) * rho
	}
	for j := mode; j > 0 && p[j] > 0; j-- {
		p[j-1] = p[j] * float64(j) / (float64(F-j+1) * rho)
	}
	sum := 0.0
	for _, x := range p {
		sum += x
	}
	for j := range p {
		p[j] /= sum
	}
	a, _ := math.Lgamma(float64(F + 1))
	b, _ := math.Lgamma(float64(mode + 1))
	c, _ := math.Lgamma(float64(F - mode + 1))
	return p, a - b - c + theta*float64(mode) + math.Log(sum)
}

// convolveScaled convolves two distributions over their nonzero ranges and
// rescales the result by a power of two when it gets small; the true
// values are out·2^e.
func convolveScaled(a, b []float64) ([]float64, int) {
	out := make([]float64, len(a)+len(b)-1)
	alo, ahi := support(a)
	blo, bhi := support(b)
	if alo < 0 || blo < 0 {
		return out, 0
	}
	bs := b[blo : bhi+1]
	for i := alo; i <= ahi; i++ {
		x := a[i]
		if x == 0 {
			continue
		}
		dst := out[i+blo : i+bhi+1]
		for j, y := range bs {
			dst[j] += x * y
		}
	}
	_, e := normalize(out)
	return out, e
}

// mineCountConflict explains a board whose components cannot make up the
// mines left: reach is the set of totals the components can hold, and the
// floating cells add 0 to F.
func mineCountConflict(reach []uint64, F, L int) *ConflictError {
	least, most, above := -1, -1, -1
	forEachBit(reach, func(K int) {
		if least < 0 {
			least = K
		}
		most = K
		if above < 0 && K > L {
			above = K
		}
	})
	switch {
	case least > L:
		return &ConflictError{Reason: ConflictMineCount, Need: least, Left: L}
	case most+F < L:
		return &ConflictError{Reason: ConflictMineCount, Need: most + F, Left: L}
	}
	// L lies between totals that work, in a gap none reaches: name the
	// nearest total above it.
	return &ConflictError{Reason: ConflictMineCount, Need: above, Left: L}
}

// Bit sets: bit k of word k/64.

func setBit(s []uint64, k int)      { s[k>>6] |= 1 << (k & 63) }
func hasBit(s []uint64, k int) bool { return k>>6 < len(s) && s[k>>6]&(1<<(k&63)) != 0 }
func forEachBit(s []uint64, f func(k int)) {
	for w, x := range s {
		for x != 0 {
			b := bits.TrailingZeros64(x)
			f(w*64 + b)
			x &= x - 1
		}
	}
}

// orShl sets dst |= src << s; bits past dst's end are dropped.
func orShl(dst, src []uint64, s int) {
	ws, bs := s>>6, uint(s&63)
	for w := len(src) - 1; w >= 0; w-- {
		x := src[w]
		if x == 0 {
			continue
		}
		if t := w + ws; t < len(dst) {
			dst[t] |= x << bs
			if bs != 0 && t+1 < len(dst) {
				dst[t+1] |= x >> (64 - bs)
			}
		}
	}
}

// orShr sets dst |= src >> s.
func orShr(dst, src []uint64, s int) {
	ws, bs := s>>6, uint(s&63)
	for w := range dst {
		t := w + ws
		if t >= len(src) {
			break
		}
		x := src[t] >> bs
		if bs != 0 && t+1 < len(src) {
			x |= src[t+1] << (64 - bs)
		}
		dst[w] |= x
	}
}

// meetsShl reports whether (a << s) & b has a bit set.
func meetsShl(a, b []uint64, s int) bool {
	ws, bs := s>>6, uint(s&63)
	for w, x := range a {
		if x == 0 {
			continue
		}
		if t := w + ws; t < len(b) {
			if b[t]&(x<<bs) != 0 {
				return true
			}
			if bs != 0 && t+1 < len(b) && b[t+1]&(x>>(64-bs)) != 0 {
				return true
			}
		}
	}
	return false
}
