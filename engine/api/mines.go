//go:build !nomines

package api

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"time"

	"kibitz/engine/mines"
	"kibitz/engine/progress"
)

// The Minesweeper methods. A board is .mine text (see mines.Parse); cells
// are {x, y}, 0-based from the top left. A game lives in the page as a
// sealed state (AES-GCM, like the guess host's), passed to and returned by
// every game method, so a game survives reloads and worker restarts. The
// seal keeps the layout out of plain sight and stops edits; its key ships
// in the module, so it hides nothing from a player who digs for it.
//
//	mines.levels   {} → {levels: [{id, width, height, mines}], rules, maxSide}
//	mines.analyze  {board | link, budgetMs?} → {width, height, totalMines, minesLeft,
//	               prob (rows; a number per hidden cell, 1 for a flag, null
//	               for a revealed cell; null altogether when incomplete),
//	               safe, mines (certain, unflagged), dead, solutions (decimal
//	               string), solutionsExact, best {x, y, action, prob, why},
//	               complete, incomplete ("budget" | "too-wide"), frontier,
//	               floating, floatProb, components, engineMs}; link is a
//	               JSMinesweeper analysis= link, and the answer then has
//	               board, the position it held as .mine text
//	mines.new      {level | width, height, mines; rule: sfar|opening|noguess;
//	               seed?} → game; or {link} (a JSMinesweeper b= and m=
//	               link) → a game on exactly that layout: the mines are
//	               down from the start, so the first click is not
//	               protected (rule says sfar and seed 0, and started is
//	               false until the first move)
//	mines.reveal   {state, x, y} → game (on an open number: a chord)
//	mines.flag     {state, x, y} → game (toggles)
//	mines.hint     {state, budgetMs?, split?} → {move, candidates: [{x, y, prob,
//	               score, floating, outcomes: [{n, prob, safe,
//	               nextSafety}]}], analysis, winProb? (endgame search)}
//	mines.autoplay {state, steps? (1; 0 = to the end), budgetMs?} → game +
//	               played: [{x, y, action, prob, why, revealed}]; the
//	               budget covers the call: past it no move is started and
//	               the game so far comes back, still playing
//
// A game is {state, width, height, mines, rule, seed, status (playing |
// won | lost), board (.mine text of what the player sees), moves, flags,
// minesLeft, revealed: [{x, y, n}] (cells this call opened), started,
// verified (noguess), and once over: layout, blast, wrongFlags}.
func init() {
	register(
		Method{"mines.levels", "List the standard Minesweeper levels and the first-click rules.", minesLevels},
		Method{"mines.analyze", "Exact mine probabilities for a board given as .mine text (or a JSMinesweeper analysis= link), with certain cells and the best move.", minesAnalyze},
		Method{"mines.new", "Start a Minesweeper game: {level or width/height/mines, rule, seed}, or {link} for a JSMinesweeper b=&m= layout → {state, ...}.", minesNew},
		Method{"mines.reveal", "Reveal a hidden cell (or chord an open number) in a game: {state, x, y}.", minesReveal},
		Method{"mines.flag", "Put a flag on a hidden cell of a game, or take it off: {state, x, y}.", minesFlag},
		Method{"mines.autoplay", "Let the engine play a game: one move, steps moves, or to the end (steps 0), with progress.", minesAutoplay},
	)
	registerErrors(minesError)
	registerState(minesState)
}

// minesState is what a Minesweeper game's sealed state is (see seal.go).
var minesState = stateGame{"mines", "view", "a Minesweeper game", "the mines methods", reflect.TypeFor[gameState]()}

// cells turns board points into the cells an error names.
func cells(points []mines.Point) []Cell {
	out := make([]Cell, len(points))
	for i, p := range points {
		out[i] = Cell{p.X, p.Y}
	}
	return out
}

