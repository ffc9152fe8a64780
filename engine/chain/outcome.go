package chain

import "context"

// OutcomeResult says who wins a position without the move count.
type OutcomeResult struct {
	Win    bool  // the side to move wins
	Move   *Move // a winning move when Win; nil otherwise
	Grundy int   // the position's nim-value (direct game); -1 in the reverse game
	Exact  bool  // the move count was computed too (reverse game)
	Value  int   // the signed move count when Exact
	// LostToRule: the side to move loses only because of the first-move
	// rule (see LostToRule); the Grundy value alone says it wins.
	LostToRule bool
}

// LostToRule reports whether the first-move rule is why the side to move
// loses a direct position whose groups xor to grundy: a non-zero xor is a
// win without the rule (some move leaves 0), so a loss with it means no
// move that takes one object leaves 0. A reader who sees "loses" beside a
// non-zero Grundy value is owed that reason.
func LostToRule(grundy int, single, win bool) bool { return single && !win && grundy > 0 }

// OutcomeDirect settles the direct game from Grundy values alone, for a row
// of any length: the side to move wins when the xor of its groups' values
// is non-zero (or, under the first-move rule, when a single removal makes
// it zero), and a winning move is the first one in row order that leaves
// xor zero. It takes time linear in the row.
func OutcomeDirect(row Row, single bool) OutcomeResult {
	x := GrundyOf(row.Groups())
	res := OutcomeResult{Grundy: x}
	// Walk the groups; in each, look for a split leaving the whole xor 0.
	for start := 0; start < len(row); {
		if !row[start] {
			start++
			continue
		}
		end := start
		for end < len(row) && row[end] {
			end++
		}
		g := end - start
		want := x ^ Grundy(g) // the split's groups must xor to this
		for i := 0; i < g; i++ {
			if Grundy(i)^Grundy(g-1-i) == want {
				res.Win, res.Move = true, &Move{At: start + i}
				return res
			}
			if !single && i+1 < g && Grundy(i)^Grundy(g-2-i) == want {
				res.Win, res.Move = true, &Move{At: start + i, Two: true}
				return res
			}
		}
		start = end
	}
	res.LostToRule = LostToRule(x, single, false)
	return res
}

// OutcomeReverse settles the reverse game. No theory short of a search is
// known that is practical here, so it is the exact solver's: rows of up to
// MaxCells cells (TooLargeError beyond), with the move count as a bonus.
// It uses a fresh solver; Solver.Outcome uses one that may hold the table.
func OutcomeReverse(ctx context.Context, row Row, single bool) (OutcomeResult, error) {
	return NewSolver(true).Outcome(ctx, row, single)
}

// Outcome is OutcomeReverse on this solver, which keeps its table for the
// calls after it (a solver of the direct game answers the direct game,
// with its Grundy value).
func (s *Solver) Outcome(ctx context.Context, row Row, single bool) (OutcomeResult, error) {
	res := OutcomeResult{Grundy: -1, Exact: true}
	if !s.reverse {
		res.Grundy = GrundyOf(row.Groups())
	}
	if row.Objects() == 0 {
		// Whoever took the last object moved last: in the direct game
		// that player won, so the side to move has lost; in the reverse
		// game that player lost.
		res.Win = s.reverse
		return res, s.begin(ctx, nil)
	}
	moves, err := s.Moves(ctx, row, single)
	if err != nil {
		return res, err
	}
	best, _ := Best(moves)
	res.Value, res.Win = best.Value, best.Value > 0
	res.LostToRule = LostToRule(res.Grundy, single, res.Win)
	if res.Win {
		m := best.Move
		res.Move = &m
	}
	return res, nil
}
