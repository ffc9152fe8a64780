package mines

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The .mine text of JSMinesweeper is a header line WxHxM (width, height
// and total mines, flagged ones included), then Height rows of Width
// characters:
//
//	H . ? x   hidden
//	F *       flag (a known mine)
//	0 … 8     a revealed number
//
// Parse also takes a byte-order mark, \r\n and \r line ends (Windows and
// classic Mac OS), blanks at the ends of lines, blank lines before the
// header and after the last row, and X or × in the header. It takes the
// full-width forms of ASCII characters and the ideographic space as the
// characters themselves ("９ｘ９ｘ１０", "ＨＨ１", U+3000 between), as a
// Chinese or Japanese input method types them. Format writes the
// canonical form (H, F, digits, \n).

// Parse reads .mine text. A malformed text is an *InputError with the line
// and column at fault.
func Parse(text string) (*Board, error) {
	text = strings.TrimPrefix(text, "\uFEFF")
	// Every line end is one break: \r\n, then a lone \r, becomes \n, so
	// the line numbers in errors count the lines as an editor shows them.
	text = strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\r", "\n")
	lines := strings.Split(text, "\n")
	for i := range lines {
		lines[i] = strings.TrimRight(lines[i], blanks)
	}
	first := 0
	for first < len(lines) && lines[first] == "" {
		first++
	}
	if first == len(lines) {
		return nil, &InputError{Field: "board", Line: -1, Col: -1, Reason: ReasonEmpty, Msg: "the board is empty; start with a line such as 9x9x10"}
	}
	nums, cols, err := parseHeader(lines[first], first)
	if err != nil {
		return nil, err
	}
	w, h, m := nums[0], nums[1], nums[2]
	b, err := NewBoard(w, h, m)
	if err != nil {
		// Point at the number out of range: the mines, the height when
		// the width is fine, else the width.
		in := err.(*InputError)
		at := 0
		switch {
		case in.Field == "mines":
			at = 2
		case w >= 1 && w <= MaxSide:
			at = 1
		}
		in.Line, in.Col, in.Value = first, cols[at], lines[first]
		return nil, in
	}
	for y := 0; y < h; y++ {
		ln := first + 1 + y
		if ln >= len(lines) || (lines[ln] == "" && allBlank(lines[ln:])) {
			return nil, &InputError{Field: "board", Line: min(ln, len(lines)-1), Col: -1, Reason: ReasonMissingRows, Want: h,
				Msg: fmt.Sprintf("the header says %s, but %s", plural(h, "row", "rows"), rowsThereAre(y))}
		}
		line := strings.TrimLeft(lines[ln], blanks)
		lead := utf8.RuneCountInString(lines[ln]) - utf8.RuneCountInString(line)
		x := 0
		for _, r := range line {
			if x == w {
				return nil, &InputError{Field: "board", Line: ln, Col: lead + x, Reason: ReasonRowLength, Want: w, Value: line,
					Msg: fmt.Sprintf("row %d has more than %s", y+1, plural(w, "cell", "cells"))}
			}
			c, ok := cellOf(narrow(r))
			if !ok {
				return nil, &InputError{Field: "board", Line: ln, Col: lead + x, Reason: ReasonBadChar, Value: string(r),
					Msg: fmt.Sprintf("%q is not a cell; use H for hidden, F for a flag, 0-8 for a number", r)}
			}
			b.Cells[y*w+x] = c
			x++
		}
		if x < w {
			return nil, &InputError{Field: "board", Line: ln, Col: lead + x, Reason: ReasonRowLength, Want: w, Value: line,
				Msg: fmt.Sprintf("row %d has %s, not %d", y+1, plural(x, "cell", "cells"), w)}
		}
	}
	for ln := first + 1 + h; ln < len(lines); ln++ {
		if lines[ln] != "" {
			return nil, &InputError{Field: "board", Line: ln, Col: 0, Reason: ReasonExtraRows, Want: h, Value: lines[ln],
				Msg: fmt.Sprintf("the header says %s; this line is one too many", plural(h, "row", "rows"))}
		}
	}
	return b, nil
}

// rowsThereAre says how many rows there are, fewer than the header's:
// "there are none", "there is only 1", "there are only 3".
func rowsThereAre(n int) string {
	switch n {
	case 0:
		return "there are none"
	case 1:
		return "there is only 1"
	}
	return fmt.Sprintf("there are only %d", n)
}

func allBlank(lines []string) bool {
	for _, l := range lines {
		if strings.TrimSpace(l) != "" {
			return false
		}
	}
	return true
}

// blanks are the characters a line may begin or end with: the space, the
// tab and the ideographic space (U+3000) of a CJK input method.
const blanks = " \t\u3000"

// narrow is the ASCII character a full-width form stands for (U+FF01 '！'
// to U+FF5E '～' are '!' to '~'; U+3000 is a space), else r itself. A
// character becomes one character, so a column counted in the typed text
// is the same column in the narrowed one, and an error names the place
// the user sees.
func narrow(r rune) rune {
	switch {
	case r >= '\uFF01' && r <= '\uFF5E':
		return r - 0xFF01 + '!'
	case r == '\u3000':
		return ' '
	}
	return r
}

// NarrowText is text with every full-width form narrowed: what a Chinese
// or Japanese input method types ("１２３", the ideographic space) read
// as the ASCII it stands for, so that a number typed in any field reads
// as the digits the user sees.
func NarrowText(text string) string {
	return strings.Map(narrow, text)
}

func cellOf(r rune) (Cell, bool) {
	switch {
	case r >= '0' && r <= '8':
		return Cell(r - '0'), true
	case r == 'H' || r == 'h' || r == '.' || r == '?' || r == 'x' || r == 'X':
		return Hidden, true
	case r == 'F' || r == 'f' || r == '*':
		return Flag, true
	}
	return 0, false
}

// parseHeader reads "WxHxM": the three numbers and the column where each
// starts (in characters), for an error that points at one of them.
func parseHeader(line string, ln int) (nums, cols [3]int, err error) {
	fail := func(col int, msg string) ([3]int, [3]int, error) {
		return nums, cols, &InputError{Field: "board", Line: ln, Col: col, Reason: ReasonBadHeader, Value: line, Msg: msg}
	}
	part, col, digits := 0, 0, 0
	blankAfter := false // a blank came after this number's digits
	for _, typed := range line {
		switch r := narrow(typed); {
		case r >= '0' && r <= '9':
			if blankAfter {
				// "9 9x9x10" is not 99 wide: a blank ends a number.
				return fail(col, "a number of the header has a blank inside it; write width x height x mines, such as 30x16x99")
			}
			if digits >= 6 {
				return fail(col, "the header's numbers are too large")
			}
			if digits == 0 {
				cols[part] = col
			}
			nums[part] = nums[part]*10 + int(r-'0')
			digits++
		case r == 'x' || r == 'X' || r == '×' || r == '*':
			if digits == 0 {
				return fail(col, "the header must be width x height x mines, such as 30x16x99")
			}
			if part == 2 {
				return fail(col, "the header has more than three numbers")
			}
			part, digits, blankAfter = part+1, 0, false
		case r == ' ' || r == '\t':
			// blanks around the separators are fine
			blankAfter = digits > 0
		default:
			return fail(col, fmt.Sprintf("%q does not belong in the header; write width x height x mines, such as 30x16x99", typed))
		}
		col++
	}
	if part != 2 || digits == 0 {
		return fail(col, "the header must be width x height x mines, such as 30x16x99")
	}
	return nums, cols, nil
}

// Format writes the board as canonical .mine text: the header, then one
// line per row of H, F and digits, each line ending in \n.
func (b *Board) Format() string {
	var s strings.Builder
	s.Grow(16 + (b.Width+1)*b.Height)
	s.WriteString(strconv.Itoa(b.Width) + "x" + strconv.Itoa(b.Height) + "x" + strconv.Itoa(b.Mines) + "\n")
	for y := 0; y < b.Height; y++ {
		for _, c := range b.Cells[y*b.Width : (y+1)*b.Width] {
			switch c {
			case Hidden:
				s.WriteByte('H')
			case Flag:
				s.WriteByte('F')
			default:
				s.WriteByte('0' + byte(c))
			}
		}
		s.WriteByte('\n')
	}
	return s.String()
}