// minesError maps the errors of package mines; AsError calls it.
func minesError(err error) *Error {
	var input *mines.InputError
	var conflict *mines.ConflictError
	switch {
	case errors.As(err, &input):
		e := &Error{Code: CodeBadInput, Message: input.Error(), Field: input.Field, Reason: string(input.Reason), Value: input.Value, Want: input.Want}
		if input.Line >= 0 {
			e.Line = &input.Line
		}
		if input.Col >= 0 {
			e.Col = &input.Col
		}
		return e
	case errors.As(err, &conflict):
		e := &Error{Code: CodeBadInput, Message: conflict.Error(), Field: "board", Reason: string(conflict.Reason), Cells: cells(conflict.Cells), Flags: cells(conflict.Flags)}
		switch conflict.Reason {
		case mines.ConflictMineCount:
			e.Want, e.Left = conflict.Need, &conflict.Left
		case mines.ConflictTooManyFlags:
			e.Left = &conflict.Left
		case mines.ConflictFlagsAround:
			e.Want, e.Left = conflict.Need, &conflict.Left
		case mines.ConflictTooFewAround:
			e.Want, e.Room = conflict.Need, &conflict.Room
		}
		return e
	}
	return nil
}

// minesMinBudget is the least budget a Minesweeper method takes.
const minesMinBudget = 10 * time.Millisecond

// minesBudget reads budgetMs (default mines.DefaultBudget).
func minesBudget(ms *int) (time.Duration, error) {
	if ms == nil {
		return mines.DefaultBudget, nil
	}
	if int64(*ms) < minesMinBudget.Milliseconds() || int64(*ms) > maxBudget.Milliseconds() { // in milliseconds: a Duration could overflow
		return 0, badInput("budgetMs", "bad-value", fmt.Sprintf("budgetMs must be %d to %d, not %d", minesMinBudget.Milliseconds(), maxBudget.Milliseconds(), *ms))
	}
	return time.Duration(*ms) * time.Millisecond, nil
}

func minesLevels(ctx context.Context, params json.RawMessage, report progress.Func) (any, error) {
	return map[string]any{
		"levels":  mines.Levels,
		"rules":   []mines.Rule{mines.RuleSFAR, mines.RuleOpening, mines.RuleNoGuess},
		"maxSide": mines.MaxGameSide,
	}, decode(params, &struct{}{})
}

// analysisResult is the JSON of an analysis.
type analysisResult struct {
	Width          int           `json:"width"`
	Height         int           `json:"height"`
	TotalMines     int           `json:"totalMines"`
	MinesLeft      int           `json:"minesLeft"`
	Prob           bulkFloats    `json:"prob"`
	Safe           []mines.Point `json:"safe"`
	Mines          []mines.Point `json:"mines"`
	Dead           []mines.Point `json:"dead"`
	Solutions      string        `json:"solutions"`
	SolutionsExact bool          `json:"solutionsExact"`
	Best           *mines.Move   `json:"best"`
	// Proof: for a best move that is certain (safe or a mine), the
	// numbers that show it; ProofKind says how: single numbers one after
	// another, the numbers taken together, or the numbers with the count
	// of mines left (see mines.Analysis.Proof).
	Proof      []mines.Point   `json:"proof,omitempty"`
	ProofKind  mines.ProofKind `json:"proofKind,omitempty"`
	Complete   bool            `json:"complete"`
	Incomplete string          `json:"incomplete,omitempty"`
	Frontier   int             `json:"frontier"`
	Floating   int             `json:"floating"`
	FloatProb  *float64        `json:"floatProb"`
	Components int             `json:"components"`
	EngineMs   float64         `json:"engineMs"`
}

