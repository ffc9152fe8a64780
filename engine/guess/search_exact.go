package guess

import (
	"cmp"
	"math/bits"
	"slices"
)

// The exact solver finds, for a set of possible secrets, the guess that
// minimises the total number of guesses needed to find every one of them
// (so the average), within a limit on the depth of the game.
//
// It is a depth-first branch and bound. A set of k secrets needs at least
// lowerBound(k) guesses in total: with p answers besides the win, a guess
// finds at most one secret at once, p more one guess later, p² after that,
// and so on. At each node the guesses are ranked by the bound they give
// (the size of the set plus the bounds of their classes), explored best
// first, and abandoned as soon as the classes solved so far plus the bounds
// of the rest reach the best total found. Results are memoised by set and
// depth; a search cut off by its limit leaves a lower bound instead.

// infinite marks a set that cannot be solved within the depth.
const infinite = int32(1) << 28

type exactEntry struct {
	value int32 // the exact total, or a lower bound when !exact
	exact bool
	guess Code
}

type exactKey struct {
	hash  uint64
	n     int32
	depth int32
}

// solver is one exact search, over a fixed pool of guesses.
type solver struct {
	sp     *space
	m      *meter
	pool   codeList // guesses it may use
	lb     []int32  // lb[k]: lower bound on the total for k secrets
	memo   map[exactKey]exactEntry
	levels levels // scratch per depth of the recursion

	nonCand  []int32 // nonCand[k]: lower bound on the total for k secrets after a guess that cannot win
	smallSet int     // sets up to this size try the candidates first

	maxWork   int64      // stop (aborted) past this much work, for determinism
	top       *bestSoFar // when not nil, the best guess at the top of the search so far
	aborted   bool
	nodes     int // sets searched
	evaluated int // guesses scored
}

// level is the scratch of one depth: the partition of the node's set by
// the guess being explored, and the ranked options.
type level struct {
	set     codeList
	options []option
	pruned  bool // some guess was left out only for its bound
	h       hist
	start   [numClasses]int32
}

type option struct {
	guess Code
	gc    uint64 // the guess's symbol counts (repeats only)
	key   uint64 // exploration order: bound, then candidates, then Σ|c|²
	bound int32
}

// selectFirst is how many options are picked by selection before the rest
// are sorted.
const selectFirst = 6

func optionKey(bound int32, cand bool, sumSq int64) uint64 {
	k := uint64(bound)<<40 | uint64(min(sumSq, 1<<39-1))
	if !cand {
		k |= 1 << 39
	}
	return k
}

func newSolver(sp *space, m *meter, pool codeList, maxN int, maxWork int64) *solver {
	sv := &solver{sp: sp, m: m, pool: pool, memo: map[exactKey]exactEntry{}, maxWork: m.work + maxWork}
	p := len(sp.classes) - 1
	sv.lb = lowerBounds(maxN, p)
	sv.nonCand = make([]int32, maxN+1)
	for k := 1; k <= maxN; k++ {
		// the k secrets spread as evenly as can be over the p classes
		q, r := k/p, k%p
		sv.nonCand[k] = int32(k) + int32(r)*sv.lb[q+1] + int32(p-r)*sv.lb[q]
	}
	sv.smallSet = 2*p + 2
	return sv
}

// lowerBounds returns the least total number of guesses for k = 0..maxN
// secrets when a guess has at most p answers besides the win.
func lowerBounds(maxN, p int) []int32 {
	lb := make([]int32, maxN+1)
	for k := 1; k <= maxN; k++ {
		// the k-th secret found is found at the first depth with room
		left, depth, room := k, int32(1), 1
		var total int32
		for left > 0 {
			take := min(left, room)
			total += depth * int32(take)
			left -= take
			depth++
			room = min(room*p, 1<<30)
		}
		lb[k] = total
	}
	return lb
}

// setHash identifies a set of codes (kept in a fixed order).
func setHash(codes []Code) uint64 {
	h := uint64(len(codes)) * 0x9E3779B97F4A7C15
	for _, c := range codes {
		x := uint64(c) * 0xBF58476D1CE4E5B9
		h = bits.RotateLeft64(h, 5) ^ (x ^ x>>31)
		h *= 0x94D049BB133111EB
	}
	return h
}

// depthCapacity returns how many secrets can at most be found within d
// guesses when a guess has p answers besides the win.
func depthCapacity(d, p int) int {
	total, room := 0, 1
	for i := 0; i < d; i++ {
		total += room
		if total > 1<<30 {
			return 1 << 30
		}
		room *= p
	}
	return total
}

// levels is scratch space, one level per depth of a recursion, reused so
// that searching allocates nothing once warm.
type levels []*level

