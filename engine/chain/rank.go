package chain

// ranker numbers the positions whose canonical row fits in w-1 cells, that
// is the multisets of parts p = g+1 ≥ 2 with Σp ≤ w, perfectly: 0 for the
// empty position up to count()-1, in lexicographic order of the parts
// taken largest first. The solver's table is indexed by it, one byte per
// position: p(65) = 2,012,558 bytes for a 64-cell row.
type ranker struct {
	w int
	// f[wt*(w+2)+m]: multisets of parts in [2, m] with Σ ≤ wt.
	f []int32
	// skip[wt*(w+2)+p] = 1 + Σ_{2≤q<p} f(wt-q, q): what choosing part p
	// with weight wt left adds to the rank.
	skip []int32
}

func newRanker(w int) *ranker {
	n := w + 2
	r := &ranker{w: w, f: make([]int32, (w+1)*n), skip: make([]int32, (w+1)*n)}
	for wt := 0; wt <= w; wt++ {
		r.f[wt*n+0] = 1
		r.f[wt*n+1] = 1
		for m := 2; m < n; m++ {
			v := r.f[wt*n+m-1]
			if m <= wt {
				v += r.f[(wt-m)*n+m]
			}
			r.f[wt*n+m] = v
		}
	}
	for wt := 0; wt <= w; wt++ {
		acc := int32(1)
		for p := 2; p < n; p++ {
			r.skip[wt*n+p] = acc
			if p <= wt {
				acc += r.f[(wt-p)*n+p]
			}
		}
	}
	return r
}

func (r *ranker) count() int64 { return int64(r.f[r.w*(r.w+2)+r.w+1]) }

func (r *ranker) bytes() int { return 8 * len(r.f) }

// rank of ascending groups gs (Σ(g+1) ≤ w).
func (r *ranker) rank(gs []uint8) int32 {
	n := r.w + 2
	wt := r.w
	idx := int32(0)
	for i := len(gs) - 1; i >= 0; i-- {
		p := int(gs[i]) + 1
		idx += r.skip[wt*n+p]
		wt -= p
	}
	return idx
}

// rankSplit is the rank of gs (ascending) with gs[skip] replaced by a and
// b, computed in one pass without building the child.
//
// idx and wt are the rank and the weight left after the parts above
// gs[skip] (gs[skip+1:], all larger), which the child shares.
func (r *ranker) rankSplit(gs []uint8, skip int, a, b uint8, idx int32, wt int) int32 {
	n := r.w + 2
	if a > b {
		a, b = b, a
	}
	if a == 0 {
		a, b = b, 0 // a: the larger part still to place, b: the smaller
	} else {
		a, b = b, a
	}
	for i := skip - 1; i >= 0; i-- {
		g := gs[i]
		for a > 0 && a >= g {
			p := int(a) + 1
			idx += r.skip[wt*n+p]
			wt -= p
			a, b = b, 0
		}
		p := int(g) + 1
		idx += r.skip[wt*n+p]
		wt -= p
	}
	for a > 0 {
		p := int(a) + 1
		idx += r.skip[wt*n+p]
		wt -= p
		a, b = b, 0
	}
	return idx
}

// prefixes writes, for each i, the rank and weight left after the parts
// gs[i+1:] (taken largest first).
func (r *ranker) prefixes(gs []uint8, idx []int32, wt []int16) {
	n := r.w + 2
	w := r.w
	acc := int32(0)
	for i := len(gs) - 1; i >= 0; i-- {
		idx[i], wt[i] = acc, int16(w)
		p := int(gs[i]) + 1
		acc += r.skip[w*n+p]
		w -= p
	}
}
