package guess

import (
	"encoding/json"
	"errors"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestParseFeedbackForms(t *testing.T) {
	four := mustRules(t, "1a2b-4")
	for _, text := range []string{
		"1A2B", "1a2b", "1A 2B", "A1 B2", "a1b2", "1 2", "1,2", "1-2", "1/2", "12",
		"1EAT2BITE", "1 eat 2 bite", "1 bull 2 cows", "1 bulls, 2 cows",
		"1B2W", "1 black 2 white", "1黑2白", "黑1白2", "1黒2白", "1ヒット2ブロー", "１Ａ２Ｂ",
		// Hit & Blow, as Japanese players write it, in every game.
		"1H2B", "1h 2b", "H1B2", "1 hit 2 blows", "1 hit 2 b",
		// As the Simplified Chinese page writes it: two-ideograph words.
		"1 公牛 2 母牛", "1公牛2母牛", "公牛1母牛2",
		// As the widgets' tables write it, a no-break space holding each
		// count to its word (copied from You guess into the Helper).
		"1\u00a0black, 2\u00a0white", "1\u00a0EAT 2\u00a0BITE", "黒\u00a01 白\u00a02", "1\u00a0ヒット 2\u00a0ブロー",
		// As the charts and the strategy tree write it, short: the
		// Chinese pages' bulls and cows in one ideograph each, the
		// English page's pegs as black and white dots.
		"1公2母", "1●2○", "1● 2○",
		// Digits of any script, the mathematical styles included (their
		// runs of ten touch: 𝟙 is the double-struck one).
		"𝟙A𝟚B", "𝟏A𝟐B", "١A٢B",
	} {
		f, err := four.ParseFeedback(text)
		if err != nil || f != (Feedback{1, 2}) {
			t.Errorf("%q: got %v, %v; want 1A2B", text, f, err)
		}
	}
	for text, want := range map[string]Feedback{"4A": {4, 0}, "0A0B": {0, 0}, "2B": {0, 2}, "4A0B": {4, 0}} {
		if f, err := four.ParseFeedback(text); err != nil || f != want {
			t.Errorf("%q: got %v, %v; want %v", text, f, err, want)
		}
	}
	// Each game's own notation, in every game: a bare B is read by the
	// labels beside it, and alone by the game's terms.
	for id, cases := range map[string]map[string]Feedback{
		"numeron":    {"0E1B": {0, 1}, "1E": {1, 0}, "2B": {0, 2}, "1A2B": {1, 2}, "1EAT": {1, 0}},
		"bulls-cows": {"1B2C": {1, 2}, "2B": {2, 0}, "2C": {0, 2}, "1A2B": {1, 2}, "1 bull 2 cows": {1, 2}},
		"mastermind": {"1B2W": {1, 2}, "2B": {2, 0}, "3W": {0, 3}, "1A2B": {1, 2}, "1H2B": {1, 2}, "0H3B": {0, 3}},
		"1a2b-4":     {"0E1B": {0, 1}, "1B2C": {1, 2}, "2B": {0, 2}, "1A2B.": {1, 2}, "→ 1A2B": {1, 2}, "1A2B。": {1, 2}},
	} {
		r := mustRules(t, id)
		for text, want := range cases {
			if f, err := r.ParseFeedback(text); err != nil || f != want {
				t.Errorf("%s, %q: got %v, %v; want %v", id, text, f, err, want)
			}
		}
	}
	ten := mustRules(t, "1a2b-10")
	for text, want := range map[string]Feedback{"3A": {3, 7}, "3": {3, 7}, "10": {10, 0}, "3A7B": {3, 7}} {
		if f, err := ten.ParseFeedback(text); err != nil || f != want {
			t.Errorf("10 of 10, %q: got %v, %v; want %v", text, f, err, want)
		}
	}
	for _, bad := range []string{"", "A", "1", "1A2B3", "1C2D", "1A1A", "1A2B?", "3A1B", "5A0B", "999"} {
		_, err := four.ParseFeedback(bad)
		var in *InputError
		if !errors.As(err, &in) || in.Field == "" {
			t.Errorf("%q should be rejected with a named field, got %v", bad, err)
		}
	}
}

func TestParseHistory(t *testing.T) {
	r := mustRules(t, "1a2b-4")
	text := "# my game\n1. 0123 1A2B\n\n2) 4567, 0A1B\n// notes\n8901\t0 0\n"
	turns, err := r.ParseHistory(text)
	if err != nil {
		t.Fatal(err)
	}
	if len(turns) != 3 || turns[0].Line != 1 || turns[1].Line != 3 || turns[2].Line != 5 {
		t.Fatalf("got %+v", turns)
	}
	if r.Format(turns[1].Turn.Guess) != "4567" || turns[1].Turn.Feedback != (Feedback{0, 1}) {
		t.Fatalf("row 2: %+v", turns[1])
	}
	_, err = r.ParseHistory("0123 1A2B\n0124 3A1B\n")
	var in *InputError
	if !errors.As(err, &in) || in.Row != 1 || in.Reason != ReasonFeedbackImpossible {
		t.Fatalf("3A1B on line 2 must be named: %v", err)
	}
	_, err = r.ParseHistory("0123 1A2B\n01x3 1A2B\n")
	if !errors.As(err, &in) || in.Row != 1 || in.Pos != 2 || in.Reason != ReasonUnknownSymbol {
		t.Fatalf("a bad symbol must be named by line and position: %v", err)
	}
	_, err = r.ParseHistory("0123\n")
	if !errors.As(err, &in) || in.Row != 0 || in.Reason != ReasonNoAnswer || in.Value != "0123" {
		t.Fatalf("a line without feedback: %v", err)
	}
	_, err = r.ParseHistory("1A2B\n")
	if !errors.As(err, &in) || in.Row != 0 || in.Reason != ReasonFeedbackSyntax {
		t.Fatalf("a line without a guess: %v", err)
	}
	// The forms people paste: a colon or an arrow after the guess, a full
	// stop at the end.
	// A table copied from Mastermind's You guess: a tab between the cells,
	// a no-break space between each count and its word.
	mm := mustRules(t, "mastermind")
	if turns, err := mm.ParseHistory("1\t1123\t1\u00a0black, 2\u00a0white\n"); err != nil || len(turns) != 1 || turns[0].Turn.Feedback != (Feedback{1, 2}) {
		t.Errorf("a copied Mastermind row: got %+v, %v", turns, err)
	}
	for _, line := range []string{"5678: 0A1B", "5678 : 0A1B", "5678 → 0A1B", "5678 -> 0A1B", "5678 => 0A1B", "5678 0A1B.", "5678：0A1B", "3. 5678: 0A1B."} {
		turns, err := r.ParseHistory(line)
		if err != nil || len(turns) != 1 || r.Format(turns[0].Turn.Guess) != "5678" || turns[0].Turn.Feedback != (Feedback{0, 1}) {
			t.Errorf("%q: got %+v, %v; want 5678 0A1B", line, turns, err)
		}
	}
	// A table copied from the page: a bare turn number, tabs, a header
	// line starting with #.
	copied := "#\tGuess\tAnswer\n1\t0123\t0A2B\n2\t4567\t1A0B\t\n10 8901 0 0\n"
	if turns, err := r.ParseHistory(copied); err != nil || len(turns) != 3 || r.Format(turns[1].Turn.Guess) != "4567" || turns[1].Turn.Feedback != (Feedback{1, 0}) || r.Format(turns[2].Turn.Guess) != "8901" {
		t.Errorf("a copied table: %+v %v", turns, err)
	}
	// A first field that is a code is the guess, not a turn number.
	if turns, err := r.ParseHistory("1234 1 2"); err != nil || r.Format(turns[0].Turn.Guess) != "1234" || turns[0].Turn.Feedback != (Feedback{1, 2}) {
		t.Errorf("1234 1 2: %+v %v", turns, err)
	}
	one := Rules{Length: 1, Alphabet: "0123", Repeats: true}
	if err := one.Validate(); err != nil {
		t.Fatal(err)
	}
	if turns, err := one.ParseHistory("2 1 0"); err != nil || one.Format(turns[0].Turn.Guess) != "2" || turns[0].Turn.Feedback != (Feedback{1, 0}) {
		t.Errorf("one symbol a code, 2 1 0: %+v %v", turns, err)
	}
	// A symbol that is also a separator stays a symbol.
	colon := Rules{Length: 3, Alphabet: "ab:", Repeats: true}
	if err := colon.Validate(); err != nil {
		t.Fatal(err)
	}
	if turns, err := colon.ParseHistory("a:b 1 1"); err != nil || colon.Format(turns[0].Turn.Guess) != "a:b" {
		t.Errorf("a colon in the alphabet: %+v %v", turns, err)
	}
	// # and / start a comment only when they are not symbols of the game.
	signs := Rules{Length: 4, Alphabet: "/*+-#", Repeats: true}
	if err := signs.Validate(); err != nil {
		t.Fatal(err)
	}
	if turns, err := signs.ParseHistory("//** 1B1W\n#+-* 0 1\n"); err != nil || len(turns) != 2 || signs.Format(turns[0].Turn.Guess) != "//**" || signs.Format(turns[1].Turn.Guess) != "#+-*" {
		t.Errorf("# and / as symbols: %+v %v", turns, err)
	}
	// A "." that is a symbol: "1." is a guess, not a turn number, when the
	// line holds only a guess and its feedback.
	dots := Rules{Length: 2, Alphabet: "1.", Repeats: true}
	if err := dots.Validate(); err != nil {
		t.Fatal(err)
	}
	if turns, err := dots.ParseHistory("1. 1A\n3. .1 0A2B\n"); err != nil || len(turns) != 2 || dots.Format(turns[0].Turn.Guess) != "1." || dots.Format(turns[1].Turn.Guess) != ".1" {
		t.Errorf("a dot as a symbol: %+v %v", turns, err)
	}
	// A byte-order mark is skipped and a lone \r ends a line.
	if turns, err := r.ParseHistory("\uFEFF0123 1A2B\r4567 0A1B\r\n8901 0A0B"); err != nil || len(turns) != 3 || turns[1].Line != 1 || r.Format(turns[2].Turn.Guess) != "8901" {
		t.Errorf("BOM and lone CR: %+v %v", turns, err)
	}
	letters := Rules{Length: 4, Alphabet: "ABCDEF", Repeats: true}
	if err := letters.Validate(); err != nil {
		t.Fatal(err)
	}
	turns, err = letters.ParseHistory("ABCD 1B2W\nAABB 0 1\n")
	if err != nil || len(turns) != 2 || turns[0].Turn.Feedback != (Feedback{1, 2}) {
		t.Fatalf("letters as symbols: %+v %v", turns, err)
	}
}

// A history pasted from a chat runs its turns together on one line,
// apart by spaces, commas or turn numbers, and some write a code with a
// space between its symbols: each reads the one way it can, guess,
// answer, guess, answer.
func TestParseHistoryTurnsOnOneLine(t *testing.T) {
	four := mustRules(t, "1a2b-4")
	want := "0123 1A2B\n4567 0A0B\n"
	for _, text := range []string{
		"0123 1A2B 4567 0A0B", "0123 1A2B, 4567 0A0B", "0123 1A2B; 4567 0A0B", "0123 1 2 4567 0 0",
		"0123: 1A2B, 4567: 0A0B", "1. 0123 1A2B 2. 4567 0A0B", "0123 1A2B / 4567 0A0B",
		"0 1 2 3 1A2B 4 5 6 7 0A0B", "0 1 2 3 1A2B\n4 5 6 7 0A0B", "0 1 2 3 1 2\n4 5 6 7 0 0",
		"1 0 1 2 3 1A2B\n2 4 5 6 7 0A0B", // a bare turn number before a spaced code
	} {
		turns, err := four.ParseHistory(text)
		if err != nil {
			t.Errorf("%q: %v", text, err)
			continue
		}
		if got := four.FormatHistory(textTurns(turns)); got != want {
			t.Errorf("%q read as %q, want %q", text, got, want)
		}
	}
	mm := mustRules(t, "mastermind")
	if turns, err := mm.ParseHistory("1 1 2 2 1 black 1 white 3 4 5 6 0 0"); err != nil || mm.FormatHistory(textTurns(turns)) != "1122 1A1B\n3456 0A0B\n" {
		t.Errorf("Mastermind, spaced codes and worded answers on one line: %+v %v", turns, err)
	}
	ten := mustRules(t, "1a2b-10")
	if turns, err := ten.ParseHistory("0123456789 3A, 9876543210 0"); err != nil || len(turns) != 2 || turns[1].Turn.Feedback != (Feedback{0, 10}) {
		t.Errorf("10 of 10, two turns on a line: %+v %v", turns, err)
	}

	// What does not read is named where it goes wrong: the answer of the
	// second turn, a typo in the second guess, a guess with no answer, a
	// spaced code a symbol short.
	for _, c := range []struct {
		text, field, value string
		reason             Reason
		pos                int
	}{
		{"0123 1A2B 4567 5A0B", "a", "5", ReasonCountRange, -1},
		{"0123 1A2B 4567 0A0X", "feedback", "0A0X", ReasonFeedbackSyntax, -1},
		{"0123 5A 4567 0A0B", "a", "5", ReasonCountRange, -1},
		{"0123 1A2B 45x7 0A0B", "guess", "45x7", ReasonUnknownSymbol, 2},
		{"0123 1A2B 4567", "feedback", "4567", ReasonNoAnswer, -1},
		{"0123 1A2B 4567 0A0B 8901", "feedback", "8901", ReasonNoAnswer, -1},
		{"1 2 3 1A2B", "guess", "1 2 3", ReasonCodeLength, -1},
		{"1 2 3 4", "feedback", "1 2 3 4", ReasonNoAnswer, -1},
	} {
		_, err := four.ParseHistory("5678 0A0B\n" + c.text)
		var in *InputError
		if !errors.As(err, &in) || in.Row != 1 || in.Field != c.field || in.Value != c.value || in.Reason != c.reason || in.Pos != c.pos {
			t.Errorf("%q: got %#v, want row 1, %s %q, %s at %d", c.text, err, c.field, c.value, c.reason, c.pos)
		}
	}
}

// The forms people paste from other apps and forums: a turn numbered
// "#1", "Guess 1:", "Turn #1", "第1回" or "1回目" before the guess, and
// Mastermind's key pegs drawn one per peg ("●●○": two black, one
// white). They were refused ("“G” is not a symbol"), or skipped as a
// comment ("#1 …").
func TestParseHistoryNumberedTurnsAndDrawnPegs(t *testing.T) {
	four := mustRules(t, "1a2b-4")
	for _, text := range []string{
		"#1 0123 1A2B", "#1: 0123 1A2B", "Guess 1: 0123 → 1A2B", "guess 1 0123 1A2B", "Turn #1: 0123 1A2B", "Round 1. 0123 1A2B",
		"1. 0123 1A2B", "第1回 0123 1A2B", "第１回：0123 1A2B", "1回目 0123 1A2B", "第1次 0123 1A2B", "第1轮 0123 1A2B",
		"Turn 1 - 0123 - 1A2B", "#1 0123 1 2",
	} {
		turns, err := four.ParseHistory(text)
		if err != nil || four.FormatHistory(textTurns(turns)) != "0123 1A2B\n" {
			t.Errorf("%q: got %+v, %v; want 0123 1A2B", text, turns, err)
		}
	}
	mm := mustRules(t, "mastermind")
	for text, want := range map[string]string{
		"1234 ●●○":                "1234 2A1B\n",
		"1234 ○":                  "1234 0A1B\n",
		"1234 ●●●●":               "1234 4A0B\n",
		"1234 ● ● ○":              "1234 2A1B\n",
		"#1 1234 ●●○\n#2 5612 ○○": "1234 2A1B\n5612 0A2B\n",
		"Guess 1: 1234 → ●●○":     "1234 2A1B\n",
		"1234 ●●○ 5612 ○":         "1234 2A1B\n5612 0A1B\n",
	} {
		turns, err := mm.ParseHistory(text)
		if err != nil || mm.FormatHistory(textTurns(turns)) != want {
			t.Errorf("%q: got %+v, %v; want %q", text, turns, err, want)
		}
	}
	// A comment stays a comment, numbered or not.
	for _, text := range []string{"# my game\n0123 1A2B", "#3 tries left\n0123 1A2B", "#1\n0123 1A2B"} {
		if turns, err := four.ParseHistory(text); err != nil || len(turns) != 1 || turns[0].Line != 1 {
			t.Errorf("%q: got %+v, %v; want the comment skipped", text, turns, err)
		}
	}
	// What still does not read is named by line and place: a numbered
	// turn's typo, pegs beyond the code's length, a label with no number.
	for _, c := range []struct {
		rules  Rules
		text   string
		reason Reason
		pos    int
	}{
		{four, "#1 0123 1A2B\n#2 45x7 0A0B", ReasonUnknownSymbol, 2},
		{four, "0123 1A2B\nGuess 2: 45x7 → 0A0B", ReasonUnknownSymbol, 2},
		{mm, "1234 ●\n1234 ●●●○○", ReasonFeedbackRange, -1},
		{four, "0123 1A2B\nGuess two: 4567 0A0B", ReasonUnknownSymbol, 0},
	} {
		_, err := c.rules.ParseHistory(c.text)
		var in *InputError
		if !errors.As(err, &in) || in.Row != 1 || in.Reason != c.reason || in.Pos != c.pos {
			t.Errorf("%q: got %#v, want line 2, %s at %d", c.text, err, c.reason, c.pos)
		}
	}
}

// An error in pasted text says where in its line the fault is, not only
// which line: in "0123 1A2B, 4567 0A0B, 8901 3A0X" the reader was left to
// find the answer at fault alone. The column counts characters (a
// full-width digit, an emoji, a byte-order mark are one each), from the
// line's start as given, spaces included; a symbol a guess gets wrong is
// the one character, an answer or a guess the whole of it.
func TestParseHistoryErrorsNameTheColumn(t *testing.T) {
	four, mm := mustRules(t, "1a2b-4"), mustRules(t, "mastermind")
	for _, c := range []struct {
		rules     Rules
		text      string
		line      int
		at        string // the characters at fault
		col, size int
	}{
		{four, "0123 1A2B, 4567 0A0B, 8901 3A0X", 0, "3A0X", 27, 4},
		{four, "0123 1A2B, 4567 0A0B, 8901 3A0X, 2345 0A0B", 0, "3A0X", 27, 4},
		{four, "0123 1A2B\n  45x7 0A1B", 1, "x", 4, 1},
		{four, "0123 1A2B 1 2 x 4 0A1B", 0, "x", 14, 1},
		{four, "1. 0123 1A2B 2. 4566 0A0B", 0, "6", 19, 1},
		{four, "0123 5A 4567 0A0B", 0, "5A", 5, 2},
		{four, "0123 1A2B 4567 0A0B 8901", 0, "8901", 20, 4},
		{four, "1 2 3 1A2B", 0, "1 2 3", 0, 5},
		{four, "0123 1A2B\n1A2B", 1, "1A2B", 0, 4},
		{four, "\uFEFF0123 1A2x", 0, "1A2x", 6, 4},
		{four, "０１２３　１Ａ２Ｂ、　４５６７　０Ａ０Ｘ", 0, "０Ａ０Ｘ", 16, 4},
		{four, "4567 0A0B\n😀😀 01x3 1A2B", 1, "x", 5, 1},
		{four, "#1 0123 1A2B\r\n#2 4567 0A0B\r\n  Guess 3: 89x1 → 0A0B", 2, "x", 13, 1},
		{mm, "1122 1B1W, 3456 ●●●●●", 0, "●●●●●", 16, 5},
	} {
		_, err := c.rules.ParseHistory(c.text)
		var le *LineError
		if !errors.As(err, &le) {
			t.Errorf("%q: got %#v, want a *LineError", c.text, err)
			continue
		}
		lines := strings.Split(strings.ReplaceAll(c.text, "\r\n", "\n"), "\n")
		runes := []rune(lines[c.line])
		if le.Row != c.line || le.Col != c.col || le.Len != c.size || le.Col+le.Len > len(runes) || string(runes[le.Col:le.Col+le.Len]) != c.at {
			t.Errorf("%q: line %d, column %d, %d characters; want line %d, %q at column %d (%v)", c.text, le.Row, le.Col, le.Len, c.line, c.at, c.col, err)
		}
	}
}

// An error in typed text names the line the reader typed, as the page
// does ("Line 2"), not a row of a table: the engine's English said "row
// 2, a, column 6: ..." of the second line of a paste. Its fields are the
// same: Row the 0-based line, Col and Len the characters at fault. An
// error in a history row still names the row.
func TestParseHistoryErrorsSayLine(t *testing.T) {
	four := mustRules(t, "1a2b-4")
	for _, c := range []struct {
		text     string
		want     string
		row, col int
	}{
		{"0123 1A2B\n4567 9A", "line 2, a, column 6: ", 1, 5},
		{"0123 1A2B\n  45x7 0A1B", "line 2, guess, position 3, column 5: ", 1, 4},
		{"0123 1A2B, 4567 0A0B, 8901 3A0X", "line 1, feedback, column 28: ", 0, 27},
		{"0123 1A2B\n\nhello", "line 3, feedback, column 1: ", 2, 0},
	} {
		_, err := four.ParseHistory(c.text)
		var le *LineError
		if !errors.As(err, &le) {
			t.Fatalf("%q: got %#v, want a *LineError", c.text, err)
		}
		if !strings.HasPrefix(err.Error(), c.want) || strings.Contains(err.Error(), "row") {
			t.Errorf("%q: %q, want it to begin %q", c.text, err.Error(), c.want)
		}
		var input *InputError
		if !errors.As(err, &input) || input.Error() != err.Error() {
			t.Errorf("%q: the InputError under it says %q, the error %q", c.text, input.Error(), err.Error())
		}
		if le.Row != c.row || le.Col != c.col {
			t.Errorf("%q: row %d, col %d; want %d, %d", c.text, le.Row, le.Col, c.row, c.col)
		}
	}
	if _, err := four.ParseTurn("01x3", 1, 2, 2); err == nil || !strings.HasPrefix(err.Error(), "row 3, ") {
		t.Errorf("a history row's error: %v, want it to name row 3", err)
	}
}

// The English message quotes a feedback word as the reader wrote it:
// "3A0X" said "\"x\" is not a feedback word", "1A1A" said "\"a\" is
// given twice", of letters the reader wrote in capitals.
func TestFeedbackErrorsQuoteTheWordAsWritten(t *testing.T) {
	four := mustRules(t, "1a2b-4")
	for text, want := range map[string]string{
		"3A0X": `"X" is not a feedback word`,
		"1A1A": `"A" is given twice`,
		"1A B": `"B" has no count next to it`,
		"１Ａ１Ａ": `"Ａ" is given twice`,
	} {
		if _, err := four.ParseFeedback(text); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want it to say %s", text, err, want)
		}
	}
}

