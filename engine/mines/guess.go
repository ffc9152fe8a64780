package mines

import (
	"context"
	"errors"
	"math"
	"slices"
	"time"

	"kibitz/engine/progress"
)

// Outcome is one number a guessed cell could show.
type Outcome struct {
	N          int     `json:"n"`          // the number shown
	Prob       float64 `json:"prob"`       // the probability the cell is safe and shows N
	Safe       int     `json:"safe"`       // cells then certain to be safe
	NextSafety float64 `json:"nextSafety"` // the best chance of surviving the next move (1 with a safe cell)
}

// Candidate is a guess Guess weighed, with what it could reveal.
type Candidate struct {
	Point
	Prob float64 `json:"prob"` // the probability of a mine
	// Survive is the chance of surviving this guess and the next move, a
	// true probability; Progress the chance the guess leaves a safe cell.
	// Score ranks the guesses: Survive, raised when the guess may settle
	// a latent 50/50 (Latent; see lift), plus a small bonus for Progress
	// (progressWeight), which breaks near-ties; it is not a probability.
	// All three are -1 when not worked out in time.
	Survive  float64   `json:"survive"`
	Progress float64   `json:"progress"`
	Score    float64   `json:"score"`
	Floating bool      `json:"floating"` // next to no number
	Latent   float64   `json:"latent"`   // the chance it is in or walls a latent 50/50 (see latent.go)
	Outcomes []Outcome `json:"outcomes"` // nil when the look-ahead ran out of time
}

// Guess chooses a guess by looking one move ahead, for a position with no
// safe cell. It is the three steps a pool of workers can share (see
// engine/api's mines.hint.split): GuessCandidates chooses the cells worth
// weighing, LookAhead weighs each of them on its own, and ChooseGuess
// takes the best. It returns the move and the candidates, best first.
func (a *Analysis) Guess(ctx context.Context, opts Options) (Move, []Candidate, error) {
	start := time.Now()
	m, cands, look, err := a.GuessCandidates(ctx, opts)
	if err != nil || !look {
		return m, cands, err
	}
	// The look-ahead has what is left of its budget after the choice of
	// candidates (their latent 50/50s take up to a quarter of it).
	opts.Budget = max(LookAheadBudget(opts.Budget)-time.Since(start), 1)
	if err := LookAhead(ctx, a.Board, a.Log10Solutions(), cands, opts); err != nil {
		return Move{}, nil, err
	}
	return ChooseGuess(cands), cands, nil
}

