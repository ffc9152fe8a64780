package chain

import "strconv"

// Reasons a position text is refused, independent of language.
const (
	ReasonEmpty      = "empty"       // nothing was given
	ReasonBadSymbol  = "bad-symbol"  // in a row, a character that is neither an object nor a gap
	ReasonBadGroup   = "bad-group"   // in group sizes, a character that is no digit, separator or bracket
	ReasonMixed      = "mixed"       // row symbols and numbers in one text
	ReasonZeroGroup  = "zero-group"  // a group of size 0 in {3,0,4}
	ReasonEmptyGroup = "empty-group" // two separators in a row, as in {3,,4}
	ReasonBrace      = "brace"       // an unmatched { or }, or a } that does not match its {
	ReasonTooLong    = "too-long"    // more objects than the engine accepts at all
	ReasonNegative   = "negative"    // a minus sign before a group size, as in 3 -1
	ReasonNotWhole   = "not-whole"   // a group size with a fraction, as in 3.5
	ReasonAfterList  = "after-list"  // something after the list's closing bracket, as in {3} 1
	ReasonBadValue   = "bad-value"
)

// InputError reports a malformed position. Pos is the 0-based index of the
// character at fault (counted in characters, not bytes), or -1.
type InputError struct {
	Field  string
	Pos    int
	Value  string // the text as given
	Reason string
	Symbol string // the character at fault, if one is
	Want   int    // a limit, if one applies: MaxParseCells for ReasonTooLong
	Msg    string
}

func (e *InputError) Error() string {
	if e.Pos >= 0 {
		return e.Field + ", character " + strconv.Itoa(e.Pos+1) + ": " + e.Msg
	}
	return e.Field + ": " + e.Msg
}

// TooLargeError reports a valid position beyond what the engine computes
// exactly.
type TooLargeError struct {
	Size  int64 // the position's size, in the unit of Limit
	Limit int64
	Msg   string
}

func (e *TooLargeError) Error() string { return e.Msg }