// A history copied from a chat app reads as written there: turns parted by
// the Chinese and Japanese list mark or full stop ("、", "。"), an answer
// in brackets or quotes ("0123（1A2B）", "0123「1A2B」"), invisible
// characters the app leaves (a zero-width space, a direction mark, the
// selector that makes ➡ an emoji), and emoji or signs between the fields
// or on a line of their own ("0123 ➡️ 1A2B ✅", "👍"). They were refused:
// "a count is at most 10", "a line needs a guess and its feedback",
// "unexpected '👍' in the feedback". An emoji that stands where the answer
// should is still named.
func TestParseHistoryReadsChatPastes(t *testing.T) {
	four, mm := mustRules(t, "1a2b-4"), mustRules(t, "mastermind")
	for _, c := range []struct {
		rules      Rules
		text, want string
	}{
		{four, "0123 1A2B、4567 0A0B、8901 0A1B", "0123 1A2B\n4567 0A0B\n8901 0A1B\n"},
		{four, "０１２３　１Ａ２Ｂ。４５６７　０Ａ０Ｂ。", "0123 1A2B\n4567 0A0B\n"},
		{four, "0123（1A2B）\n4567(0A0B)\n8901「0A1B」\n2345 【0A0B】\n“6789 0A1B”", "0123 1A2B\n4567 0A0B\n8901 0A1B\n2345 0A0B\n6789 0A1B\n"},
		{four, "[1] 0123 1A2B\n[2] 4567 0A0B", "0123 1A2B\n4567 0A0B\n"},
		{four, "0123\u200b 1A2B\u200b\n\u200e4567 0A0B\u200f\n8901\u2060 0A1B", "0123 1A2B\n4567 0A0B\n8901 0A1B\n"},
		{four, "0123 ➡️ 1A2B 🤔\n👍\n4567 → 0A0B 😢\n🎉🎉\n8901 4A ✅", "0123 1A2B\n4567 0A0B\n8901 4A0B\n"},
		{four, "1. 0123 1A2B 👍 2. 4567 0A0B ~ 3. 8901 0A1B～", "0123 1A2B\n4567 0A0B\n8901 0A1B\n"},
		{four, "👨\u200d👩\u200d👧 0123 1A2B", "0123 1A2B\n"},
		{mm, "1122 ●●○ 👍\n3456 ○", "1122 2A1B\n3456 0A1B\n"},
	} {
		turns, err := c.rules.ParseHistory(c.text)
		if err != nil || c.rules.FormatHistory(textTurns(turns)) != c.want {
			t.Errorf("%q: got %q, %v; want %q", c.text, c.rules.FormatHistory(textTurns(turns)), err, c.want)
		}
	}
	for _, c := range []struct {
		text, at string
	}{
		{"0123 🐂🐂🐄", "🐂🐂🐄"},
		{"0123 1A2B\n👍 4567", "4567"},
		{"0123 1A2B✅", "1A2B✅"},
	} {
		_, err := four.ParseHistory(c.text)
		var le *LineError
		if !errors.As(err, &le) {
			t.Errorf("%q: got %v, want an error", c.text, err)
			continue
		}
		line := []rune(strings.Split(c.text, "\n")[le.Row])
		if got := string(line[le.Col : le.Col+le.Len]); got != c.at {
			t.Errorf("%q: the error names %q, want %q: %v", c.text, got, c.at, err)
		}
	}
}

