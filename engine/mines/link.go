package mines

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// JSMinesweeper links. JSMinesweeper (and sites that share its links, such
// as llamasweeper.com) puts boards in the query of a link:
//
//   - ?b=B&m=M is a game: a whole mine layout. B is 1 (9×9), 2 (16×16),
//     3 (30×16), or the width then the height in decimal digits, the
//     first half of the digits (rounded down) being the width (3016 is
//     30×16, 0916 or 916 is 9×16). M is base-32 digits (0-9, a-v, either
//     case), five cells a digit in row-major order, the first cell in the
//     digit's highest bit (16); a 1 bit is a mine. M may stop early (the
//     cells after it hold no mine); the bits of the last digit past the
//     last cell do not count.
//   - ?analysis=S is a position. S[0:2] is the width and S[2:4] the
//     height, two base-62 digits each, S[4:8] the mine count in four, most
//     significant first, in the alphabet a-z, A-Z, 0-9 (a is 0). S[8:] is
//     the cells, row by row, run-length coded: the alphabet is cut into
//     consecutive groups of 10, 7, 5, 5, 4, 3, 3, 1, 1, 4, 10, 8 and 1
//     digits, one a cell character (0 1 2 3 4 5 6 7 8 I H F O), and a
//     run is its length written in the base of its character's group with
//     that group's digits (a group of one digit repeats it once a cell);
//     consecutive digits of one group are one run. H is hidden; F a flag;
//     I a hidden cell JSMinesweeper's solver knew for a mine; O a flag;
//     0-8 a revealed number. JSMinesweeper writes each number less the F
//     and I cells around it, so reading adds them back; an O flag is not
//     taken off its numbers. The mine count includes the flags.
//
// ParseLink reads either (a whole URL, a bare query, or the query inside a
// fragment, as llamasweeper's #/game/…?b=…&m=…, with other parameters
// around, and & written as &amp; when copied from a page's source; the
// full-width forms a CJK input method types, "？ｂ＝１", read as ASCII);
// Board.Link and Layout.Link write them.

// JSMinesweeperURL is the page links are written for.
const JSMinesweeperURL = "https://davidnhill.github.io/JSMinesweeper/index.html"

// The reasons a link is refused, besides ReasonEmpty, ReasonSizeRange and
// ReasonMineRange.
const (
	ReasonBadLink    Reason = "bad-link"    // neither analysis= nor both b= and m=
	ReasonLinkDigit  Reason = "link-digit"  // a character the parameter cannot hold
	ReasonLinkShort  Reason = "link-short"  // analysis= stops before its board does
	ReasonLinkLong   Reason = "link-long"   // more cells than the board has (Want: the cells)
	ReasonLinkNumber Reason = "link-number" // a number above 8 once the flags around it are added back
	ReasonLinkKind   Reason = "link-kind"   // a game's layout where a position is wanted, or the other way round
)

// Layout is a game's mine layout, as a b= and m= link holds it.
type Layout struct {
	Width, Height int
	Mines         int    // the number of true cells in Mine
	Mine          []bool // row-major
}

// Link is what a JSMinesweeper link holds: a position (analysis=), a
// game's layout (b= and m=), or both.
type Link struct {
	Board  *Board
	Layout *Layout
}

// IsLink reports whether text is meant as a link rather than .mine text:
// it starts as a URL or a query does (http:, https:, www., ? or #), or it
// is one line that holds a link's parameter (analysis=, b= or m=, at the
// start or after ?, & or #). Anything else, an '=' included, is read as a
// board, so a typo in .mine text is named where it is, as a board's error.
func IsLink(text string) bool {
	t := strings.TrimSpace(NarrowText(strings.TrimPrefix(text, "\uFEFF")))
	lower := strings.ToLower(t)
	for _, prefix := range []string{"http:", "https:", "www.", "?", "#"} {
		if strings.HasPrefix(lower, prefix) {
			return true
		}
	}
	if strings.ContainsAny(t, "\r\n") {
		return false // a link is one line; .mine text is several
	}
	for at := 0; at < len(t); at++ {
		if at > 0 && !strings.ContainsRune("?&#", rune(t[at-1])) {
			continue
		}
		for _, name := range []string{"analysis=", "b=", "m="} {
			if strings.HasPrefix(t[at:], name) {
				return true
			}
		}
	}
	return false
}

