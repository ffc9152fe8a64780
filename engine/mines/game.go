package mines

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"kibitz/engine/progress"
)

// Rule says how a game places its mines at the first click.
type Rule string

const (
	// RuleSFAR: the first click is safe (Safe First Action Rule); only that
	// cell is kept clear of mines.
	RuleSFAR Rule = "sfar"
	// RuleOpening: the first click opens an area; the cell and its
	// neighbours are kept clear (when the board has room).
	RuleOpening Rule = "opening"
	// RuleNoGuess: like RuleOpening, and the board can be solved from the
	// first click by logic alone, as the engine's own analysis verifies.
	RuleNoGuess Rule = "noguess"
)

// Level is a board size and mine count.
type Level struct {
	ID     string `json:"id"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
	Mines  int    `json:"mines"`
}

// Levels are the standard sizes.
var Levels = []Level{
	{"beginner", 9, 9, 10},
	{"intermediate", 16, 16, 40},
	{"expert", 30, 16, 99},
}

// MaxGameSide is the largest width or height of a game.
const MaxGameSide = 100

// LevelByID returns a standard level.
func LevelByID(id string) (Level, bool) {
	for _, l := range Levels {
		if l.ID == id {
			return l, true
		}
	}
	return Level{}, false
}

// Status is where a game stands.
type Status string

const (
	Playing Status = "playing"
	Won     Status = "won"
	Lost    Status = "lost"
)

// Game is a game in progress: the hidden layout and what the player sees.
// The layout is drawn at the first reveal, from the seed and the clicked
// cell, so the same seed and the same first click give the same board.
type Game struct {
	View   *Board // what the player sees; View.Mines is the total
	Rule   Rule
	Seed   uint64
	Mine   []bool // nil until the first reveal
	Status Status
	Blast  int // the cell that exploded, or -1
	Moves  int // reveals, chords and flags that changed something
	// Verified: a no-guess board was checked solvable from its first
	// click (false if none was found within maxNoGuessAttempts and
	// noGuessBudget).
	Verified bool
}

func gameInputError(field string, reason Reason, format string, args ...any) error {
	return &InputError{Field: field, Line: -1, Col: -1, Reason: reason, Msg: fmt.Sprintf(format, args...)}
}

// NewGame starts a game; no mine is placed before the first reveal.
func NewGame(width, height, mines int, rule Rule, seed uint64) (*Game, error) {
	if width < 1 || height < 1 || width > MaxGameSide || height > MaxGameSide {
		return nil, &InputError{Field: "size", Line: -1, Col: -1, Reason: ReasonSizeRange, Want: MaxGameSide,
			Msg: fmt.Sprintf("a game is 1 to %d cells wide and high, not %dx%d", MaxGameSide, width, height)}
	}
	if mines < 1 || mines >= width*height {
		return nil, &InputError{Field: "mines", Line: -1, Col: -1, Reason: ReasonGameMines, Want: width*height - 1,
			Msg: fmt.Sprintf("a %dx%d game has %s, not %d", width, height, mineRange(width*height-1), mines)}
	}
	switch rule {
	case RuleSFAR, RuleOpening, RuleNoGuess:
	case "":
		rule = RuleSFAR
	default:
		return nil, gameInputError("rule", ReasonBadValue, "the rule is sfar, opening or noguess, not %q", rule)
	}
	view, _ := NewBoard(width, height, mines)
	return &Game{View: view, Rule: rule, Seed: seed, Status: Playing, Blast: -1}, nil
}

// NewGameWithLayout starts a game on a given layout, such as a
// JSMinesweeper b= and m= link holds: the mines are placed already, so the
// first click is not protected and may hit one. The rule and the seed play
// no part; the game says RuleSFAR and seed 0.
func NewGameWithLayout(l *Layout) (*Game, error) {
	if l == nil {
		return nil, gameInputError("mines", ReasonBadValue, "there is no layout")
	}
	checked, err := LayoutOf(l.Width, l.Height, l.Mine)
	if err != nil {
		return nil, err
	}
	g, err := NewGame(checked.Width, checked.Height, checked.Mines, RuleSFAR, 0)
	if err != nil {
		return nil, err
	}
	g.Mine = checked.Mine
	return g, nil
}

// check refuses any move on a finished game, whatever the cell, then a
// cell off the board.
func (g *Game) check(p Point) (int, error) {
	if g.Status != Playing {
		return 0, GameOver()
	}
	if !g.View.In(p.X, p.Y) {
		return 0, gameInputError("x", ReasonBadValue, "(%d,%d) is off the %dx%d board", p.X, p.Y, g.View.Width, g.View.Height)
	}
	return g.View.Index(p), nil
}

// layout places the mines for a first reveal at cell first; a no-guess
// layout is searched for within noGuessBudget.
func (g *Game) layout(ctx context.Context, first int) error {
	return g.layoutWithin(ctx, first, noGuessBudget)
}

func (g *Game) layoutWithin(ctx context.Context, first int, budget time.Duration) error {
	b := g.View
	n := len(b.Cells)
	rng := rand.New(rand.NewPCG(g.Seed, uint64(first)*0x9E3779B97F4A7C15+1))
	start := time.Now()
	clear := map[int]bool{first: true}
	if g.Rule != RuleSFAR {
		around := b.Neighbours(first, nil)
		if OpeningFits(b.Width, b.Height, b.Mines, first) {
			for _, j := range around {
				clear[j] = true
			}
		}
	}
	report := progress.FromContext(ctx)
	// The progress of a search that ends at whichever comes first, the
	// last attempt or the time budget, in thousandths.
	generating := func(attempt int) {
		done := max(int64(attempt)*1000/maxNoGuessAttempts, int64(time.Since(start)*1000/budget))
		report.Report(min(done, 1000), 1000, "generating")
	}
	for attempt := 0; ; attempt++ {
		mine := make([]bool, n)
		var free []int
		for i := 0; i < n; i++ {
			if !clear[i] {
				free = append(free, i)
			}
		}
		for k := 0; k < b.Mines; k++ {
			j := k + rng.IntN(len(free)-k)
			free[k], free[j] = free[j], free[k]
			mine[free[k]] = true
		}
		g.Mine = mine
		if g.Rule != RuleNoGuess {
			return nil
		}
		ok, err := g.solvableFrom(ctx, first, start.Add(budget), func() { generating(attempt) })
		if ok || err != nil || attempt == maxNoGuessAttempts || time.Since(start) > budget {
			g.Verified = ok
			return err
		}
		generating(attempt + 1)
	}
}

// OpeningFits reports whether the opening rule (and no-guess, which
// starts with one) can hold for a first click on cell first (y*width+x) of
// a width×height board with the given mines: with the click and its
// neighbours clear, every mine must still find a cell. When it cannot,
// only the first square is kept safe.
func OpeningFits(width, height, mines, first int) bool {
	x, y := first%width, first/width
	clear := 0
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			if nx, ny := x+dx, y+dy; nx >= 0 && ny >= 0 && nx < width && ny < height {
				clear++
			}
		}
	}
	return width*height-clear >= mines
}

// OpeningRoom says where on a board the opening rule (and no-guess's)
// can keep a first click's neighbours clear: a square with fewer
// neighbours needs less room, so by the edges, or only in the corners, an
// opening may fit where the middle's cannot.
type OpeningRoom int

const (
	RoomEverywhere OpeningRoom = iota // every first click gets its opening
	RoomEdges                         // not in the middle: along the edges (and in the corners)
	RoomCorners                       // only in the corners
	RoomNone                          // nowhere: only the first square is kept safe
)

// OpeningRoomOf says where a width×height board with the given mines has
// room for an opening (see OpeningFits).
func OpeningRoomOf(width, height, mines int) OpeningRoom {
	if width < 1 || height < 1 {
		return RoomNone
	}
	all, some, edge := true, false, false
	for y := range height {
		for x := range width {
			if !OpeningFits(width, height, mines, y*width+x) {
				all = false
				continue
			}
			some = true
			if (x > 0 && x < width-1) || (y > 0 && y < height-1) {
				edge = true // not a corner
			}
		}
	}
	switch {
	case all:
		return RoomEverywhere
	case !some:
		return RoomNone
	case edge:
		return RoomEdges
	}
	return RoomCorners
}

// maxNoGuessAttempts and noGuessBudget bound the search for a no-guess
// board; past them the last board is kept, and Verified says it was not
// proved solvable.
const (
	maxNoGuessAttempts = 2000
	noGuessBudget      = 10 * time.Second
)

// The analyses that check a layout have small budgets: a position that
// needs more time or memory to settle is taken as needing a guess, and the
// generator draws another layout. With the analysis's own memory budget
// (256 MB) each of a dense 100×100 board's layouts held hundreds of
// megabytes in turn, which the browser's worker, whose memory never
// shrinks, did not survive.
const (
	noGuessStepBudget = 100 * time.Millisecond
	noGuessMemory     = 16 << 20
)

// solvableFrom plays the board from a first click using only what the
// player could deduce, and reports whether that clears it. The cells that
// single numbers settle are opened and flagged first, which is cheap and
// most of a board; only when they are stuck does the full analysis run.
// The mines found are flagged, which takes them out of the next analysis:
// without flags every analysis counted the whole frontier of a dense board
// again, and on 100×100 with 2,000 mines 43 layouts in 10 s ran out of
// time or memory, none verified (now one is, in well under a second). It
// gives up (false) at the deadline, and calls report between steps.
func (g *Game) solvableFrom(ctx context.Context, first int, deadline time.Time, report func()) (bool, error) {
	sim := &Game{View: g.View.Clone(), Rule: g.Rule, Mine: g.Mine, Status: Playing, Blast: -1}
	s := newSettler(sim)
	s.open(first)
	for {
		if !s.settle() {
			return false, nil
		}
		sim.checkWon()
		if sim.Status == Won {
			return true, nil
		}
		if err := ctx.Err(); err != nil {
			return false, err
		}
		if time.Now().After(deadline) {
			return false, nil
		}
		report()
		a, err := Analyze(ctx, sim.View, Options{Budget: noGuessStepBudget, Memory: noGuessMemory, Progress: func(int64, int64, string) {}})
		if err := ctx.Err(); err != nil {
			return false, err
		}
		if err != nil || !a.Complete || len(a.Safe) == 0 {
			return false, nil
		}
		for _, p := range a.Mines {
			s.flag(sim.View.Index(p))
		}
		for _, p := range a.Safe {
			s.open(sim.View.Index(p))
		}
	}
}

// A settler opens and flags, in a simulated game, the cells single numbers
// settle: a number with all its mines flagged clears its other hidden
// neighbours, one with as many hidden neighbours as mines left flags them
// all. It follows each change to the numbers around it, so a board is
// settled in time proportional to its changes.
type settler struct {
	g       *Game
	queue   []int  // numbers to look at again
	queued  []bool // per cell: in queue
	wrong   bool   // a deduction met the layout's truth the other way (never, the rules being sound)
	nb, nb2 [8]int
}

func newSettler(g *Game) *settler {
	return &settler{g: g, queued: make([]bool, len(g.View.Cells))}
}

// changed queues the numbers around cell i, and i itself if it is one.
func (s *settler) changed(i int) {
	b := s.g.View
	s.push(i)
	for _, j := range b.Neighbours(i, s.nb2[:0]) {
		s.push(j)
	}
}

func (s *settler) push(i int) {
	if c := s.g.View.Cells[i]; c.Revealed() && c > 0 && !s.queued[i] {
		s.queued[i] = true
		s.queue = append(s.queue, i)
	}
}

// open reveals safe hidden cell i, with the area it opens.
func (s *settler) open(i int) {
	if s.g.View.Cells[i] != Hidden {
		return
	}
	if s.g.Mine[i] {
		s.wrong = true
		return
	}
	for _, p := range s.g.open(i) {
		s.changed(s.g.View.Index(p))
	}
}

// flag marks hidden cell i as a mine.
func (s *settler) flag(i int) {
	if s.g.View.Cells[i] != Hidden {
		return
	}
	if !s.g.Mine[i] {
		s.wrong = true
		return
	}
	s.g.View.Cells[i] = Flag
	s.changed(i)
}

// settle works through the queue until no number settles anything more;
// it reports false if a deduction went wrong.
func (s *settler) settle() bool {
	b := s.g.View
	for len(s.queue) > 0 && !s.wrong {
		c := s.queue[len(s.queue)-1]
		s.queue = s.queue[:len(s.queue)-1]
		s.queued[c] = false
		need, hidden := int(b.Cells[c]), 0
		around := b.Neighbours(c, s.nb[:0])
		for _, j := range around {
			switch b.Cells[j] {
			case Flag:
				need--
			case Hidden:
				hidden++
			}
		}
		if hidden == 0 || need != 0 && need != hidden {
			continue
		}
		// around is s.nb, which open and flag leave alone: they use nb2.
		for _, j := range around {
			if b.Cells[j] != Hidden {
				continue
			}
			if need == 0 {
				s.open(j)
			} else {
				s.flag(j)
			}
		}
	}
	return !s.wrong
}

// number is the count of mines around cell i.
func (g *Game) number(i int) Cell {
	var nb [8]int
	n := 0
	for _, j := range g.View.Neighbours(i, nb[:0]) {
		if g.Mine[j] {
			n++
		}
	}
	return Cell(n)
}

// open reveals cell i (a safe, hidden cell) and floods from zeros; it
// returns the cells revealed.
func (g *Game) open(i int) []Point {
	var out []Point
	stack := []int{i}
	var nb [8]int
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if g.View.Cells[c] != Hidden || g.Mine[c] {
			continue
		}
		g.View.Cells[c] = g.number(c)
		out = append(out, g.View.Point(c))
		if g.View.Cells[c] == 0 {
			for _, j := range g.View.Neighbours(c, nb[:0]) {
				if g.View.Cells[j] == Hidden {
					stack = append(stack, j)
				}
			}
		}
	}
	return out
}

// checkWon ends the game as won once every safe cell is open. The cells
// still covered are then all mines, and are flagged, as classic
// Minesweeper shows a won game: every mine flagged, none left to find.
func (g *Game) checkWon() {
	for i, c := range g.View.Cells {
		if !c.Revealed() && !g.Mine[i] {
			return
		}
	}
	g.Status = Won
	for i, c := range g.View.Cells {
		if c == Hidden {
			g.View.Cells[i] = Flag
		}
	}
}

// Reveal opens a hidden cell. A mine loses the game; a zero opens its
// neighbours. It returns the cells revealed. Revealing a flag or an open
// cell is an error (use Chord on a number).
func (g *Game) Reveal(ctx context.Context, p Point) ([]Point, error) {
	i, err := g.check(p)
	if err != nil {
		return nil, err
	}
	if g.View.Cells[i] != Hidden {
		return nil, gameInputError("x", ReasonNotHidden, "(%d,%d) is not a hidden cell", p.X, p.Y)
	}
	if g.Mine == nil {
		if err := g.layout(ctx, i); err != nil {
			return nil, err
		}
	}
	g.Moves++
	if g.Mine[i] {
		g.Status, g.Blast = Lost, i
		return nil, nil
	}
	out := g.open(i)
	g.checkWon()
	return out, nil
}

// ToggleFlag puts a flag on a hidden cell or takes one off.
func (g *Game) ToggleFlag(p Point) error {
	i, err := g.check(p)
	if err != nil {
		return err
	}
	switch g.View.Cells[i] {
	case Hidden:
		g.View.Cells[i] = Flag
	case Flag:
		g.View.Cells[i] = Hidden
	default:
		return gameInputError("x", ReasonNotHidden, "(%d,%d) is open; only hidden cells take flags", p.X, p.Y)
	}
	g.Moves++
	return nil
}

// Chord reveals the hidden neighbours of an open number that has as many
// flags around it as its number (as a player's double click does). A
// wrong flag loses the game. With too few or too many flags it does
// nothing.
func (g *Game) Chord(p Point) ([]Point, error) {
	i, err := g.check(p)
	if err != nil {
		return nil, err
	}
	c := g.View.Cells[i]
	if !c.Revealed() {
		return nil, gameInputError("x", ReasonNotHidden, "(%d,%d) is not an open number", p.X, p.Y)
	}
	var nb [8]int
	flags := 0
	for _, j := range g.View.Neighbours(i, nb[:0]) {
		if g.View.Cells[j] == Flag {
			flags++
		}
	}
	if flags != int(c) {
		return nil, nil
	}
	var out []Point
	changed := false
	for _, j := range g.View.Neighbours(i, nb[:0]) {
		if g.View.Cells[j] != Hidden {
			continue
		}
		changed = true
		if g.Mine[j] {
			g.Status, g.Blast = Lost, j
			return out, nil
		}
		out = append(out, g.open(j)...)
	}
	if changed {
		g.Moves++
	}
	g.checkWon()
	return out, nil
}

// Mines returns the mine layout as points (nil before the first reveal).
func (g *Game) Mines() []Point {
	var out []Point
	for i, m := range g.Mine {
		if m {
			out = append(out, g.View.Point(i))
		}
	}
	return out
}
