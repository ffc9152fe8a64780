package guess

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
)

// When the code space is too large to try every code as a guess (10
// digits of 10 has 3,628,800), best builds its guesses instead. A sample of
// the candidates stands in for all of them while there are many; guesses
// start from the best of some sampled candidates and random codes, and
// climb by local changes (swapping two positions, or putting a symbol the
// guess lacks in one position) while the entropy of their partition of the
// sample improves. A good guess rarely has to be a candidate: early on it
// is built to split the candidates evenly.
//
// The guess is then chosen two plies deep: among the best guesses met
// while climbing, the one that maximises its own entropy plus the expected
// entropy of the best next guess in each of its classes (found by climbing
// again on a larger sample of each class). This prefers answers that leave
// the candidates easy to split again. On 10 digits of 10 (4,000 seeded
// games) it brought the average from 10.38 with the entropy alone to 10.30,
// and climbing on 4,096 rather than 2,048 sampled candidates to 10.26.
//
// Once the candidates are few enough to score in full, the climbed guesses
// join the candidates as the pool of the look-ahead and exact searches.

const (
	sampledWork     = 40_000_000  // scores for climbing
	twoPlyWork      = 400_000_000 // scores for the two-ply choice (10 of 10 takes 130M, at most 180M)
	sampleSize      = 4096        // candidates the climbing scores against
	fullBelow       = 2048        // from this many candidates down, all are scored and searched
	climbStarts     = 8           // starting points that are climbed
	startingPool    = 1024        // sampled guesses ranked for starting points
	twoPlyFinalists = 24          // guesses compared two plies deep
	twoPlySample    = 8192        // candidates sampled for the second ply
	twoPlyMinClass  = 64          // smaller classes of that sample are not searched
)

func (f *frame) bestSampled(cfg searchConfig, depth int) result {
	n := len(f.pos.Candidates)
	full := n <= fullBelow
	against := f.counted()
	if !full {
		against = f.sp.list(sampleCodes(f.pos.Candidates, sampleSize, f.rng))
	}
	f.m.phase("building guesses", sampledWork)
	cl := &climber{f: f, against: against, limit: f.m.work + sampledWork, cache: map[Code]scoredCode{}}
	starts := cl.startingPoints()
	if len(starts) == 0 {
		return f.bestEffort()
	}
	best := starts[0]
	f.bestSoFar = bestSoFar{guess: best.guess, ok: true}
	var climbed []scoredCode
	for _, st := range starts {
		if !f.m.ok() || f.m.work > cl.limit && len(climbed) > 0 {
			break
		}
		c := cl.climb(st)
		climbed = append(climbed, c)
		if c.better(&best) {
			best = c
			f.bestSoFar.guess = c.guess
		}
	}
	if !f.m.ok() {
		return f.bestEffort()
	}
	if full {
		// Few enough candidates: search with them and the built guesses.
		pool := make([]Code, 0, n+len(climbed))
		pool = append(pool, f.pos.Candidates...)
		for _, c := range climbed {
			if !c.cand {
				pool = append(pool, c.guess)
			}
		}
		if cfg == onlineConfig {
			cfg = endgameConfig
		}
		res := f.searchPool(cfg, depth, f.sp.list(pool))
		res.evaluated += cl.evaluated
		return res
	}
	g, evaluated := cl.twoPly()
	if !f.m.ok() || evaluated < 2 {
		return result{guess: best.guess, method: "greedy-sampled", evaluated: cl.evaluated}
	}
	return result{guess: g, method: "lookahead-sampled", evaluated: cl.evaluated}
}

// scoredCode is a guess with the entropy sum of its partition of the
// sample (Σ|c|·log2|c|, lower is better).
type scoredCode struct {
	guess Code
	ent   float64
	cand  bool
}

func (a *scoredCode) better(b *scoredCode) bool {
	if a.ent != b.ent {
		return a.ent < b.ent
	}
	return a.cand && !b.cand
}

// climber runs the local search.
type climber struct {
	f         *frame
	against   codeList
	limit     int64
	h         hist
	cache     map[Code]scoredCode // every guess scored so far
	evaluated int
}

func (cl *climber) score(g Code) scoredCode {
	if sc, ok := cl.cache[g]; ok {
		return sc
	}
	cl.f.sp.fill(&cl.h, g, cl.against)
	st := cl.f.sp.summarise(&cl.h)
	cl.evaluated++
	cl.f.m.add(cl.against.len() + 16)
	sc := scoredCode{guess: g, ent: st.entSum, cand: st.win > 0}
	cl.cache[g] = sc
	return sc
}