// analyze runs the analysis and builds its JSON; engineMs covers the
// analysis, the count of solutions and the choice of the best move.
func analyze(ctx context.Context, b *mines.Board, budget time.Duration, report progress.Func) (*analysisResult, *mines.Analysis, error) {
	start := time.Now()
	a, err := mines.Analyze(ctx, b, mines.Options{Budget: budget, Progress: report})
	if err != nil {
		return nil, nil, err
	}
	r := &analysisResult{
		Width: b.Width, Height: b.Height, TotalMines: b.Mines, MinesLeft: a.MinesLeft,
		Prob: bulk(ctx, a.Prob, b.Width, mines.ProbRows{Width: b.Width, Prob: a.Prob}), Safe: nonNil(a.Safe), Mines: nonNil(a.Mines), Dead: nonNil(a.Dead),
		Complete: a.Complete, Incomplete: string(a.Why),
		Frontier: a.Frontier, Floating: a.Floating, Components: a.Components,
	}
	r.Solutions, r.SolutionsExact = a.Solutions()
	if !math.IsNaN(a.FloatProb) && a.Complete {
		r.FloatProb = &a.FloatProb
	}
	if m, ok := a.Best(); ok {
		r.Best = &m
	}
	r.prove(a)
	r.EngineMs = float64(time.Since(start).Microseconds()) / 1000
	return r, a, nil
}

// prove sets the proof of the best move, when it is certain.
func (r *analysisResult) prove(a *mines.Analysis) {
	r.Proof, r.ProofKind = nil, ""
	if r.Best != nil && (r.Best.Why == mines.WhySafe || r.Best.Why == mines.WhyMine) {
		r.Proof, r.ProofKind = a.Proof(r.Best.Point)
	}
}

func nonNil(p []mines.Point) []mines.Point {
	if p == nil {
		return []mines.Point{}
	}
	return p
}

// linkAnalysis is mines.analyze's answer for a link: the analysis and the
// board the link held, as .mine text.
type linkAnalysis struct {
	*analysisResult
	Board string `json:"board"`
}

func minesAnalyze(ctx context.Context, params json.RawMessage, report progress.Func) (any, error) {
	var in struct {
		Board    string `json:"board"`
		Link     string `json:"link"`
		BudgetMs *int   `json:"budgetMs"`
	}
	if err := decode(params, &in); err != nil {
		return nil, err
	}
	budget, err := minesBudget(in.BudgetMs)
	if err != nil {
		return nil, err
	}
	if in.Link != "" {
		if in.Board != "" {
			return nil, badInput("link", "bad-value", "give a board or a link, not both")
		}
		b, err := minesLinkBoard(in.Link)
		if err != nil {
			return nil, err
		}
		r, _, err := analyze(ctx, b, budget, report)
		if err != nil {
			return nil, err
		}
		return linkAnalysis{r, b.Format()}, nil
	}
	b, err := mines.Parse(in.Board)
	if err != nil {
		return nil, err
	}
	r, _, err := analyze(ctx, b, budget, report)
	return r, err
}

// minesLinkBoard reads the position of a JSMinesweeper analysis= link.
func minesLinkBoard(text string) (*mines.Board, error) {
	l, err := mines.ParseLink(text)
	if err != nil {
		return nil, err
	}
	if l.Board == nil {
		return nil, badInput("link", string(mines.ReasonLinkKind),
			"this link holds a game's mine layout (b= and m=), not a position; start a game with it (mines.new {link})")
	}
	return l.Board, nil
}

// minesLinkLayout reads the mine layout of a JSMinesweeper b= and m= link.
func minesLinkLayout(text string) (*mines.Layout, error) {
	l, err := mines.ParseLink(text)
	if err != nil {
		return nil, err
	}
	if l.Layout == nil {
		return nil, badInput("link", string(mines.ReasonLinkKind),
			"this link holds a position (analysis=), not a game's mine layout; analyse it (mines.analyze {link})")
	}
	return l.Layout, nil
}

// gameState is a game as sealed into the page's state.
type gameState struct {
	Version  int        `json:"v"`
	Width    int        `json:"w"`
	Height   int        `json:"h"`
	Mines    int        `json:"m"`
	Rule     mines.Rule `json:"r"`
	Seed     uint64     `json:"s"`
	View     []byte     `json:"view"` // two cells a byte: mines.Cell in 4 bits, the first cell low
	Layout   []byte     `json:"mine"` // a bit a cell; empty before the first reveal
	Status   string     `json:"st"`
	Blast    int        `json:"b"`
	Moves    int        `json:"n"`
	Verified bool       `json:"ok"`
}

const gameStateVersion = 1

