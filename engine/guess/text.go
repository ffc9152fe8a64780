package guess

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The text form of a history is one turn per line: the guess, then its
// feedback, as players write it (a line may hold several turns, and a
// code may be spaced out: see ParseHistory). All of these read as A=1,
// B=2:
//
//	1234 1A2B      1234 1a 2b     1234 A1 B2     1234 1 2
//	1234, 1-2      1234 1EAT2BITE 1234 1 bull 2 cows
//	1234 1B2W      1234 1黑2白     1234 1ヒット2ブロー 1234 1H2B
//	1234 1●2○      1234 1公2母     1234 ●○○ (a key peg each)
//
// Blank lines and lines starting with # or // are skipped (unless the game
// has # or / as a symbol: the line is then a guess), and a leading
// turn number ("3.", "3)", "#3", "Guess 3:", "第3回", "3回目", or a bare
// "3" that is no guess) is ignored. When every code uses every symbol
// (10 distinct of 10), B is implied and "3A" or a bare "3" is enough.

// aWords and bWords are the labels, lower-cased, for the two counts.
var (
	aWords = []string{"a", "e", "eat", "eats", "bull", "bulls", "black", "blacks", "h", "hit", "hits", "黑", "黒", "ヒット", "イート", "公牛", "公", "●"}
	bWords = []string{"bite", "bites", "c", "cow", "cows", "white", "whites", "blow", "blows", "白", "ブロー", "バイト", "母牛", "母", "○"}
)

// pegLabels are the key pegs drawn as dots, each a label of its own: the
// English page writes Mastermind's answers short as "1●2○" (its charts,
// its strategy tree).
const pegLabels = "●○"

// ParseFeedback reads feedback such as "1A2B", in any of the forms of the
// text format above, and checks it is possible under the rules.
func (r *Rules) ParseFeedback(text string) (Feedback, error) {
	f, msg := r.readFeedback(text)
	if msg != "" {
		return Feedback{}, inputError("feedback", ReasonFeedbackSyntax, text, "%s", msg)
	}
	if err := r.checkFeedback(f); err != nil {
		return Feedback{}, err
	}
	return f, nil
}

type feedbackToken struct {
	number int    // -1 for a label
	label  string // lower-cased
	typed  string // the label as the reader wrote it, for the messages
}

func (r *Rules) readFeedback(text string) (Feedback, string) {
	tokens, bad := tokenizeFeedback(text)
	if bad != "" {
		return Feedback{}, bad
	}
	var numbers []int
	var labels []string
	for _, t := range tokens {
		if t.number >= 0 {
			numbers = append(numbers, t.number)
		} else {
			labels = append(labels, t.label)
		}
	}
	if f, ok := pegsDrawn(tokens); ok {
		return f, ""
	}
	switch {
	case len(numbers) == 0:
		return Feedback{}, "no counts found; write feedback like 1A2B"
	case len(numbers) > 2:
		return Feedback{}, "too many numbers; write feedback like 1A2B"
	case len(labels) == 0:
		if len(numbers) == 2 {
			return Feedback{A: numbers[0], B: numbers[1]}, ""
		}
		return r.singleCount(numbers[0], true)
	}
	// A bare "B" means a different count in each game's notation: B(ite)
	// after E(AT), B(ull) before C(ow), B(lack) beside W(hite), the second
	// count after A. The other labels on the line decide; alone, the
	// game's own terms do ("2B" is two bulls in Bulls and Cows).
	bSide := r.bareBSide(labels)
	side := func(label string) (int, bool) {
		switch label {
		case "b":
			return bSide, true
		case "w":
			return 1, true
		}
		for _, w := range aWords {
			if label == w {
				return 0, true
			}
		}
		for _, w := range bWords {
			if label == w {
				return 1, true
			}
		}
		return 0, false
	}
	// Labels follow their numbers ("1A2B") unless the text starts with one
	// ("A1 B2").
	prefix := tokens[0].number < 0
	counts := [2]int{-1, -1}
	for i, t := range tokens {
		if t.number >= 0 {
			continue
		}
		s, ok := side(t.label)
		if !ok {
			return Feedback{}, fmt.Sprintf("%q is not a feedback word; write feedback like 1A2B", t.typed)
		}
		j := i - 1
		if prefix {
			j = i + 1
		}
		if j < 0 || j >= len(tokens) || tokens[j].number < 0 {
			return Feedback{}, fmt.Sprintf("%q has no count next to it", t.typed)
		}
		if counts[s] >= 0 {
			return Feedback{}, fmt.Sprintf("%q is given twice", t.typed)
		}
		counts[s] = tokens[j].number
	}
	if len(numbers) != len(labels) {
		return Feedback{}, "each count needs its own label, as in 1A2B"
	}
	if counts[1] < 0 {
		return r.singleCount(counts[0], false)
	}
	if counts[0] < 0 {
		counts[0] = 0
	}
	return Feedback{A: counts[0], B: counts[1]}, ""
}

