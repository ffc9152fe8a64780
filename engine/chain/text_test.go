package chain

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	cases := []struct {
		text, row string
	}{
		{"XXX.X.XXXX", "XXX.X.XXXX"},
		{"  xxx_x  ", "XXX.X"},
		{"**.*", "XX.X"},
		{"●●·●", "XX.X"},
		{"..XX..", "..XX.."},
		{"{3,1,4}", "XXX.X.XXXX"},
		{"3 1 4", "XXX.X.XXXX"},
		{"3,1,4", "XXX.X.XXXX"},
		{"[3, 1, 4]", "XXX.X.XXXX"},
		{"{ 3 ; 1 ; 4 }", "XXX.X.XXXX"},
		{"11", "XXXXXXXXXXX"},
		{"{}", ""},
		{"....", "...."},
		// Full-width, as a Chinese or Japanese keyboard types them.
		{"３ １ ４", "XXX.X.XXXX"},
		{"｛３，１，４｝", "XXX.X.XXXX"},
		{"3、1、4", "XXX.X.XXXX"},
		{"ＸＸ．Ｘ", "XX.X"},
		{"　12　", "XXXXXXXXXXXX"},
		// A byte-order mark, as a pasted file starts.
		{"\uFEFFXX.X", "XX.X"},
		{"\uFEFF{3,1}", "XXX.X"},
	}
	for _, c := range cases {
		row, err := Parse(c.text, "position")
		if err != nil {
			t.Errorf("%q: %v", c.text, err)
			continue
		}
		if row.String() != c.row {
			t.Errorf("%q: row %s, want %s", c.text, row, c.row)
		}
	}
	if got := NewPosition([]int{3, 1, 4}).String(); got != "{4,3,1}" {
		t.Errorf("canonical: %s", got)
	}
}

func TestParseErrors(t *testing.T) {
	cases := []struct {
		text   string
		pos    int
		reason string
	}{
		{"", -1, ReasonEmpty},
		{"   ", -1, ReasonEmpty},
		{"XXY.X", 2, ReasonBadSymbol},
		{"XX.3X", 3, ReasonMixed},
		{"{3,0,4}", 3, ReasonZeroGroup},
		{"{3,,4}", 3, ReasonEmptyGroup},
		{"3,4,", 3, ReasonEmptyGroup},
		{",3", 0, ReasonEmptyGroup},
		{"{3,4", 0, ReasonBrace},
		{"3,4}", 3, ReasonBrace},
		{"3,X", 2, ReasonMixed}, // the text began as group sizes: X breaks them
		{"3 -1", 2, ReasonNegative},
		{"-1", 0, ReasonNegative},
		{"{3, -1}", 4, ReasonNegative},
		{"3 1.4", 3, ReasonNotWhole},
		{"3.", 1, ReasonMixed}, // no digit after the point: a row symbol
		{"{3,1]", 4, ReasonBrace},
		{"[3)", 2, ReasonBrace},
		{"{3;}", 2, ReasonEmptyGroup},
		// After the closing bracket, the first thing that follows is at
		// fault, not the bracket (it said "closes nothing").
		{"{3}}", 3, ReasonAfterList},
		{"{3} 1", 4, ReasonAfterList},
		{"(3)(1)", 3, ReasonAfterList},
		{"{3,4}x", 5, ReasonAfterList},
		{"{3} ", -2, ""}, // fine: spaces after the list

		{"X.3", 2, ReasonMixed}, // the text began as a row: 3 breaks it
		{"３ Ｙ", 2, ReasonBadGroup},
		{"3 a", 2, ReasonBadGroup},
		{"  XX€", 4, ReasonBadSymbol},
		{"●●€", 2, ReasonBadSymbol},      // characters, not bytes
		{"\uFEFFXY", 2, ReasonBadSymbol}, // the mark counts as a character
		{"2000000", 0, ReasonTooLong},
		// A million objects in two groups take a million and one cells
		// with their gap: the row notation could not write them back
		// (found by FuzzParse).
		{"1 999999", 2, ReasonTooLong},
	}
	for _, c := range cases {
		_, err := Parse(c.text, "position")
		if c.pos == -2 {
			if err != nil {
				t.Errorf("%q: %v", c.text, err)
			}
			continue
		}
		var ie *InputError
		if !errors.As(err, &ie) {
			t.Errorf("%q: got %v, want an input error", c.text, err)
			continue
		}
		if ie.Pos != c.pos || ie.Reason != c.reason || ie.Field != "position" || ie.Value != c.text {
			t.Errorf("%q: pos %d reason %s, want pos %d reason %s (%v)", c.text, ie.Pos, ie.Reason, c.pos, c.reason, err)
		}
		if c.pos >= 0 && ie.Symbol != string([]rune(c.text)[c.pos]) {
			t.Errorf("%q: symbol %q", c.text, ie.Symbol)
		}
		// A position too long names the limit it is past.
		if c.reason == ReasonTooLong && ie.Want != MaxParseCells {
			t.Errorf("%q: too long, with the limit %d, want %d", c.text, ie.Want, MaxParseCells)
		}
	}
}