func sealGame(g *mines.Game) (string, error) {
	s := gameState{Version: gameStateVersion, Width: g.View.Width, Height: g.View.Height, Mines: g.View.Mines,
		Rule: g.Rule, Seed: g.Seed, Status: string(g.Status), Blast: g.Blast, Moves: g.Moves, Verified: g.Verified}
	s.View = make([]byte, (len(g.View.Cells)+1)/2)
	for i, c := range g.View.Cells {
		s.View[i/2] |= byte(c) << (4 * (i % 2))
	}
	if g.Mine != nil {
		s.Layout = make([]byte, (len(g.Mine)+7)/8)
		for i, m := range g.Mine {
			if m {
				s.Layout[i/8] |= 1 << (i % 8)
			}
		}
	}
	return seal(s)
}

func unsealGame(state string) (*mines.Game, error) {
	var s gameState
	if err := unseal(state, &s); err != nil {
		return nil, err
	}
	bad := badInput("state", "bad-state", "the game state is damaged or from another version; start a new game")
	g, err := mines.NewGame(s.Width, s.Height, s.Mines, s.Rule, s.Seed)
	if err != nil || s.Version != gameStateVersion || len(s.View) != (s.Width*s.Height+1)/2 {
		return nil, bad
	}
	for i := range g.View.Cells {
		c := s.View[i/2] >> (4 * (i % 2)) & 15
		if c > byte(mines.Flag) {
			return nil, bad
		}
		g.View.Cells[i] = mines.Cell(c)
	}
	if len(s.Layout) > 0 {
		if len(s.Layout) != (s.Width*s.Height+7)/8 {
			return nil, bad
		}
		g.Mine = make([]bool, s.Width*s.Height)
		for i := range g.Mine {
			g.Mine[i] = s.Layout[i/8]>>(i%8)&1 == 1
		}
	}
	g.Status, g.Blast, g.Moves, g.Verified = mines.Status(s.Status), s.Blast, s.Moves, s.Verified
	return g, nil
}

// opened is a cell a call revealed, with its number.
type opened struct {
	X int `json:"x"`
	Y int `json:"y"`
	N int `json:"n"`
}

// gameResult is what every game method returns: the sealed state and what
// the player may see. The layout is shown only once the game is over.
func gameResult(g *mines.Game, revealed []mines.Point, extra map[string]any) (map[string]any, error) {
	state, err := sealGame(g)
	if err != nil {
		return nil, err
	}
	flags := g.View.Count(mines.Flag)
	list := make([]opened, 0, len(revealed))
	for _, p := range revealed {
		list = append(list, opened{p.X, p.Y, int(g.View.At(p.X, p.Y))})
	}
	out := map[string]any{
		"state":     state,
		"width":     g.View.Width,
		"height":    g.View.Height,
		"mines":     g.View.Mines,
		"rule":      g.Rule,
		"seed":      g.Seed,
		"status":    g.Status,
		"board":     g.View.Format(),
		"moves":     g.Moves,
		"flags":     flags,
		"minesLeft": g.View.Mines - flags,
		"revealed":  list,
		"started":   g.Mine != nil,
	}
	if g.Rule == mines.RuleNoGuess && g.Mine != nil {
		out["verified"] = g.Verified
	}
	if g.Status != mines.Playing {
		out["layout"] = g.Mines()
		if g.Blast >= 0 {
			out["blast"] = g.View.Point(g.Blast)
		}
		var wrong []mines.Point
		for i, c := range g.View.Cells {
			if c == mines.Flag && !g.Mine[i] {
				wrong = append(wrong, g.View.Point(i))
			}
		}
		out["wrongFlags"] = nonNil(wrong)
		// The game's 3BV, and how much of it was cleared: only at the
		// end, as it tells something of the layout.
		out["bbbv"], out["bbbvDone"] = g.ThreeBV()
	}
	for k, v := range extra {
		out[k] = v
	}
	return out, nil
}