// at returns depth d's level with room for n codes.
func (ls *levels) at(d, n int, repeats bool) *level {
	for len(*ls) <= d {
		*ls = append(*ls, &level{})
	}
	lv := (*ls)[d]
	if cap(lv.set.codes) < n {
		lv.set.codes = make([]Code, n)
		if repeats {
			lv.set.counts = make([]uint64, n)
		}
	}
	lv.set.codes = lv.set.codes[:cap(lv.set.codes)]
	if lv.set.counts != nil {
		lv.set.counts = lv.set.counts[:cap(lv.set.counts)]
	}
	return lv
}

// partition sorts s into lv.set by the class each code gives guess (gc is
// the guess's symbol counts, used with repeats): a counting sort, classes
// ascending, leaving each class's size in lv.h and its first index in
// lv.start.
func (lv *level) partition(sp *space, guess Code, gc uint64, s codeList) {
	sp.fill(&lv.h, guess, s)
	var off int32
	for _, k := range sp.classes {
		lv.start[k] = off
		off += lv.h[k]
	}
	next := lv.start
	for i, x := range s.codes {
		k := sp.classOf(guess, gc, x, s, i)
		j := next[k]
		next[k]++
		lv.set.codes[j] = x
		if sp.repeats {
			lv.set.counts[j] = s.counts[i]
		}
	}
}

// solve returns the least total number of guesses that finds every secret
// of s within depth guesses, when that is below limit; otherwise it returns
// some value at least limit that is a lower bound (infinite when depth is
// too small). used is the set of symbols of the guesses so far, real and
// hypothetical; ply is the recursion depth (for scratch space).
func (sv *solver) solve(s codeList, used uint16, depth int, limit int32, ply int) (int32, Code) {
	n := len(s.codes)
	switch {
	case n == 0:
		return 0, 0
	case n == 1:
		return 1, s.codes[0]
	case depth <= 1:
		return infinite, 0
	case n == 2:
		return 3, s.codes[0]
	}
	p := len(sv.sp.classes) - 1
	if n > depthCapacity(depth, p) {
		return infinite, 0
	}
	if lb := sv.lb[n]; lb >= limit {
		return lb, 0
	}
	key := exactKey{setHash(s.codes), int32(n), int32(depth)}
	if e, ok := sv.memo[key]; ok {
		if e.exact || e.value >= limit {
			return e.value, e.guess
		}
	}
	if sv.aborted || !sv.m.ok() || sv.m.work > sv.maxWork {
		sv.aborted = true
		return infinite, 0
	}
	sv.nodes++

	lv := sv.levels.at(ply, n, sv.sp.repeats)
	best, bestGuess := limit, Code(0)
	found, feasible := false, false
	// Small sets: the candidates first, and the other codes only when they
	// could still do better (a guess that cannot win costs every secret
	// at least one more guess).
	phases := 1
	if n <= sv.smallSet {
		phases = 2
	}
	for phase := 0; phase < phases; phase++ {
		var opts []option
		switch {
		case phases == 1:
			opts = sv.rank(lv, s, sv.pool, used, depth, best, rankAll)
		case phase == 0:
			opts = sv.rank(lv, s, s, used, depth, best, rankAll)
		case best > sv.nonCand[n]:
			opts = sv.rank(lv, s, sv.pool, used, depth, best, rankNonCandidates)
		}
		feasible = feasible || len(opts) > 0 || lv.pruned
		for i := range opts {
			// The first few options are selected one by one (usually
			// the search ends there); the rest are sorted when reached.
			switch {
			case i < selectFirst:
				j := i
				for k := i + 1; k < len(opts); k++ {
					if opts[k].key < opts[j].key {
						j = k
					}
				}
				opts[i], opts[j] = opts[j], opts[i]
			case i == selectFirst:
				slices.SortFunc(opts[i:], func(a, b option) int { return cmp.Compare(a.key, b.key) })
			}
			o := &opts[i]
			if o.bound >= best {
				break
			}
			if ply == 0 && !found && sv.top != nil && !sv.top.ok {
				*sv.top = bestSoFar{guess: o.guess, ok: true}
			}
			total := sv.try(lv, s, o, used, depth, best, ply)
			if sv.aborted {
				return infinite, 0
			}
			if total < best {
				best, bestGuess, found = total, o.guess, true
				if ply == 0 && sv.top != nil {
					*sv.top = bestSoFar{guess: o.guess, ok: true}
				}
				if best <= sv.lb[n] {
					break // cannot do better
				}
			}
		}
	}
	if found {
		sv.memo[key] = exactEntry{value: best, exact: true, guess: bestGuess}
		return best, bestGuess
	}
	// Nothing below limit: the true value is at least limit, or no guess
	// can solve the set within the depth at all.
	bound := limit
	if !feasible {
		bound = infinite
	}
	if e, ok := sv.memo[key]; !ok || e.value < bound {
		sv.memo[key] = exactEntry{value: bound}
	}
	return bound, 0
}

