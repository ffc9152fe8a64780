package chain

import (
	"strconv"
	"strings"
	"unicode"
)

// MaxParseCells bounds the cells of the row a text describes (objects and
// gaps, in either notation), so a typo cannot ask for a row of a billion
// cells, and whatever one notation accepts the other can write.
const MaxParseCells = 1_000_000

// objectSymbols and gapSymbols are the row notation's symbols, the
// first of each the one Row.String writes.
const (
	objectSymbols = "Xx*Oo●○■#|"
	gapSymbols    = "._-·"
)

func isObject(c rune) bool { return strings.ContainsRune(objectSymbols, c) }

func isGap(c rune) bool { return strings.ContainsRune(gapSymbols, c) }

// spaced writes a notation's symbols apart, as the errors list them.
func spaced(symbols string) string {
	return strings.Join(strings.Split(symbols, ""), " ")
}

// Parse reads a position in either notation and returns its row:
//
//   - the row: XXX.X.XXXX (objects X x * O o ● ○ ■ # |, gaps . _ - ·);
//     the row is kept as written, gaps at the ends included;
//   - the group sizes: {3,1,4}, [3, 1, 4], 3 1 4 or 3,1,4, laid out
//     left to right with one gap between groups.
//
// Digits are always group sizes ("11" is one group of eleven). The text
// decides its notation by its first character (brackets and spaces
// aside): a digit, or a minus sign before one, starts group sizes, and
// anything else a row, so the error names the character that breaks the
// notation the reader began with. Full-width characters (３ １ ４, Ｘ,
// ，) read as their ASCII forms, and 、 as a comma, as a Chinese or
// Japanese keyboard types them. field names the parameter in errors.
func Parse(text, field string) (Row, error) {
	orig := []rune(text)
	fail := func(pos int, reason, msg string) error { return parseError(field, text, orig, pos, reason, msg) }
	// A position past the limit names it, so the reader learns how long
	// a position may be, not only where it went too long.
	tooLong := func(pos int, msg string) error {
		err := parseError(field, text, orig, pos, ReasonTooLong, msg)
		err.(*InputError).Want = MaxParseCells
		return err
	}
	rs := foldWidth(orig)
	first, last := 0, len(rs)
	// A byte-order mark (a pasted file's first character) is no symbol.
	for first < last && (unicode.IsSpace(rs[first]) || rs[first] == '\uFEFF') {
		first++
	}
	for last > first && unicode.IsSpace(rs[last-1]) {
		last--
	}
	if first == last {
		return nil, fail(-1, ReasonEmpty, "no position given: write a row such as XXX.X.XXXX or group sizes such as {3,1,4}")
	}
	body := rs[first:last]
	if looksLikeRow(body) {
		var row Row
		for i, c := range body {
			switch {
			case isObject(c):
				row = append(row, true)
			case isGap(c):
				row = append(row, false)
			case unicode.IsDigit(c):
				return nil, fail(first+i, ReasonMixed, "a row is written with objects and gaps (X and .), not numbers")
			default:
				// Every symbol read, so that a reader who typed one of
				// the others, or an API caller, learns what is accepted.
				return nil, fail(first+i, ReasonBadSymbol, "neither an object ("+spaced(objectSymbols)+") nor a gap ("+spaced(gapSymbols)+")")
			}
			if len(row) > MaxParseCells {
				return nil, tooLong(first+i, "more than a million cells")
			}
		}
		return row, nil
	}
	// Group sizes.
	var groups []int
	total := 0
	open := -1   // where the list's opening bracket is, while it is open
	closed := -1 // where its closing bracket is, once it is closed
	i := 0
	expect := true // a number is expected next (start, or after a comma)
	sawComma := -1
	for i < len(body) {
		c := body[i]
		if closed >= 0 && !unicode.IsSpace(c) {
			return nil, fail(first+i, ReasonAfterList, "the list ended with its closing bracket: write every group size inside one pair of brackets")
		}
		switch {
		case c == '{' || c == '[' || c == '(':
			if i != 0 {
				return nil, fail(first+i, ReasonBrace, "a bracket may only open the list")
			}
			open = i
			i++
		case c == '}' || c == ']' || c == ')':
			if open < 0 {
				return nil, fail(first+i, ReasonBrace, "this bracket closes nothing")
			}
			if closing[body[open]] != c {
				return nil, fail(first+i, ReasonBrace, "this bracket does not match the "+strconv.Quote(string(body[open]))+" that opened the list")
			}
			if sawComma >= 0 && expect && len(groups) > 0 {
				return nil, fail(first+sawComma, ReasonEmptyGroup, "a separator with no group after it")
			}
			open, closed = -1, i
			i++
		case c == '.' && i > 0 && isDigit(body[i-1]) && i+1 < len(body) && isDigit(body[i+1]):
			return nil, fail(first+i, ReasonNotWhole, "a group size is a whole number of objects")
		case c == ',' || c == ';':
			if expect {
				return nil, fail(first+i, ReasonEmptyGroup, "a separator with no group before it")
			}
			expect = true
			sawComma = i
			i++
		case unicode.IsSpace(c):
			i++
		case c == '-' && i+1 < len(body) && body[i+1] >= '0' && body[i+1] <= '9':
			return nil, fail(first+i, ReasonNegative, "a group size cannot be negative")
		case c >= '0' && c <= '9':
			if !expect && sawComma < 0 && i > 0 && !unicode.IsSpace(body[i-1]) {
				return nil, fail(first+i, ReasonBadGroup, "a number cannot follow here")
			}
			start := i
			n := 0
			for i < len(body) && body[i] >= '0' && body[i] <= '9' {
				if n <= MaxParseCells {
					n = n*10 + int(body[i]-'0')
				}
				i++
			}
			if n == 0 {
				return nil, fail(first+start, ReasonZeroGroup, "a group of 0 objects; leave it out")
			}
			// The row lays the groups out with a gap between each two: the
			// limit counts those cells too, as the row notation does.
			total += n
			if total+len(groups) > MaxParseCells {
				return nil, tooLong(first+start, "more than a million cells (the objects and a gap between each two groups)")
			}
			groups = append(groups, n)
			expect = false
			sawComma = -1
		default:
			if isObject(c) || isGap(c) {
				return nil, fail(first+i, ReasonMixed, "group sizes are written as numbers, such as {3,1,4}")
			}
			return nil, fail(first+i, ReasonBadGroup, "not part of a list of group sizes such as {3,1,4}")
		}
	}
	if open >= 0 {
		return nil, fail(first+open, ReasonBrace, "this bracket is never closed")
	}
	if sawComma >= 0 && expect && len(groups) > 0 {
		return nil, fail(first+sawComma, ReasonEmptyGroup, "a separator with no group after it")
	}
	return RowOf(groups), nil
}