// pegsDrawn reads key pegs drawn one per peg, with no count: "●●○" is two
// black and one white, as Mastermind apps and forums show an answer.
func pegsDrawn(tokens []feedbackToken) (Feedback, bool) {
	var f Feedback
	for _, t := range tokens {
		switch t.label {
		case "●":
			f.A++
		case "○":
			f.B++
		default:
			return Feedback{}, false
		}
	}
	return f, len(tokens) > 0
}

// bareBSide says which count (0 for the first, 1 for the second) a bare
// "B" stands for, given the other labels on the line and the game.
func (r *Rules) bareBSide(labels []string) int {
	for _, l := range labels {
		switch l {
		case "a", "e", "eat", "eats", "h", "hit", "hits":
			return 1 // 1A2B, 0E1B, 1H2B (Hit & Blow): B is the second count
		case "c", "cow", "cows", "w", "white", "whites":
			return 0 // 1B2C, 1B2W: B is bulls, or black pegs
		}
	}
	if r.Terms == TermsBullsCows || r.Terms == TermsPegs {
		return 0
	}
	return 1
}

// singleCount reads feedback given as one count: A, with B implied or zero.
// An unlabelled two-digit count like "12" means 1A2B unless codes are 10
// long.
func (r *Rules) singleCount(n int, unlabelled bool) (Feedback, string) {
	switch {
	case r.ImpliedB():
		return Feedback{A: n, B: r.Length - n}, ""
	case unlabelled && n >= 10 && n <= 99 && r.Length < 10:
		return Feedback{A: n / 10, B: n % 10}, ""
	case unlabelled:
		return Feedback{}, "give both counts, like 1A2B"
	}
	return Feedback{A: n}, ""
}

func tokenizeFeedback(text string) ([]feedbackToken, string) {
	var tokens []feedbackToken
	typed := []rune(text)
	runes := make([]rune, len(typed))
	for i, ch := range typed {
		runes[i] = narrow(ch)
	}
	for i := 0; i < len(runes); {
		ch := runes[i]
		switch {
		case unicode.IsDigit(ch):
			// A count is at most 10, and two counts run together ("12",
			// 1A2B) are two digits: three or more are neither.
			start, n := i, 0
			for ; i < len(runes) && unicode.IsDigit(runes[i]); i++ {
				d := digitValue(runes[i])
				if d < 0 {
					return nil, fmt.Sprintf("%q is not a digit this reader knows", runes[i])
				}
				if i-start == 2 {
					for i < len(runes) && unicode.IsDigit(runes[i]) {
						i++
					}
					return nil, fmt.Sprintf("%q has too many digits to be a count; write feedback like 1A2B", string(typed[start:i]))
				}
				n = n*10 + d
			}
			tokens = append(tokens, feedbackToken{number: n})
		case unicode.IsLetter(ch):
			start := i
			if w := hanWordAt(runes, i); w > 0 {
				i += w
			} else {
				for ; i < len(runes) && unicode.IsLetter(runes[i]) && !isCJKLabelBoundary(runes, start, i); i++ {
				}
			}
			tokens = append(tokens, feedbackToken{number: -1, label: strings.ToLower(string(runes[start:i])), typed: string(typed[start:i])})
		case strings.ContainsRune(pegLabels, ch):
			tokens = append(tokens, feedbackToken{number: -1, label: string(ch), typed: string(typed[i])})
			i++
		case unicode.IsSpace(ch) || strings.ContainsRune(feedbackPunctuation, ch):
			i++
		default:
			return nil, fmt.Sprintf("unexpected %q in the feedback", typed[i])
		}
	}
	return tokens, ""
}