func minesNew(ctx context.Context, params json.RawMessage, report progress.Func) (any, error) {
	var in struct {
		Level  string     `json:"level"`
		Width  int        `json:"width"`
		Height int        `json:"height"`
		Mines  int        `json:"mines"`
		Rule   mines.Rule `json:"rule"`
		Seed   *uint64    `json:"seed"`
		Link   string     `json:"link"`
	}
	if err := decode(params, &in); err != nil {
		return nil, err
	}
	if in.Link != "" {
		if in.Level != "" || in.Width != 0 || in.Height != 0 || in.Mines != 0 || in.Rule != "" || in.Seed != nil {
			return nil, badInput("link", "bad-value", "a link gives the whole game; give no level, size, rule or seed with it")
		}
		l, err := minesLinkLayout(in.Link)
		if err != nil {
			return nil, err
		}
		g, err := mines.NewGameWithLayout(l)
		if err != nil {
			return nil, err
		}
		// The mines are down already, but the player has not started.
		return gameResult(g, nil, map[string]any{"started": false})
	}
	custom := in.Width != 0 || in.Height != 0 || in.Mines != 0
	switch {
	case in.Level != "" && custom:
		return nil, badInput("level", "bad-value", "give a level or width, height and mines, not both")
	case custom:
	default:
		if in.Level == "" {
			in.Level = "beginner"
		}
		l, ok := mines.LevelByID(in.Level)
		if !ok {
			return nil, badInput("level", "unknown-level", fmt.Sprintf("there is no level %q; use beginner, intermediate or expert", in.Level))
		}
		in.Width, in.Height, in.Mines = l.Width, l.Height, l.Mines
	}
	// A seed is at most 2^53−1, so it survives a round trip through a
	// JavaScript number.
	seed := randomSeed() & (1<<53 - 1)
	if in.Seed != nil {
		seed = *in.Seed
	}
	g, err := mines.NewGame(in.Width, in.Height, in.Mines, in.Rule, seed)
	if err != nil {
		return nil, err
	}
	return gameResult(g, nil, nil)
}

// gameMove is the parameters of a move on a cell.
type gameMove struct {
	State string `json:"state"`
	X     *int   `json:"x"`
	Y     *int   `json:"y"`
}

func (m gameMove) open() (*mines.Game, mines.Point, error) {
	g, err := unsealGame(m.State)
	if err != nil {
		return nil, mines.Point{}, err
	}
	if m.X == nil {
		return nil, mines.Point{}, badInput("x", "missing", "x is missing")
	}
	if m.Y == nil {
		return nil, mines.Point{}, badInput("y", "missing", "y is missing")
	}
	return g, mines.Point{X: *m.X, Y: *m.Y}, nil
}

func minesReveal(ctx context.Context, params json.RawMessage, report progress.Func) (any, error) {
	var in gameMove
	if err := decode(params, &in); err != nil {
		return nil, err
	}
	g, p, err := in.open()
	if err != nil {
		return nil, err
	}
	var out []mines.Point
	if g.View.In(p.X, p.Y) && g.View.At(p.X, p.Y).Revealed() {
		out, err = g.Chord(p)
	} else {
		out, err = g.Reveal(ctx, p)
	}
	if err != nil {
		return nil, err
	}
	return gameResult(g, out, nil)
}

func minesFlag(ctx context.Context, params json.RawMessage, report progress.Func) (any, error) {
	var in gameMove
	if err := decode(params, &in); err != nil {
		return nil, err
	}
	g, p, err := in.open()
	if err != nil {
		return nil, err
	}
	if err := g.ToggleFlag(p); err != nil {
		return nil, err
	}
	return gameResult(g, nil, nil)
}

