package mines

import (
	"context"
	"errors"
	"math"
	"time"

	"kibitz/engine/progress"
)

// Latent 50/50s. Two adjacent hidden cells whose outer flanks (the cells
// beside one of them but not the other) are all mines or off the board
// can never be told apart: if one of them holds a mine and the other does
// not, the game must one day guess between them, at even odds. While the
// flanks are still unknown that 50/50 is only latent: it forms in some of
// the placements the analysis counts. A guess that falls in such a pair,
// and is safe, settles the 50/50 for nothing in the placements where it
// would have formed, so its long-term risk is lower than its chance of a
// mine says, by about the chance that it is in a latent 50/50. A guess on
// one of the unknown flanks (a wall) is lifted too, by the chance of the
// 50/50s it walls, as JSMinesweeper (David Hill) lifts his "enablers":
// whether it is safe tells whether they can form. He weighs his guesses
// this way; the counts here are exact, from the analysis, as his are.
//
// The same holds for a 2×2 block whose four outer corners are mines or
// off the board, with the mines on one of its diagonals.

// latentWeight is how much of a latent 50/50's chance lifts a guess's
// score (JSMinesweeper's 0.9).
const latentWeight = 0.9

// latentThreshold is the chance below which a latent 50/50 does not lift
// the cells that wall it (JSMinesweeper's 0.025).
const latentThreshold = 0.025

// latentPattern is one shape a latent 50/50 can take: the cells that
// hold its mines, the cells that are then safe, and the flanks that must
// be mines for it to form, as offsets from its top-left cell.
type latentPattern struct {
	kind                int // its place in latentPatterns
	mines, safe, flanks [][2]int
}

var (
	latentAcross = latentPattern{
		kind:  0,
		mines: [][2]int{{0, 0}}, safe: [][2]int{{1, 0}},
		flanks: [][2]int{{-1, -1}, {-1, 0}, {-1, 1}, {2, -1}, {2, 0}, {2, 1}},
	}
	latentDown = latentPattern{
		kind:  1,
		mines: [][2]int{{0, 0}}, safe: [][2]int{{0, 1}},
		flanks: [][2]int{{-1, -1}, {0, -1}, {1, -1}, {-1, 2}, {0, 2}, {1, 2}},
	}
	latentBlock = latentPattern{
		kind:  2,
		mines: [][2]int{{0, 0}, {1, 1}}, safe: [][2]int{{1, 0}, {0, 1}},
		flanks: [][2]int{{-1, -1}, {2, -1}, {-1, 2}, {2, 2}},
	}
	latentPatterns = []*latentPattern{&latentAcross, &latentDown, &latentBlock}
)

// weighLatent sets each candidate's Latent, the chance that it is in or
// walls a latent 50/50 (latentRisk.of). That takes up to about thirty
// analyses a candidate, most of them shared; they have a quarter of the
// look-ahead's budget between them. If they cannot all finish in it (or
// are cancelled), no candidate is lifted, so that the candidates are
// still weighed alike.
func (a *Analysis) weighLatent(ctx context.Context, cands []Candidate, opts Options) {
	// Its analyses report as the look-ahead's start (in the browser each
	// report is where a cancel gets in), not as progress of their own.
	report := opts.Progress
	if report == nil {
		report = progress.FromContext(ctx)
	}
	opts.Progress = func(int64, int64, string) { report.Report(0, int64(len(cands)), "looking ahead") }
	r := newLatentRisk(ctx, a, opts)
	r.deadline = time.Now().Add(LookAheadBudget(opts.Budget) / 4)
	for k := range cands {
		opts.Progress(0, 0, "")
		cands[k].Latent = r.of(a.Board.Index(cands[k].Point))
	}
	if r.unfinished {
		for k := range cands {
			cands[k].Latent = 0
		}
	}
}