// linkParser reads one link; errors name the parameter (Field) and the
// character at fault (Col, 0-based, counted in characters of the whole
// text; Line is -1).
type linkParser struct {
	text  string // narrowed: full-width forms read as ASCII
	typed []rune // the text as typed, a character for each of text's
}

// fail builds an error at byte offset at of the text. A value that is
// the text at that place is given as the user typed it.
func (p *linkParser) fail(field string, at int, reason Reason, value string, want int, format string, args ...any) error {
	col := -1
	if at >= 0 {
		col = utf8.RuneCountInString(p.text[:at])
		if value != "" && strings.HasPrefix(p.text[at:], value) {
			value = string(p.typed[col : col+utf8.RuneCountInString(value)])
		}
		format = "character %d of the link (%s): " + format
		args = append([]any{col + 1, field}, args...)
	}
	return &InputError{Field: field, Line: -1, Col: col, Reason: reason, Value: value, Want: want, Msg: fmt.Sprintf(format, args...)}
}

// param is a parameter's value and where it starts in the text.
type param struct {
	value string
	at    int
	ok    bool
}

// ParseLink reads a JSMinesweeper link. A malformed link is an *InputError
// whose Field is the parameter at fault (analysis, b, m, or link) and Col
// the character, counted in the whole text.
func ParseLink(typed string) (*Link, error) {
	// A full-width form narrows to one ASCII character, so a column of
	// the narrowed text is the column the user typed.
	text := NarrowText(typed)
	p := &linkParser{text: text, typed: []rune(typed)}
	start := len(text) - len(strings.TrimLeft(text, " \t\r\n\uFEFF"))
	s := strings.TrimRight(text[start:], " \t\r\n")
	if s == "" {
		return nil, &InputError{Field: "link", Line: -1, Col: -1, Reason: ReasonEmpty, Msg: "the link is empty"}
	}
	// The query: the text up to a '#', after its first '?' when it has
	// one (without, it is a bare query); then the fragment's own query
	// (llamasweeper's #/game/…?b=…), or the whole fragment when it has no
	// '?'. The first of a name counts, the query's before the fragment's,
	// as in URLSearchParams.get.
	var analysis, b, m param
	read := func(q string, base int) {
		for at := 0; at <= len(q); {
			end := strings.IndexByte(q[at:], '&')
			if end < 0 {
				end = len(q)
			} else {
				end += at
			}
			part := q[at:end]
			// A link copied from a page's HTML source escapes & as &amp;.
			if strings.HasPrefix(part, "amp;") && at > 0 {
				part, at = part[len("amp;"):], at+len("amp;")
			}
			if k, v, found := strings.Cut(part, "="); found {
				var dst *param
				switch k {
				case "analysis":
					dst = &analysis
				case "b":
					dst = &b
				case "m":
					dst = &m
				}
				if dst != nil && !dst.ok {
					*dst = param{value: v, at: base + at + len(k) + 1, ok: true}
				}
			}
			at = end + 1
		}
	}
	query, fragment := s, ""
	queryAt, fragmentAt := start, -1
	if i := strings.IndexByte(s, '#'); i >= 0 {
		query, fragment, fragmentAt = s[:i], s[i+1:], start+i+1
	}
	if i := strings.IndexByte(query, '?'); i >= 0 {
		query, queryAt = query[i+1:], queryAt+i+1
	}
	read(query, queryAt)
	if fragmentAt >= 0 {
		if i := strings.IndexByte(fragment, '?'); i >= 0 {
			fragment, fragmentAt = fragment[i+1:], fragmentAt+i+1
		}
		read(fragment, fragmentAt)
	}
	link := &Link{}
	switch {
	case !analysis.ok && !b.ok && !m.ok:
		return nil, &InputError{Field: "link", Line: -1, Col: -1, Reason: ReasonBadLink, Value: s,
			Msg: "this is not a JSMinesweeper link: it has neither analysis= nor b= and m="}
	case b.ok && !m.ok:
		return nil, &InputError{Field: "m", Line: -1, Col: -1, Reason: ReasonBadLink, Msg: "the link has b= (the board size) but no m= (the mines)"}
	case m.ok && !b.ok:
		return nil, &InputError{Field: "b", Line: -1, Col: -1, Reason: ReasonBadLink, Msg: "the link has m= (the mines) but no b= (the board size)"}
	}
	if analysis.ok {
		board, err := p.analysis(analysis)
		if err != nil {
			return nil, err
		}
		link.Board = board
	}
	if b.ok {
		l, err := p.layout(b, m)
		if err != nil {
			return nil, err
		}
		link.Layout = l
	}
	return link, nil
}

