package guess

import (
	"cmp"
	"slices"
)

// The perfect search is a depth-first branch and bound over every code as
// a guess, like the exact solver of best (search_exact.go), with what a
// proof over a whole game needs on top:
//
//   - a cost that covers the three objectives: each secret costs the
//     number of guesses that find it, plus a penalty big when it is found
//     at the last guess the depth allows (fewest-worst counts those);
//   - lower bounds per depth left: lb[d][k] fills the k secrets into the
//     levels a tree of depth d has room for, nearest first;
//   - the symmetry group of the guesses played (perfect_symmetry.go),
//     applied to the guesses at every node;
//   - partition de-duplication: a guess that splits the set exactly as an
//     earlier one did (the same classes, the same win) is not searched
//     again;
//   - the "obvious guess": a guess whose classes all have at most two
//     codes has its exact value at once, and when that value is the
//     node's lower bound nothing else is looked at;
//   - memoisation keyed by the canonical form of the set under the group,
//     so equivalent sets reached by different paths are solved once.
//
// Each technique can be switched off (Techniques), so its effect can be
// measured.

// Techniques switches off parts of the perfect search, to measure what
// each one is worth. The zero value uses them all; every setting gives the
// same optimum.
type Techniques struct {
	NoPositions bool `json:"noPositions,omitempty"` // no position permutations in the symmetry group
	NoSymbols   bool `json:"noSymbols,omitempty"`   // no relabelling of fresh and dead symbols either (every code is tried)
	NoDedup     bool `json:"noDedup,omitempty"`     // no partition de-duplication
	NoObvious   bool `json:"noObvious,omitempty"`   // no "obvious guess" rule
	NoBounds    bool `json:"noBounds,omitempty"`    // the counting bound only as 1 per secret (k, not lb[k])
	NoMemo      bool `json:"noMemo,omitempty"`      // no memoisation across nodes
	NoCanonical bool `json:"noCanonical,omitempty"` // memo keyed by the set as is, not its canonical form
}

// SearchStats counts the work of a perfect search.
type SearchStats struct {
	Nodes     int64 `json:"nodes"`     // sets searched (memo misses)
	Evaluated int64 `json:"evaluated"` // guesses scored against a set
	Tried     int64 `json:"tried"`     // guesses searched below
	Deduped   int64 `json:"deduped"`   // guesses skipped as a repeated partition
	Obvious   int64 `json:"obvious"`   // nodes closed by the obvious-guess rule
	MemoHits  int64 `json:"memoHits"`  // sets found in the memo
}

const perfectInfinite = int32(1) << 30

type pkey struct {
	k     setKey
	n     int32
	depth int32
}

type pentry struct {
	value int32 // exact, or a lower bound when !exact
	exact bool
}

// perfectSolver is one perfect search over a fixed pool of guesses.
type perfectSolver struct {
	sp   *space
	m    *meter
	pool codeList
	tech Techniques
	big  int32 // penalty per secret found at the last allowed guess

	maxDepth int
	lb       [][]int32 // lb[d][k], d = 0..maxDepth
	nonCand  [][]int32 // nonCand[d][k]: lower bound when the guess is not a candidate
	memo     map[pkey]pentry
	levels   []*plevel
	stats    SearchStats
	aborted  bool

	rootGuesses int    // when above 0, the guesses tried at ply 0 (the best ranked)
	rootAlso    []Code // … and these (canonical) ones
	// rootList, when set, is the only guesses tried at ply 0, in this
	// order: a part of a search shared by several workers
	// (perfect_parallel.go).
	rootList []Code
	// beam, when above 0, is the number of guesses tried at every node
	// below the root, the best ranked: the value is then that of a real
	// strategy, an upper bound on the optimum, found fast.
	beam int

	free group // the trivial group, whose cache serves every node searched without permutations

	// feasibleOnly stops at the first strategy within the depth: values
	// below perfectInfinite then only mean "feasible".
	feasibleOnly bool
}

// plevel is the scratch of one depth of the recursion.
type plevel struct {
	level
	grp     group     // the symmetry group below the guess being tried
	seen    []uint64  // partition signatures tried at this node
	options []poption // ranked guesses
	kids    [numClasses]struct {
		c    class
		size int32
	}
}

type poption struct {
	guess Code
	gc    uint64
	key   uint64
	bound int32
	exact bool // the bound is the value (every class has at most two codes)
}

