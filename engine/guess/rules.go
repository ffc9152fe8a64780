package guess

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Limits on the rules the engine accepts.
const (
	MaxLength   = 10        // a code packs into 40 bits of a Code
	MinSymbols  = 2         //
	MaxSymbols  = 16        // a symbol index fits in 4 bits
	MaxCodes    = 4_000_000 // the largest code space the engine enumerates
	DefaultDigs = "0123456789"
)

// Terms names the words a game uses for its two feedback counts; front ends
// translate them ("A"/"B", "Bulls"/"Cows", "EAT"/"BITE", black/white pegs).
type Terms string

const (
	TermsAB        Terms = "ab"
	TermsBullsCows Terms = "bulls-cows"
	TermsEatBite   Terms = "eat-bite"
	TermsPegs      Terms = "pegs"
)

// Rules fix one game: how long a code is, which symbols it uses and whether
// a symbol may appear more than once.
type Rules struct {
	Length   int    `json:"length"`
	Alphabet string `json:"alphabet"`
	Repeats  bool   `json:"repeats"`
	Terms    Terms  `json:"terms,omitempty"`

	symbols []rune // the alphabet, one symbol per index; set by Validate
}

// Preset is a named set of rules players know.
type Preset struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Rules Rules  `json:"rules"`
}

// Presets lists the named games, in the order a menu shows them.
func Presets() []Preset {
	list := []Preset{
		{"1a2b-4", "1A2B, 4 digits 0-9", Rules{Length: 4, Alphabet: DefaultDigs, Terms: TermsAB}},
		{"bulls-cows", "Bulls and Cows, 4 digits 0-9", Rules{Length: 4, Alphabet: DefaultDigs, Terms: TermsBullsCows}},
		{"numeron", "Numeron, 3 digits 0-9", Rules{Length: 3, Alphabet: DefaultDigs, Terms: TermsEatBite}},
		{"science-3", "Science fair, 3 digits 1-9", Rules{Length: 3, Alphabet: "123456789", Terms: TermsAB}},
		{"mastermind", "Mastermind, 4 pegs of 6 colours", Rules{Length: 4, Alphabet: "123456", Repeats: true, Terms: TermsPegs}},
	}
	for n := 3; n <= 10; n++ {
		if n == 4 {
			continue
		}
		list = append(list, Preset{fmt.Sprintf("1a2b-%d", n), fmt.Sprintf("1A2B, %d digits 0-9", n), Rules{Length: n, Alphabet: DefaultDigs, Terms: TermsAB}})
	}
	for i := range list {
		if err := list[i].Rules.Validate(); err != nil {
			panic("guess: bad preset " + list[i].ID + ": " + err.Error())
		}
	}
	return list
}

// PresetRules returns the validated rules of the preset with the given id.
func PresetRules(id string) (Rules, error) {
	for _, p := range Presets() {
		if p.ID == id {
			return p.Rules, nil
		}
	}
	ids := make([]string, 0, 16)
	for _, p := range Presets() {
		ids = append(ids, p.ID)
	}
	return Rules{}, inputError("preset", ReasonUnknownPreset, id, "unknown preset %q; known presets are %s", id, strings.Join(ids, ", "))
}

