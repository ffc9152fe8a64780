package chain

import (
	"context"
	"fmt"
)

// Value is the signed move count of a position (0 for the empty one); with
// single, its first move may remove only one object.
func (s *Solver) Value(ctx context.Context, p Position, single bool) (int, error) {
	if err := s.begin(ctx, p); err != nil || len(p) == 0 {
		return 0, err
	}
	if !single {
		return s.lookup(p), nil
	}
	best := 0
	row := p.Row()
	for _, m := range row.Moves(true) {
		if v := s.moveValue(p.apply(row.splitOf(m))); best == 0 || better(v, best) {
			best = v
		}
	}
	return best, nil
}

// lookup is the stored value of a non-empty position of the range.
func (s *Solver) lookup(p Position) int {
	var buf [MaxCells/2 + 2]uint8
	return int(s.vals[s.rk.rank(groupsOf(p, buf[:]))])
}

// MoveValue is one move of a row with its value for the side playing it:
// the signed move count of the whole game from here when it is played
// (this move included) and both sides then play perfectly.
type MoveValue struct {
	Move  Move
	Value int
	After Row
}

// Analysis is a solved row.
type Analysis struct {
	Value int         // the signed move count; 0 when the row is empty
	Win   bool        // the side to move wins (false for an empty direct row)
	Moves []MoveValue // every legal move, in row order
	Line  []Move      // the principal line to the end of the game
	Lines []Row       // the row after each move of Line
}

// moveValue is the value for the mover of playing into position c.
func (s *Solver) moveValue(c Position) int {
	if len(c) == 0 {
		if s.reverse {
			return -1
		}
		return 1
	}
	v := s.lookup(c)
	if v > 0 {
		return -(v + 1)
	}
	return -v + 1
}

// Moves lists every legal move of row with its value. Moves that lead to
// the same multiset are searched once.
func (s *Solver) Moves(ctx context.Context, row Row, single bool) ([]MoveValue, error) {
	p := row.Position()
	if err := s.begin(ctx, p); err != nil {
		return nil, err
	}
	seen := map[split]int{}
	var out []MoveValue
	for _, m := range row.Moves(single) {
		sp := row.splitOf(m)
		v, ok := seen[sp]
		if !ok {
			v = s.moveValue(p.apply(sp))
			seen[sp] = v
		}
		out = append(out, MoveValue{Move: m, Value: v, After: row.Play(m)})
	}
	return out, nil
}

// better reports whether move value a is better than b for the mover: any
// win beats any loss, a shorter win a longer one, a longer loss a shorter
// one.
func better(a, b int) bool {
	switch {
	case a > 0 && b > 0:
		return a < b
	case a > 0:
		return true
	case b > 0:
		return false
	}
	return a < b
}

// Best picks the best of a list of move values: the fastest win, or the
// slowest loss; the first such move in row order.
func Best(moves []MoveValue) (MoveValue, bool) {
	if len(moves) == 0 {
		return MoveValue{}, false
	}
	best := moves[0]
	for _, mv := range moves[1:] {
		if better(mv.Value, best.Value) {
			best = mv
		}
	}
	return best, true
}

// Solve analyses a row: its value, every move's value and the principal
// line. With single, the row's first move may remove only one object (the
// later moves of the line are free).
func (s *Solver) Solve(ctx context.Context, row Row, single bool) (*Analysis, error) {
	moves, err := s.Moves(ctx, row, single)
	if err != nil {
		return nil, err
	}
	a := &Analysis{Moves: moves}
	best, ok := Best(moves)
	if !ok {
		a.Win = s.reverse
		return a, nil
	}
	a.Value, a.Win = best.Value, best.Value > 0
	a.Line = []Move{best.Move}
	a.Lines = []Row{best.After}
	cur := best.After
	for cur.Objects() > 0 {
		next, err := s.Moves(ctx, cur, false)
		if err != nil {
			return nil, err
		}
		b, _ := Best(next)
		a.Line = append(a.Line, b.Move)
		a.Lines = append(a.Lines, b.After)
		cur = b.After
	}
	if len(a.Line) != abs(a.Value) {
		return nil, fmt.Errorf("chain: the principal line has %d moves, the value says %d", len(a.Line), a.Value)
	}
	return a, nil
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