// feedbackPunctuation is what may sit between or around the counts and is
// skipped: separators, brackets, arrows and a closing full stop
// ("1A2B.", "→ 1A2B", "1、2").
const feedbackPunctuation = ",;:/-–—|()[]=+.!~>→⇒、。：，"

// isCJKLabelBoundary splits runs like "黑白" where two one-character labels
// touch: a single ideograph is a whole label, unless it starts one of the
// longer words (hanWordAt).
func isCJKLabelBoundary(runes []rune, start, i int) bool {
	return i > start && (unicode.Is(unicode.Han, runes[i]) || unicode.Is(unicode.Han, runes[i-1]))
}

// hanWords are the labels written with more than one ideograph: 公牛 and
// 母牛, as the Simplified Chinese page writes its feedback ("1 公牛 2 母牛").
var hanWords = func() (words [][]rune) {
	for _, w := range append(append([]string{}, aWords...), bWords...) {
		rs := []rune(w)
		if len(rs) > 1 && unicode.Is(unicode.Han, rs[0]) {
			words = append(words, rs)
		}
	}
	return
}()

// hanWordAt returns the length of the multi-ideograph label that starts at
// runes[i], or 0.
func hanWordAt(runes []rune, i int) int {
	for _, w := range hanWords {
		if i+len(w) <= len(runes) && string(runes[i:i+len(w)]) == string(w) {
			return len(w)
		}
	}
	return 0
}

// narrow maps a full-width form (as Japanese and Chinese input methods
// type: "１Ａ２Ｂ") to its ASCII letter, digit or sign.
func narrow(ch rune) rune {
	if ch >= '！' && ch <= '～' {
		return ch - '！' + '!'
	}
	if ch == '\u3000' { // ideographic space
		return ' '
	}
	return ch
}

// digitValue returns the value of a decimal digit in any script (ASCII,
// full-width, ...), or -1.
func digitValue(ch rune) int {
	if ch >= '0' && ch <= '9' {
		return int(ch - '0')
	}
	if !unicode.IsDigit(ch) {
		return -1
	}
	// Unicode's decimal digits come in whole runs of ten, zero to nine,
	// and some runs touch (the five mathematical styles, 𝟎 to 𝟿): the
	// value is the distance from the start of the block, modulo ten.
	start := ch
	for unicode.IsDigit(start-1) && ch-start < 100 {
		start--
	}
	return int(ch-start) % 10
}

// TextTurn is one turn read from the text form, with the 0-based line it
// came from so errors and edits can point at it.
type TextTurn struct {
	Line int
	Turn Turn
}

// LineError is an error ParseHistory found on a line of the text: the
// InputError (its Row is the 0-based line), with where the fault lies in
// that line, so a reader can be taken to it in a long line ("0123 1A2B,
// 4567 0A0B, 8901 3A0X"): its Col is the 0-based offset of the fault's
// first character and its Len how many characters it spans (at least 1
// when placed), counted in characters (runes), not bytes, in the line as
// given: its leading spaces, and on the first line a byte-order mark,
// count. They are the InputError's own, so a caller that sees only the
// InputError (the API's error) has them too.
type LineError struct {
	*InputError
}

func (e *LineError) Unwrap() error { return e.InputError }