// lift is what a guess's latent 50/50s multiply its chance of surviving
// by, to rank it: where the guess is safe and settles a latent 50/50, it
// saves the even-odds guess that 50/50 would one day need
// (JSMinesweeper's factor, 1 + 0.9 × Latent as a share of its safe
// placements; for a wall, Latent is a heuristic share, as his is).
func (c *Candidate) lift() float64 {
	if c.Prob >= 1 || c.Latent <= 0 {
		return 1
	}
	return 1 + latentWeight*c.Latent/(1-c.Prob)
}

// latentRisk counts the latent 50/50s of a complete analysis, each once
// (they are memoised by shape and place): of gives a cell's share.
type latentRisk struct {
	a      *Analysis
	ctx    context.Context
	opts   Options
	chance map[int]float64 // memo: a pattern at a cell (cell·3 + kind) → its chance
	// deadline, when set, bounds all the analyses; unfinished records
	// that one of them stopped (out of time, cancelled, too wide), so
	// that some chance is not exact.
	deadline   time.Time
	unfinished bool
}

func newLatentRisk(ctx context.Context, a *Analysis, opts Options) *latentRisk {
	return &latentRisk{a: a, ctx: ctx, opts: opts, chance: map[int]float64{}}
}

// walls is the chance of the latent 50/50s that cell i walls: those
// walled but for at most one unknown flank across or down (two for a
// block), cell i among them, and likely enough to count.
func (r *latentRisk) walls(i int) float64 {
	b := r.a.Board
	x, y := i%b.Width, i/b.Width
	total := 0.0
	for _, p := range latentPatterns {
		for _, f := range p.flanks {
			if !b.In(x-f[0], y-f[1]) {
				continue
			}
			at := (y-f[1])*b.Width + x - f[0]
			missing, ok := r.missing(p, at)
			if !ok || len(missing) > len(p.mines) {
				continue
			}
			mines, _ := r.cells(at, p.mines)
			safe, _ := r.cells(at, p.safe)
			if r.bound(append(mines, missing...), safe) <= latentThreshold {
				continue
			}
			if c := r.patternChance(p, at, missing); c > latentThreshold {
				total += c
			}
		}
	}
	return total
}

// open reports whether cell i is hidden and not known to be a mine.
func (r *latentRisk) open(i int) bool {
	return r.a.Board.Cells[i] == Hidden && r.a.Prob[i] < 1
}

// cells returns the board indices of offsets from cell i, ok false when
// one is off the board.
func (r *latentRisk) cells(i int, offs [][2]int) ([]int, bool) {
	b := r.a.Board
	x, y := i%b.Width, i/b.Width
	out := make([]int, 0, len(offs))
	for _, o := range offs {
		if !b.In(x+o[0], y+o[1]) {
			return nil, false
		}
		out = append(out, (y+o[1])*b.Width+x+o[0])
	}
	return out, true
}

// missing returns the flanks of pattern p at cell i that are not yet
// known mines, ok false when p cannot form there: one of its own cells is
// not open, or a flank is revealed.
func (r *latentRisk) missing(p *latentPattern, i int) (missing []int, ok bool) {
	b := r.a.Board
	x, y := i%b.Width, i/b.Width
	// Its own cells, read in place: this runs for every shape around
	// every candidate, most of which cannot form.
	for _, own := range [2][][2]int{p.mines, p.safe} {
		for _, o := range own {
			if !b.In(x+o[0], y+o[1]) || !r.open((y+o[1])*b.Width+x+o[0]) {
				return nil, false
			}
		}
	}
	for _, o := range p.flanks {
		if !b.In(x+o[0], y+o[1]) {
			continue // the edge walls it
		}
		j := (y+o[1])*b.Width + x + o[0]
		switch {
		case b.Cells[j].Revealed():
			return nil, false
		case r.open(j):
			missing = append(missing, j)
		}
	}
	return missing, true
}