// Validate checks the rules and prepares them for use. Every other function
// expects validated rules.
func (r *Rules) Validate() error {
	if r.Length < 1 || r.Length > MaxLength {
		return inputError("length", ReasonLengthRange, strconv.Itoa(r.Length), "code length must be 1 to %d, not %d", MaxLength, r.Length)
	}
	if !utf8.ValidString(r.Alphabet) {
		return inputError("alphabet", ReasonBadValue, r.Alphabet, "the alphabet is not valid UTF-8 text")
	}
	symbols := []rune(r.Alphabet)
	if len(symbols) < MinSymbols || len(symbols) > MaxSymbols {
		return inputError("alphabet", ReasonAlphabetSize, r.Alphabet, "the alphabet must have %d to %d symbols, not %d", MinSymbols, MaxSymbols, len(symbols))
	}
	for i, s := range symbols {
		if unicode.IsSpace(s) || !unicode.IsPrint(s) {
			return &InputError{Field: "alphabet", Row: -1, Pos: i, Value: r.Alphabet, Reason: ReasonAlphabetSpace, Msg: "a symbol must be a visible character, not a space or control character"}
		}
		for j := 0; j < i; j++ {
			if symbols[j] == s {
				return &InputError{Field: "alphabet", Row: -1, Pos: i, Value: r.Alphabet, Reason: ReasonAlphabetDuplicate, Symbol: string(s), Other: &j, Msg: fmt.Sprintf("symbol %q is listed twice", s)}
			}
		}
	}
	if !r.Repeats && r.Length > len(symbols) {
		return inputError("length", ReasonTooLongForAlphabet, strconv.Itoa(r.Length), "without repeats a code of %d symbols needs at least %d symbols in the alphabet, not %d", r.Length, r.Length, len(symbols))
	}
	if r.Terms == "" {
		r.Terms = TermsAB
		if r.Repeats {
			r.Terms = TermsPegs
		}
	}
	switch r.Terms {
	case TermsAB, TermsBullsCows, TermsEatBite, TermsPegs:
	default:
		return inputError("terms", ReasonBadValue, string(r.Terms), "terms must be one of ab, bulls-cows, eat-bite, pegs")
	}
	r.symbols = symbols
	return nil
}

// Symbols returns the number of symbols in the alphabet.
func (r *Rules) Symbols() int { return len(r.symbols) }

// Size returns the number of codes the rules allow, computed without
// overflow for every valid rule set (the largest is 16^10).
func (r *Rules) Size() int64 {
	k := int64(len(r.symbols))
	size := int64(1)
	for i := 0; i < r.Length; i++ {
		if r.Repeats {
			size *= k
		} else {
			size *= k - int64(i)
		}
	}
	return size
}

// CheckSize returns a TooLargeError when the code space is too big to
// enumerate.
func (r *Rules) CheckSize() error {
	if size := r.Size(); size > MaxCodes {
		return &TooLargeError{Size: size, Limit: MaxCodes}
	}
	return nil
}

// ImpliedB reports whether B follows from A: every code uses every symbol,
// so whatever is not in place is misplaced (10 of 10 is answered by A alone).
func (r *Rules) ImpliedB() bool { return !r.Repeats && r.Length == len(r.symbols) }

// Allows reports whether A and B can be the feedback for some pair of codes
// under these rules. It rejects out-of-range counts and the classic
// impossibility: A = length-1 with B = 1 (the one misplaced symbol would have
// to sit in the only free position, which is its own).
func (r *Rules) Allows(f Feedback) bool {
	return r.checkFeedback(f) == nil
}

// withWant records on e what was expected (the largest count, say).
func withWant(want int, e *InputError) *InputError {
	e.Want = want
	return e
}

func (r *Rules) checkFeedback(f Feedback) *InputError {
	n := r.Length
	if f.A < 0 || f.A > n {
		return withWant(n, inputError("a", ReasonCountRange, strconv.Itoa(f.A), "A must be 0 to %d, not %d", n, f.A))
	}
	if f.B < 0 || f.B > n {
		return withWant(n, inputError("b", ReasonCountRange, strconv.Itoa(f.B), "B must be 0 to %d, not %d", n, f.B))
	}
	if f.A+f.B > n {
		return withWant(n, inputError("feedback", ReasonFeedbackRange, f.String(), "A+B is %d, more than the %d %s in a code", f.A+f.B, n, symbolsWord(n)))
	}
	if f.A == n-1 && f.B == 1 {
		return inputError("feedback", ReasonFeedbackImpossible, f.String(), "%dA1B is impossible: the one misplaced symbol could only go in its own position", n-1)
	}
	if !r.Repeats {
		// Without repeats a guess and a secret share at least
		// 2n - k symbols, where k is the alphabet size.
		if least := 2*n - len(r.symbols); f.A+f.B < least {
			return inputError("feedback", ReasonFeedbackImpossible, f.String(), "A+B is %d, but with %d symbols any two codes of length %d share at least %d", f.A+f.B, len(r.symbols), n, least)
		}
	}
	return nil
}