// ---- b= and m=

// standardB are the sizes b=1, 2 and 3 stand for.
var standardB = map[string][2]int{"1": {9, 9}, "2": {16, 16}, "3": {30, 16}}

func (p *linkParser) layout(b, m param) (*Layout, error) {
	w, h := 0, 0
	if size, ok := standardB[b.value]; ok {
		w, h = size[0], size[1]
	} else {
		for i := 0; i < len(b.value); i++ {
			if c := b.value[i]; c < '0' || c > '9' {
				r, _ := utf8.DecodeRuneInString(b.value[i:])
				return nil, p.fail("b", b.at+i, ReasonLinkDigit, string(r), 0, "%q is not a digit; b= is 1, 2, 3 or the width and height, such as 3016", r)
			}
		}
		if len(b.value) < 2 || len(b.value) > 6 {
			return nil, p.fail("b", b.at, ReasonSizeRange, b.value, MaxGameSide,
				"b=%s is not a size; it is 1, 2, 3 or the width and height, such as 3016 (1 to %d each)", b.value, MaxGameSide)
		}
		half := len(b.value) / 2
		w, _ = strconv.Atoi(b.value[:half])
		h, _ = strconv.Atoi(b.value[half:])
	}
	if w < 1 || h < 1 || w > MaxGameSide || h > MaxGameSide {
		return nil, p.fail("b", b.at, ReasonSizeRange, b.value, MaxGameSide, "a game is 1 to %d cells wide and high, not %dx%d", MaxGameSide, w, h)
	}
	n := w * h
	l := &Layout{Width: w, Height: h, Mine: make([]bool, n)}
	digits := (n + 4) / 5
	for i := 0; i < len(m.value); i++ {
		c := m.value[i]
		var d int
		switch {
		case c >= '0' && c <= '9':
			d = int(c - '0')
		case c >= 'a' && c <= 'v':
			d = int(c-'a') + 10
		case c >= 'A' && c <= 'V':
			d = int(c-'A') + 10
		default:
			r, _ := utf8.DecodeRuneInString(m.value[i:])
			return nil, p.fail("m", m.at+i, ReasonLinkDigit, string(r), 0, "%q is not a base-32 digit (0-9, a-v)", r)
		}
		if i >= digits {
			return nil, p.fail("m", m.at+i, ReasonLinkLong, m.value[i:], n,
				"m= has %d digits, but a %dx%d board takes only %d", len(m.value), w, h, digits)
		}
		for j := 0; j < 5 && 5*i+j < n; j++ {
			if d&(16>>j) != 0 {
				l.Mine[5*i+j] = true
				l.Mines++
			}
		}
	}
	if l.Mines < 1 || l.Mines >= n {
		return nil, p.fail("m", m.at, ReasonGameMines, strconv.Itoa(l.Mines), n-1, "a %dx%d game has %s, and this layout has %d", w, h, mineRange(n-1), l.Mines)
	}
	return l, nil
}