// patternChance is the chance that pattern p forms at cell i with its
// mines where p puts them: its flanks in missing and its mine cells hold
// mines and its safe cells do not.
func (r *latentRisk) patternChance(p *latentPattern, i int, missing []int) float64 {
	key := i*len(latentPatterns) + p.kind
	if c, ok := r.chance[key]; ok {
		return c
	}
	mines, _ := r.cells(i, p.mines)
	safe, _ := r.cells(i, p.safe)
	flagged := append(append([]int{}, missing...), mines...)
	c := 0.0
	if r.bound(flagged, safe) > 0 {
		// P(flags, safe cells safe) = P(flags) · P(safe cells safe | flags);
		// for two safe cells, P(both safe | F) = 1 - P(s1 | F) - P(s2 | F)
		// + P(s1 | F) · P(s2 | F, s1).
		var an *Analysis
		if c, an = r.allMines(flagged); c > 0 {
			s1 := an.Prob[safe[0]]
			if len(safe) == 1 {
				c *= 1 - s1
			} else {
				s2, both := an.Prob[safe[1]], 0.0
				if s1 > 0 {
					if given, an1 := r.allMines(append(flagged, safe[0])); given > 0 {
						both = s1 * an1.Prob[safe[1]]
					}
				}
				c *= 1 - s1 - s2 + both
			}
		}
	}
	c = max(c, 0)
	r.chance[key] = c
	return c
}

// bound is an upper bound on the chance that every cell in mines holds a
// mine and no cell in safe does: the least of their own chances. It is 0
// when one of them is certain to go the other way.
func (r *latentRisk) bound(mines, safe []int) float64 {
	b := 1.0
	for _, j := range mines {
		b = min(b, r.a.Prob[j])
	}
	for _, j := range safe {
		b = min(b, 1-r.a.Prob[j])
	}
	return b
}

// allMines is the chance that every cell in cells holds a mine, with the
// analysis of the board where they do (nil when none can, or when the
// analysis did not finish: then r.unfinished is set).
func (r *latentRisk) allMines(cells []int) (float64, *Analysis) {
	b := r.a.Board
	if len(cells) > b.Mines-b.Count(Flag) {
		return 0, nil
	}
	opts := r.opts
	if !r.deadline.IsZero() {
		if opts.Budget = time.Until(r.deadline); opts.Budget <= 0 {
			r.unfinished = true
			return 0, nil
		}
	}
	next := b.Clone()
	for _, j := range cells {
		next.Cells[j] = Flag
	}
	an, err := Analyze(r.ctx, next, opts)
	var conflict *ConflictError
	switch {
	case errors.As(err, &conflict):
		return 0, nil // no placement has them all
	case err != nil || !an.Complete:
		r.unfinished = true
		return 0, nil
	}
	return math.Pow(10, an.Log10Solutions()-r.a.Log10Solutions()), an
}

// of is cell i's latent 50/50 chance: the latent 50/50s across and down
// that it is in (up to three unknown flanks), the likeliest 2×2 block it
// is in, and those it walls; at most its chance of a mine and of being
// safe.
func (r *latentRisk) of(i int) float64 {
	b := r.a.Board
	x, y := i%b.Width, i/b.Width
	total := r.walls(i)
	in := func(p *latentPattern, dx, dy int) float64 {
		if !b.In(x-dx, y-dy) {
			return 0
		}
		at := (y-dy)*b.Width + x - dx
		missing, ok := r.missing(p, at)
		if !ok || len(missing) > 3 {
			return 0
		}
		return r.patternChance(p, at, missing)
	}
	total += in(&latentAcross, 0, 0) + in(&latentAcross, 1, 0) + in(&latentDown, 0, 0) + in(&latentDown, 0, 1)
	block := 0.0
	for _, d := range [][2]int{{0, 0}, {1, 0}, {0, 1}, {1, 1}} {
		block = max(block, in(&latentBlock, d[0], d[1]))
	}
	total += block
	p := r.a.Prob[i]
	return min(total, p, 1-p)
}