func newPerfectSolver(sp *space, m *meter, pool codeList, maxN, maxDepth int, big int32, tech Techniques) *perfectSolver {
	sv := &perfectSolver{sp: sp, m: m, pool: pool, tech: tech, big: big, maxDepth: maxDepth, free: group{perms: []perm{identityPerm()}}}
	if !tech.NoMemo {
		sv.memo = map[pkey]pentry{}
	}
	p := len(sp.classes) - 1
	// Past the first depth whose tree has room for every secret without
	// its last level, the rows no longer change: keep one of them.
	rows := 1
	for rows <= maxDepth && depthCapacity(rows-1, p) < maxN {
		rows++
	}
	rows = min(rows+1, maxDepth+1)
	sv.lb = make([][]int32, rows)
	for d := range rows {
		sv.lb[d] = make([]int32, maxN+1)
		for k := 1; k <= maxN; k++ {
			sv.lb[d][k] = sv.countingBound(k, d, p)
		}
	}
	// A row of nonCand is built from the row of lb one depth up, so it
	// stops changing one row later: with fewest-worst's penalty at the
	// last level, lb's last row but one still pays it where its last row
	// does not, and a nonCand row built from it cut off non-candidate
	// guesses that were the best (a search asked to keep to more guesses
	// than its set needs returned a worse strategy).
	nonCandRows := min(rows+1, maxDepth+1)
	sv.nonCand = make([][]int32, nonCandRows)
	for d := range nonCandRows {
		sv.nonCand[d] = make([]int32, maxN+1)
		for k := 1; k <= maxN; k++ {
			if d < 2 {
				sv.nonCand[d][k] = perfectInfinite
				continue
			}
			// The k secrets spread as evenly as can be over the p classes
			// (the bound is convex in k).
			q, r := k/p, k%p
			lb := sv.lbAt(d - 1)
			v := int64(k) + int64(r)*int64(lb[min(q+1, maxN)]) + int64(p-r)*int64(lb[q])
			sv.nonCand[d][k] = int32(min(v, int64(perfectInfinite)))
		}
	}
	return sv
}

// lbAt returns the lower bounds for d guesses left.
func (sv *perfectSolver) lbAt(d int) []int32 { return sv.lb[min(d, len(sv.lb)-1)] }

func (sv *perfectSolver) nonCandAt(d int) []int32 { return sv.nonCand[min(d, len(sv.nonCand)-1)] }

// countingBound is the least cost of k secrets within d guesses when a
// guess has at most p answers besides the win: one secret can be found at
// the first guess, p at the second, p² at the third, and so on, and those
// at the d-th pay big on top.
func (sv *perfectSolver) countingBound(k, d, p int) int32 {
	if k == 0 {
		return 0
	}
	if sv.tech.NoBounds {
		if d == 0 {
			return perfectInfinite
		}
		return int32(k)
	}
	var total int64
	left, room := k, 1
	for level := 1; left > 0; level++ {
		if level > d {
			return perfectInfinite
		}
		take := min(left, room)
		total += int64(take) * int64(level)
		if level == d {
			total += int64(take) * int64(sv.big)
		}
		left -= take
		room = min(room*p, 1<<30)
	}
	return int32(min(total, int64(perfectInfinite)))
}

func (sv *perfectSolver) level(ply, n int) *plevel {
	for len(sv.levels) <= ply {
		sv.levels = append(sv.levels, &plevel{})
	}
	lv := sv.levels[ply]
	if cap(lv.set.codes) < n {
		lv.set.codes = make([]Code, n)
		if sv.sp.repeats {
			lv.set.counts = make([]uint64, n)
		}
	}
	lv.set.codes = lv.set.codes[:cap(lv.set.codes)]
	if lv.set.counts != nil {
		lv.set.counts = lv.set.counts[:cap(lv.set.counts)]
	}
	return lv
}

