package guess

import (
	"context"
	"math/rand/v2"
	"slices"
)

// An adversarial host that uses the perfect search: to each guess it
// gives the answer whose secrets need the most guesses to finish, played
// perfectly (the least worst case of what the answer leaves). Against a
// perfect guesser with the objective worst-then-average it therefore
// forces the game's optimal worst case, no more (the guesser keeps to it)
// and no less (whatever the guesser does, the answer left still needs
// it). Among answers that leave the same worst case it keeps the most
// secrets, then avoids admitting a win, then draws with the seed.

// WorstAnswer returns that answer to guess, after turns that left
// candidates. It fails with ctx's error, and with a TooLargeError beyond
// the live search's limits.
func (r *Rules) WorstAnswer(ctx context.Context, turns []Turn, candidates []Code, guess Code, seed uint64) (Feedback, error) {
	if n := len(candidates); n > PerfectMaxCandidates {
		return Feedback{}, &TooLargeError{Size: int64(n), Limit: PerfectMaxCandidates}
	}
	if size := r.Size(); size > PerfectMaxCodes {
		return Feedback{}, &TooLargeError{Size: size, Limit: PerfectMaxCodes}
	}
	sp := newSpace(r)
	m := newMeter(ctx, 1<<62, nil)
	grp := fullGroup(sp.length, true)
	for _, t := range turns {
		var next group
		grp.stabilizer(&next, t.Guess, sp.length)
		grp = next
	}
	var child group
	grp.stabilizer(&child, guess, sp.length)

	classes := map[class][]Code{}
	for _, c := range candidates {
		k := sp.scoreOne(guess, c)
		classes[k] = append(classes[k], c)
	}
	type option struct {
		c     class
		worst int
		size  int
	}
	var opts []option
	for k, set := range classes {
		o := option{c: k, size: len(set)}
		if k != sp.win {
			// The least depth that finishes the class: each depth from
			// the counting bound up, until one is feasible.
			ps := &perfectSearch{sp: sp, m: m, pool: sp.allCodes(), set: sp.list(set), grp: child}
			sv := ps.solver(len(set), 0)
			sv.feasibleOnly = true
			for d := ps.minDepth(); ; d++ {
				v := sv.solve(ps.set, &ps.grp, d, perfectInfinite, 0, nil)
				if m.err != nil {
					return Feedback{}, m.err
				}
				if v < perfectInfinite {
					o.worst = d
					break
				}
			}
		}
		opts = append(opts, o)
	}
	slices.SortFunc(opts, func(a, b option) int {
		switch {
		case a.worst != b.worst:
			return b.worst - a.worst
		case a.size != b.size:
			return b.size - a.size
		}
		return int(a.c) - int(b.c)
	})
	ties := 1
	for ties < len(opts) && opts[ties].worst == opts[0].worst && opts[ties].size == opts[0].size {
		ties++
	}
	rng := rand.New(rand.NewPCG(seed, 0x7065726665637421))
	return opts[rng.IntN(ties)].c.feedback(), nil
}

// AdversarialAnswer is the adversarial host's answer with the perfect
// search where it fits the live limits (WorstAnswer), and the science
// fair's range protection (the largest class) elsewhere. It depends only
// on the turns, the guess and the seed, so a host can replay it.
func (r *Rules) AdversarialAnswer(ctx context.Context, turns []Turn, candidates []Code, guess Code, seed uint64) (Feedback, error) {
	f, err := r.WorstAnswer(ctx, turns, candidates, guess, seed)
	if _, tooLarge := err.(*TooLargeError); tooLarge {
		return r.protectRange(candidates, guess, seed), nil
	}
	return f, err
}