// closing pairs each opening bracket with the one that closes it.
var closing = map[rune]rune{'{': '}', '[': ']', '(': ')'}

func isDigit(c rune) bool { return c >= '0' && c <= '9' }

// looksLikeRow decides the notation from the first character that is
// not a space or an opening bracket: a digit, or a minus sign before one,
// starts group sizes; otherwise any object or gap symbol makes a row.
func looksLikeRow(body []rune) bool {
	for i, c := range body {
		switch {
		case unicode.IsSpace(c) || c == '{' || c == '[' || c == '(':
			continue
		case c >= '0' && c <= '9':
			return false
		case c == '-' && i+1 < len(body) && body[i+1] >= '0' && body[i+1] <= '9':
			return false
		}
		break
	}
	for _, c := range body {
		if isObject(c) || isGap(c) {
			return true
		}
	}
	return false
}

// foldWidth reads full-width forms (U+FF01 to U+FF5E) as their ASCII
// characters and the ideographic comma 、 as a comma, one character for
// one, so positions in the folded text are positions in the original.
func foldWidth(rs []rune) []rune {
	out := make([]rune, len(rs))
	for i, c := range rs {
		switch {
		case c >= 0xFF01 && c <= 0xFF5E:
			c -= 0xFEE0
		case c == '、':
			c = ','
		}
		out[i] = c
	}
	return out
}

// FormatGroups writes group sizes as {3,1,4}.
func FormatGroups(groups []int) string { return Position(groups).String() }

// parseError builds the InputError of a position text: the character at
// pos (if any) is named in Symbol and quoted in the message.
func parseError(field, text string, rs []rune, pos int, reason, msg string) error {
	sym := ""
	if pos >= 0 && pos < len(rs) {
		sym = string(rs[pos])
		msg = strconv.Quote(sym) + ": " + msg
	}
	return &InputError{Field: field, Pos: pos, Value: text, Reason: reason, Symbol: sym, Msg: msg}
}