// ParseHistory reads the text form of a history. Errors are a
// *LineError, which names the line (InputError.Row is the 0-based line
// number) and the characters at fault in it.
//
// A line holds one turn as a rule, but a history pasted from a chat often
// runs its turns together ("0123 1A2B 4567 0A0B", "0123 1A2B, 4567
// 0A0B"), and some write a code with spaces between its symbols ("1 2 3 4
// 1A2B"). Both read the one way they can: guess, answer, guess, answer.
func (r *Rules) ParseHistory(text string) ([]TextTurn, error) {
	var turns []TextTurn
	// A byte-order mark is no symbol, and a lone \r ends a line as an
	// editor shows it (a file from an old Mac).
	bom := 0
	if rest, ok := strings.CutPrefix(text, "\uFEFF"); ok {
		text, bom = rest, 1
	}
	text = strings.ReplaceAll(text, "\r\n", "\n")
	text = strings.ReplaceAll(text, "\r", "\n")
	for line, raw := range strings.Split(text, "\n") {
		s := strings.TrimSpace(raw)
		if s == "" {
			continue
		}
		fields, at := r.lineFields(raw, false)
		if r.isComment(s) && !r.isNumberedTurn(fields) {
			continue
		}
		// A chat adds emoji and signs: a line of them alone ("👍") is
		// skipped, and a line that reads without them is read so
		// ("0123 ➡️ 1A2B ✅"). A line that does not is wrong without
		// them ("👍 4567": 4567 has no answer), unless one stands where
		// an answer should ("0123 🐂🐂🐄": that is no answer).
		plain, plainAt := r.lineFields(raw, true)
		if len(plain) == 0 {
			continue
		}
		if len(fields) == 1 && !r.isCode(fields[0]) {
			err := &InputError{Field: "feedback", Row: line, Pos: -1, Value: raw, Reason: ReasonFeedbackSyntax,
				Msg: "a line needs a guess and its feedback, like 1234 1A2B"}
			return nil, lineError(err, fields, at, fieldSpan{0, 1, -1}, line, bom)
		}
		read, err, span := r.readLine(fields)
		if err != nil && len(plain) < len(fields) {
			again, bad, plainSpan := r.readLine(plain)
			switch {
			case bad == nil:
				read, err = again, nil
			case err.Reason != ReasonFeedbackSyntax:
				err, span, fields, at = bad, plainSpan, plain, plainAt
			}
		}
		if err != nil {
			err.Row = line
			return nil, lineError(err, fields, at, span, line, bom)
		}
		for _, t := range read {
			turns = append(turns, TextTurn{Line: line, Turn: t})
		}
	}
	return turns, nil
}

// fieldSpan is the part of a line an error is about: fields from to to
// (not included), and within them the symbol of a guess at fault (the
// InputError's Pos, counted in the guess's symbols), or -1.
type fieldSpan struct {
	from, to, symbol int
}

// lineError places err in its line: the fields of span, or the one
// symbol it names, as characters of the line given (bom: 1 when the text
// began with a byte-order mark, which counts on the first line).
func lineError(err *InputError, fields []string, at []int, span fieldSpan, line, bom int) *LineError {
	e := &LineError{InputError: err}
	err.inText = true
	if span.from < 0 || span.to > len(fields) || span.from >= span.to {
		return e
	}
	e.Col = at[span.from]
	e.Len = at[span.to-1] + utf8.RuneCountInString(fields[span.to-1]) - e.Col
	if span.symbol >= 0 {
		if span.to-span.from > 1 {
			// A code written a symbol to a field: the symbol is a field.
			if span.from+span.symbol < span.to {
				e.Col, e.Len = at[span.from+span.symbol], 1
			}
		} else if i := symbolOffset(fields[span.from], span.symbol); i >= 0 {
			e.Col, e.Len = e.Col+i, 1
		}
	}
	if line == 0 {
		e.Col += bom
	}
	return e
}

// symbolOffset returns the offset, in characters, of a code's nth symbol
// in a field (as ParseCode counts symbols, skipping spaces), or -1.
func symbolOffset(field string, n int) int {
	i := 0
	for _, ch := range field {
		if !unicode.IsSpace(ch) {
			if n == 0 {
				return i
			}
			n--
		}
		i++
	}
	return -1
}

// isComment reports whether a line is a comment: it starts with # or //,
// unless the game uses that character as a symbol, when it is a guess.
func (r *Rules) isComment(line string) bool {
	return strings.HasPrefix(line, "#") && r.symbolIndex('#') < 0 ||
		strings.HasPrefix(line, "//") && r.symbolIndex('/') < 0
}

// isNumberedTurn reports whether a line starting with "#" is a turn
// numbered "#1", as some apps and forums number them, and not a comment:
// its turn number is gone from fields and a guess follows.
func (r *Rules) isNumberedTurn(fields []string) bool {
	return len(fields) > 0 && !strings.HasPrefix(fields[0], "#") && r.startsGuess(fields)
}

