package guess

import (
	"math"
	"sync"
)

// Strategy best is a search for the guess that minimises the total number
// of guesses over the candidates (so their average), by the size of the
// position:
//
//   - book: the first moves of the preset games, computed offline by this
//     same search with larger limits (see book.go);
//   - exact: a set small enough is solved exactly by branch and bound
//     (search_exact.go), within the worst-case depth the book says the
//     game can always be won in;
//   - lookahead: otherwise every guess is ranked by an estimate of the
//     guesses its classes will need, and the top few are searched one or
//     two plies deeper, solving small classes exactly;
//   - lookahead-sampled: when the code space is too large to try every
//     code as a guess (10 digits of 10, say), the candidates are sampled,
//     guesses are built by local improvement, and the best of them are
//     compared two plies deep (search_sample.go); once the candidates are
//     few, they and the built guesses are searched as above.
//
// Every stage is bounded by a count of work, not by time, so the result is
// the same on every machine; the time budget only cuts a search short.

// searchConfig holds the work limits of best, in scores.
type searchConfig struct {
	work       int64 // the whole suggestion
	exactSet   int   // sets up to this size are tried exactly first
	exactWork  int64 // work that exact attempt may take
	exactChild int   // classes up to this size are solved exactly inside the look-ahead
	childWork  int64 // work one such exact solution may take before the look-ahead estimates instead
	topK       int   // guesses searched at the root
	secondK    int   // guesses searched for a large class
	plies      int   // plies below the root where large classes are searched
}

// onlineConfig keeps a suggestion of the preset games within some tens of
// milliseconds (12M of work was no stronger on 1a2b-4 and twice as slow);
// endgameConfig is for the candidates left of a huge code space, where a
// suggestion may take longer; bookConfig is what the opening book was
// computed with.
var (
	onlineConfig  = searchConfig{work: 6_000_000, exactSet: 64, exactWork: 3_000_000, exactChild: 12, childWork: 1_000_000, topK: 12, secondK: 4, plies: 1}
	endgameConfig = searchConfig{work: 12_000_000, exactSet: 64, exactWork: 3_000_000, exactChild: 12, childWork: 1_000_000, topK: 12, secondK: 4, plies: 1}
	bookConfig    = searchConfig{work: 1 << 40, exactSet: 400, exactWork: 4_000_000_000, exactChild: 300, childWork: 200_000_000, topK: 40, secondK: 10, plies: 2}
)

const (
	poolMaxCodes = 40_000      // code spaces up to this size are searched with every code as a guess
	poolMaxWork  = 100_000_000 // … when that ranks every code against every candidate within this work
	noDepthLimit = 64
)

// allCodes caches the code lists of rule shapes (length, symbols, repeats).
var allCodes sync.Map // [3]int → codeList

func (sp *space) allCodes() codeList {
	key := [3]int{sp.length, sp.symbols, 0}
	if sp.repeats {
		key[2] = 1
	}
	if l, ok := allCodes.Load(key); ok {
		return l.(codeList)
	}
	codes, _ := sp.rules.AllCodes()
	l := sp.list(codes)
	allCodes.Store(key, l)
	return l
}

func (f *frame) best() result {
	if g, ok := f.bookMove(); ok {
		return result{guess: g, method: "book", evaluated: 1}
	}
	depth := noDepthLimit
	if d, ok := bookDepth(f.sp); ok {
		depth = max(d-len(f.pos.Turns), 1)
	}
	return f.search(onlineConfig, depth)
}

// search is best without the book.
func (f *frame) search(cfg searchConfig, depth int) result {
	n := len(f.pos.Candidates)
	if n == 2 {
		return result{guess: f.pos.Candidates[0], method: "exact", evaluated: 1, expectedGuesses: 1.5}
	}
	if g, ok := f.onlyGuess(); ok {
		return result{guess: g, method: "symmetry", evaluated: 1}
	}
	if f.sp.rules.Size() > poolMaxCodes || f.sp.rules.Size()*int64(n) > poolMaxWork {
		return f.bestSampled(cfg, depth)
	}
	return f.searchPool(cfg, depth, f.sp.allCodes())
}

// onlyGuess returns the guess when every guess is equivalent to it, as at
// the first move without repeats.
func (f *frame) onlyGuess() (Code, bool) {
	if !f.sym.positions {
		return 0, false
	}
	guesses, ok := f.sp.canonicalGuesses(nil, &f.sym, 2)
	if !ok || len(guesses) != 1 {
		return 0, false
	}
	return guesses[0], true
}