func TestKeyRoundTrip(t *testing.T) {
	for _, gs := range [][]int{{}, {1}, {64}, {3, 1, 4}, {32, 31}, {1, 1, 1, 1, 1}} {
		p := NewPosition(gs)
		k, ok := p.Key()
		if !ok {
			t.Fatalf("%v: no key", gs)
		}
		if back := FromKey(k); !slices.Equal(back, p) && len(p) > 0 {
			t.Fatalf("%v: key %b decodes to %v", gs, k, back)
		}
	}
	if _, ok := NewPosition([]int{32, 32}).Key(); ok {
		t.Fatal("65 cells must not fit a key")
	}
}

// FuzzParse: whatever is parsed writes back, in both notations, to text
// that parses to the same row and position.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"XXX.X.XXXX", "{3,1,4}", "3 1 4", "..X", "{3,,4}", "●●·●", "[1]", "X-X_X", "0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		row, err := Parse(text, "position")
		if err != nil {
			var ie *InputError
			if !errors.As(err, &ie) {
				t.Fatalf("%q: error %v is not an InputError", text, err)
			}
			if ie.Pos >= len([]rune(text)) {
				t.Fatalf("%q: position %d past the end", text, ie.Pos)
			}
			return
		}
		again, err := Parse(row.String(), "position")
		if err != nil && len(row) > 0 {
			t.Fatalf("%q: its row %q does not parse: %v", text, row, err)
		}
		if len(row) > 0 && again.String() != row.String() {
			t.Fatalf("%q: row %q reads back as %q", text, row, again)
		}
		p := row.Position()
		back, err := Parse(FormatGroups(p), "position")
		if err != nil {
			t.Fatalf("%q: groups %s do not parse: %v", text, FormatGroups(p), err)
		}
		if !slices.Equal(back.Position(), p) {
			t.Fatalf("%q: groups %s read back as %v", text, FormatGroups(p), back.Position())
		}
	})
}

// A character that is neither an object nor a gap is faulted with every
// symbol the notation reads, each of which the parser takes as one cell
// (the message said only X and ., and a reader who wrote ● for an object
// and typed a wrong character learned nothing of the rest).
func TestBadSymbolErrorListsEverySymbol(t *testing.T) {
	_, err := Parse("XXY", "position")
	if err == nil {
		t.Fatal("XXY parsed")
	}
	msg := err.Error()
	for _, symbols := range []string{objectSymbols, gapSymbols} {
		for _, c := range symbols {
			if !strings.ContainsRune(msg, c) {
				t.Errorf("the error %q does not list %q", msg, c)
			}
		}
	}
	for _, c := range objectSymbols + gapSymbols {
		row, err := Parse(string(c), "position")
		if err != nil || len(row) != 1 || row[0] != strings.ContainsRune(objectSymbols, c) {
			t.Errorf("%q read as %v, %v", c, row, err)
		}
	}
}