// lineFields splits a line of history into its fields, skipping a leading
// turn number ("3.", "3)", "#3", "Guess 3", "Turn #3", "第3回", "3回目").
// A field ends at a space, or at a separator such as ":" or an arrow
// ("5678: 0A1B", "Guess 1: 1234 → 1A2B") unless the game uses that
// character as a symbol. at holds where each field starts in the line,
// in characters. decorated drops the fields that are only signs or
// emoji (isDecoration).
func (r *Rules) lineFields(line string, decorated bool) (fields []string, at []int) {
	separator := func(ch rune) bool {
		return unicode.IsSpace(ch) || ((strings.ContainsRune(guessSeparators, ch) || isInvisible(ch)) && r.symbolIndex(ch) < 0)
	}
	start, i := -1, 0
	for b, ch := range line {
		switch {
		case separator(ch) && start >= 0:
			fields, at = append(fields, line[start:b]), append(at, i-utf8.RuneCountInString(line[start:b]))
			start = -1
		case !separator(ch) && start < 0:
			start = b
		}
		i++
	}
	if start >= 0 {
		fields, at = append(fields, line[start:]), append(at, i-utf8.RuneCountInString(line[start:]))
	}
	// A dash alone separates too: "Turn 3 - 1234 - 1A2B"; and with
	// decorated, so does a sign or an emoji a chat adds between the
	// fields ("0123 ➡️ 1A2B", "0123 4A0B 🎉").
	// Kept in place, in one pass: a long line of turns drops many.
	kept := 0
	for k, f := range fields {
		if strings.Trim(f, "-–—") == "" && r.symbolIndex([]rune(f)[0]) < 0 || decorated && r.isDecoration(f) {
			continue
		}
		fields[kept], at[kept] = f, at[k]
		kept++
	}
	fields, at = fields[:kept], at[:kept]
	// "3." is a turn number, unless the game has "." as a symbol and the
	// line holds no more than a guess and its feedback.
	if len(fields) > 1 && isTurnNumber(fields[0]) && (len(fields) > 2 || r.symbolIndex(rune(fields[0][len(fields[0])-1])) < 0) {
		return fields[1:], at[1:]
	}
	if n := turnLabel(fields); n > 0 && len(fields) > n && !r.startsGuess(fields) && r.startsGuess(fields[n:]) {
		return fields[n:], at[n:]
	}
	return fields, at
}

// isInvisible reports whether ch is a character a chat app or an editor
// puts in text unseen: a zero-width space or joiner, a direction mark, a
// byte-order mark inside the text, a variation selector (the one that
// makes ➡ an emoji, ➡️). It separates fields as a space does.
func isInvisible(ch rune) bool {
	return unicode.Is(unicode.Cf, ch) || unicode.Is(unicode.Variation_Selector, ch)
}

// isDecoration reports whether a field is only signs or emoji, none of
// them a symbol of the game nor a key peg: it can be no part of a guess
// or an answer ("👍", "✅", "➡", "~").
func (r *Rules) isDecoration(field string) bool {
	for _, ch := range field {
		if unicode.IsLetter(ch) || unicode.IsDigit(ch) || unicode.IsSpace(ch) || strings.ContainsRune(pegLabels, ch) || r.symbolIndex(ch) >= 0 {
			return false
		}
	}
	return field != ""
}

// turnLabel returns how many fields at the start of a line name its turn:
// "#3", "第3回" or "3回目" (one field), or a word and its number, "Guess 3",
// "Turn #3", "Round 3." (two); 0 when they do not. The caller checks a
// guess follows, so a guess that looks like one is never lost.
func turnLabel(fields []string) int {
	switch {
	case len(fields) == 0:
		return 0
	case isHashNumber(fields[0]) || isCJKTurn(narrowAll(fields[0])):
		return 1
	case len(fields) > 1 && isWord(fields[0]) && (isDigits(narrowAll(fields[1])) || isHashNumber(fields[1]) || isTurnNumber(narrowAll(fields[1]))):
		return 2
	}
	return 0
}