func minesAutoplay(ctx context.Context, params json.RawMessage, report progress.Func) (any, error) {
	var in struct {
		State    string `json:"state"`
		Steps    *int   `json:"steps"`
		BudgetMs *int   `json:"budgetMs"`
	}
	if err := decode(params, &in); err != nil {
		return nil, err
	}
	budget, err := minesBudget(in.BudgetMs)
	if err != nil {
		return nil, err
	}
	steps := 1
	if in.Steps != nil {
		steps = *in.Steps
	}
	if steps < 0 {
		return nil, badInput("steps", "bad-value", fmt.Sprintf("steps must be 0 (to the end) or more, not %d", steps))
	}
	g, err := unsealGame(in.State)
	if err != nil {
		return nil, err
	}
	if g.Status != mines.Playing {
		return nil, mines.GameOver()
	}
	type played struct {
		mines.Move
		Revealed int `json:"revealed"`
	}
	moves := []played{}
	var revealed []mines.Point
	safeCells := g.View.Width*g.View.Height - g.View.Mines
	// The call's progress is the safe cells open. A move's own work
	// repeats that report rather than its own figures: each report is
	// where the browser's worker lets a cancel in, and a move's analysis
	// may take the whole budget.
	open := 0
	playing := func(int64, int64, string) { report.Report(int64(open), int64(safeCells), "playing") }
	// The budget covers the call: once it is spent no move is started,
	// and the game so far is returned, still playing, for the caller to
	// go on with.
	start := time.Now()
	for n := 0; g.Status == mines.Playing && (steps == 0 || n < steps); n++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		left := budget - time.Since(start)
		if n > 0 && left <= 0 {
			break
		}
		m, out, err := g.AutoStep(ctx, mines.Options{Budget: max(left, time.Millisecond), Progress: playing})
		if err != nil {
			return nil, err
		}
		moves = append(moves, played{m, len(out)})
		revealed = append(revealed, out...)
		open = 0
		for _, c := range g.View.Cells {
			if c.Revealed() {
				open++
			}
		}
		report.Report(int64(open), int64(safeCells), "playing")
	}
	return gameResult(g, revealed, map[string]any{"played": moves})
}

// mines.bench: the auto-player's strength, measured by playing seeded
// games. It splits by seed: each part plays a run of the seeds, so a pool
// of workers plays the same games as one worker would, and wins the same.

func init() {
	register(Method{"mines.bench", "Let the auto-player play games from consecutive seeds and count its wins: {level or width/height/mines, rule, games, seed, first?} → {games, wins, winRate, ci95, guesses, moves, ms}.", minesBench})
	registerSplit("mines.bench", Split{minesBenchPlan, minesBenchMerge})
}

// maxBenchGames bounds one bench call.
const maxBenchGames = 100_000

type benchParams struct {
	Level  string       `json:"level,omitempty"`
	Width  int          `json:"width,omitempty"`
	Height int          `json:"height,omitempty"`
	Mines  int          `json:"mines,omitempty"`
	Rule   mines.Rule   `json:"rule,omitempty"`
	Games  int          `json:"games"`
	Seed   uint64       `json:"seed"`
	First  *mines.Point `json:"first,omitempty"`
}

// benchResult is what a bench (or a part of one) counts. The figures
// besides ms are the same however the games are shared.
type benchResult struct {
	Games   int     `json:"games"`
	Wins    int     `json:"wins"`
	WinRate float64 `json:"winRate"`
	CI95    float64 `json:"ci95"`    // half-width of the 95% interval of winRate
	Guesses int     `json:"guesses"` // moves with a risk
	Moves   int     `json:"moves"`
	Ms      float64 `json:"ms"` // engine time, summed over the games
}

func readBench(params json.RawMessage) (benchParams, error) {
	in := benchParams{Games: 100, Seed: 1}
	if err := decode(params, &in); err != nil {
		return in, err
	}
	custom := in.Width != 0 || in.Height != 0 || in.Mines != 0
	switch {
	case in.Level != "" && custom:
		return in, badInput("level", "bad-value", "give a level or width, height and mines, not both")
	case !custom:
		if in.Level == "" {
			in.Level = "expert"
		}
		l, ok := mines.LevelByID(in.Level)
		if !ok {
			return in, badInput("level", "unknown-level", fmt.Sprintf("there is no level %q; use beginner, intermediate or expert", in.Level))
		}
		in.Width, in.Height, in.Mines = l.Width, l.Height, l.Mines
	}
	if in.Rule == "" {
		in.Rule = mines.RuleSFAR
	}
	if in.Games < 1 || in.Games > maxBenchGames {
		return in, badInput("games", "bad-value", fmt.Sprintf("games must be 1 to %d, not %d", maxBenchGames, in.Games))
	}
	if in.Seed > 1<<53-uint64(in.Games) {
		return in, badInput("seed", "bad-value", "seed + games must stay below 2^53")
	}
	// One game checks the size, the mines, the rule and the first click.
	g, err := mines.NewGame(in.Width, in.Height, in.Mines, in.Rule, in.Seed)
	if err != nil {
		return in, err
	}
	if in.First != nil && (in.First.X < 0 || in.First.Y < 0 || in.First.X >= g.View.Width || in.First.Y >= g.View.Height) {
		return in, badInput("first", "bad-value", fmt.Sprintf("the first click (%d, %d) is off the %d×%d board", in.First.X, in.First.Y, g.View.Width, g.View.Height))
	}
	return in, nil
}

