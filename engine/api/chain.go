//go:build !nochain

package api

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"kibitz/engine/chain"
	"kibitz/engine/progress"
)

// The chain game (Kayles): N objects in a row, a move takes one object or
// two adjacent ones; the direct game is won by taking the last object, the
// reverse game lost by it.
//
// A position is given as text in either notation, "position": a row
// "XXX.X.XXXX" (objects X, gaps .) or group sizes "{3,1,4}" / "3 1 4" (laid
// out left to right with one gap), or as "n", a full row of n objects.
//
// A move is written {"take": [i] or [i, i+1], "text": "i" or "i-j",
// "row": the row after it}: the 0-based indexes of the objects removed in
// the row as laid out (gaps count), so a widget can animate exactly those.
//
// firstMoveSingle (the seed's rule: the first move of a game takes one
// object) defaults to true with n, a game's start, and to false with a
// position, which is usually a game in progress.
func init() {
	register(
		Method{"chain.solve", "Solve a chain position exactly: {position or n, reverse, firstMoveSingle} → {value, winner, moves, line, positionsSearched, ms}.", chainSolve},
		Method{"chain.outcome", "Who wins a chain position and a winning move, without the move count; direct rows of up to 1,000,000 objects.", chainOutcome},
		Method{"chain.table", "The seed's table: direct and reverse values of rows from..to, with progress.", chainTable},
		Method{"chain.move", "The perfect computer's move in a chain position: the fastest win, or the slowest loss.", chainMove},
		Method{"chain.grundy", "Kayles Grundy values: of a position and its groups, or the nim-sequence from..to.", chainGrundy},
		Method{"chain.footprint", "What an exact solve of a chain position costs before it starts: {position or n} → {cells, positions, memoryBytes, limit, held: {direct, reverse}}.", chainFootprint},
	)
	registerErrors(chainError)
	registerSplit("chain.table", Split{chainTablePlan, chainTableMerge})
}

// The engine keeps one solver per game between calls: a solver holds every
// position of its range (one byte each, 18 MB at most, see engine/chain),
// so once a row has been solved, every position of a game on it, every
// hint and the table's shorter rows are lookups. Calls take turns on a
// solver; a cancelled build leaves it to be built again.
var chainSolvers struct {
	sync.Mutex
	s [2]*chain.Solver
}

// chainSolver lends the game's solver; done gives it back.
func chainSolver(reverse bool) (s *chain.Solver, done func()) {
	chainSolvers.Lock()
	i := 0
	if reverse {
		i = 1
	}
	if chainSolvers.s[i] == nil {
		chainSolvers.s[i] = chain.NewSolver(reverse)
	}
	return chainSolvers.s[i], chainSolvers.Unlock
}

// chainError turns the chain package's errors into API errors.
func chainError(err error) *Error {
	var input *chain.InputError
	var tooLarge *chain.TooLargeError
	switch {
	case errors.As(err, &input):
		e := &Error{Code: CodeBadInput, Message: input.Error(), Field: input.Field, Reason: input.Reason,
			Value: input.Value, Symbol: input.Symbol, Want: input.Want}
		if input.Pos >= 0 {
			e.Pos = &input.Pos
		}
		return e
	case errors.As(err, &tooLarge):
		return &Error{Code: CodeTooLarge, Message: tooLarge.Error(), Size: tooLarge.Size, Limit: tooLarge.Limit}
	}
	return nil
}

// chainGame is the parameters every chain call shares.
type chainGame struct {
	Position        *string `json:"position"`
	N               *int    `json:"n"`
	Reverse         bool    `json:"reverse"`
	FirstMoveSingle *bool   `json:"firstMoveSingle"`
}

// row reads the position: exactly one of position and n.
// openChainGame decodes a method's parameters and reads their position.
func openChainGame(params json.RawMessage) (chainGame, chain.Row, error) {
	var in chainGame
	if err := decode(params, &in); err != nil {
		return in, chain.Row{}, err
	}
	row, err := in.row()
	return in, row, err
}