// isCJKTurn reports whether s is a turn numbered in Chinese or Japanese:
// 第3回, 第3次, 第3轮, 第3手, 3回目, 3手目, 3次. Matched by hand: the
// regular expression it was brought package regexp into the module,
// 130 KB gzipped, for this one pattern.
func isCJKTurn(s string) bool {
	rest, ordinal := strings.CutPrefix(s, "第")
	digits := 0
	for digits < len(rest) && rest[digits] >= '0' && rest[digits] <= '9' {
		digits++
	}
	if digits == 0 {
		return false
	}
	rest = strings.TrimSuffix(rest[digits:], "目")
	counters := "回次手"
	if ordinal {
		counters = "回次轮輪手步局"
	}
	counter, size := utf8.DecodeRuneInString(rest)
	return size > 0 && size == len(rest) && strings.ContainsRune(counters, counter)
}

// isHashNumber reports whether s is a turn number written "#3" (or "#3.").
func isHashNumber(s string) bool {
	s = narrowAll(s)
	return len(s) > 1 && s[0] == '#' && (isDigits(s[1:]) || isTurnNumber(s[1:]))
}

// isWord reports whether s is a word of letters, such as "Guess" or "Turn".
func isWord(s string) bool {
	for _, ch := range s {
		if !unicode.IsLetter(ch) {
			return false
		}
	}
	return s != ""
}

// narrowAll is narrow for every character of s.
func narrowAll(s string) string { return strings.Map(narrow, s) }

// readLine reads the fields of one line. A bare "3" first is a turn
// number, as a copied table gives it ("3<tab>0123<tab>1A2B"), when the
// line does not read with it as its guess: "1234 1 2" stays the guess
// 1234 with A=1, B=2, and "1 2 3 4 1 2" the guess 1234. span is the part
// of fields an error is about.
func (r *Rules) readLine(fields []string) ([]Turn, *InputError, fieldSpan) {
	turns, err, span := r.readTurns(fields)
	if err != nil && len(fields) > 2 && isDigits(fields[0]) && !r.isCode(fields[0]) {
		if after, again, _ := r.readTurns(fields[1:]); again == nil {
			return after, nil, fieldSpan{}
		}
	}
	return turns, err, span
}

// readTurns reads the fields of one line as guess, answer, guess,
// answer... An answer takes every field left when they read as one
// ("1234 1 bull 2 cows"); otherwise it is the longest run of fields that
// reads as an answer and is followed by a guess. Errors name no row; span
// says which fields they are about.
func (r *Rules) readTurns(fields []string) ([]Turn, *InputError, fieldSpan) {
	var turns []Turn
	for i := 0; i < len(fields); {
		if len(turns) > 0 {
			i += r.turnLabelAt(fields[i:]) // "1. 0123 1A2B 2. 4567 0A0B", "#1 … #2 …", "第1回 … 第2回 …"
		}
		guess, n := r.guessAt(fields[i:])
		code, err := r.ParseCode(guess, "guess")
		if err != nil {
			if turn, k := r.swappedAt(fields[i:]); k > 0 {
				return nil, &InputError{Field: "guess", Row: -1, Pos: -1, Value: strings.Join(fields[i:i+k], " "), Reason: ReasonSwapped, Symbol: turn,
					Msg: fmt.Sprintf("the guess and the answer seem swapped; write the guess first: %s", turn)}, fieldSpan{i, i + k, -1}
			}
			in := err.(*InputError)
			return nil, in, fieldSpan{i, i + n, in.Pos}
		}
		rest := fields[i+n:]
		if len(rest) == 0 {
			return nil, &InputError{Field: "feedback", Row: -1, Pos: -1, Value: guess, Reason: ReasonNoAnswer,
				Msg: fmt.Sprintf("the guess %s has no answer after it", guess)}, fieldSpan{i, i + n, -1}
		}
		i += n
		k, f, bad := r.answerAt(rest)
		if bad != nil {
			return nil, bad, fieldSpan{i, i + k, -1}
		}
		turns = append(turns, Turn{Guess: code, Feedback: f})
		i += k
	}
	return turns, nil, fieldSpan{}
}