// searchPool searches with the guesses of pool.
func (f *frame) searchPool(cfg searchConfig, depth int, pool codeList) result {
	n := len(f.pos.Candidates)
	cands := f.counted()
	sv := newSolver(f.sp, f.m, pool, n, cfg.work)

	if n <= cfg.exactSet {
		f.m.phase("solving exactly", cfg.exactWork)
		sv.maxWork = f.m.work + cfg.exactWork
		sv.top = &f.bestSoFar
		v, g := sv.solve(cands, f.used, depth, infinite, 0)
		if !sv.aborted && v >= infinite && depth < noDepthLimit {
			// The history leaves no way to win within the book's depth:
			// do the best without it.
			depth = noDepthLimit
			v, g = sv.solve(cands, f.used, depth, infinite, 0)
		}
		if !sv.aborted && v < infinite {
			return result{guess: g, method: "exact", evaluated: sv.evaluated, expectedGuesses: float64(v) / float64(n)}
		}
		if !f.m.ok() {
			return f.bestEffort()
		}
		sv.aborted = false
		sv.top = nil
	}
	sv.maxWork = f.m.work + cfg.work
	f.m.phase("searching ahead", cfg.work)
	la := &lookahead{f: f, sv: sv, cfg: cfg, limit: f.m.work + cfg.work}
	v, g, ok := la.root(cands, depth)
	if !ok {
		return f.bestEffort()
	}
	return result{guess: g, method: "lookahead", evaluated: la.evaluated + sv.evaluated, expectedGuesses: v / float64(n)}
}

// bestEffort is the answer when the budget ran out before any search
// finished: a quick greedy pick.
func (f *frame) bestEffort() result {
	if f.bestSoFar.ok {
		return result{guess: f.bestSoFar.guess, method: "best-so-far"}
	}
	return result{guess: f.pos.Candidates[0], method: "first-candidate"}
}

// lookahead ranks guesses by an estimate of the total guesses their classes
// need and searches the most promising ones deeper.
type lookahead struct {
	f         *frame
	sv        *solver
	cfg       searchConfig
	limit     int64     // work past which the search stops deepening
	est       []float64 // est[k]: estimated total guesses for k secrets
	evaluated int
	levels    levels
}

// setBranching fixes the estimate: a set of k secrets is taken to need the
// total of a search tree where every guess finds one secret and splits the
// rest b ways, b being 2^(best entropy at the root).
func (la *lookahead) setBranching(b float64, maxN int) {
	b = max(b, 1.5)
	la.est = make([]float64, maxN+1)
	for k := 1; k <= maxN; k++ {
		left, room, depth, total := float64(k), 1.0, 1.0, 0.0
		for left > 0 {
			take := math.Min(left, room)
			total += depth * take
			left -= take
			depth++
			room *= b
		}
		la.est[k] = total
	}
	// Small sets are known exactly or nearly: one secret takes one guess,
	// two take three.
	if maxN >= 1 {
		la.est[1] = 1
	}
	if maxN >= 2 {
		la.est[2] = 3
	}
}

// candidate is a guess with its estimated total.
type candidate struct {
	guess Code
	gc    uint64
	score float64
	cand  bool
	sumSq int64
}

// topGuesses ranks every canonical guess of the pool against s by its
// estimate and returns the best k in order, and (when entropy is set) the
// best entropy seen.
func (la *lookahead) topGuesses(s codeList, used uint16, depth int, k int, entropy bool) ([]candidate, float64, bool) {
	f, sp := la.f, la.f.sp
	n := len(s.codes)
	sym := sp.symmetryOf(used, aliveSymbols(s.codes, sp.symbols), false)
	if len(f.pos.Turns) == 0 && n == len(f.pos.Candidates) {
		sym.positions = true
	}
	check := sym.hasGroups(sp.symbols)
	capChild := depthCapacity(depth-1, len(sp.classes)-1)
	pool := la.sv.pool
	var h hist
	top := make([]candidate, 0, k+1)
	bestEnt := 0.0
	for i, g := range pool.codes {
		if check && !sym.isCanonical(g, sp.length, sp.repeats) {
			continue
		}
		if sym.positions && !countsNonincreasing(g, sp.length, sp.symbols) || sym.positions && !nondecreasing(g, sp.length) {
			continue
		}
		sp.fill(&h, g, s)
		score := float64(n)
		var worst int32
		var sumSq int64
		var ent float64
		cand := false
		for _, c := range sp.classes {
			x := h[c]
			if x == 0 {
				continue
			}
			h[c] = 0
			if entropy {
				ent += xlog2x(x)
			}
			if c == sp.win {
				cand = true
				continue
			}
			score += la.est[x]
			sumSq += int64(x) * int64(x)
			worst = max(worst, x)
		}
		la.evaluated++
		if !f.m.add(n + 16) {
			return nil, 0, false
		}
		if int(worst) == n || int(worst) > capChild {
			continue
		}
		if entropy {
			bestEnt = max(bestEnt, math.Log2(float64(n))-ent/float64(n))
		}
		c := candidate{guess: g, score: score, cand: cand, sumSq: sumSq}
		if sp.repeats {
			c.gc = pool.counts[i]
		}
		top = insertTop(top, k, c)
	}
	return top, bestEnt, true
}

// ranked is what insertTop orders: a pointer type whose better reports
// whether it ranks ahead of another.
type ranked[T any] interface {
	*T
	better(*T) bool
}