func (g chainGame) row() (chain.Row, error) {
	switch {
	case g.Position != nil && g.N != nil:
		return nil, badInput("n", "bad-value", "give a position or n, not both")
	case g.N != nil:
		n := *g.N
		if n < 1 {
			return nil, &Error{Code: CodeBadInput, Field: "n", Reason: "bad-value", Value: fmt.Sprint(n), Message: fmt.Sprintf("n must be at least 1, not %d", n)}
		}
		if n > chain.MaxParseCells {
			return nil, &Error{Code: CodeTooLarge, Field: "n", Size: int64(n), Limit: chain.MaxParseCells, Message: fmt.Sprintf("%d objects is more than the engine takes (%d)", n, chain.MaxParseCells)}
		}
		return chain.FullRow(n), nil
	case g.Position != nil:
		row, err := chain.Parse(*g.Position, "position")
		if err != nil {
			if e := stateGiven("position", *g.Position, "a chain position"); e != nil {
				return nil, e
			}
		}
		return row, err
	}
	return nil, &Error{Code: CodeBadInput, Field: "position", Reason: "empty", Message: "give a position (XXX.X.XXXX or {3,1,4}) or n"}
}

// single is the first-move rule, defaulting as the package comment says.
func (g chainGame) single() bool {
	if g.FirstMoveSingle != nil {
		return *g.FirstMoveSingle
	}
	return g.N != nil
}

type moveOut struct {
	Take []int  `json:"take"`
	Text string `json:"text"`
	Row  string `json:"row"` // the row after the move
}

func moveJSON(m chain.Move, after chain.Row) moveOut {
	return moveOut{Take: m.Take(), Text: m.String(), Row: after.String()}
}

type chainSolveOut struct {
	Value             int              `json:"value"`
	Winner            string           `json:"winner"`
	Row               string           `json:"row"`
	Groups            string           `json:"groups"`
	Position          string           `json:"position"`
	Reverse           bool             `json:"reverse"`
	FirstMoveSingle   bool             `json:"firstMoveSingle"`
	Moves             []chainMoveValue `json:"moves"`
	Line              []moveOut        `json:"line"`
	Grundy            *int             `json:"grundy,omitempty"`
	LostToRule        bool             `json:"lostToRule,omitempty"` // as in chain.outcome
	PositionsSearched int64            `json:"positionsSearched"`
	MemoryBytes       int              `json:"memoryBytes"`
	Ms                float64          `json:"ms"`
}

type chainOutcomeOut struct {
	Winner  string   `json:"winner"`
	Move    *moveOut `json:"move"`
	Objects int      `json:"objects"`
	Groups  int      `json:"groups"`
	Exact   bool     `json:"exact"`
	Value   *int     `json:"value,omitempty"`
	Grundy  *int     `json:"grundy,omitempty"`
	// LostToRule: the direct game's side to move loses only because its
	// first move may take one object (the Grundy value is not 0).
	LostToRule bool    `json:"lostToRule,omitempty"`
	Ms         float64 `json:"ms"`
}

type chainMoveValue struct {
	Move  moveOut `json:"move"`
	Value int     `json:"value"`
}

// winner names the side that wins: "mover" (the side to move now) or
// "other". An empty direct row is won by "other" (who took the last
// object), an empty reverse row by "mover".
func winner(win bool) string {
	if win {
		return "mover"
	}
	return "other"
}

func elapsed(start time.Time) float64 {
	return float64(time.Since(start).Microseconds()) / 1000
}

func chainSolve(ctx context.Context, params json.RawMessage, report progress.Func) (any, error) {
	in, row, err := openChainGame(params)
	if err != nil {
		return nil, err
	}
	start := time.Now()
	s, done := chainSolver(in.Reverse)
	defer done()
	before := s.PositionsSearched()
	a, err := s.Solve(ctx, row, in.single())
	if err != nil {
		return nil, err
	}
	out := chainSolveOut{
		Value: a.Value, Winner: winner(a.Win), Row: row.String(), Groups: chain.FormatGroups(row.Groups()),
		Position: row.Position().String(), Reverse: in.Reverse, FirstMoveSingle: in.single(),
		PositionsSearched: s.PositionsSearched() - before, MemoryBytes: s.MemoryBytes(), Ms: elapsed(start),
		Moves: make([]chainMoveValue, len(a.Moves)), Line: make([]moveOut, len(a.Line)),
	}
	for i, mv := range a.Moves {
		out.Moves[i] = chainMoveValue{moveJSON(mv.Move, mv.After), mv.Value}
	}
	for i, m := range a.Line {
		out.Line[i] = moveJSON(m, a.Lines[i])
	}
	if !in.Reverse {
		g := chain.GrundyOf(row.Groups())
		out.Grundy = &g
		out.LostToRule = chain.LostToRule(g, in.single(), a.Win)
	}
	return out, nil
}

