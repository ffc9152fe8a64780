package mines

import (
	"context"
	"math"
)

// Action is what a move does.
type Action string

const (
	ActReveal Action = "reveal"
	ActFlag   Action = "flag"
)

// Why says why a move was chosen, as a language-independent key.
type Why string

const (
	WhySafe       Why = "safe"        // certain to be safe
	WhyMine       Why = "mine"        // certain to be a mine (flag it)
	WhyLowestRisk Why = "lowest-risk" // a guess: no cell is safer
	WhyFirst      Why = "first"       // the first click
)

// Move is one suggested action with its risk.
type Move struct {
	Point
	Action Action  `json:"action"`
	Prob   float64 `json:"prob"` // the probability the cell is a mine
	Why    Why     `json:"why"`
}

// Best picks a move from an analysis: a safe cell if there is one (the
// one whose reveal tells most: it has the most uncertain neighbours),
// otherwise the least likely mine, preferring among equally risky cells
// one that is not dead and that is most likely to open an area. It
// reports false when no hidden cell is left to reveal.
func (a *Analysis) Best() (Move, bool) {
	b := a.Board
	if !a.Complete {
		if len(a.Safe) > 0 {
			return Move{Point: a.Safe[0], Action: ActReveal, Prob: 0, Why: WhySafe}, true
		}
		return Move{}, false
	}
	if len(a.Safe) > 0 {
		return Move{Point: a.Safe[0], Action: ActReveal, Prob: 0, Why: WhySafe}, true
	}
	dead := make(map[int]bool, len(a.Dead))
	for _, p := range a.Dead {
		dead[b.Index(p)] = true
	}
	best, bestScore := -1, math.Inf(-1)
	var nb [8]int
	for i, c := range b.Cells {
		if c != Hidden || a.Prob[i] >= 1 {
			continue
		}
		p := a.Prob[i]
		// Risk first (rounded so that equal risks tie), then not dead,
		// then the chance the cell shows a zero: approximated by the
		// chance its hidden neighbours are all safe, as if independent.
		zero := 1.0
		for _, j := range b.Neighbours(i, nb[:0]) {
			if b.Cells[j] == Hidden {
				zero *= 1 - a.Prob[j]
			} else if b.Cells[j] == Flag {
				zero = 0
			}
		}
		score := -math.Round(p*1e9)*4 + (1-p)*zero
		if !dead[i] {
			score += 2
		}
		if score > bestScore {
			best, bestScore = i, score
		}
	}
	if best < 0 {
		return Move{}, false
	}
	return Move{Point: b.Point(best), Action: ActReveal, Prob: a.Prob[best], Why: WhyLowestRisk}, true
}

// AutoStep plays one move of the auto-player: the first click in the
// middle of the board... or wherever the rules favour, then certain
// reveals, then the least risky guess. It flags the certain mines it finds
// (flags are not counted as moves). It returns the move made.
func (g *Game) AutoStep(ctx context.Context) (Move, []Point, error) {
	if g.Mine == nil {
		p := Point{g.View.Width / 2, g.View.Height / 2}
		if g.Rule == RuleSFAR {
			p = Point{0, 0} // a corner opens an area most often when only the cell is safe
		}
		out, err := g.Reveal(ctx, p)
		return Move{Point: p, Action: ActReveal, Why: WhyFirst}, out, err
	}
	a, err := Analyze(ctx, g.View, Options{})
	if err != nil {
		return Move{}, nil, err
	}
	for _, p := range a.Mines {
		g.View.Set(p.X, p.Y, Flag)
	}
	m, ok := a.Best()
	if !ok {
		return Move{}, nil, gameInputError("state", ReasonGameOver, "no cell is left to reveal")
	}
	out, err := g.Reveal(ctx, m.Point)
	return m, out, err
}