// startingPoints ranks sampled candidates and random codes and returns the
// best few.
func (cl *climber) startingPoints() []scoredCode {
	f := cl.f
	var top []scoredCode
	consider := func(g Code) {
		if _, ok := cl.cache[g]; ok {
			return
		}
		sc := cl.score(g)
		if len(f.pos.Turns) > 0 && !sc.cand {
			sc.cand = f.consistent(g)
		}
		top = insertTop(top, climbStarts, sc)
	}
	rng := rand.New(rand.NewPCG(f.seed, uint64(len(f.pos.Turns))<<32|0x7374617274))
	for _, c := range sampleCodes(f.pos.Candidates, startingPool/2, rng) {
		consider(c)
		if !f.m.ok() {
			return top
		}
	}
	for i := 0; i < startingPool/2 && f.m.ok(); i++ {
		consider(f.sp.randomCode(rng))
	}
	return top
}

// climb improves a guess by the best local change until none helps.
func (cl *climber) climb(start scoredCode) scoredCode {
	f, sp := cl.f, cl.f.sp
	cur := start
	var symbols [MaxLength]int
	for f.m.ok() && f.m.work <= cl.limit {
		for i := 0; i < sp.length; i++ {
			symbols[i] = cur.guess.Symbol(i)
		}
		best := cur
		try := func() {
			if sc := cl.score(MakeCode(symbols[:sp.length])); sc.ent < best.ent {
				best = sc
			}
		}
		// swap two positions
		for i := 0; i < sp.length; i++ {
			for j := i + 1; j < sp.length; j++ {
				if symbols[i] == symbols[j] {
					continue
				}
				symbols[i], symbols[j] = symbols[j], symbols[i]
				try()
				symbols[i], symbols[j] = symbols[j], symbols[i]
			}
		}
		// put another symbol in one position
		set := cur.guess.Set()
		for i := 0; i < sp.length; i++ {
			old := symbols[i]
			for s := 0; s < sp.symbols; s++ {
				if s == old || !sp.repeats && set&(1<<s) != 0 {
					continue
				}
				symbols[i] = s
				try()
			}
			symbols[i] = old
		}
		if best.guess == cur.guess {
			break
		}
		cur = best
	}
	if len(f.pos.Turns) > 0 {
		cur.cand = f.consistent(cur.guess)
	}
	return cur
}

// twoPly compares the best guesses scored so far two plies deep and
// returns the best, with how many were compared.
func (cl *climber) twoPly() (Code, int) {
	f, sp := cl.f, cl.f.sp
	top := make([]scoredCode, 0, len(cl.cache))
	for _, c := range cl.cache {
		top = append(top, c)
	}
	slices.SortFunc(top, func(a, b scoredCode) int {
		if a.ent != b.ent {
			return cmp.Compare(a.ent, b.ent)
		}
		return cmp.Compare(a.guess, b.guess)
	})
	top = top[:min(len(top), twoPlyFinalists)]
	if len(top) < 2 {
		return 0, 0
	}
	f.m.phase("looking two plies ahead", twoPlyWork)
	limit := f.m.work + twoPlyWork
	rng := rand.New(rand.NewPCG(f.seed, uint64(len(f.pos.Turns))<<32|0x74776f))
	big := sp.list(sampleCodes(f.pos.Candidates, twoPlySample, rng))
	s := float64(big.len())
	part := make([]Code, big.len())
	var h hist
	var start [numClasses]int32
	bestV, bestG, compared := math.Inf(-1), Code(0), 0
	for _, g := range top {
		// Partition the sample by g, classes in order.
		sp.fill(&h, g.guess, big)
		off := int32(0)
		for _, k := range sp.classes {
			start[k] = off
			off += h[k]
		}
		next := start
		for _, c := range big.codes {
			k := sp.scoreOne(g.guess, c)
			part[next[k]] = c
			next[k]++
		}
		sizes := h
		v := sp.summarise(&h).entropy()
		f.m.add(2 * big.len())
		for _, k := range sp.classes {
			m := sizes[k]
			if k == sp.win || m < twoPlyMinClass {
				continue
			}
			members := part[start[k] : start[k]+m]
			sub := &climber{f: f, against: sp.list(members), limit: limit, cache: map[Code]scoredCode{}}
			next := math.Inf(1)
			for _, st := range top[:min(3, len(top))] {
				next = min(next, sub.climb(sub.score(st.guess)).ent)
			}
			v += float64(m) / s * (math.Log2(float64(m)) - next/float64(m))
		}
		if !f.m.ok() || f.m.work > limit {
			break // this finalist's value is incomplete
		}
		compared++
		if v > bestV {
			bestV, bestG = v, g.guess
			f.bestSoFar.guess = g.guess
		}
	}
	return bestG, compared
}
