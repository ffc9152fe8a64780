package mines

import (
	"fmt"
	"math"
	"strconv"
)

// ProbRows is a board's mine probabilities as JSON: an array of rows, each
// an array with a number per cell, null for a revealed cell. mines.analyze
// writes it and the page reads it back. Both directions are written by
// hand: a 100×100 board has ten thousand numbers, and encoding/json's
// reflection spends several times longer on them than the page has in a
// frame.
type ProbRows struct {
	Width int
	Prob  []float64 // row-major, Width cells a row; NaN for a revealed cell
}

// MarshalJSON writes the rows; a nil Prob is null.
func (p ProbRows) MarshalJSON() ([]byte, error) {
	switch {
	case p.Prob == nil:
		return []byte("null"), nil
	case len(p.Prob) == 0:
		return []byte("[]"), nil
	}
	if p.Width <= 0 || len(p.Prob)%p.Width != 0 {
		return nil, fmt.Errorf("mines: %d probabilities do not make rows of %d", len(p.Prob), p.Width)
	}
	out := make([]byte, 0, len(p.Prob)*8+2)
	out = append(out, '[')
	for i, x := range p.Prob {
		switch {
		case i == 0:
			out = append(out, '[')
		case i%p.Width == 0:
			out = append(out, "],["...)
		default:
			out = append(out, ',')
		}
		out = appendProb(out, x)
	}
	return append(out, "]]"...), nil
}

// appendProb writes a probability with 12 decimals, trailing zeros
// dropped (at least 8 significant digits from 1e-4 up), and smaller ones
// to 10 significant digits; 0 and 1 exactly as "0" and "1", which only
// certain cells get. Integer formatting is much quicker than strconv's
// for the thousands of cells of a big board.
func appendProb(out []byte, x float64) []byte {
	switch {
	case math.IsNaN(x):
		return append(out, "null"...)
	case x == 0:
		return append(out, '0')
	case x == 1:
		return append(out, '1')
	case x < 1e-4 || x > 1:
		return strconv.AppendFloat(out, x, 'g', 10, 64)
	}
	v := uint64(x*1e12 + 0.5)
	if v >= 1e12 {
		v = 1e12 - 1 // not certain: never print 1
	}
	var digits [12]byte
	for i := 11; i >= 0; i-- {
		digits[i] = byte('0' + v%10)
		v /= 10
	}
	n := 12
	for digits[n-1] == '0' {
		n--
	}
	out = append(out, '0', '.')
	return append(out, digits[:n]...)
}

// UnmarshalJSON reads rows as MarshalJSON writes them (any JSON spacing,
// any number form). The rows must all be as long as the first.
func (p *ProbRows) UnmarshalJSON(data []byte) error {
	r := probReader{data: data}
	r.space()
	if r.word("null") {
		*p = ProbRows{}
		return r.end()
	}
	if !r.byte('[') {
		return r.fail("an array of rows")
	}
	prob := make([]float64, 0, len(data)/8)
	width, rows := 0, 0
	for r.space(); !r.byte(']'); rows++ {
		if rows > 0 && !r.byte(',') {
			return r.fail(`"," or "]" after a row`)
		}
		r.space()
		if !r.byte('[') {
			return r.fail("a row (an array)")
		}
		start := len(prob)
		for r.space(); !r.byte(']'); {
			if len(prob) > start && !r.byte(',') {
				return r.fail(`"," or "]" after a number`)
			}
			r.space()
			x, ok := r.value()
			if !ok {
				return r.fail("a probability or null")
			}
			prob = append(prob, x)
			r.space()
		}
		n := len(prob) - start
		switch {
		case rows == 0:
			width = n
		case n != width:
			return fmt.Errorf("mines: probability row %d has %d cells, row 1 has %d", rows+1, n, width)
		}
		r.space()
	}
	if width == 0 && len(prob) > 0 || rows > 0 && width == 0 {
		return fmt.Errorf("mines: probability rows are empty")
	}
	*p = ProbRows{Width: width, Prob: prob}
	return r.end()
}

// probReader scans the JSON of ProbRows.
type probReader struct {
	data []byte
	at   int
}

func (r *probReader) space() {
	for r.at < len(r.data) && (r.data[r.at] == ' ' || r.data[r.at] == '\n' || r.data[r.at] == '\r' || r.data[r.at] == '\t') {
		r.at++
	}
}

func (r *probReader) byte(c byte) bool {
	if r.at < len(r.data) && r.data[r.at] == c {
		r.at++
		return true
	}
	return false
}

func (r *probReader) word(w string) bool {
	if len(r.data)-r.at >= len(w) && string(r.data[r.at:r.at+len(w)]) == w {
		r.at += len(w)
		return true
	}
	return false
}

// value reads null (NaN) or a number in [0, 1]. The usual "0.ddd…" form
// of up to 15 decimals is read without strconv, which would allocate a
// string for each of them.
func (r *probReader) value() (float64, bool) {
	if r.word("null") {
		return math.NaN(), true
	}
	start := r.at
	for r.at < len(r.data) && (r.data[r.at] >= '0' && r.data[r.at] <= '9' || r.data[r.at] == '.' || r.data[r.at] == 'e' || r.data[r.at] == 'E' || r.data[r.at] == '-' || r.data[r.at] == '+') {
		r.at++
	}
	tok := r.data[start:r.at]
	if x, ok := shortDecimal(tok); ok {
		return x, true
	}
	x, err := strconv.ParseFloat(string(tok), 64)
	if err != nil || !(x >= 0 && x <= 1) {
		r.at = start
		return 0, false
	}
	return x, true
}

// shortDecimal reads "0", "1" or "0." and 1 to 15 digits exactly (the
// digits as an integer, divided by a power of ten, both exact in a
// float64, rounds once, as strconv does).
func shortDecimal(tok []byte) (float64, bool) {
	switch {
	case len(tok) == 1 && (tok[0] == '0' || tok[0] == '1'):
		return float64(tok[0] - '0'), true
	case len(tok) < 3 || len(tok) > 17 || tok[0] != '0' || tok[1] != '.':
		return 0, false
	}
	var v uint64
	for _, c := range tok[2:] {
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + uint64(c-'0')
	}
	return float64(v) / pow10[len(tok)-2], true
}

var pow10 = [...]float64{1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15}

func (r *probReader) end() error {
	r.space()
	if r.at != len(r.data) {
		return r.fail("the end")
	}
	return nil
}

func (r *probReader) fail(want string) error {
	if r.at >= len(r.data) {
		return fmt.Errorf("mines: probability rows end early, expected %s", want)
	}
	return fmt.Errorf("mines: probability rows: expected %s at byte %d, found %q", want, r.at+1, r.data[r.at])
}