// solve returns the least cost of finding every secret of s within depth
// guesses when that is below limit; otherwise some value at least limit
// that bounds it from below (perfectInfinite when depth is too small).
// grp is the symmetry group of the guesses so far; top, when not nil,
// receives the best guess at this node (top is only asked at the root,
// which is never read from the memo).
func (sv *perfectSolver) solve(s codeList, grp *group, depth int, limit int32, ply int, top *Code) int32 {
	n := len(s.codes)
	switch {
	case n == 0:
		return 0
	case depth <= 0:
		return perfectInfinite
	case n == 1:
		if top != nil {
			*top = s.codes[0]
		}
		if depth == 1 {
			return 1 + sv.big
		}
		return 1
	case depth == 1:
		return perfectInfinite
	case n == 2:
		if top != nil {
			*top = s.codes[0]
		}
		if depth == 2 {
			return 3 + sv.big
		}
		return 3
	}
	lbn := sv.lbAt(depth)[n]
	if lbn >= perfectInfinite {
		return perfectInfinite
	}
	if lbn >= limit && top == nil {
		return lbn
	}
	var key pkey
	if sv.memo != nil {
		var k setKey
		if sv.tech.NoCanonical || n < 2*len(grp.perms) {
			k = keyOf(s.codes)
		} else {
			k = grp.canonicalKey(s.codes, sv.sp.length)
		}
		key = pkey{k, int32(n), int32(depth)}
		if e, ok := sv.memo[key]; ok && top == nil {
			if e.exact || e.value >= limit {
				sv.stats.MemoHits++
				return e.value
			}
		}
	}
	if sv.aborted || !sv.m.ok() {
		sv.aborted = true
		return perfectInfinite
	}
	sv.stats.Nodes++

	lv := sv.level(ply, n)
	lv.seen = lv.seen[:0]
	best, bestGuess := limit, Code(0)
	found, feasible := false, false
	phases := 1
	if n <= 2*(len(sv.sp.classes)-1)+2 {
		phases = 2 // small sets: the candidates first
	}
	for phase := 0; phase < phases; phase++ {
		var opts []poption
		switch {
		case phases == 1:
			opts = sv.rank(lv, s, sv.pool, grp, depth, best, false)
		case phase == 0:
			opts = sv.rank(lv, s, s, grp, depth, best, false)
		case best > sv.nonCandAt(depth)[n]:
			opts = sv.rank(lv, s, sv.pool, grp, depth, best, true)
		}
		feasible = feasible || len(opts) > 0 || lv.pruned
		if ply == 0 && sv.rootGuesses > 0 && len(opts) > sv.rootGuesses {
			slices.SortFunc(opts, func(a, b poption) int { return cmp.Compare(a.key, b.key) })
			keep := opts[:sv.rootGuesses]
			for _, o := range opts[sv.rootGuesses:] {
				if slices.Contains(sv.rootAlso, o.guess) {
					keep = append(keep, o)
				}
			}
			opts = keep
		}
		if ply > 0 && sv.beam > 0 && len(opts) > sv.beam {
			slices.SortFunc(opts, func(a, b poption) int { return cmp.Compare(a.key, b.key) })
			opts = opts[:sv.beam]
		}
		listed := ply == 0 && sv.rootList != nil
		if listed {
			opts = sv.listed(opts)
		}
		for i := range opts {
			if ply == 0 {
				// Progress: the share of the root's guesses tried. The
				// first take longest (they are the most promising, so
				// the least pruned), so it runs slow, then fast.
				sv.m.steps(int64(phase*len(opts)+i), int64(phases*len(opts)))
			}
			switch {
			case listed: // in the list's order
			case i < selectFirst:
				j := i
				for k := i + 1; k < len(opts); k++ {
					if opts[k].key < opts[j].key {
						j = k
					}
				}
				opts[i], opts[j] = opts[j], opts[i]
			case i == selectFirst:
				slices.SortFunc(opts[i:], func(a, b poption) int { return cmp.Compare(a.key, b.key) })
			}
			o := &opts[i]
			if o.bound >= best {
				break
			}
			var total int32
			if o.exact {
				total = o.bound
			} else {
				total = sv.try(lv, s, o, grp, depth, best, ply)
				if sv.aborted {
					return perfectInfinite
				}
			}
			if total < best {
				best, bestGuess, found = total, o.guess, true
				if best <= lbn || sv.feasibleOnly {
					break // cannot do better, or need not
				}
			}
		}
		if found && (best <= lbn || sv.feasibleOnly) {
			break
		}
	}
	if top != nil && found {
		*top = bestGuess
	}
	if found {
		if sv.memo != nil {
			sv.memo[key] = pentry{value: best, exact: true}
		}
		return best
	}
	bound := limit
	if !feasible {
		bound = perfectInfinite
	}
	if sv.memo != nil {
		if e, ok := sv.memo[key]; !ok || !e.exact && e.value < bound {
			sv.memo[key] = pentry{value: bound}
		}
	}
	return bound
}

// listed keeps the root's options that rootList names, in its order.
func (sv *perfectSolver) listed(opts []poption) []poption {
	keep := make([]poption, 0, len(sv.rootList))
	for _, g := range sv.rootList {
		for _, o := range opts {
			if o.guess == g {
				keep = append(keep, o)
				break
			}
		}
	}
	return keep
}

