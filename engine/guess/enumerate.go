package guess

import (
	"context"
	"errors"
	"math/bits"

	"kibitz/engine/progress"
)

// consistentWalk lists the codes consistent with a history by building them
// one position at a time, leftmost first, in the order of Rules.Codes.
//
// For every turn it tracks two counts over the prefix built so far: the
// positions that match the turn's guess exactly (the A the secret would
// get) and the symbols shared with the guess (A+B). Neither count goes down
// as the prefix grows, and each goes up by at most one per position. So a
// prefix is abandoned, with every code under it, as soon as some turn's
// count is above its target or can no longer reach it in the positions
// left. A code that reaches full length therefore meets every target
// exactly and needs no scoring.
//
// With no history this is the plain enumeration; with a few turns it skips
// most of the space. After nine turns of 10-digit 1A2B, where scoring every
// code against every turn costs about half a second in wasm, it visits a
// few thousand prefixes.
type consistentWalk struct {
	ctx    context.Context
	report progress.Func

	length, symbols int
	repeats         bool
	turns           int

	// Per turn: its guess's symbol at each position (guessSymbol[t*length+p]),
	// its targets, and, without repeats, its guess's symbol set.
	guessSymbol       []int8
	wantA, wantCommon []int8
	guessSet          []uint16

	// The counts of the prefix of length p for turn t sit at [p*turns+t].
	// unmatched holds, with repeats, the guess's symbol counts (4 bits per
	// symbol) not yet paired with a symbol of the prefix.
	exact, common []int8
	unmatched     []uint64

	// leavesBelow[p] is how many codes share one prefix of length p, which
	// is how far a skipped prefix advances the progress report.
	leavesBelow []int64

	codes   []Code
	limit   int   // stop after this many codes, if above 0
	decided int64 // codes found or skipped so far, for progress
	visits  int   // prefixes tried, to pace the cancel checks
	size    int64
}

// errEnoughCodes ends a walk that has found as many codes as it was asked.
var errEnoughCodes = errors.New("enough codes")

// visitMask sets how often the walk checks for a cancel and reports
// progress: every 16384 prefixes tried, well under a millisecond of work.
const visitMask = 1<<14 - 1

func (r *Rules) newConsistentWalk(ctx context.Context, turns []Turn) *consistentWalk {
	n, L := len(turns), r.Length
	w := &consistentWalk{
		ctx:         ctx,
		report:      progress.FromContext(ctx),
		length:      L,
		symbols:     len(r.symbols),
		repeats:     r.Repeats,
		turns:       n,
		guessSymbol: make([]int8, n*L),
		wantA:       make([]int8, n),
		wantCommon:  make([]int8, n),
		guessSet:    make([]uint16, n),
		exact:       make([]int8, (L+1)*n),
		common:      make([]int8, (L+1)*n),
		unmatched:   make([]uint64, (L+1)*n),
		leavesBelow: make([]int64, L+1),
		size:        r.Size(),
	}
	for t, turn := range turns {
		for p := 0; p < L; p++ {
			w.guessSymbol[t*L+p] = int8(turn.Guess.Symbol(p))
		}
		w.wantA[t] = int8(turn.Feedback.A)
		w.wantCommon[t] = int8(turn.Feedback.A + turn.Feedback.B)
		w.guessSet[t] = turn.Guess.Set()
		w.unmatched[t] = turn.Guess.counts(L) // the empty prefix's row
	}
	w.leavesBelow[L] = 1
	for p := L - 1; p >= 0; p-- {
		choices := int64(w.symbols)
		if !w.repeats {
			choices -= int64(p)
		}
		w.leavesBelow[p] = w.leavesBelow[p+1] * choices
	}
	if n == 0 {
		w.codes = make([]Code, 0, w.size)
	}
	return w
}

// satisfiable reports whether some code agrees with every turn, stopping at
// the first one found. It reports no progress: it runs inside a larger job.
func (r *Rules) satisfiable(ctx context.Context, turns []Turn) (bool, error) {
	w := r.newConsistentWalk(ctx, turns)
	w.report, w.limit = nil, 1
	switch err := w.extend(0, 0, 0); err {
	case nil:
		return false, nil
	case errEnoughCodes:
		return true, nil
	default:
		return false, err
	}
}

// extend tries every symbol at position pos after the prefix c (which uses
// the symbols in used), keeping the ones every turn still allows.
func (w *consistentWalk) extend(pos int, c Code, used uint16) error {
	n := w.turns
	here, next := pos*n, (pos+1)*n
	left := int8(w.length - pos - 1) // positions after this one
	free := uint16(1<<w.symbols - 1)
	if !w.repeats {
		free &^= used
	}
	for ; free != 0; free &= free - 1 {
		s := bits.TrailingZeros16(free)
		bit := uint16(1) << s
		if w.visits++; w.visits&visitMask == 0 {
			if err := w.ctx.Err(); err != nil {
				return err
			}
			w.report.Report(w.decided, w.size, "filtering codes")
		}
		if !w.allowed(pos, s, here, next, left) {
			w.decided += w.leavesBelow[pos+1]
			continue
		}
		code := c | Code(s)<<(symbolBits*pos)
		if pos+1 == w.length {
			w.codes = append(w.codes, code|Code(used|bit)<<maskShift)
			w.decided++
			if len(w.codes) == w.limit {
				return errEnoughCodes
			}
			continue
		}
		if err := w.extend(pos+1, code, used|bit); err != nil {
			return err
		}
	}
	return nil
}

// allowed reports whether symbol s at position pos keeps every turn's
// targets within reach, and if so records the counts of the longer prefix
// at index next.
func (w *consistentWalk) allowed(pos, s, here, next int, left int8) bool {
	for t := 0; t < w.turns; t++ {
		exact, common := w.exact[here+t], w.common[here+t]
		if int(w.guessSymbol[t*w.length+pos]) == s {
			exact++
		}
		if w.repeats {
			unmatched := w.unmatched[here+t]
			if unmatched>>(symbolBits*s)&0xF != 0 {
				common++
				unmatched -= 1 << (symbolBits * s)
			}
			w.unmatched[next+t] = unmatched
		} else if w.guessSet[t]&(1<<s) != 0 {
			common++
		}
		if exact > w.wantA[t] || exact+left < w.wantA[t] ||
			common > w.wantCommon[t] || common+left < w.wantCommon[t] {
			return false
		}
		w.exact[next+t], w.common[next+t] = exact, common
	}
	return true
}