// insertTop adds c to top, a list of at most k entries kept best first,
// and returns the list; c is dropped when the list is full and c ranks no
// better than its last entry.
func insertTop[T any, P ranked[T]](top []T, k int, c T) []T {
	j := len(top)
	if j == k && !P(&c).better(&top[k-1]) {
		return top
	}
	if j < k {
		top = append(top, c)
	} else {
		j = k - 1
		top[j] = c
	}
	for ; j > 0 && P(&top[j]).better(&top[j-1]); j-- {
		top[j], top[j-1] = top[j-1], top[j]
	}
	return top
}

func (a *candidate) better(b *candidate) bool {
	if a.score != b.score {
		return a.score < b.score
	}
	if a.cand != b.cand {
		return a.cand
	}
	return a.sumSq < b.sumSq
}

func nondecreasing(c Code, n int) bool {
	for i := 1; i < n; i++ {
		if c.Symbol(i) < c.Symbol(i-1) {
			return false
		}
	}
	return true
}

// root searches the position: the top guesses by estimate are searched with
// their large classes looked at one more ply.
func (la *lookahead) root(s codeList, depth int) (float64, Code, bool) {
	n := len(s.codes)
	// A first ranking with a neutral estimate finds the root entropy,
	// which fixes the estimate's branching.
	la.setBranching(float64(len(la.f.sp.classes)-1)/2, n)
	_, ent, ok := la.topGuesses(s, la.f.used, depth, 1, true)
	if !ok {
		return 0, 0, false
	}
	la.setBranching(math.Exp2(ent), n)
	top, _, ok := la.topGuesses(s, la.f.used, depth, la.cfg.topK, false)
	if !ok || len(top) == 0 {
		return 0, 0, false
	}
	la.f.bestSoFar = bestSoFar{guess: top[0].guess, ok: true}
	best, bestGuess := math.Inf(1), top[0].guess
	for i := range top {
		if i > 0 && la.f.m.work > la.limit {
			break
		}
		v := la.value(s, &top[i], la.f.used, depth, la.cfg.plies, 0)
		if !la.f.m.ok() || la.sv.aborted {
			break
		}
		if v < best {
			best, bestGuess = v, top[i].guess
			la.f.bestSoFar.guess = bestGuess
		}
	}
	if math.IsInf(best, 1) {
		return float64(top[0].score), top[0].guess, la.f.m.ok()
	}
	return best, bestGuess, true
}

// value returns the total for guessing c at s, looking plies deeper at the
// classes too large to solve exactly.
func (la *lookahead) value(s codeList, c *candidate, used uint16, depth, plies, ply int) float64 {
	sp := la.f.sp
	n := len(s.codes)
	lv := la.levels.at(ply, n, sp.repeats)
	lv.partition(sp, c.guess, c.gc, s)
	la.f.m.add(2 * n)
	sizes := lv.h
	for i := range lv.h {
		lv.h[i] = 0
	}
	used2 := used | c.guess.Set()
	// The running total starts at the estimate and each class replaces
	// its estimate by its value.
	running := c.score
	for _, k := range sp.classes {
		size := sizes[k]
		if size == 0 || k == sp.win {
			continue
		}
		lo := lv.start[k]
		sub := codeList{codes: lv.set.codes[lo : lo+size]}
		if sp.repeats {
			sub.counts = lv.set.counts[lo : lo+size]
		}
		if size <= 2 {
			continue // the estimate is exact
		}
		v, exact := 0.0, false
		if int(size) <= la.cfg.exactChild {
			v, exact = la.exact(sub, used2, depth-1)
			if !la.f.m.ok() {
				return math.Inf(1)
			}
		}
		switch {
		case exact:
		case plies > 0:
			v = la.childValue(sub, used2, depth-1, plies-1, ply+1)
		default:
			continue
		}
		if v >= float64(infinite) {
			return math.Inf(1)
		}
		running += v - la.est[size]
	}
	return running
}

// exact solves a class within the configured work, and reports whether it
// could.
func (la *lookahead) exact(s codeList, used uint16, depth int) (float64, bool) {
	sv := la.sv
	saved := sv.maxWork
	sv.maxWork = min(saved, la.f.m.work+la.cfg.childWork)
	x, _ := sv.solve(s, used, depth, infinite, 0)
	sv.maxWork = saved
	if sv.aborted {
		sv.aborted = false
		return 0, false
	}
	return float64(x), true
}

// childValue searches a class: its best guesses by estimate, valued one
// ply down.
func (la *lookahead) childValue(s codeList, used uint16, depth, plies, ply int) float64 {
	top, _, ok := la.topGuesses(s, used, depth, la.cfg.secondK, false)
	if !ok || len(top) == 0 {
		return la.est[len(s.codes)]
	}
	best := math.Inf(1)
	for i := range top {
		if i > 0 && la.f.m.work > la.limit {
			break
		}
		v := la.value(s, &top[i], used, depth, plies, ply)
		if !la.f.m.ok() || la.sv.aborted {
			break
		}
		best = min(best, v)
	}
	if math.IsInf(best, 1) {
		return top[0].score
	}
	return best
}

type bestSoFar struct {
	guess Code
	ok    bool
}