// mineRange writes how many mines a game may have, at least one and at
// most most: "1 to 8 mines", "1 mine" when it can have only one, and "no
// room for a mine beside a safe cell" when it has one cell.
func mineRange(most int) string {
	switch {
	case most < 1:
		return "no room for a mine beside a safe cell"
	case most == 1:
		return "1 mine"
	}
	return fmt.Sprintf("1 to %d mines", most)
}

// LayoutOf returns a game's layout; mine is row-major and is copied.
func LayoutOf(width, height int, mine []bool) (*Layout, error) {
	if width < 1 || height < 1 || width > MaxGameSide || height > MaxGameSide {
		return nil, &InputError{Field: "size", Line: -1, Col: -1, Reason: ReasonSizeRange, Want: MaxGameSide,
			Msg: fmt.Sprintf("a game is 1 to %d cells wide and high, not %dx%d", MaxGameSide, width, height)}
	}
	if len(mine) != width*height {
		return nil, &InputError{Field: "mines", Line: -1, Col: -1, Reason: ReasonBadValue, Want: width * height,
			Msg: fmt.Sprintf("a %dx%d layout has %s, not %d", width, height, plural(width*height, "cell", "cells"), len(mine))}
	}
	l := &Layout{Width: width, Height: height, Mine: append([]bool(nil), mine...)}
	for _, x := range mine {
		if x {
			l.Mines++
		}
	}
	if l.Mines < 1 || l.Mines >= len(mine) {
		return nil, &InputError{Field: "mines", Line: -1, Col: -1, Reason: ReasonGameMines, Want: len(mine) - 1,
			Msg: fmt.Sprintf("a %dx%d game has %s, not %d", width, height, mineRange(len(mine)-1), l.Mines)}
	}
	return l, nil
}

// Params returns the layout's b= and m= values, as JSMinesweeper writes
// them: 1, 2 or 3 for the standard levels (with their mine counts), and
// every digit of m, lower case.
func (l *Layout) Params() (b, m string) {
	for i, lv := range Levels {
		if l.Width == lv.Width && l.Height == lv.Height && l.Mines == lv.Mines {
			b = strconv.Itoa(1 + i)
		}
	}
	if b == "" {
		ws, hs := strconv.Itoa(l.Width), strconv.Itoa(l.Height)
		if len(hs) != len(ws)+1 { // 916 (9×16) reads right unpadded, as JSMinesweeper writes it
			n := max(len(ws), len(hs))
			ws, hs = strings.Repeat("0", n-len(ws))+ws, strings.Repeat("0", n-len(hs))+hs
		}
		b = ws + hs
	}
	var s strings.Builder
	n := len(l.Mine)
	for i := 0; i < n; i += 5 {
		d := 0
		for j := i; j < i+5; j++ {
			d <<= 1
			if j < n && l.Mine[j] {
				d |= 1
			}
		}
		s.WriteByte("0123456789abcdefghijklmnopqrstuv"[d])
	}
	return b, s.String()
}

// Link returns the layout as a JSMinesweeper link.
func (l *Layout) Link() string {
	b, m := l.Params()
	return JSMinesweeperURL + "?b=" + b + "&m=" + m
}

// Points returns the mines as points, in row-major order.
func (l *Layout) Points() []Point {
	out := make([]Point, 0, l.Mines)
	for i, m := range l.Mine {
		if m {
			out = append(out, Point{i % l.Width, i / l.Width})
		}
	}
	return out
}

// ---- analysis=

const base62 = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"

// linkChars are the cell characters of analysis= and linkBases the sizes
// of their digit groups, in alphabet order.
const linkChars = "012345678IHFO"

var linkBases = [13]int{10, 7, 5, 5, 4, 3, 3, 1, 1, 4, 10, 8, 1}

// linkDigit maps an alphabet byte to its group (an index in linkChars) and
// its value in the group; linkGroup is each group's first digit.
var (
	linkDigit [256]struct{ group, value int8 }
	linkGroup [13]int
)

