package chain

// ranker numbers the positions whose canonical row fits in w-1 cells, that
// is the multisets of parts p = g+1 ≥ 2 with Σp ≤ w, perfectly: 0 for the
// empty position up to count()-1, in lexicographic order of the parts
// taken largest first. The solver's table is indexed by it, one byte per
// position: p(81) = 18,004,327 bytes for an 80-cell row. Ranks fit an
// int32 far beyond that: p(121) is 2.06 billion, still below 2³¹.
type ranker struct {
	w int
	// f[wt*(w+2)+m]: multisets of parts in [2, m] with Σ ≤ wt.
	f []int32
	// skip[wt*(w+2)+p] = 1 + Σ_{2≤q<p} f(wt-q, q): what choosing part p
	// with weight wt left adds to the rank.
	skip []int32
	// runs[runOff[g] + c*(w+1) + wt]: the rank added by c groups of size
	// g taken at weight wt left, Σ_{i<c} skip(wt - i(g+1), g+1).
	// runOff is an array indexed by a byte so that the hot lookup in run
	// needs no bounds check on it (checks cost WebAssembly dearly).
	runs   []int32
	runOff [256]int
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
	off := 0
	for g := 1; g < w; g++ {
		r.runOff[g] = off
		off += (w/(g+1) + 1) * (w + 1)
	}
	r.runs = make([]int32, off)
	for g := 1; g < w; g++ {
		p := g + 1
		for c := 1; c <= w/p; c++ {
			for wt := c * p; wt <= w; wt++ {
				r.runs[r.runOff[g]+c*(w+1)+wt] = r.runs[r.runOff[g]+(c-1)*(w+1)+wt] + r.skip[(wt-(c-1)*p)*n+p]
			}
		}
	}
	return r
}

// run adds c groups of size g at weight wt left to a rank.
func (r *ranker) run(idx int32, wt int, g, c uint8) (int32, int) {
	return idx + r.runs[r.runOff[g]+int(c)*(r.w+1)+wt], wt - int(c)*(int(g)+1)
}

func (r *ranker) count() int64 { return int64(r.f[r.w*(r.w+2)+r.w+1]) }

func (r *ranker) bytes() int { return 4 * (len(r.f) + len(r.skip) + len(r.runs)) }

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