func minesBench(ctx context.Context, params json.RawMessage, report progress.Func) (any, error) {
	in, err := readBench(params)
	if err != nil {
		return nil, err
	}
	var out benchResult
	start := time.Now()
	for i := range in.Games {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		g, err := mines.NewGame(in.Width, in.Height, in.Mines, in.Rule, in.Seed+uint64(i))
		if err != nil {
			return nil, err
		}
		if in.First != nil {
			if _, err := g.Reveal(ctx, *in.First); err != nil {
				return nil, err
			}
		}
		for g.Status == mines.Playing {
			m, _, err := g.AutoStep(ctx, mines.Options{Progress: func(int64, int64, string) {
				report.Report(int64(i), int64(in.Games), "playing")
			}})
			if err != nil {
				return nil, err
			}
			out.Moves++
			if m.Prob > 0 {
				out.Guesses++
			}
		}
		out.Games++
		if g.Status == mines.Won {
			out.Wins++
		}
		report.Report(int64(i+1), int64(in.Games), "playing")
	}
	out.Ms = float64(time.Since(start).Microseconds()) / 1000
	return out.rates(), nil
}

// rates fills the win rate and its 95% interval (normal approximation).
func (r benchResult) rates() benchResult {
	if r.Games > 0 {
		p := float64(r.Wins) / float64(r.Games)
		r.WinRate, r.CI95 = p, 1.96*math.Sqrt(p*(1-p)/float64(r.Games))
	}
	return r
}

// minesBenchPlan shares the seeds: four runs per worker, so one slow run
// does not leave the other workers idle at the end.
func minesBenchPlan(ctx context.Context, params json.RawMessage, workers int) (*Plan, error) {
	in, err := readBench(params)
	if err != nil {
		return nil, err
	}
	n := min(in.Games, 4*workers)
	plan := &Plan{Merge: json.RawMessage("null")}
	for k := range n {
		from, to := in.Games*k/n, in.Games*(k+1)/n
		part := in
		part.Level = "" // the size is given
		part.Seed, part.Games = in.Seed+uint64(from), to-from
		if err := plan.add("mines.bench", part); err != nil {
			return nil, err
		}
	}
	return plan, nil
}

func minesBenchMerge(ctx context.Context, merge json.RawMessage, results []json.RawMessage) (any, error) {
	parts, err := partResults[benchResult](results, "a bench result")
	if err != nil {
		return nil, err
	}
	var sum benchResult
	for i, r := range parts {
		// A part played at least one game and counts what it played.
		if r.Games < 1 || r.Games > maxBenchGames || r.Wins < 0 || r.Wins > r.Games || r.Guesses < 0 || r.Moves < 0 || r.Ms < 0 {
			return nil, badInput(fmt.Sprintf("results[%d]", i), "bad-value", fmt.Sprintf("a bench part's counts do not hold together: %d games, %d wins, %d guesses, %d moves", r.Games, r.Wins, r.Guesses, r.Moves))
		}
		sum.Games += r.Games
		sum.Wins += r.Wins
		sum.Guesses += r.Guesses
		sum.Moves += r.Moves
		sum.Ms += r.Ms
	}
	return sum.rates(), nil
}