// Turns run together on one line keep their labels as they would on
// lines of their own: "#2", "第2回", "2回目", "Guess 2:" before the second
// guess. Only "2." was known there; the others were taken for part of
// the answer before them ("too many numbers", "unexpected '#'").
func TestParseHistoryLabelledTurnsOnOneLine(t *testing.T) {
	four := mustRules(t, "1a2b-4")
	for _, text := range []string{
		"#1 0123 1A2B #2 4567 0A0B #3 8901 0A1B",
		"第1回 0123 1A2B 第2回 4567 0A0B 第3回 8901 0A1B",
		"1回目 0123 1A2B、2回目 4567 0A0B、3回目 8901 0A1B",
		"Guess 1: 0123 → 1A2B; Guess 2: 4567 → 0A0B; Guess 3: 8901 → 0A1B",
		"Turn #1 0123 1A2B Turn #2 4567 0A0B Turn #3 8901 0A1B",
		"0123 1 hit 2 blows 4567 0 hit 0 blows 8901 0 hit 1 blow",
	} {
		turns, err := four.ParseHistory(text)
		if got := four.FormatHistory(textTurns(turns)); err != nil || got != "0123 1A2B\n4567 0A0B\n8901 0A1B\n" {
			t.Errorf("%q: got %q, %v", text, got, err)
		}
	}
	_, err := four.ParseHistory("Guess 1: 0123 → 1A2B; Guess 2: 45x7 → 0A0B")
	var le *LineError
	if !errors.As(err, &le) || le.Reason != ReasonUnknownSymbol || le.Col != 33 {
		t.Errorf("a typo in the second labelled guess: %v", err)
	}
}