// swappedAt reads, where a guess should start, a turn written answer
// first ("1A2B 0123"): an answer with its labels or pegs (bare counts may
// be a turn's number), then a code. It returns the turn written the
// right way round ("0123 1A2B") and how many fields it takes, or 0.
func (r *Rules) swappedAt(fields []string) (string, int) {
	for k := min(len(fields)-1, maxAnswerFields); k >= 1; k-- {
		answer := strings.Join(fields[:k], " ")
		if !strings.ContainsFunc(answer, unicode.IsLetter) && !strings.ContainsAny(answer, pegLabels) {
			continue
		}
		if _, bad := r.readFeedback(answer); bad != "" {
			continue
		}
		if guess, n := r.guessAt(fields[k:]); r.isCode(guess) {
			return guess + " " + answer, k + n
		}
	}
	return "", 0
}

// maxAnswerFields bounds an answer followed by another turn on its line:
// the longest form, "1 bulls, 2 cows", is four fields.
const maxAnswerFields = 8

// answerAt reads the answer at the start of fields and says how many
// fields it took. When no run of fields reads, the error is about the
// fields up to the next thing that looks like a guess, or all of them,
// and k says how many.
func (r *Rules) answerAt(fields []string) (k int, f Feedback, bad *InputError) {
	// All the rest of the line is tried as one answer only when it could
	// be one: each try reads the rest, and on a long line of turns every
	// answer tried so made its reading quadratic.
	if r.mayBeOneAnswer(fields) {
		if whole, err := r.ParseFeedback(strings.Join(fields, " ")); err == nil {
			return len(fields), whole, nil
		}
	}
	for k := min(len(fields)-1, maxAnswerFields); k >= 1; k-- {
		if !r.startsTurn(fields[k:]) {
			continue
		}
		if f, err := r.ParseFeedback(strings.Join(fields[:k], " ")); err == nil {
			return k, f, nil
		}
	}
	k = len(fields)
	for j := 1; j < len(fields); j++ {
		if r.startsTurn(fields[j:]) {
			k = j
			break
		}
	}
	f, err := r.ParseFeedback(strings.Join(fields[:k], " "))
	if err == nil {
		// Longer than an answer written with counts, but one: key
		// pegs drawn apart ("● ● ● ● ● ● ● ● ○ ○").
		return k, f, nil
	}
	return k, Feedback{}, err.(*InputError)
}

// mayBeOneAnswer reports whether fields could read as one answer, without
// reading them: an answer holds at most two counts and their labels, or
// a key peg drawn for each symbol of a code, and a field that holds
// anything but the punctuation around them is at least one of those. It
// looks at no more fields than that, plus the punctuation between them.
func (r *Rules) mayBeOneAnswer(fields []string) bool {
	most, n := max(4, r.Length), 0
	for _, f := range fields {
		if strings.IndexFunc(f, func(ch rune) bool {
			ch = narrow(ch)
			return !unicode.IsSpace(ch) && !strings.ContainsRune(feedbackPunctuation, ch)
		}) < 0 {
			continue
		}
		if n++; n > most {
			return false
		}
	}
	return true
}

// guessAt returns the guess at the start of fields and how many fields
// it takes: the first field, or a code written one symbol to a field
// ("1 2 3 4"), as many fields as a code has symbols (a letter or digit
// that is no symbol counts, for the error to name it).
func (r *Rules) guessAt(fields []string) (string, int) {
	n := 0
	for n < len(fields) && n < r.Length && r.isOneCharacter(fields[n]) {
		n++
	}
	if n <= 1 {
		return fields[0], 1
	}
	return strings.Join(fields[:n], " "), n
}

// startsGuess reports whether fields start with what is meant as a guess,
// after a turn number if any: a code, a code spaced out, or a field as
// long as a code with one symbol wrong ("45x7"), so that a typo in the
// second guess of a line is named as one.
func (r *Rules) startsGuess(fields []string) bool {
	if r.isMidLineTurnNumber(fields) {
		fields = fields[1:]
	}
	return r.isGuessAt(fields)
}

// startsTurn reports whether fields start with the next turn of a line
// of several: a guess, after a turn's number or label if any.
func (r *Rules) startsTurn(fields []string) bool {
	return r.isGuessAt(fields[r.turnLabelAt(fields):])
}

