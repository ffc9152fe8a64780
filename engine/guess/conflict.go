package guess

import (
	"context"
	"math/bits"
	"slices"

	"kibitz/engine/progress"
)

// maxConflictTurns bounds the history SmallestConflict analyses exactly: a
// turn is one bit of a uint64.
const maxConflictTurns = 64

// SmallestConflict explains a contradictory history. It returns a smallest
// set of turns that no secret satisfies together, or nil when some secret
// satisfies them all.
//
// The model: every code satisfies some subset of the turns, written as a bit
// mask. A set S of turns is contradictory exactly when no code's mask
// contains S, that is when S meets the complement of every code's mask. So
// a smallest conflict is a minimum hitting set of those complements; there
// are few distinct masks, and the search deepens one turn at a time, trying
// newer turns first because the newest entry is the likeliest typo.
//
// Histories longer than 64 turns, or a search that grows too large, fall
// back to deletion: drop each turn that is not needed for the contradiction.
// That set is minimal (no turn can be dropped) though not always smallest.
func (r *Rules) SmallestConflict(ctx context.Context, turns []Turn) (*ConflictError, error) {
	if err := r.CheckSize(); err != nil {
		return nil, err
	}
	if len(turns) > maxConflictTurns {
		return r.minimalConflict(ctx, turns)
	}
	misses, err := r.missedTurnSets(ctx, turns)
	if err != nil {
		return nil, err
	}
	for _, m := range misses {
		if m == 0 {
			return nil, nil // a code satisfies every turn
		}
	}
	budget := 2_000_000 // search nodes before falling back to deletion
	for size := 1; size <= len(turns); size++ {
		if set, ok := hittingSet(misses, size, &budget); ok {
			return &ConflictError{Rows: bitIndexes(set)}, nil
		}
		if budget <= 0 {
			return r.minimalConflict(ctx, turns)
		}
	}
	return r.minimalConflict(ctx, turns) // unreachable: all turns together hit every set
}

// missedTurnSets returns, for each distinct way a code can fail the turns,
// the set of turns it fails, keeping only the minimal sets (a code failing
// fewer turns makes any code failing a superset irrelevant).
func (r *Rules) missedTurnSets(ctx context.Context, turns []Turn) ([]uint64, error) {
	checks := make([]scorer, len(turns))
	for i, t := range turns {
		checks[i] = r.scorer(t.Guess)
	}
	distinct := map[uint64]bool{}
	report := progress.FromContext(ctx)
	size := r.Size()
	seen := int64(0)
	for c := range r.Codes() {
		if seen++; seen&0x3FFF == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			report.Report(seen, size, "finding the conflicting rows")
		}
		var missed uint64
		for i := range checks {
			if checks[i].score(c) != turns[i].Feedback.class() {
				missed |= 1 << i
			}
		}
		distinct[missed] = true
	}
	sets := make([]uint64, 0, len(distinct))
	for m := range distinct {
		sets = append(sets, m)
	}
	// Fewest bits first, so each kept set is checked against smaller ones.
	slices.SortFunc(sets, func(a, b uint64) int { return bits.OnesCount64(a) - bits.OnesCount64(b) })
	minimal := sets[:0]
	for _, m := range sets {
		covered := false
		for _, small := range minimal {
			if small&m == small {
				covered = true
				break
			}
		}
		if !covered {
			minimal = append(minimal, m)
		}
	}
	return minimal, nil
}

// hittingSet finds a set of at most size turns that meets every set in
// sets, branching on the elements of the smallest unmet set, newest first.
func hittingSet(sets []uint64, size int, budget *int) (uint64, bool) {
	if len(sets) == 0 {
		return 0, true
	}
	if size == 0 || *budget <= 0 {
		return 0, false
	}
	*budget--
	smallest := sets[0]
	for _, s := range sets[1:] {
		if bits.OnesCount64(s) < bits.OnesCount64(smallest) {
			smallest = s
		}
	}
	rest := make([]uint64, 0, len(sets))
	for pick := smallest; pick != 0; {
		top := 63 - bits.LeadingZeros64(pick)
		pick &^= 1 << top
		rest = rest[:0]
		for _, s := range sets {
			if s&(1<<top) == 0 {
				rest = append(rest, s)
			}
		}
		if found, ok := hittingSet(rest, size-1, budget); ok {
			return found | 1<<top, true
		}
	}
	return 0, false
}

// minimalConflict shrinks the whole history to a minimal contradictory set
// by trying to drop each turn, oldest first.
func (r *Rules) minimalConflict(ctx context.Context, turns []Turn) (*ConflictError, error) {
	satisfiable := func(keep []int) (bool, error) {
		sub := make([]Turn, len(keep))
		for i, k := range keep {
			sub[i] = turns[k]
		}
		return r.satisfiable(ctx, sub)
	}
	keep := make([]int, len(turns))
	for i := range keep {
		keep[i] = i
	}
	if ok, err := satisfiable(keep); err != nil || ok {
		return nil, err
	}
	for i := 0; i < len(keep); {
		without := slices.Delete(slices.Clone(keep), i, i+1)
		ok, err := satisfiable(without)
		if err != nil {
			return nil, err
		}
		if ok {
			i++ // needed for the contradiction
		} else {
			keep = without
		}
	}
	return &ConflictError{Rows: keep}, nil
}

func bitIndexes(set uint64) []int {
	var out []int
	for set != 0 {
		i := bits.TrailingZeros64(set)
		out = append(out, i)
		set &^= 1 << i
	}
	return out
}