func chainOutcome(ctx context.Context, params json.RawMessage, report progress.Func) (any, error) {
	in, row, err := openChainGame(params)
	if err != nil {
		return nil, err
	}
	start := time.Now()
	var o chain.OutcomeResult
	if in.Reverse {
		// The exact solver's, on the engine's own: its table is kept.
		s, done := chainSolver(true)
		o, err = s.Outcome(ctx, row, in.single())
		done()
		if err != nil {
			return nil, err
		}
	} else {
		o = chain.OutcomeDirect(row, in.single())
	}
	out := chainOutcomeOut{Winner: winner(o.Win), Objects: row.Objects(), Groups: len(row.Groups()), Exact: o.Exact, LostToRule: o.LostToRule, Ms: elapsed(start)}
	if o.Move != nil {
		m := moveJSON(*o.Move, row.Play(*o.Move))
		out.Move = &m
	}
	if o.Exact {
		out.Value = &o.Value
	} else {
		out.Grundy = &o.Grundy
	}
	return out, nil
}

func chainMove(ctx context.Context, params json.RawMessage, report progress.Func) (any, error) {
	in, row, err := openChainGame(params)
	if err != nil {
		return nil, err
	}
	if row.Objects() == 0 {
		return nil, &Error{Code: CodeBadInput, Field: "position", Reason: "game-over", Message: "the game is over: no object is left to take"}
	}
	start := time.Now()
	s, done := chainSolver(in.Reverse)
	defer done()
	before := s.PositionsSearched()
	moves, err := s.Moves(ctx, row, in.single())
	if err != nil {
		return nil, err
	}
	best, _ := chain.Best(moves)
	return struct {
		Move              moveOut `json:"move"`
		Value             int     `json:"value"` // the mover's value, this move included
		Winner            string  `json:"winner"`
		GameOver          bool    `json:"gameOver"`
		PositionsSearched int64   `json:"positionsSearched"`
		Ms                float64 `json:"ms"`
	}{moveJSON(best.Move, best.After), best.Value, winner(best.Value > 0), best.After.Objects() == 0, s.PositionsSearched() - before, elapsed(start)}, nil
}

// chainFootprint says what chain.solve, chain.move or chain.table of a
// row would cost: the positions of the table a solver builds for it and
// the memory it then keeps (18 MB for a row of 80), and whether each
// game's solver already holds it (then the call is lookups). A page
// states the cost before it starts a big solve. A row past the exact
// range is too-large, as for chain.solve.
func chainFootprint(ctx context.Context, params json.RawMessage, report progress.Func) (any, error) {
	_, row, err := openChainGame(params)
	if err != nil {
		return nil, err
	}
	p := row.Position()
	if p.Cells() > chain.MaxCells {
		return nil, &Error{Code: CodeTooLarge, Size: int64(p.Cells()), Limit: chain.MaxCells,
			Message: fmt.Sprintf("the position's row is %d cells, past the exact solver's limit of %d", p.Cells(), chain.MaxCells)}
	}
	positions, bytes := chain.Footprint(p.Cells())
	type held struct {
		Direct  bool `json:"direct"`
		Reverse bool `json:"reverse"`
	}
	var h held
	for _, rev := range []bool{false, true} {
		s, done := chainSolver(rev)
		if s.Holds(p.Cells()) {
			h.Direct, h.Reverse = h.Direct || !rev, h.Reverse || rev
		}
		done()
	}
	return struct {
		Cells       int   `json:"cells"`
		Positions   int64 `json:"positions"`
		MemoryBytes int   `json:"memoryBytes"`
		Limit       int   `json:"limit"`
		Held        held  `json:"held"`
	}{p.Cells(), positions, bytes, chain.MaxCells, h}, nil
}

// chainTableMax bounds chain.table: the exact range.
const chainTableMax = chain.MaxCells

