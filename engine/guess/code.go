package guess

import (
	"fmt"
	"iter"
	"math/bits"
	"strconv"
	"strings"
	"unicode"
)

// Code is one code, packed. Position i (0 = leftmost, as written) holds a
// symbol index in bits 4i..4i+3. Bits 48..63 hold the set of symbols the
// code uses, which makes the B count of codes without repeats a single
// popcount. Two codes of the same rules are equal exactly when their
// Code values are equal.
type Code uint64

const (
	symbolBits = 4
	maskShift  = 48
	lowNibbles = 0x1111111111 // bit 0 of each of the 10 symbol nibbles
)

// Symbol returns the symbol index at position i.
func (c Code) Symbol(i int) int { return int(c>>(symbolBits*i)) & 0xF }

// MarshalJSON writes a code as a string of its decimal value. A code with
// the sixth symbol or a later one has a bit at 53 or above set (its set
// of symbols), and a JavaScript number, a double, rounds such a value:
// the perfect search's plan and parts cross the page between workers as
// JSON (engine/api's guess.tree split), and as numbers they reached the
// next worker as other codes, which built Mastermind's trees from
// guesses the search never chose.
func (c Code) MarshalJSON() ([]byte, error) {
	b := append([]byte{'"'}, strconv.FormatUint(uint64(c), 10)...)
	return append(b, '"'), nil
}

// UnmarshalJSON reads a code MarshalJSON wrote, or a bare number.
func (c *Code) UnmarshalJSON(text []byte) error {
	s := string(text)
	if s == "null" {
		return nil
	}
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		s = s[1 : len(s)-1]
	}
	v, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		return fmt.Errorf("a packed code is a whole number from 0 to 2^64−1, written as a string; got %s", text)
	}
	*c = Code(v)
	return nil
}

// Set returns the symbols the code uses, as a bit set over symbol indexes.
func (c Code) Set() uint16 { return uint16(c >> maskShift) }

// MakeCode packs symbol indexes into a Code.
func MakeCode(symbols []int) Code {
	var c Code
	for i, s := range symbols {
		c |= Code(s) << (symbolBits * i)
		c |= 1 << (maskShift + s)
	}
	return c
}

// counts packs how often each symbol occurs in the code: symbol s in bits
// 4s..4s+3 (a count is at most 10).
func (c Code) counts(length int) uint64 {
	var n uint64
	for i := 0; i < length; i++ {
		n += 1 << (4 * c.Symbol(i))
	}
	return n
}

// hasRepeat reports whether some symbol occurs twice.
func (c Code) hasRepeat(length int) bool {
	return bits.OnesCount16(c.Set()) != length
}

// Format writes the code with the rules' alphabet.
func (r *Rules) Format(c Code) string {
	var b strings.Builder
	for i := 0; i < r.Length; i++ {
		b.WriteRune(r.symbols[c.Symbol(i)])
	}
	return b.String()
}

// ParseCode reads a code written with the rules' alphabet. Whitespace is
// ignored, and a letter that is not in the alphabet matches its other case
// when that one is. The error names the position of the first bad symbol
// within the code's length; a code too long is said to be too long.
// field names the input in errors ("guess", "secret", ...).
func (r *Rules) ParseCode(text, field string) (Code, error) {
	symbols := make([]int, 0, MaxLength)
	for _, ch := range text {
		if unicode.IsSpace(ch) {
			continue
		}
		pos := len(symbols)
		if pos >= r.Length {
			// Past the code's length the symbols are not judged: what is
			// wrong there is the length ("1234567" in Mastermind, whose
			// symbols are 1 to 6, has seven pegs, not a 7 that is no
			// symbol).
			symbols = append(symbols, 0)
			continue
		}
		s := r.symbolIndex(ch)
		if s < 0 {
			return 0, &InputError{Field: field, Row: -1, Pos: pos, Value: text, Reason: ReasonUnknownSymbol, Symbol: string(ch),
				Msg: fmt.Sprintf("%q is not a symbol of this game (symbols: %s)", ch, r.Alphabet)}
		}
		if !r.Repeats {
			for p, prev := range symbols {
				if prev == s {
					return 0, &InputError{Field: field, Row: -1, Pos: pos, Value: text, Reason: ReasonRepeatedSymbol, Symbol: string(ch), Other: &p,
						Msg: fmt.Sprintf("%q already appears at position %d, and this game does not allow repeats", ch, p+1)}
				}
			}
		}
		symbols = append(symbols, s)
	}
	if len(symbols) != r.Length {
		return 0, &InputError{Field: field, Row: -1, Pos: -1, Value: text, Reason: ReasonCodeLength, Want: r.Length,
			Msg: fmt.Sprintf("a code has %d %s, not %d", r.Length, symbolsWord(r.Length), len(symbols))}
	}
	return MakeCode(symbols), nil
}

func (r *Rules) symbolIndex(ch rune) int {
	for i, s := range r.symbols {
		if s == ch {
			return i
		}
	}
	if n := narrow(ch); n != ch {
		return r.symbolIndex(n) // a full-width form of a symbol
	}
	for _, other := range []rune{unicode.ToUpper(ch), unicode.ToLower(ch)} {
		if other == ch {
			continue
		}
		for i, s := range r.symbols {
			if s == other {
				return i
			}
		}
	}
	return -1
}

// Valid reports whether c is a code of these rules: every symbol inside the
// alphabet, the symbol set consistent, no repeat unless allowed.
func (r *Rules) Valid(c Code) bool {
	var set uint16
	for i := 0; i < r.Length; i++ {
		s := c.Symbol(i)
		if s >= len(r.symbols) {
			return false
		}
		set |= 1 << s
	}
	if c>>(symbolBits*r.Length)&(1<<(maskShift-symbolBits*r.Length)-1) != 0 {
		return false // stray bits between the symbols and the set
	}
	return c.Set() == set && (r.Repeats || !c.hasRepeat(r.Length))
}

// Codes yields every code of the rules in lexicographic order of symbol
// indexes (leftmost position most significant). It does not check the size:
// callers that collect the codes use AllCodes.
func (r *Rules) Codes() iter.Seq[Code] {
	return func(yield func(Code) bool) {
		k := len(r.symbols)
		var walk func(pos int, c Code, used uint16) bool
		walk = func(pos int, c Code, used uint16) bool {
			if pos == r.Length {
				return yield(c | Code(used)<<maskShift)
			}
			for s := 0; s < k; s++ {
				if !r.Repeats && used&(1<<s) != 0 {
					continue
				}
				if !walk(pos+1, c|Code(s)<<(symbolBits*pos), used|1<<s) {
					return false
				}
			}
			return true
		}
		walk(0, 0, 0)
	}
}

// AllCodes returns every code of the rules, in the order of Codes. It fails
// with a TooLargeError when there are more than MaxCodes.
func (r *Rules) AllCodes() ([]Code, error) {
	if err := r.CheckSize(); err != nil {
		return nil, err
	}
	codes := make([]Code, 0, r.Size())
	for c := range r.Codes() {
		codes = append(codes, c)
	}
	return codes, nil
}

// symbolsWord is "symbol" for a count of 1 and "symbols" for any other.
func symbolsWord(n int) string {
	if n == 1 {
		return "symbol"
	}
	return "symbols"
}