// GuessCandidates chooses the guesses worth looking ahead at: the safest
// cells (those at least 90% as safe as the safest, at most maxCandidates
// of them, with a few cells off the frontier, those with fewest hidden
// neighbours first, as they open areas most often); dead cells only when
// nothing else is left. It reports look false when the choice needs no
// look-ahead (a forced 50/50, a single candidate, only dead cells, an
// incomplete analysis): the move is then made, with its candidates.
// Otherwise the candidates come in order of risk, each with its Latent
// (see weighLatent), for LookAhead.
func (a *Analysis) GuessCandidates(ctx context.Context, opts Options) (m Move, cands []Candidate, look bool, err error) {
	b := a.Board
	if !a.Complete {
		m, ok := a.estimate()
		if !ok {
			return Move{}, nil, false, errNoMove
		}
		return m, nil, false, nil
	}
	if pairs := a.forcedPairs(ctx, opts); len(pairs) > 0 {
		// A forced 50/50 is guessed first (see fifty.go). Its two cells
		// are the candidates, unscored: nothing can choose between them.
		for _, i := range pairs[0] {
			cands = append(cands, Candidate{Point: b.Point(i), Prob: a.Prob[i], Survive: -1, Progress: -1, Score: -1})
		}
		c := cands[0]
		return Move{Point: c.Point, Action: ActReveal, Prob: c.Prob, Why: WhyForced}, cands, false, nil
	}
	dead := make(map[int]bool, len(a.Dead))
	for _, p := range a.Dead {
		dead[b.Index(p)] = true
	}
	var front, float, deadCands []Candidate
	for i, c := range b.Cells {
		if c != Hidden || a.Prob[i] >= 1 {
			continue
		}
		cand := Candidate{Point: b.Point(i), Prob: a.Prob[i]}
		switch {
		case dead[i]:
			deadCands = append(deadCands, cand)
		case a.Frontier > 0 && isFloating(b, i):
			cand.Floating = true
			float = append(float, cand)
		default:
			front = append(front, cand)
		}
	}
	byRisk := func(x, y *Candidate) int { return cmpFloat(x.Prob, y.Prob) }
	if len(front)+len(float) == 0 {
		if len(deadCands) == 0 {
			return Move{}, nil, false, errNoMove
		}
		// Only dead cells: nothing to learn, take the safest.
		sortCandidates(deadCands, byRisk)
		c := deadCands[0]
		return Move{Point: c.Point, Action: ActReveal, Prob: c.Prob, Why: WhyLowestRisk}, deadCands[:1], false, nil
	}
	sortCandidates(float, func(x, y *Candidate) int {
		return hiddenAround(b, b.Index(x.Point)) - hiddenAround(b, b.Index(y.Point))
	})
	float = float[:min(len(float), maxFloating)]
	cands = append(front, float...)
	sortCandidates(cands, byRisk)
	bestSafety := 1 - cands[0].Prob
	keep := 0
	for _, c := range cands {
		if 1-c.Prob >= bestSafety*0.9 && keep < maxCandidates {
			cands[keep] = c
			keep++
		}
	}
	cands = cands[:keep]
	if len(cands) == 1 {
		c := cands[0]
		return Move{Point: c.Point, Action: ActReveal, Prob: c.Prob, Why: WhyLowestRisk}, cands, false, nil
	}
	a.weighLatent(ctx, cands, opts)
	for k := range cands {
		cands[k].Score, cands[k].Survive, cands[k].Progress = -1, -1, -1 // not weighed yet
	}
	return Move{}, cands, true, nil
}

// LookAhead weighs each candidate guess on board b, whose analysis counted
// 10^log10Solutions solutions: for each number the cell could show, the
// position after that reveal is analysed, which gives the chance of that
// number and what follows: a number that leaves a safe cell counts 1, one
// that leaves only guesses counts the safety of the best of them. The sum
// is the chance of surviving this guess and the next move (Survive). The
// Score is Survive raised by the guess's latent 50/50s (Candidate.lift),
// plus a small bonus for the chance of progress, which breaks near-ties.
// Candidates are weighed in order, each on its own, so any share of them
// gives the same figures as all of them; those not reached within
// opts.Budget (at most MaxLookAhead) keep -1.
func LookAhead(ctx context.Context, b *Board, log10Solutions float64, cands []Candidate, opts Options) error {
	next := b.Clone()
	start := time.Now()
	budget := LookAheadBudget(opts.Budget)
	// Progress counts the candidates looked at; the analyses of each
	// repeat that report, which keeps it coming (in the browser each
	// report is where a cancel gets in) without the bar starting over
	// for every analysis.
	report := opts.Progress
	if report == nil {
		report = progress.FromContext(ctx)
	}
	var lookingAt progress.Func = func(int64, int64, string) {}
	for k := range cands {
		c := &cands[k]
		c.Score, c.Survive, c.Progress, c.Outcomes = -1, -1, -1, nil // not looked at
		lookingAt = func(int64, int64, string) { report.Report(int64(k), int64(len(cands)), "looking ahead") }
		lookingAt(0, 0, "")
		left := budget - time.Since(start)
		if left <= 0 {
			continue // out of time: choose among the candidates scored
		}
		i := b.Index(c.Point)
		score, progress, complete := 0.0, 0.0, true
		var outcomes []Outcome
		for v := Cell(0); v <= 8 && complete; v++ {
			// Each outcome gets what is left of the budget, so a
			// candidate cannot run past it by more than one analysis.
			if left = budget - time.Since(start); left <= 0 {
				complete = false
				break
			}
			next.Cells[i] = v
			an, err := Analyze(ctx, next, Options{Budget: left, Memory: opts.Memory, Progress: lookingAt})
			if err != nil {
				var conflict *ConflictError
				if errors.As(err, &conflict) {
					continue
				}
				return err
			}
			if !an.Complete {
				complete = false
				break
			}
			w := math.Pow(10, an.Log10Solutions()-log10Solutions)
			if w == 0 || math.IsNaN(w) {
				continue
			}
			o := Outcome{N: int(v), Prob: w, Safe: len(an.Safe), NextSafety: 1}
			if len(an.Safe) > 0 || an.Frontier+an.Floating == len(an.Mines) {
				progress += w
			} else {
				o.NextSafety = 0
				for j, x := range an.Prob {
					if next.Cells[j] == Hidden {
						o.NextSafety = max(o.NextSafety, 1-x)
					}
				}
			}
			score += w * o.NextSafety
			outcomes = append(outcomes, o)
		}
		next.Cells[i] = Hidden
		if complete {
			c.Score, c.Survive, c.Progress, c.Outcomes = score*c.lift()+progressWeight*progress, score, progress, outcomes
		}
	}
	return nil
}

