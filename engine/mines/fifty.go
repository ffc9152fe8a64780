package mines

import (
	"context"
	"errors"
	"math"
)

// Forced 50/50s. Two hidden cells that hold exactly one mine between them
// in every placement, and that every other cell sees alike, can never be
// told apart: swapping their contents turns each placement into another
// that shows the same numbers everywhere else. Such a pair stays a coin
// toss until one of its cells is guessed, and it must be guessed to win.
// Guessing it at once costs nothing (the game is lost on it or not
// whatever comes first) and, when it is won, its number may help its
// neighbours; every other guess taken before it would risk a game that
// the pair may lose anyway.
//
// The test: every cell next to one of the two but not the other (the only
// cells whose number could differ between the two placements) is a known
// mine or off the board, the two cells are at 50%, and flagging both is a
// contradiction (so never both are mines, and, at 50% each, never neither).

// halfTolerance is how near 0.5 a cell's probability must be to be a
// candidate for a forced 50/50 (the probabilities are floating point).
const halfTolerance = 1e-9

// forcedPair is a forced 50/50: two cell indices, the lower first.
type forcedPair [2]int

// forcedPairs lists the forced 50/50s of a complete analysis, in reading
// order of their first cell.
func (a *Analysis) forcedPairs(ctx context.Context, opts Options) []forcedPair {
	if !a.Complete {
		return nil
	}
	b := a.Board
	var pairs []forcedPair
	for i, c := range b.Cells {
		if c != Hidden || !isHalf(a.Prob[i]) {
			continue
		}
		x, y := i%b.Width, i/b.Width
		// Two cells more than two apart share no neighbour: every cell
		// around either would have to be a known mine.
		for dy := 0; dy <= 2; dy++ {
			for dx := -2; dx <= 2; dx++ {
				if dy == 0 && dx <= 0 || !b.In(x+dx, y+dy) {
					continue
				}
				j := (y+dy)*b.Width + x + dx
				if b.Cells[j] != Hidden || !isHalf(a.Prob[j]) || !a.alike(i, j) {
					continue
				}
				if neverBothMines(ctx, b, i, j, opts) {
					pairs = append(pairs, forcedPair{i, j})
				}
			}
		}
	}
	return pairs
}

func isHalf(p float64) bool { return math.Abs(p-0.5) < halfTolerance }

// alike reports whether every cell next to exactly one of cells i and j
// (other than i and j themselves) is a known mine: then every number
// other than theirs is the same whichever of the two holds a mine.
func (a *Analysis) alike(i, j int) bool {
	b := a.Board
	var ni, nj [8]int
	around := func(k int, of []int) bool {
		for _, x := range of {
			if x == k {
				return true
			}
		}
		return false
	}
	aroundI, aroundJ := b.Neighbours(i, ni[:0]), b.Neighbours(j, nj[:0])
	check := func(own, other []int, skip int) bool {
		for _, k := range own {
			if k == skip || around(k, other) {
				continue
			}
			if b.Cells[k] != Flag && !(b.Cells[k] == Hidden && a.Prob[k] >= 1) {
				return false
			}
		}
		return true
	}
	return check(aroundI, aroundJ, j) && check(aroundJ, aroundI, i)
}

// neverBothMines reports whether no placement has mines at both i and j:
// the board with both flagged is a contradiction.
func neverBothMines(ctx context.Context, b *Board, i, j int, opts Options) bool {
	both := b.Clone()
	both.Cells[i], both.Cells[j] = Flag, Flag
	_, err := Analyze(ctx, both, Options{Budget: opts.Budget, Memory: opts.Memory, Progress: opts.Progress})
	var conflict *ConflictError
	return errors.As(err, &conflict)
}