// rank scores every canonical guess of guesses against s and returns the
// useful ones, unsorted; with nonCand it skips the candidates. When the
// obvious-guess rule closes the node it returns that guess alone.
func (sv *perfectSolver) rank(lv *plevel, s, guesses codeList, grp *group, depth int, limit int32, nonCand bool) []poption {
	sp := sv.sp
	n := len(s.codes)
	alive := aliveSymbols(s.codes, sp.symbols)
	all := uint16(1<<sp.symbols - 1)
	dead := all &^ alive
	fresh := all &^ grp.used &^ dead
	if sv.tech.NoSymbols {
		fresh, dead = 0, 0
	}
	// The position permutations cost a few scores per guess: worth it
	// only on sets large enough.
	positions := !sv.tech.NoPositions && len(grp.perms) > 1 && n >= 2*len(grp.perms)
	capChild := depthCapacity(depth-1, len(sp.classes)-1)
	lbChild := sv.lbAt(depth - 1)
	lbn := sv.lbAt(depth)[n]
	lv.options = lv.options[:0]
	lv.pruned = false
	filter := true
	if len(guesses.codes) == len(sv.pool.codes) && len(guesses.codes) > 0 && &guesses.codes[0] == &sv.pool.codes[0] {
		if positions {
			guesses = grp.canonicalPool(sp, guesses, fresh, dead, true)
		} else {
			// Without the permutations the canonical guesses depend on
			// the free symbols only: one cache for the whole search.
			guesses = sv.free.canonicalPool(sp, guesses, fresh, dead, false)
		}
		filter = false
	}
	for i, g := range guesses.codes {
		if filter && !grp.canonicalIn(g, sp.length, fresh, dead, positions) {
			continue
		}
		sp.fill(&lv.h, g, s)
		sv.m.add(n + 8)
		sv.stats.Evaluated++
		bound, worst, cand := int32(n), int32(0), false
		var sumSq int64
		small := true
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
			worst = max(worst, k)
			if int(k) > capChild {
				continue
			}
			bound += lbChild[k]
			sumSq += int64(k) * int64(k)
			small = small && k <= 2
		}
		if cand && nonCand {
			continue
		}
		if int(worst) == n || int(worst) > capChild || bound >= perfectInfinite {
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
		// With at most two codes per class the bound is the value.
		exact := small && !sv.tech.NoObvious && !sv.tech.NoBounds
		o := poption{guess: g, gc: gc, key: optionKey(bound, cand, sumSq), bound: bound, exact: exact}
		if exact && bound == lbn {
			sv.stats.Obvious++
			lv.options = append(lv.options[:0], o)
			return lv.options
		}
		lv.options = append(lv.options, o)
	}
	return lv.options
}

// try returns the cost of guessing o at s (a value at least best when it
// is no better than best).
func (sv *perfectSolver) try(lv *plevel, s codeList, o *poption, grp *group, depth int, best int32, ply int) int32 {
	sp := sv.sp
	n := len(s.codes)
	lv.partition(sp, o.guess, o.gc, s)
	sv.m.add(2 * n)
	if !sv.tech.NoDedup {
		sig := partitionSignature(sp, s, o.guess)
		if slices.Contains(lv.seen, sig) {
			sv.stats.Deduped++
			for i := range lv.h {
				lv.h[i] = 0
			}
			return perfectInfinite
		}
		lv.seen = append(lv.seen, sig)
	}
	sv.stats.Tried++
	kids := lv.kids[:0]
	for _, c := range sp.classes {
		if k := lv.h[c]; k > 0 && c != sp.win {
			kids = append(kids, struct {
				c    class
				size int32
			}{c, k})
		}
	}
	for i := range lv.h {
		lv.h[i] = 0
	}
	slices.SortFunc(kids, func(a, b struct {
		c    class
		size int32
	}) int {
		return int(b.size - a.size)
	})
	grp.stabilizer(&lv.grp, o.guess, sp.length)
	running := o.bound
	for _, kd := range kids {
		lo := lv.start[kd.c]
		sub := codeList{codes: lv.set.codes[lo : lo+kd.size]}
		if sp.repeats {
			sub.counts = lv.set.counts[lo : lo+kd.size]
		}
		childLB := sv.lbAt(depth - 1)[kd.size]
		v := sv.solve(sub, &lv.grp, depth-1, best-running+childLB, ply+1, nil)
		if sv.aborted {
			return perfectInfinite
		}
		running += v - childLB
		if running >= best {
			return running
		}
	}
	return running
}

// partitionSignature fingerprints how lv's last partition split s: the
// class of each code of s, renumbered in order of first appearance, and
// whether the guess was a candidate. Two guesses with the same signature
// split s into the same classes and have the same value.
func partitionSignature(sp *space, s codeList, guess Code) uint64 {
	var label [histSize]uint8
	next := uint8(1)
	h := uint64(0x84222325CBF29CE4)
	var gc uint64
	if sp.repeats {
		gc = guess.counts(sp.length)
	}
	cand := false
	for i, x := range s.codes {
		k := sp.classOf(guess, gc, x, s, i)
		cand = cand || k == sp.win
		if label[k] == 0 {
			label[k] = next
			next++
		}
		h = (h ^ uint64(label[k])) * 0x100000001B3
	}
	if cand {
		h = ^h // the same classes, but one of them is the win
	}
	return h
}
