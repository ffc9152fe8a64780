package mines

import (
	"fmt"
	"strconv"
	"strings"
)

// Reason names what is wrong with an input, independent of language, so a
// front end can translate it; InputError.Error has the English.
type Reason string

const (
	ReasonEmpty       Reason = "empty"        // no text at all
	ReasonBadHeader   Reason = "bad-header"   // the first line is not WxHxM
	ReasonSizeRange   Reason = "size-range"   // width or height outside 1..MaxSide
	ReasonMineRange   Reason = "mine-range"   // more mines than cells, or negative
	ReasonGameMines   Reason = "game-mines"   // a game with no mine, or no safe cell (Want: the most it may have)
	ReasonMissingRows Reason = "missing-rows" // fewer rows than the header says
	ReasonExtraRows   Reason = "extra-rows"   // text after the last row
	ReasonRowLength   Reason = "row-length"   // a row with the wrong number of cells
	ReasonBadChar     Reason = "bad-char"     // a character that is not a cell
	ReasonBadValue    Reason = "bad-value"
	ReasonNotHidden   Reason = "not-hidden" // a move on a cell that is already open
	ReasonGameOver    Reason = "game-over"
)

// InputError reports a malformed input. Field names it ("board", "size",
// "mines", "x", ...); Line and Col locate a fault in .mine text, 0-based
// (Col counts characters, not bytes), or are -1. Value is the offending
// text or character and Want what was expected (a row's width, a limit),
// so front ends can write their own sentence.
type InputError struct {
	Field  string
	Line   int
	Col    int
	Value  string
	Reason Reason
	Want   int
	Msg    string // English, without the location
}

func (e *InputError) Error() string {
	switch {
	case e.Line >= 0 && e.Col >= 0:
		return fmt.Sprintf("line %d, column %d: %s", e.Line+1, e.Col+1, e.Msg)
	case e.Line >= 0:
		return fmt.Sprintf("line %d: %s", e.Line+1, e.Msg)
	}
	return e.Msg
}

// ConflictReason says which kind of contradiction a ConflictError is.
type ConflictReason string

const (
	// ConflictNumbers: the numbers in Cells cannot all hold at once.
	ConflictNumbers ConflictReason = "conflict"
	// ConflictTooManyFlags: more flags than mines on the board.
	ConflictTooManyFlags ConflictReason = "too-many-flags"
	// ConflictMineCount: the numbers need at least Need mines among the
	// hidden cells (or leave room for at most Need), but Left remain.
	ConflictMineCount ConflictReason = "mine-count"
	// ConflictFlagsAround: the number in Cells (showing Need) has more
	// flags around it, Flags, than it shows: one of them is wrong. Left
	// is the mines left after all the flags, below 0 when the board also
	// has more flags than mines, which the same wrong flag explains.
	ConflictFlagsAround ConflictReason = "flags-around"
	// ConflictTooFewAround: the number in Cells (showing Need) has only
	// Room squares around it that could hold a mine (covered or
	// flagged): it, or an open square beside it, is wrong.
	ConflictTooFewAround ConflictReason = "too-few-around"
)

// ConflictError reports a board no placement of mines can produce. Cells
// is a small set of revealed numbers that cannot all hold (removing any one
// of them removes this contradiction) and Flags the flagged cells those
// numbers count, since a wrong flag is a common cause; for
// ConflictMineCount, Flags is every flag, since each is taken off the
// mines left.
type ConflictError struct {
	Reason ConflictReason
	Cells  []Point
	Flags  []Point
	Need   int // for ConflictMineCount: the mines the numbers need (at least, or at most); for ConflictFlagsAround: the number
	Left   int // for ConflictMineCount, ConflictTooManyFlags and ConflictFlagsAround: mines left after the flags
	Room   int // for ConflictTooFewAround: the squares around the number that could hold a mine
}

func (e *ConflictError) Error() string {
	switch e.Reason {
	case ConflictTooManyFlags:
		return fmt.Sprintf("there %s than mines; a flag is wrong", countVerb(-e.Left, "is", "are", "more flag", "more flags"))
	case ConflictFlagsAround:
		msg := fmt.Sprintf("the %d at %s has %s around it; a flag there is wrong", e.Need, e.Cells[0], plural(len(e.Flags), "flag", "flags"))
		if e.Left < 0 {
			msg += fmt.Sprintf(", and there %s than mines", countVerb(-e.Left, "is", "are", "more flag", "more flags"))
		}
		return msg
	case ConflictTooFewAround:
		return fmt.Sprintf("the %d at %s has only %s around it that could hold a mine", e.Need, e.Cells[0], plural(e.Room, "square", "squares"))
	case ConflictMineCount:
		var msg string
		if e.Need > e.Left {
			msg = fmt.Sprintf("the numbers need at least %s, but only %d %s left", plural(e.Need, "more mine", "more mines"), e.Left, be(e.Left))
		} else {
			msg = fmt.Sprintf("the numbers leave room for at most %s, but %d %s left", plural(e.Need, "more mine", "more mines"), e.Left, be(e.Left))
		}
		if len(e.Flags) > 0 {
			msg += "; a flag may be wrong"
		}
		return msg
	}
	names := make([]string, len(e.Cells))
	for i, p := range e.Cells {
		names[i] = p.String()
	}
	var msg string
	if len(e.Cells) == 1 {
		msg = fmt.Sprintf("the number at %s cannot hold", names[0])
	} else {
		msg = fmt.Sprintf("the numbers at %s cannot all hold", strings.Join(names, ", "))
	}
	if len(e.Flags) > 0 {
		msg += "; a flag next to them may be wrong"
	}
	return msg
}

// GameOver is the error of a move on a finished game (won or lost).
func GameOver() *InputError {
	return &InputError{Field: "state", Line: -1, Col: -1, Reason: ReasonGameOver, Msg: "the game is over; start a new game"}
}

// plural writes n with its noun, singular for exactly 1: "1 mine", "0
// mines", "3 mines".
func plural(n int, one, other string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + other
}

// countVerb writes the verb that agrees with n, then n and its noun: "is
// 1 more flag", "are 2 more flags".
func countVerb(n int, verbOne, verbOther, one, other string) string {
	if n == 1 {
		return verbOne + " " + plural(n, one, other)
	}
	return verbOther + " " + plural(n, one, other)
}

// be is "is" for 1 and "are" for any other count.
func be(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}
