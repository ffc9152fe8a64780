package guess

import (
	"fmt"
	"strings"
)

// Reason names what is wrong with an input, independent of language, so a
// front end can translate it. The English text is in InputError.Error.
type Reason string

const (
	ReasonLengthRange        Reason = "length-range"       // code length outside 1..10
	ReasonAlphabetSize       Reason = "alphabet-size"      // fewer than 2 or more than 16 symbols
	ReasonAlphabetDuplicate  Reason = "alphabet-duplicate" // a symbol listed twice in the alphabet
	ReasonAlphabetSpace      Reason = "alphabet-space"     // whitespace used as a symbol
	ReasonTooLongForAlphabet Reason = "too-long-for-alphabet"
	ReasonUnknownPreset      Reason = "unknown-preset"
	ReasonCodeLength         Reason = "code-length"     // a code with the wrong number of symbols
	ReasonUnknownSymbol      Reason = "unknown-symbol"  // a symbol not in the alphabet
	ReasonRepeatedSymbol     Reason = "repeated-symbol" // a repeat when repeats are off
	ReasonFeedbackRange      Reason = "feedback-range"  // A+B above the length
	ReasonCountRange         Reason = "count-range"     // A or B below 0 or above the length
	ReasonFeedbackImpossible Reason = "feedback-impossible"
	ReasonFeedbackSyntax     Reason = "feedback-syntax"
	ReasonNoAnswer           Reason = "no-answer" // a guess in history text with no answer after it (Value: the guess)
	ReasonGameOver           Reason = "game-over"
	ReasonAfterWin           Reason = "after-win" // a turn after the one that guessed the secret (Other: that turn's row)
	ReasonSwapped            Reason = "swapped"   // an answer written before its guess in history text (Symbol: the turn written guess first)
	ReasonBadValue           Reason = "bad-value"
)

// InputError reports one bad input. Field names the input ("length",
// "alphabet", "guess", "secret", "a", "b", "feedback", "preset", ...); Row is
// the history row (0-based) or -1; Pos is the symbol position inside a code
// (0-based) or -1; Col and Len place the fault in a line of history text
// (ParseHistory, whose Row is the 0-based line): the 0-based column of
// its first character and how many characters it spans, counted in
// characters (runes) in the line as given. Len is 0 when the error is
// placed in no line.
//
// Symbol, Other and Want carry the specifics a front end needs to write
// its own sentence in its own language ("'2' already appears at position
// 1"), so it never has to show the English Msg.
type InputError struct {
	Field  string
	Row    int
	Pos    int
	Value  string
	Reason Reason
	Msg    string // what is wrong, in English, without the location
	Symbol string // the symbol at fault, if one is
	Other  *int   // the other position (0-based) of a repeated or duplicated symbol
	Want   int    // what was expected: a code's length, the largest count; 0 if nothing
	Col    int    // the fault's first character in its line of text, when Len > 0
	Len    int    // how many characters of the line it spans; 0 if not placed
	// inText: the error is about a line of text the reader typed
	// (ParseHistory), whose Row is that line: the message names the
	// line, as the reader sees it, not a row of a table.
	inText bool
}

func (e *InputError) Error() string {
	var where []string
	switch {
	case e.Row >= 0 && e.inText:
		where = append(where, fmt.Sprintf("line %d", e.Row+1))
	case e.Row >= 0:
		where = append(where, fmt.Sprintf("row %d", e.Row+1))
	}
	if e.Field != "" {
		where = append(where, e.Field)
	}
	if e.Pos >= 0 {
		where = append(where, fmt.Sprintf("position %d", e.Pos+1))
	}
	if e.Len > 0 {
		where = append(where, fmt.Sprintf("column %d", e.Col+1))
	}
	if len(where) == 0 {
		return e.Msg
	}
	return strings.Join(where, ", ") + ": " + e.Msg
}

// inputError builds an InputError that is not tied to a row or a position.
func inputError(field string, reason Reason, value string, format string, args ...any) *InputError {
	return &InputError{Field: field, Row: -1, Pos: -1, Value: value, Reason: reason, Msg: fmt.Sprintf(format, args...)}
}

// TooLargeError reports a code space larger than the engine will enumerate.
type TooLargeError struct {
	Size  int64 // the number of codes the rules allow
	Limit int64
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("these rules allow %d codes, more than the limit of %d; use fewer positions or symbols", e.Size, e.Limit)
}

// ConflictError reports a history with no consistent secret. Rows is a
// smallest set of enabled rows (0-based, ascending) that cannot all be true
// at once; removing or correcting any one of them resolves that conflict.
type ConflictError struct {
	Rows []int
}

func (e *ConflictError) Error() string {
	names := make([]string, len(e.Rows))
	for i, r := range e.Rows {
		names[i] = fmt.Sprint(r + 1)
	}
	if len(e.Rows) == 1 {
		return fmt.Sprintf("row %s cannot be true for any secret; check its feedback", names[0])
	}
	return fmt.Sprintf("rows %s contradict each other: no secret gives all of that feedback; check one of them", strings.Join(names, ", "))
}
