package guess

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"

	"kibitz/engine/progress"
)

// An adversarial host that uses the perfect search: to each guess it
// gives the answer whose secrets need the most guesses to finish, played
// perfectly (the least worst case of what the answer leaves). Against a
// perfect guesser with the objective worst-then-average it therefore
// forces the game's optimal worst case, no more (the guesser keeps to it)
// and no less (whatever the guesser does, the answer left still needs
// it). Among answers that leave the same worst case it keeps the most
// secrets, then avoids admitting a win, then draws with the seed.
//
// The host (Host, HostAdversarial) answers this way when the search fits:
// the position within the live limits (PerfectMaxCandidates secrets,
// PerfectMaxCodes codes) and the search within AdversarialWork units of
// work. Otherwise it answers with the science fair's range protection
// (the largest class). The budget is counted in work, not time, so the
// answer is the same on every machine, native or in the browser: a
// function of the turns, the guess and the seed.

// How an adversarial answer was chosen.
const (
	AnswerPerfect = "perfect" // the perfect search: the class that needs the most guesses
	AnswerRange   = "range"   // range protection: the largest class
)

// AdversarialWork is the work (the meter's units, about one score each)
// the perfect search may spend on one adversarial answer before the host
// falls back to range protection. Every answer of science-3 and numeron
// needs under 2 million units; Mastermind's first answer needs up to 20.4
// million (0.2-0.4 s natively, 0.6-1.1 s in Node), its later ones less; 1a2b-4's
// second answer (1,440 secrets left) would need 250-350 million, so it
// gets range protection after 0.2 s natively (0.5 s in Node). Search
// rates run from 20 to 300 million units a second, so no answer waits
// much over 2 s even in a slow browser.
const AdversarialWork = 40_000_000

// errWork stops an adversarial search whose work budget ran out.
var errWork = errors.New("guess: the adversarial search ran out of its work budget")

// workContext is the context a budgeted search runs under: the meter
// asks its Err every few thousand units of work, and it answers errWork
// once the meter has done more than limit.
type workContext struct {
	context.Context
	m     *meter
	limit int64
}

func (c *workContext) Err() error {
	if err := c.Context.Err(); err != nil {
		return err
	}
	if c.m.work > c.limit {
		return errWork
	}
	return nil
}

// WorstAnswer returns that answer to guess, after turns that left
// candidates. It fails with ctx's error, and with a TooLargeError beyond
// the live search's limits.
func (r *Rules) WorstAnswer(ctx context.Context, turns []Turn, candidates []Code, guess Code, seed uint64) (Feedback, error) {
	f, _, err := r.worstAnswer(ctx, turns, candidates, guess, seed, 0)
	return f, err
}