// turnLabelAt returns how many fields at the start of fields number the
// turn that follows on a line of several: "2." or "2)", and when a guess
// follows, "#2", "第2回", "2回目", "Guess 2:" (turnLabel); else 0.
func (r *Rules) turnLabelAt(fields []string) int {
	if r.isMidLineTurnNumber(fields) {
		return 1
	}
	if n := turnLabel(fields); n > 0 && len(fields) > n && !r.isGuessAt(fields) && r.isGuessAt(fields[n:]) {
		return n
	}
	return 0
}

// isGuessAt is startsGuess with no turn number before the guess.
func (r *Rules) isGuessAt(fields []string) bool {
	if len(fields) == 0 {
		return false
	}
	guess, _ := r.guessAt(fields)
	if r.isCode(guess) {
		return true
	}
	runes := []rune(strings.ReplaceAll(guess, " ", "")) // "1 2 x 4" has four symbols
	if len(runes) != r.Length {
		return false
	}
	wrong := 0
	for _, ch := range runes {
		if r.symbolIndex(ch) < 0 {
			wrong++
		}
	}
	return wrong <= 1
}

// isMidLineTurnNumber reports whether fields start with a turn number,
// "2." or "2)", followed by more.
func (r *Rules) isMidLineTurnNumber(fields []string) bool {
	return len(fields) > 1 && isTurnNumber(fields[0]) && r.symbolIndex(rune(fields[0][len(fields[0])-1])) < 0
}

// isOneCharacter reports whether s is one symbol of the game, or one
// letter or digit.
func (r *Rules) isOneCharacter(s string) bool {
	runes := []rune(s)
	return len(runes) == 1 && (r.symbolIndex(runes[0]) >= 0 || unicode.IsLetter(runes[0]) || unicode.IsDigit(runes[0]))
}

// guessSeparators may end a guess on a line of history text.
// The Chinese and Japanese list marks (、) and full stop (。) part turns
// as a comma does ("0123 1A2B、4567 0A0B"), and brackets and quotation
// marks close round a code or an answer ("0123（1A2B）", "0123「1A2B」").
const guessSeparators = ",;:=→⇒>|：，；、。()（）[]［］「」『』【】“”"

func isTurnNumber(s string) bool {
	if len(s) < 2 || (s[len(s)-1] != '.' && s[len(s)-1] != ')') {
		return false
	}
	_, err := strconv.Atoi(s[:len(s)-1])
	return err == nil
}

func isDigits(s string) bool {
	for _, ch := range s {
		if ch < '0' || ch > '9' {
			return false
		}
	}
	return s != ""
}

// isCode reports whether s reads as a code of the game.
func (r *Rules) isCode(s string) bool {
	_, err := r.ParseCode(s, "guess")
	return err == nil
}

// FormatTurn writes a turn in the text form, as "1234 1A2B".
func (r *Rules) FormatTurn(t Turn) string {
	return r.Format(t.Guess) + " " + t.Feedback.String()
}

// FormatHistory writes turns in the text form, one per line.
func (r *Rules) FormatHistory(turns []Turn) string {
	var b strings.Builder
	for _, t := range turns {
		b.WriteString(r.FormatTurn(t))
		b.WriteByte('\n')
	}
	return b.String()
}

// ExampleTurn is a turn to show how a history is written in this game:
// the guess of its first symbols in order ("0123", Mastermind's "1234")
// and the answer of a secret that swaps the first two and, when a symbol
// is left over, puts it last ("1024"): 1A2B in the classic game, and a
// possible answer whatever the rules, since it is a real secret's.
func (r *Rules) ExampleTurn() Turn {
	guess := make([]int, r.Length)
	for i := range guess {
		guess[i] = i % len(r.symbols)
	}
	secret := slices.Clone(guess)
	if r.Length >= 2 {
		secret[0], secret[1] = secret[1], secret[0]
	}
	if r.Length < len(r.symbols) {
		secret[r.Length-1] = r.Length
	}
	g, s := MakeCode(guess), MakeCode(secret)
	return Turn{Guess: g, Feedback: r.Score(s, g)}
}