func init() {
	for i := range linkDigit {
		linkDigit[i].group = -1
	}
	at := 0
	for g, n := range linkBases {
		linkGroup[g] = at
		for v := 0; v < n; v++ {
			linkDigit[base62[at]] = struct{ group, value int8 }{int8(g), int8(v)}
			at++
		}
	}
}

// number reads n base-62 digits of a's value from offset at.
func (p *linkParser) number(a param, at, n int, what string) (int, error) {
	x := 0
	for i := at; i < at+n; i++ {
		d := strings.IndexByte(base62, a.value[i])
		if d < 0 {
			r, _ := utf8.DecodeRuneInString(a.value[i:])
			return 0, p.fail("analysis", a.at+i, ReasonLinkDigit, string(r), 0, "%q is not a base-62 digit (a-z, A-Z, 0-9) in the %s", r, what)
		}
		x = x*62 + d
	}
	return x, nil
}

func (p *linkParser) analysis(a param) (*Board, error) {
	v := a.value
	short := func(at int, format string, args ...any) error {
		return p.fail("analysis", a.at+at, ReasonLinkShort, "", 0, format, args...)
	}
	if len(v) < 8 {
		// A stranger among the few characters there are is the fault.
		for i := 0; i < len(v); i++ {
			if strings.IndexByte(base62, v[i]) < 0 {
				_, err := p.number(a, i, 1, "size and mine count")
				return nil, err
			}
		}
		return nil, short(len(v), "analysis= has %s; the size and mine count alone take 8", plural(len(v), "character", "characters"))
	}
	w, err := p.number(a, 0, 2, "width")
	if err != nil {
		return nil, err
	}
	h, err := p.number(a, 2, 2, "height")
	if err != nil {
		return nil, err
	}
	if w < 1 || w > MaxGameSide {
		return nil, p.fail("analysis", a.at, ReasonSizeRange, v[:2], MaxGameSide, "the width is %d, not 1 to %d", w, MaxGameSide)
	}
	if h < 1 || h > MaxGameSide {
		return nil, p.fail("analysis", a.at+2, ReasonSizeRange, v[2:4], MaxGameSide, "the height is %d, not 1 to %d", h, MaxGameSide)
	}
	mines, err := p.number(a, 4, 4, "mine count")
	if err != nil {
		return nil, err
	}
	n := w * h
	if mines > n {
		return nil, p.fail("analysis", a.at+4, ReasonMineRange, v[4:8], n, "a %dx%d board holds 0 to %d mines, not %d", w, h, n, mines)
	}
	b, _ := NewBoard(w, h, mines)
	// kind holds each cell's character (an index in linkChars), run the
	// offset in v of the run that wrote it.
	kind := make([]int8, n)
	run := make([]int32, n)
	cells := 0
	group, count, runAt := -1, 0, 0
	flush := func() {
		for k := 0; k < count; k++ {
			kind[cells+k], run[cells+k] = int8(group), int32(runAt)
		}
		cells += count
	}
	for i := 8; i < len(v); i++ {
		d := linkDigit[v[i]]
		if d.group < 0 {
			r, _ := utf8.DecodeRuneInString(v[i:])
			return nil, p.fail("analysis", a.at+i, ReasonLinkDigit, string(r), 0, "%q is not a base-62 digit (a-z, A-Z, 0-9)", r)
		}
		g, base := int(d.group), linkBases[d.group]
		if g == group {
			if base == 1 {
				count++
			} else {
				count = count*base + int(d.value)
			}
		} else {
			if group >= 0 {
				flush()
			}
			group, runAt, count = g, i, int(d.value)
			if base == 1 {
				count = 1
			}
		}
		if cells+count > n {
			return nil, p.fail("analysis", a.at+i, ReasonLinkLong, "", n, "the board runs past its %s (%dx%d)", plural(n, "cell", "cells"), w, h)
		}
	}
	if group >= 0 {
		flush()
	}
	if cells < n {
		return nil, short(len(v), "the board stops after %d of its %s (%dx%d)", cells, plural(n, "cell", "cells"), w, h)
	}
	for i, k := range kind {
		switch c := linkChars[k]; c {
		case 'H', 'I':
			b.Cells[i] = Hidden
		case 'F', 'O':
			b.Cells[i] = Flag
		default:
			b.Cells[i] = Cell(c - '0')
		}
	}
	// Add back what JSMinesweeper took off the numbers: one for each F or
	// I around them.
	var nb [8]int
	for i, k := range kind {
		if c := linkChars[k]; c != 'F' && c != 'I' {
			continue
		}
		for _, j := range b.Neighbours(i, nb[:0]) {
			if !b.Cells[j].Revealed() {
				continue
			}
			if b.Cells[j] == 8 {
				return nil, p.fail("analysis", a.at+int(run[j]), ReasonLinkNumber, string(linkChars[kind[j]]), 8,
					"the number at %s comes to more than 8 with the flags and mines around it", b.Point(j))
			}
			b.Cells[j]++
		}
	}
	return b, nil
}