// worstAnswer is WorstAnswer within limit units of work (0: no limit),
// failing with errWork beyond it. It also returns the work done.
func (r *Rules) worstAnswer(ctx context.Context, turns []Turn, candidates []Code, guess Code, seed uint64, limit int64) (Feedback, int64, error) {
	if n := len(candidates); n > PerfectMaxCandidates {
		return Feedback{}, 0, &TooLargeError{Size: int64(n), Limit: PerfectMaxCandidates}
	}
	if size := r.Size(); size > PerfectMaxCodes {
		return Feedback{}, 0, &TooLargeError{Size: size, Limit: PerfectMaxCodes}
	}
	if err := ctx.Err(); err != nil {
		return Feedback{}, 0, err
	}
	sp := newSpace(r)
	// The progress reports are where a browser worker yields, so that a
	// Stop gets in.
	m := newMeter(ctx, 1<<62, progress.FromContext(ctx))
	if limit > 0 {
		m.ctx = &workContext{Context: ctx, m: m, limit: limit}
	}
	grp := fullGroup(sp.length, true)
	for _, t := range turns {
		var next group
		grp.stabilizer(&next, t.Guess, sp.length)
		grp = next
	}
	var child group
	grp.stabilizer(&child, guess, sp.length)

	type option struct {
		c     class
		set   []Code
		worst int // the least depth that finishes the class; for a class smaller than the top, a bound when below the top's
	}
	byClass := map[class][]Code{}
	for _, c := range candidates {
		k := sp.scoreOne(guess, c)
		byClass[k] = append(byClass[k], c)
	}
	var opts []option
	for k, set := range byClass {
		opts = append(opts, option{c: k, set: set})
	}
	// Largest first, so that a smaller class only needs to be searched
	// for whether it needs more than the worst case found so far.
	slices.SortFunc(opts, func(a, b option) int {
		if len(a.set) != len(b.set) {
			return len(b.set) - len(a.set)
		}
		return cmp.Compare(a.c, b.c)
	})
	pool := sp.allCodes()
	top := -1 // the option with the most guesses needed, the largest among them
	for i := range opts {
		o := &opts[i]
		m.note = fmt.Sprintf("the adversary's answer: %v, %d secrets", o.c.feedback(), len(o.set))
		if o.c == sp.win {
			if top < 0 {
				top = i
			}
			continue
		}
		ps := &perfectSearch{sp: sp, m: m, pool: pool, set: sp.list(o.set), grp: child}
		sv := ps.solver(len(o.set), 0)
		sv.feasibleOnly = true
		feasible := func(d int) (bool, error) {
			v := sv.solve(ps.set, &ps.grp, d, perfectInfinite, 0, nil)
			if m.err != nil {
				return false, m.err
			}
			return v < perfectInfinite, nil
		}
		d := ps.minDepth()
		if top >= 0 && len(o.set) < len(opts[top].set) {
			// It can only matter by needing more than the top's.
			w := opts[top].worst
			if d <= w {
				ok, err := feasible(w)
				if err != nil {
					return Feedback{}, m.work, err
				}
				if ok {
					o.worst = w // at most
					continue
				}
				d = w + 1
			}
		}
		// The least depth that finishes the class: each depth from the
		// lower bound up, until one is feasible.
		for ; ; d++ {
			ok, err := feasible(d)
			if err != nil {
				return Feedback{}, m.work, err
			}
			if ok {
				break
			}
		}
		o.worst = d
		if top < 0 || d > opts[top].worst {
			top = i
		}
	}
	if limit > 0 && m.work > limit {
		// However the classes fell between the meter's checks.
		return Feedback{}, m.work, errWork
	}
	// The answers as good as the top: as many guesses, as many secrets.
	var ties []class
	for _, o := range opts {
		if o.worst == opts[top].worst && len(o.set) == len(opts[top].set) {
			ties = append(ties, o.c)
		}
	}
	slices.Sort(ties)
	rng := rand.New(rand.NewPCG(seed, 0x7065726665637421))
	return ties[rng.IntN(len(ties))].feedback(), m.work, nil
}

// AdversarialAnswer is the adversarial host's answer with the perfect
// search where it fits the live limits and the work budget (WorstAnswer),
// and the science fair's range protection (the largest class) elsewhere.
// It depends only on the turns, the guess and the seed, so a host can
// replay it.
func (r *Rules) AdversarialAnswer(ctx context.Context, turns []Turn, candidates []Code, guess Code, seed uint64) (Feedback, error) {
	f, _, err := r.adversarialAnswer(ctx, turns, candidates, guess, seed)
	return f, err
}

// adversarialAnswer is AdversarialAnswer with how the answer was chosen
// (AnswerPerfect or AnswerRange).
func (r *Rules) adversarialAnswer(ctx context.Context, turns []Turn, candidates []Code, guess Code, seed uint64) (Feedback, string, error) {
	// Past the live limits the search refuses at once and range
	// protection, which takes no context, scores every candidate (3.6
	// million for 10 of 10): a cancel is honoured before and after it.
	if err := ctx.Err(); err != nil {
		return Feedback{}, "", err
	}
	f, _, err := r.worstAnswer(ctx, turns, candidates, guess, seed, AdversarialWork)
	var tooLarge *TooLargeError
	switch {
	case err == nil:
		return f, AnswerPerfect, nil
	case errors.As(err, &tooLarge), errors.Is(err, errWork):
		f := r.protectRange(candidates, guess, seed)
		if err := ctx.Err(); err != nil {
			return Feedback{}, "", err
		}
		return f, AnswerRange, nil
	}
	return Feedback{}, "", err
}