// chainTableIn is chain.table's parameters; direct and reverse choose
// the games (both by default).
type chainTableIn struct {
	From            *int  `json:"from,omitempty"`
	To              *int  `json:"to,omitempty"`
	FirstMoveSingle *bool `json:"firstMoveSingle,omitempty"`
	Direct          *bool `json:"direct,omitempty"`
	Reverse         *bool `json:"reverse,omitempty"`
	// Split false keeps the call on one worker, the first, which then
	// holds both games' tables for the calls after it (a pool sends
	// every other call there); by default a pool shares the games out.
	Split *bool `json:"split,omitempty"`
}

type chainTableRow struct {
	N       int  `json:"n"`
	Direct  *int `json:"direct,omitempty"`
	Reverse *int `json:"reverse,omitempty"`
}

type chainTableOut struct {
	Rows              []chainTableRow `json:"rows"`
	FirstMoveSingle   bool            `json:"firstMoveSingle"`
	PositionsSearched int64           `json:"positionsSearched"`
	DirectMs          *float64        `json:"directMs,omitempty"`
	ReverseMs         *float64        `json:"reverseMs,omitempty"`
	Ms                float64         `json:"ms"`
}

func chainTable(ctx context.Context, params json.RawMessage, report progress.Func) (any, error) {
	var in chainTableIn
	if err := decode(params, &in); err != nil {
		return nil, err
	}
	from, to := 1, 16
	if in.From != nil {
		from = *in.From
	}
	if in.To != nil {
		to = *in.To
	}
	switch {
	case from < 1:
		return nil, &Error{Code: CodeBadInput, Field: "from", Reason: "bad-value", Value: fmt.Sprint(from), Message: "from must be at least 1"}
	case to < from:
		return nil, &Error{Code: CodeBadInput, Field: "to", Reason: "bad-value", Value: fmt.Sprint(to), Message: "to must not be below from"}
	case to > chainTableMax:
		return nil, &Error{Code: CodeTooLarge, Field: "to", Size: int64(to), Limit: chainTableMax, Message: fmt.Sprintf("the exact solver goes up to %d objects", chainTableMax)}
	}
	single := in.FirstMoveSingle == nil || *in.FirstMoveSingle
	games := []bool{}
	if in.Direct == nil || *in.Direct {
		games = append(games, false)
	}
	if in.Reverse == nil || *in.Reverse {
		games = append(games, true)
	}
	if len(games) == 0 {
		return nil, &Error{Code: CodeBadInput, Field: "reverse", Reason: "bad-value", Value: "false", Message: "direct and reverse are both false: ask for at least one game"}
	}
	start := time.Now()
	rows := make([]chainTableRow, to-from+1)
	for i := range rows {
		rows[i].N = from + i
	}
	// One solver per game, built once for the longest row: its table then
	// holds every shorter row too (a row of n is a position of the range
	// of to), so the other rows are lookups.
	var searched int64
	var out chainTableOut
	for gi, rev := range games {
		s, done := chainSolver(rev)
		before := s.PositionsSearched()
		positions := chain.Positions(to)
		base := int64(gi) * positions
		inner := progress.NewContext(ctx, func(d, t int64, note string) {
			report.Report(base+min(d, t), int64(len(games))*positions, note)
		})
		t := time.Now()
		for i := len(rows) - 1; i >= 0; i-- {
			v, err := s.Value(inner, chain.NewPosition([]int{rows[i].N}), single)
			if err != nil {
				done()
				return nil, err
			}
			if rev {
				rows[i].Reverse = &v
			} else {
				rows[i].Direct = &v
			}
		}
		ms := elapsed(t)
		if rev {
			out.ReverseMs = &ms
		} else {
			out.DirectMs = &ms
		}
		searched += s.PositionsSearched() - before
		done()
		report.Report(base+positions, int64(len(games))*positions, "positions")
	}
	out.Rows, out.FirstMoveSingle, out.PositionsSearched, out.Ms = rows, single, searched, elapsed(start)
	return out, nil
}