const (
	rankAll           = false
	rankNonCandidates = true
)

// rank scores every canonical guess of guesses against s and returns the
// useful ones, unsorted, in lv.options; with nonCand it skips the guesses
// that are candidates.
func (sv *solver) rank(lv *level, s, guesses codeList, used uint16, depth int, limit int32, nonCand bool) []option {
	sp := sv.sp
	n := len(s.codes)
	alive := aliveSymbols(s.codes, sp.symbols)
	sym := sp.symmetryOf(used, alive, false)
	p := len(sp.classes) - 1
	capChild := depthCapacity(depth-1, p)
	lv.options = lv.options[:0]
	lv.pruned = false
	check := sym.hasGroups(sp.symbols)
	for i, g := range guesses.codes {
		if check && !sym.isCanonical(g, sp.length, sp.repeats) {
			continue
		}
		sp.fill(&lv.h, g, s)
		sv.m.add(n + 8)
		sv.evaluated++
		bound, worst, cand := int32(n), int32(0), false
		var sumSq int64
		for _, c := range sp.classes {
			k := lv.h[c]
			if k == 0 {
				continue
			}
			lv.h[c] = 0
			if c == sp.win {
				cand = true
				continue
			}
			if cand && nonCand {
				break
			}
			bound += sv.lb[k]
			sumSq += int64(k) * int64(k)
			worst = max(worst, k)
		}
		if cand && nonCand {
			for _, c := range sp.classes {
				lv.h[c] = 0
			}
			continue
		}
		if int(worst) == n || int(worst) > capChild {
			continue // no split, or too deep
		}
		if bound >= limit {
			lv.pruned = true
			continue
		}
		var gc uint64
		if sp.repeats {
			gc = guesses.counts[i]
		}
		lv.options = append(lv.options, option{guess: g, gc: gc, key: optionKey(bound, cand, sumSq), bound: bound})
	}
	return lv.options
}

// try returns the total for guessing o at s (a value at least best when it
// is no better than best).
func (sv *solver) try(lv *level, s codeList, o *option, used uint16, depth int, best int32, ply int) int32 {
	sp := sv.sp
	n := len(s.codes)
	lv.partition(sp, o.guess, o.gc, s)
	sv.m.add(2 * n)
	// Solve the classes, largest first, keeping the running bound.
	type child struct {
		c    class
		size int32
	}
	var kids [numClasses]child
	nk := 0
	for _, c := range sp.classes {
		if k := lv.h[c]; k > 0 && c != sp.win {
			kids[nk] = child{c, k}
			nk++
		}
	}
	for i := range lv.h {
		lv.h[i] = 0
	}
	slices.SortFunc(kids[:nk], func(a, b child) int { return int(b.size - a.size) })
	running := o.bound
	used2 := used | o.guess.Set()
	for _, kd := range kids[:nk] {
		lo := lv.start[kd.c]
		sub := codeList{codes: lv.set.codes[lo : lo+kd.size]}
		if sp.repeats {
			sub.counts = lv.set.counts[lo : lo+kd.size]
		}
		childLB := sv.lb[kd.size]
		// The child must come in under best - (running - childLB).
		v, _ := sv.solve(sub, used2, depth-1, best-running+childLB, ply+1)
		if sv.aborted {
			return infinite
		}
		running += v - childLB
		if running >= best {
			return running
		}
	}
	return running
}

// classOf scores one code of a list against a guess with known counts.
func (sp *space) classOf(g Code, gc uint64, c Code, l codeList, i int) class {
	a := sp.rightPlace(g, c)
	var common int
	if sp.repeats {
		common = commonCount(gc, l.counts[i])
	} else {
		common = bits.OnesCount16(c.Set() & g.Set())
	}
	return class(a*(classStride-1) + common)
}

// hasGroups reports whether some symbols are interchangeable.
func (sym *symmetry) hasGroups(k int) bool {
	for s := 0; s < k; s++ {
		if sym.group[s]&(sym.group[s]-1) != 0 {
			return true
		}
	}
	return false
}

// isCanonical reports whether g introduces each group of interchangeable
// symbols smallest first.
func (sym *symmetry) isCanonical(g Code, length int, repeats bool) bool {
	var seen uint16
	for i := 0; i < length; i++ {
		s := g.Symbol(i)
		bit := uint16(1) << s
		if seen&bit != 0 {
			continue
		}
		if sym.group[s]&^seen&(bit-1) != 0 {
			return false
		}
		seen |= bit
	}
	return true
}