// FormatHistory and ParseHistory are inverses.
func TestHistoryRoundTrip(t *testing.T) {
	for _, id := range []string{"1a2b-4", "mastermind", "1a2b-10", "numeron"} {
		r := mustRules(t, id)
		codes, _ := r.AllCodes()
		var turns []Turn
		for i := 0; i < 8; i++ {
			g := codes[(i*7919)%len(codes)]
			turns = append(turns, Turn{Guess: g, Feedback: r.Score(codes[len(codes)/3], g)})
		}
		back, err := r.ParseHistory(r.FormatHistory(turns))
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		for i := range turns {
			if back[i].Turn != turns[i] {
				t.Fatalf("%s row %d: %v became %v", id, i, turns[i], back[i].Turn)
			}
		}
	}
}

// The text readers never panic, never accept what the rules forbid, and
// name a line inside the text when they reject it.
func FuzzParseHistory(f *testing.F) {
	for _, seed := range []string{
		"0123 1A2B\n4567 0A1B", "1. 0123 1a2b", "# x\n\n8901\t0 0", "0123 1EAT2BITE", "0123 1黑2白",
		"0123", "0123 9A", "01234 1A", "ABCD 1B2W", "0123 A1 B2", "0123 1 2 3", "１２３４ １Ａ２Ｂ", "\x00\xff", "0123 99999999999999",
		"5678: 0A1B", "1234 → 1A2B", "0123 1A2B.", "012 0E1B", "0123 1B2C", "1122 2B", "1234 -> 1A2B", "5678：0A1B。",
		"0123 1A2B 4567 0A0B", "0123 1 2, 4567 0 0", "1 2 3 4 1A2B", "1. 0123 1A2B 2. 4567 0A0B", "0123 1A2B 4567",
		"#1 0123 1A2B", "Guess 1: 0123 → 1A2B", "第1回 0123 1A2B", "1回目 0123 1A2B", "1234 ●●○", "#1 1234 ●●○\n#2 5612 ○", "Turn 1 - 0123 - 1A2B",
	} {
		f.Add(seed)
	}
	rules := []Rules{mustRules(f, "1a2b-4"), mustRules(f, "mastermind"), mustRules(f, "1a2b-10"), mustRules(f, "numeron"), mustRules(f, "bulls-cows")}
	f.Fuzz(func(t *testing.T, text string) {
		// Lines as an editor shows them: \r\n, \n or a lone \r ends one.
		lines := strings.Count(strings.ReplaceAll(text, "\r\n", "\n"), "\n") + strings.Count(strings.ReplaceAll(text, "\r\n", ""), "\r") + 1
		for _, r := range rules {
			turns, err := r.ParseHistory(text)
			if err != nil {
				var in *InputError
				if !errors.As(err, &in) {
					t.Fatalf("%q: error of type %T", text, err)
				}
				if in.Row < 0 || in.Row >= lines || in.Msg == "" {
					t.Fatalf("%q: error names line %d of %d: %v", text, in.Row, lines, err)
				}
				// The characters at fault are inside the line, and not
				// blank.
				var le *LineError
				if !errors.As(err, &le) {
					t.Fatalf("%q: error of type %T names no column", text, err)
				}
				line := []rune(strings.Split(strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\r", "\n"), "\n")[in.Row])
				if le.Col < 0 || le.Len < 1 || le.Col+le.Len > len(line) || strings.TrimSpace(string(line[le.Col:le.Col+le.Len])) == "" {
					t.Fatalf("%q: error names columns %d to %d of line %q: %v", text, le.Col, le.Col+le.Len, string(line), err)
				}
				continue
			}
			for _, tt := range turns {
				if err := r.CheckTurn(tt.Turn, tt.Line); err != nil {
					t.Fatalf("%q: accepted an invalid turn: %v", text, err)
				}
			}
			back, err := r.ParseHistory(r.FormatHistory(textTurns(turns)))
			if err != nil || len(back) != len(turns) {
				t.Fatalf("%q: no round trip: %v", text, err)
			}
		}
	})
}

func FuzzParseFeedback(f *testing.F) {
	for _, seed := range []string{"1A2B", "A1B2", "1 2", "12", "3A", "1B2W", "1黑2白", "", "AAA", "1A2B3C", "٣A", "0E1B", "1B2C", "1A2B.", "→1A2B"} {
		f.Add(seed)
	}
	r := mustRules(f, "1a2b-4")
	f.Fuzz(func(t *testing.T, text string) {
		fb, err := r.ParseFeedback(text)
		if err == nil && !r.Allows(fb) {
			t.Fatalf("%q: accepted impossible feedback %v", text, fb)
		}
		if err == nil {
			if again, err := r.ParseFeedback(fb.String()); err != nil || again != fb {
				t.Fatalf("%q → %v does not read back: %v", text, fb, err)
			}
		}
	})
}

func FuzzParseCode(f *testing.F) {
	for _, seed := range []string{"0123", "01 23", "1231", "12a4", "", "０１２３", "\u00e9"} {
		f.Add(seed)
	}
	rules := []Rules{mustRules(f, "1a2b-4"), mustRules(f, "mastermind")}
	f.Fuzz(func(t *testing.T, text string) {
		for _, r := range rules {
			c, err := r.ParseCode(text, "guess")
			if err != nil {
				var in *InputError
				if !errors.As(err, &in) || in.Field != "guess" || (in.Pos >= 0 && in.Pos >= utf8.RuneCountInString(text)) {
					t.Fatalf("%q: bad error %v", text, err)
				}
				continue
			}
			typed := []rune(strings.Join(strings.Fields(text), ""))
			formatted := []rune(r.Format(c))
			if !r.Valid(c) || len(typed) != len(formatted) {
				t.Fatalf("%q parsed to %q", text, r.Format(c))
			}
			for i := range typed { // each symbol as typed, up to width and case
				if !strings.EqualFold(string(narrow(typed[i])), string(formatted[i])) {
					t.Fatalf("%q parsed to %q", text, r.Format(c))
				}
			}
		}
	})
}

func textTurns(tt []TextTurn) []Turn {
	out := make([]Turn, len(tt))
	for i, t := range tt {
		out[i] = t.Turn
	}
	return out
}

// A code crosses the page as JSON between workers. Written as a string,
// it comes back the same code even through JavaScript, whose numbers
// round past 2^53 (Mastermind's codes with the sixth colour are above).
func TestCodeJSONRoundTripsThroughJavaScriptNumbers(t *testing.T) {
	r, err := PresetRules("mastermind")
	if err != nil {
		t.Fatal(err)
	}
	codes, err := r.AllCodes()
	if err != nil {
		t.Fatal(err)
	}
	above := 0
	for _, c := range codes {
		if uint64(c) > 1<<53 {
			above++
		}
		text, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		var js any // what JSON.parse makes of it
		if err := json.Unmarshal(text, &js); err != nil {
			t.Fatal(err)
		}
		again, _ := json.Marshal(js)
		var back Code
		if err := json.Unmarshal(again, &back); err != nil || back != c {
			t.Fatalf("%s: written %s, read back %v (%v)", r.Format(c), text, back, err)
		}
	}
	if above == 0 {
		t.Fatal("no Mastermind code is above 2^53: the test checks nothing")
	}
	var c Code
	if err := json.Unmarshal([]byte(`12`), &c); err != nil || c != 12 {
		t.Errorf("a bare number: %v, %v", c, err)
	}
	if err := json.Unmarshal([]byte(`"1x"`), &c); err == nil {
		t.Error("a code that is no number was read")
	}
}

// The example of how a turn is written is a turn of the game, with an
// answer a secret gives, and reads back: the Helper's paste box shows it.
func TestExampleTurnIsATurnOfTheGame(t *testing.T) {
	want := map[string]string{"1a2b-4": "0123 1A2B", "mastermind": "1234 1A2B", "numeron": "012 0A2B", "science-3": "123 0A2B", "1a2b-10": "0123456789 8A2B"}
	for _, p := range Presets() {
		r := p.Rules
		if err := r.Validate(); err != nil {
			t.Fatal(err)
		}
		turn := r.ExampleTurn()
		if !r.Valid(turn.Guess) || r.CheckTurn(turn, 0) != nil {
			t.Errorf("%s: the example %s is no turn of the game", p.ID, r.FormatTurn(turn))
		}
		if w, ok := want[p.ID]; ok && r.FormatTurn(turn) != w {
			t.Errorf("%s: the example is %s, want %s", p.ID, r.FormatTurn(turn), w)
		}
	}
	for _, r := range []Rules{{Length: 1, Alphabet: "AB"}, {Length: 2, Alphabet: "AB"}, {Length: 2, Alphabet: "ABC", Repeats: true}, {Length: 3, Alphabet: "ABC"}} {
		if err := r.Validate(); err != nil {
			t.Fatal(err)
		}
		if turn := r.ExampleTurn(); !r.Valid(turn.Guess) || r.CheckTurn(turn, 0) != nil {
			t.Errorf("%+v: the example %s is no turn of the game", r, r.FormatTurn(turn))
		}
	}
}

// isCJKTurn matches what the regular expression it replaced matched
// (the expression stays here, in the test, where it costs the module
// nothing), on every short string of its alphabet and some longer ones.
func TestIsCJKTurnMatchesItsPattern(t *testing.T) {
	pattern := regexp.MustCompile(`^(第[0-9]+[回次轮輪手步局]目?|[0-9]+[回次手]目?)$`)
	alphabet := []string{"第", "1", "23", "回", "次", "轮", "輪", "手", "步", "局", "目", "x", "#", ""}
	var walk func(s string, depth int)
	walk = func(s string, depth int) {
		if got, want := isCJKTurn(s), pattern.MatchString(s); got != want {
			t.Errorf("isCJKTurn(%q) = %v, the pattern says %v", s, got, want)
		}
		if depth == 0 {
			return
		}
		for _, a := range alphabet {
			walk(s+a, depth-1)
		}
	}
	walk("", 4)
}

// longLine is n turns of the classic game on one line, as a chat pastes
// a whole game, each turn written as turn.
func longLine(n int, turn string) string {
	var b strings.Builder
	for i := range n {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(turn)
	}
	return b.String()
}

// longLineTurns are the turns of the long lines read: plain, and with a
// sign a chat adds (which the reader drops from the fields).
var longLineTurns = []string{"0123 1A2B", "0123 1A2B ✅"}

// Reading one long line takes work in proportion to its length: each
// answer was tried first as all the rest of the line joined, so 2,000
// turns on one line took 0.6 s, and a line twice as long four times as
// much. Counted in bytes allocated, which do not depend on the machine:
// four times the turns may take about four times the bytes, not sixteen.
func TestParseHistoryLongLineIsLinear(t *testing.T) {
	r, _ := PresetRules("1a2b-4")
	allocated := func(n int, turn string) uint64 {
		text := longLine(n, turn)
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		turns, err := r.ParseHistory(text)
		runtime.ReadMemStats(&after)
		if err != nil || len(turns) != n {
			t.Fatalf("%d turns on a line: read %d (%v)", n, len(turns), err)
		}
		return after.TotalAlloc - before.TotalAlloc
	}
	for _, turn := range longLineTurns {
		small, large := allocated(500, turn), allocated(2000, turn)
		if ratio := float64(large) / float64(small); ratio > 6 {
			t.Errorf("%q: 4 times the turns on a line took %.1f times the bytes (%d, then %d): reading a line is not linear", turn, ratio, small, large)
		}
	}
}

func BenchmarkParseHistoryLongLine(b *testing.B) {
	r, _ := PresetRules("1a2b-4")
	for _, turn := range longLineTurns {
		b.Run(turn, func(b *testing.B) {
			text := longLine(2000, turn)
			b.SetBytes(int64(len(text)))
			for b.Loop() {
				if _, err := r.ParseHistory(text); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// Key pegs drawn apart, one field each, make an answer longer than the
// longest written with counts; followed by another turn on the line, the
// reader panicked ("interface conversion: error is nil"): it took them
// for no answer and asked the error of a text that read. They are the
// answer they are.
func TestParseHistoryPegsDrawnApartBeforeATurn(t *testing.T) {
	r := Rules{Length: 10, Alphabet: "0123456789", Repeats: true, Terms: TermsPegs}
	if err := r.Validate(); err != nil {
		t.Fatal(err)
	}
	turns, err := r.ParseHistory("0123456789 ● ● ● ● ● ● ● ● ○ ○ 1123456789 8●")
	if err != nil || len(turns) != 2 || turns[0].Turn.Feedback != (Feedback{8, 2}) || turns[1].Turn.Feedback != (Feedback{8, 0}) {
		t.Fatalf("got %v (%v), want two turns, 8A2B and 8A0B", turns, err)
	}
}

// An answer written before its guess ("1A2B 0123") was read as a guess,
// and the error said "“A” at position 2 is not a symbol of this game".
// It says now that the guess and the answer seem swapped, with the turn
// the right way round, and selects both; a line that is no turn written
// backwards keeps its own error.
func TestParseHistorySaysAnAnswerBeforeItsGuess(t *testing.T) {
	four, mm := mustRules(t, "1a2b-4"), mustRules(t, "mastermind")
	for _, c := range []struct {
		rules    Rules
		text     string
		value    string
		turn     string
		col, len int
	}{
		{four, "1A2B 0123", "1A2B 0123", "0123 1A2B", 0, 9},
		{four, "5678 0A0B\n1a 2b 0123", "1a 2b 0123", "0123 1a 2b", 0, 10},
		{four, "3. 1 bull 2 cows 4567", "1 bull 2 cows 4567", "4567 1 bull 2 cows", 3, 18},
		{four, "5A0B 0123", "5A0B 0123", "0123 5A0B", 0, 9}, // the count is wrong too: the order first
		{mm, "●○○ 1234", "●○○ 1234", "1234 ●○○", 0, 8},
	} {
		_, err := c.rules.ParseHistory(c.text)
		var in *InputError
		if !errors.As(err, &in) || in.Reason != ReasonSwapped || in.Value != c.value || in.Symbol != c.turn || in.Col != c.col || in.Len != c.len {
			t.Errorf("%q: got %#v (%v), want swapped %q, written %q, at column %d for %d", c.text, in, err, c.value, c.turn, c.col, c.len)
		} else if !strings.Contains(err.Error(), "seem swapped") {
			t.Errorf("%q: the English message %q does not say so", c.text, err)
		}
	}
	for text, reason := range map[string]Reason{
		"45x7 1A2B":      ReasonUnknownSymbol, // a guess with a typo
		"1A2B":           ReasonFeedbackSyntax,
		"1A2B 45x7":      ReasonUnknownSymbol,
		"3 0123 1A2B":    "", // a turn's number, then the turn
		"0123 1A2B 0A0B": ReasonFeedbackSyntax,
	} {
		_, err := four.ParseHistory(text)
		var in *InputError
		switch {
		case reason == "" && err != nil:
			t.Errorf("%q: %v", text, err)
		case reason != "" && (!errors.As(err, &in) || in.Reason != reason):
			t.Errorf("%q: got %v, want %s", text, err, reason)
		}
	}
}

// A run of three digits or more in an answer said "a count is at most
// 10", which was not what was checked (11 passed, to be named out of
// range later; 100 did not): it says now that it has too many digits to
// be a count, quoting it as written.
func TestFeedbackSaysACountHasTooManyDigits(t *testing.T) {
	four := mustRules(t, "1a2b-4")
	for text, want := range map[string]string{
		"123A0B":  `"123" has too many digits to be a count`,
		"1A 0123": `"0123" has too many digits to be a count`,
		"１２３Ａ":    `"１２３" has too many digits to be a count`,
	} {
		if _, err := four.ParseFeedback(text); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want it to say %s", text, err, want)
		}
	}
	for text, want := range map[string]Feedback{"12": {A: 1, B: 2}, "1A2B": {A: 1, B: 2}} {
		if f, err := four.ParseFeedback(text); err != nil || f != want {
			t.Errorf("%q: %v %v, want %v", text, f, err, want)
		}
	}
	if _, err := four.ParseFeedback("11A0B"); err == nil || strings.Contains(err.Error(), "too many digits") {
		t.Errorf("11A0B: %v, want a count out of range, not too many digits", err)
	}
}
