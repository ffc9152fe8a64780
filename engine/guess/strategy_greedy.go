package guess

import (
	"cmp"
	"math/rand/v2"
)

// The one-step strategies score every guess of a pool by how it splits the
// candidates and keep the best; they differ only in how two splits compare.
// Ties go to a guess that could itself be the secret, then to the guess
// met first.

// pick is one evaluated guess.
type pick struct {
	guess  Code
	st     stats
	isCand bool
	sorted [numClasses]int32 // class sizes, largest first (super only)
	nsort  int
}

// ranker compares evaluated guesses for one strategy.
type ranker struct {
	sp   *space
	kind Strategy
	h    hist
}

// eval scores guess against l into p.
func (r *ranker) eval(p *pick, guess Code, l codeList) {
	p.guess = guess
	r.sp.fill(&r.h, guess, l)
	if r.kind == StrategySuper {
		p.nsort = 0
		for _, c := range r.sp.classes {
			if k := r.h[c]; k > 0 {
				j := p.nsort
				for ; j > 0 && p.sorted[j-1] < k; j-- {
					p.sorted[j] = p.sorted[j-1]
				}
				p.sorted[j] = k
				p.nsort++
			}
		}
	}
	p.st = r.sp.summarise(&r.h)
	p.isCand = p.st.win > 0
}

// compare returns a negative number when a is the better guess.
func (r *ranker) compare(a, b *pick) int {
	var c int
	switch r.kind {
	case StrategyMinimax:
		c = cmp.Compare(a.st.worst, b.st.worst)
	case StrategyExpected:
		c = cmp.Compare(a.st.sumSq, b.st.sumSq)
	case StrategyEntropy:
		c = cmp.Compare(a.st.entSum, b.st.entSum)
	case StrategyParts:
		c = cmp.Compare(b.st.parts, a.st.parts)
	case StrategySuper:
		for i := 0; i < a.nsort && i < b.nsort && c == 0; i++ {
			c = cmp.Compare(a.sorted[i], b.sorted[i])
		}
	}
	if c != 0 {
		return c
	}
	switch {
	case a.isCand && !b.isCand:
		return -1
	case b.isCand && !a.isCand:
		return 1
	}
	return 0
}

// Work limits, in scores, that keep the one-step strategies fast and
// deterministic: beyond them the candidates and the guesses are sampled.
const (
	greedyWork    = 24_000_000 // scores for ranking a pool
	sampleTarget  = 2048       // candidates a sampled ranking scores against
	enumerateMax  = 400_000    // canonical guesses worth enumerating
	randomGuesses = 1 << 14    // guesses in a sampled pool
)

// workPool is a set of guesses to evaluate against a list of candidates,
// which is either all of them or a sample.
type workPool struct {
	guesses []Code
	against codeList
	sampled bool // against is a sample, so isCand must be checked directly
}

// pool chooses the guesses and candidates for a ranking of about work
// scores: every canonical guess against every candidate when that fits,
// otherwise a sample of candidates and guesses.
func (f *frame) pool(work int) workPool {
	n := len(f.pos.Candidates)
	var all []Code
	enumerated := false
	if f.sym.positions || f.sp.rules.Size() <= enumerateMax {
		all, enumerated = f.sp.canonicalGuesses(nil, &f.sym, enumerateMax)
	}
	if enumerated && len(all)*n <= work {
		return workPool{guesses: all, against: f.counted()}
	}
	// Too many: score against a sample of the candidates, and if the
	// guesses still do not fit, use sampled candidates as guesses plus
	// random canonical codes.
	sample := sampleCodes(f.pos.Candidates, sampleTarget, f.rng)
	p := workPool{against: f.sp.list(sample), sampled: len(sample) < n}
	limit := max(work/len(sample), 1)
	if enumerated && len(all) <= limit {
		p.guesses = all
		return p
	}
	p.guesses = f.sampledGuesses(min(limit, randomGuesses), sample)
	return p
}

// sampledGuesses returns about limit distinct canonical guesses: sampled
// candidates first, then random codes.
func (f *frame) sampledGuesses(limit int, sample []Code) []Code {
	seen := make(map[Code]bool, limit)
	out := make([]Code, 0, limit)
	add := func(c Code) {
		c = f.sp.canonical(c, &f.sym)
		if !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	cands := sampleCodes(f.pos.Candidates, limit/2, f.rng)
	if len(cands) == len(sample) && len(sample) < len(f.pos.Candidates) {
		cands = sample
	}
	for _, c := range cands {
		add(c)
	}
	rng := rand.New(rand.NewPCG(f.seed, 0x72616e646f6d))
	for tries := 0; len(out) < limit && tries < 4*limit; tries++ {
		add(f.sp.randomCode(rng))
	}
	return out
}

// isCand decides whether the picked guess is a candidate when the ranking
// only saw a sample.
func (f *frame) fixCand(p *pick, sampled bool) {
	if sampled {
		p.isCand = f.consistent(p.guess)
	}
}

// greedy runs a one-step strategy over the pool.
func (f *frame) greedy(kind Strategy) result {
	wp := f.pool(greedyWork)
	f.m.phase("scoring guesses", int64(len(wp.guesses))*int64(wp.against.len()))
	r := &ranker{sp: f.sp, kind: kind}
	var best, cur pick
	evaluated := 0
	for _, g := range wp.guesses {
		r.eval(&cur, g, wp.against)
		f.fixCand(&cur, wp.sampled)
		evaluated++
		if evaluated == 1 || r.compare(&cur, &best) < 0 {
			best = cur
		}
		if !f.m.add(wp.against.len() + 8) {
			break
		}
	}
	if evaluated == 0 {
		return result{guess: f.pos.Candidates[0]}
	}
	return result{guess: best.guess, evaluated: evaluated}
}