// AnalysisData returns the board as JSMinesweeper's analysis= value. A
// flag is written F, taken off the numbers around it, when every number
// around it is still at least 1 (as JSMinesweeper does); otherwise O, a
// flag the numbers keep. Boards are at most MaxGameSide wide and high.
func (b *Board) AnalysisData() (string, error) {
	if b.Width < 1 || b.Height < 1 || b.Width > MaxGameSide || b.Height > MaxGameSide {
		return "", &InputError{Field: "size", Line: -1, Col: -1, Reason: ReasonSizeRange, Want: MaxGameSide,
			Msg: fmt.Sprintf("a link holds a board 1 to %d cells wide and high, not %dx%d", MaxGameSide, b.Width, b.Height)}
	}
	n := len(b.Cells)
	val := make([]int, n) // a number as it will be written
	char := make([]byte, n)
	for i, c := range b.Cells {
		switch c {
		case Hidden:
			char[i] = 'H'
		case Flag:
			char[i] = 'F'
		default:
			val[i] = int(c)
		}
	}
	var nb [8]int
	for i, c := range b.Cells {
		if c != Flag {
			continue
		}
		around := b.Neighbours(i, nb[:0])
		ok := true
		for _, j := range around {
			if b.Cells[j].Revealed() && val[j] == 0 {
				ok = false
			}
		}
		if !ok {
			char[i] = 'O'
			continue
		}
		for _, j := range around {
			if b.Cells[j].Revealed() {
				val[j]--
			}
		}
	}
	for i, c := range b.Cells {
		if c.Revealed() {
			char[i] = byte('0' + val[i])
		}
	}
	var s strings.Builder
	num := func(x, digits int) {
		var buf [4]byte
		for k := digits - 1; k >= 0; k-- {
			buf[k] = base62[x%62]
			x /= 62
		}
		s.Write(buf[:digits])
	}
	num(b.Width, 2)
	num(b.Height, 2)
	num(b.Mines, 4)
	if g := strings.IndexByte(linkChars, char[0]); linkBases[g] == 1 {
		// JSMinesweeper's reader drops a first run written in a group of
		// one digit (7, 8, O); an empty run of 0s before it keeps it.
		s.WriteByte(base62[linkGroup[0]])
	}
	for i := 0; i < n; {
		j := i
		for j < n && char[j] == char[i] {
			j++
		}
		g := strings.IndexByte(linkChars, char[i])
		digits := base62[linkGroup[g] : linkGroup[g]+linkBases[g]]
		count := j - i
		if len(digits) == 1 {
			s.WriteString(strings.Repeat(digits, count))
		} else {
			var buf [16]byte
			k := len(buf)
			for ; count > 0; count /= len(digits) {
				k--
				buf[k] = digits[count%len(digits)]
			}
			s.Write(buf[k:])
		}
		i = j
	}
	return s.String(), nil
}

// Link returns the board as a JSMinesweeper analysis link.
func (b *Board) Link() (string, error) {
	data, err := b.AnalysisData()
	if err != nil {
		return "", err
	}
	return JSMinesweeperURL + "?analysis=" + data, nil
}