// chainTablePlan shares chain.table over a pool: the direct game on one
// worker and the reverse game on another, each building its own table
// (the tables cannot be shared, and each game's is built bottom-up as a
// whole). One worker, or one game, is one part: the call itself.
func chainTablePlan(ctx context.Context, params json.RawMessage, workers int) (*Plan, error) {
	var in chainTableIn
	if err := decode(params, &in); err != nil {
		return nil, err
	}
	both := (in.Direct == nil || *in.Direct) && (in.Reverse == nil || *in.Reverse)
	if workers < 2 || !both || (in.Split != nil && !*in.Split) {
		return &Plan{Parts: []Part{{"chain.table", params}}, Merge: json.RawMessage("null")}, nil
	}
	plan := &Plan{Merge: json.RawMessage("null")}
	yes, no := true, false
	for _, reverse := range []bool{false, true} {
		part := in
		part.Direct, part.Reverse = &no, &no
		if reverse {
			part.Reverse = &yes
		} else {
			part.Direct = &yes
		}
		if err := plan.add("chain.table", part); err != nil {
			return nil, err
		}
	}
	return plan, nil
}

// chainTableMerge puts the games' columns side by side. The parts ran at
// once, so the call took as long as the longest.
func chainTableMerge(ctx context.Context, merge json.RawMessage, results []json.RawMessage) (any, error) {
	parts, err := partResults[chainTableOut](results, "a chain table")
	if err != nil {
		return nil, err
	}
	var out chainTableOut
	for i, part := range parts {
		if i == 0 {
			out.Rows, out.FirstMoveSingle = part.Rows, part.FirstMoveSingle
		} else if len(part.Rows) != len(out.Rows) {
			return nil, badInput(fmt.Sprintf("results[%d]", i), "bad-value", "the parts' tables have different rows")
		}
		for j, row := range part.Rows {
			if row.Direct != nil {
				out.Rows[j].Direct = row.Direct
			}
			if row.Reverse != nil {
				out.Rows[j].Reverse = row.Reverse
			}
		}
		out.PositionsSearched += part.PositionsSearched
		if part.DirectMs != nil {
			out.DirectMs = part.DirectMs
		}
		if part.ReverseMs != nil {
			out.ReverseMs = part.ReverseMs
		}
		out.Ms = max(out.Ms, part.Ms)
	}
	return out, nil
}

func chainGrundy(ctx context.Context, params json.RawMessage, report progress.Func) (any, error) {
	var in struct {
		chainGame
		From *int `json:"from"`
		To   *int `json:"to"`
	}
	if err := decode(params, &in); err != nil {
		return nil, err
	}
	type group struct {
		Size   int `json:"size"`
		Grundy int `json:"grundy"`
	}
	var out struct {
		PeriodStart int     `json:"periodStart"`
		Period      int     `json:"period"`
		From        *int    `json:"from,omitempty"`
		Sequence    []int   `json:"sequence,omitempty"`
		Grundy      *int    `json:"grundy,omitempty"`
		Groups      []group `json:"groups,omitempty"`
	}
	out.PeriodStart, out.Period = chain.Period()
	if in.From != nil || in.To != nil {
		from, to := 0, 0
		if in.From != nil {
			from = *in.From
		}
		if in.To != nil {
			to = *in.To
		}
		if from < 0 {
			return nil, &Error{Code: CodeBadInput, Field: "from", Reason: "bad-value", Value: fmt.Sprint(from), Message: "from must be at least 0"}
		}
		if to < from {
			return nil, &Error{Code: CodeBadInput, Field: "to", Reason: "bad-value", Value: fmt.Sprint(to), Message: "to must not be below from"}
		}
		if to-from >= 100_000 {
			return nil, &Error{Code: CodeTooLarge, Field: "to", Size: int64(to - from + 1), Limit: 100_000, Message: "at most 100,000 values at a time"}
		}
		seq := make([]int, 0, to-from+1)
		for i := 0; i <= to-from; i++ { // not n <= to: n++ would wrap at the largest int
			seq = append(seq, chain.Grundy(from+i))
		}
		out.From, out.Sequence = &from, seq
		if in.Position == nil && in.N == nil {
			return out, nil
		}
	}
	row, err := in.row()
	if err != nil {
		return nil, err
	}
	for _, g := range row.Groups() {
		out.Groups = append(out.Groups, group{g, chain.Grundy(g)})
	}
	x := chain.GrundyOf(row.Groups())
	out.Grundy = &x
	return out, nil
}