// ChooseGuess sorts candidates weighed by LookAhead, best score first
// (stably: among equal scores, and among those not weighed, the safest
// first, as GuessCandidates ordered them), and returns the move for the
// best.
func ChooseGuess(cands []Candidate) Move {
	safest := math.Inf(1)
	for _, c := range cands {
		safest = min(safest, c.Prob)
	}
	sortCandidates(cands, func(x, y *Candidate) int { return cmpFloat(y.Score, x.Score) })
	c := cands[0]
	why := WhyLowestRisk
	if c.Prob > safest+1e-12 {
		why = WhyLookAhead // taken for what it may reveal, not for its risk
	}
	return Move{Point: c.Point, Action: ActReveal, Prob: c.Prob, Why: why}
}

// LookAheadBudget is the time a look-ahead given budget has: at most
// MaxLookAhead, which is also what a budget of 0 means.
func LookAheadBudget(budget time.Duration) time.Duration {
	if budget <= 0 {
		return MaxLookAhead
	}
	return min(budget, MaxLookAhead)
}

// sortCandidates orders cands stably by cmp. It sorts their indices: a
// stable sort made for the Candidate struct would add ~10 KB of code to
// the module for these few short lists.
func sortCandidates(cands []Candidate, cmp func(x, y *Candidate) int) {
	order := make([]int, len(cands))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(i, j int) int { return cmp(&cands[i], &cands[j]) })
	sorted := make([]Candidate, len(cands))
	for k, i := range order {
		sorted[k] = cands[i]
	}
	copy(cands, sorted)
}

const (
	maxCandidates = 10 // guesses looked ahead at most
	maxFloating   = 3  // of them off the frontier
)

// MaxLookAhead bounds all of a guess's look-ahead, so that the
// auto-player keeps its pace on a big board.
const MaxLookAhead = 200 * time.Millisecond

// progressWeight is the weight of the chance of progress (a safe cell
// after the guess) beside the chance of surviving two moves.
const progressWeight = 0.01

var errNoMove = errors.New("mines: no cell is left to reveal")

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// isFloating reports whether hidden cell i is next to no number.
func isFloating(b *Board, i int) bool {
	var nb [8]int
	for _, j := range b.Neighbours(i, nb[:0]) {
		if b.Cells[j].Revealed() {
			return false
		}
	}
	return true
}

// hiddenAround counts the hidden neighbours of cell i.
func hiddenAround(b *Board, i int) int {
	var nb [8]int
	n := 0
	for _, j := range b.Neighbours(i, nb[:0]) {
		if b.Cells[j] == Hidden {
			n++
		}
	}
	return n
}
