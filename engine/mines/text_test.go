package mines

import (
	"errors"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

func mustParse(t testing.TB, text string) *Board {
	t.Helper()
	b, err := Parse(text)
	if err != nil {
		t.Fatalf("%q: %v", text, err)
	}
	return b
}

func TestParseForms(t *testing.T) {
	canonical := "4x3x5\nHF12\n0H8H\nHHHF\n"
	b := mustParse(t, canonical)
	if b.Width != 4 || b.Height != 3 || b.Mines != 5 || b.At(1, 0) != Flag || b.At(3, 0) != 2 || b.At(2, 1) != 8 || b.At(1, 1) != Hidden {
		t.Fatalf("got %+v", b)
	}
	if got := b.Format(); got != canonical {
		t.Fatalf("Format: got %q, want %q", got, canonical)
	}
	for _, variant := range []string{
		"\uFEFF4x3x5\r\nHF12\r\n0H8H\r\nHHHF\r\n",
		"4x3x5\rHF12\r0H8H\rHHHF\r",            // classic Mac OS line ends
		"\r\r4x3x5 \rHF12\r\n0H8H\nHHHF\r\r\n", // every kind at once
		"4x3x5  \nHF12 \n0H8H\t\nHHHF\n\n\n",
		"\n\n4 x 3 x 5\n.*12\n0?8x\n..H*",
		"4X3X5\nhf12\n0H8H\nHHHf",
		"4×3×5\nHF12\n0H8H\nHHHF",
	} {
		if got := mustParse(t, variant).Format(); got != canonical {
			t.Errorf("%q: got %q, want %q", variant, got, canonical)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, c := range []struct {
		text      string
		reason    Reason
		line, col int
	}{
		{"", ReasonEmpty, -1, -1},
		{" \n\n", ReasonEmpty, -1, -1},
		{"9x9", ReasonBadHeader, 0, 3},
		{"9x9x10x3", ReasonBadHeader, 0, 6},
		// A blank ends a number: "9 9" is not 99 (found reading the parser).
		{"9 9x9x10", ReasonBadHeader, 0, 2},
		{"1 2x1x0\n000000000000", ReasonBadHeader, 0, 2},
		{"9y9x10", ReasonBadHeader, 0, 1},
		{"x9x10", ReasonBadHeader, 0, 0},
		{"0x9x10", ReasonSizeRange, 0, 0},
		{"300x9x10", ReasonSizeRange, 0, 0},
		{"9x0x10", ReasonSizeRange, 0, 2},
		{" 9 x 300 x 10", ReasonSizeRange, 0, 5},
		{"2x2x5\nHH\nHH", ReasonMineRange, 0, 4},
		{"2×2×5\nHH\nHH", ReasonMineRange, 0, 4},
		{"2x2x1\nHH", ReasonMissingRows, 1, -1},
		{"2x2x1\nHH\n\n", ReasonMissingRows, 2, -1},
		{"2x2x1\nHH\nH", ReasonRowLength, 2, 1},
		{"2x2x1\nHHH\nHH", ReasonRowLength, 1, 2},
		{"2x2x1\nH9\nHH", ReasonBadChar, 1, 1},
		{"2x2x1\nHH\r\nH€", ReasonBadChar, 2, 1},
		{"\uFEFF2x2x1\nHH\nHH\nHH", ReasonExtraRows, 3, 0},
		{"2x2x1\n  HZ\nHH", ReasonBadChar, 1, 3},
		// A lone \r ends a line: the fault is on the line an editor shows.
		{"2x2x1\rHH\rHZ", ReasonBadChar, 2, 1},
		{"2x2x1\rHH\r", ReasonMissingRows, 2, -1},
		{"2x2x1\r\rHH\rHH", ReasonRowLength, 1, 0},
		{"2x2x1\rHH\rHH\rHH", ReasonExtraRows, 3, 0},
		{"2x2x1\rHHH\rHH", ReasonRowLength, 1, 2},
		// An '=' in a board is a board's error, at its place.
		{"2x2x1\nH=\nHH", ReasonBadChar, 1, 1},
		{"2x2x1=\nHH\nHH", ReasonBadHeader, 0, 5},
	} {
		_, err := Parse(c.text)
		var in *InputError
		if !errors.As(err, &in) {
			t.Errorf("%q: want an InputError, got %v", c.text, err)
			continue
		}
		if in.Reason != c.reason || in.Line != c.line || in.Col != c.col || in.Msg == "" {
			t.Errorf("%q: got %s at line %d col %d (%v), want %s at %d %d", c.text, in.Reason, in.Line, in.Col, err, c.reason, c.line, c.col)
		}
	}
}

// wide writes ASCII text in full-width forms, as a Chinese or Japanese
// input method types it: '!' to '~' as U+FF01 to U+FF5E, a space as the
// ideographic space U+3000.
func wide(text string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r > ' ' && r <= '~':
			return r - '!' + 0xFF01
		case r == ' ':
			return '\u3000'
		}
		return r
	}, text)
}

func TestParseFullWidth(t *testing.T) {
	canonical := "4x3x5\nHF12\n0H8H\nHHHF\n"
	beginner := "9x9x10\n" + strings.Repeat("HHHHHHHHH\n", 8) + "HHHHHHHH1\n"
	for _, c := range []struct{ typed, want string }{
		{wide(canonical), canonical},
		{wide("4 x 3 x 5  \n  HF12\n0H8H \nHHHF"), canonical},
		{"９x９x１０\n" + strings.Repeat("HHHHHHHHH\n", 8) + "ＨＨＨＨＨＨＨＨ１", beginner},
		// Half and half, as a user switching input modes types.
		{"4×3×5\nＨＦ12\n０Ｈ８Ｈ\nｈｈｈｆ", canonical},
	} {
		b, err := Parse(c.typed)
		if err != nil {
			t.Errorf("%q: %v", c.typed, err)
		} else if got := b.Format(); got != c.want {
			t.Errorf("%q: got %q, want %q", c.typed, got, c.want)
		}
	}
	// An error names the line and column the user typed, and the
	// character as typed.
	for _, c := range []struct {
		text      string
		reason    Reason
		line, col int
		value     string
	}{
		{"９ｘ９", ReasonBadHeader, 0, 3, "９ｘ９"},
		{"２ｘ２ｘ１\nＨＨ\nＨＺ", ReasonBadChar, 2, 1, "Ｚ"},
		{"２ｘ２ｘ１\n\u3000\u3000ＨＺ\nＨＨ", ReasonBadChar, 1, 3, "Ｚ"},
		{"２ｘ２ｘ１\nＨＨＨ\nＨＨ", ReasonRowLength, 1, 2, "ＨＨＨ"},
		{"２ｘ２ｘ５\nＨＨ\nＨＨ", ReasonMineRange, 0, 4, "２ｘ２ｘ５"},
		{"２ｙ２ｘ１", ReasonBadHeader, 0, 1, "２ｙ２ｘ１"},
	} {
		_, err := Parse(c.text)
		var in *InputError
		if !errors.As(err, &in) {
			t.Errorf("%q: want an InputError, got %v", c.text, err)
			continue
		}
		if in.Reason != c.reason || in.Line != c.line || in.Col != c.col || in.Value != c.value {
			t.Errorf("%q: got %s at line %d col %d, value %q (%v), want %s at %d %d, value %q", c.text, in.Reason, in.Line, in.Col, in.Value, err, c.reason, c.line, c.col, c.value)
		}
	}
}

func randomBoard(rng *rand.Rand, w, h int) *Board {
	b, _ := NewBoard(w, h, rng.IntN(w*h+1))
	for i := range b.Cells {
		b.Cells[i] = Cell(rng.IntN(11))
	}
	return b
}

func TestRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		b := randomBoard(rng, 1+rng.IntN(12), 1+rng.IntN(12))
		text := b.Format()
		back := mustParse(t, text)
		if back.Format() != text || back.Width != b.Width || back.Mines != b.Mines {
			t.Fatalf("%q does not round-trip", text)
		}
		// The same board with the other spellings reads the same.
		alt := strings.NewReplacer("H", ".", "F", "*", "\n", "\r\n").Replace(text)
		if mustParse(t, alt).Format() != text {
			t.Fatalf("%q: alternative spelling differs", alt)
		}
		if cr := strings.ReplaceAll(text, "\n", "\r"); mustParse(t, cr).Format() != text {
			t.Fatalf("%q: with \\r line ends it reads differently", cr)
		}
		if w := wide(text); mustParse(t, w).Format() != text {
			t.Fatalf("%q: in full-width forms it reads differently", w)
		}
	}
}

// lineEnd is what Parse takes for the end of a line.
var lineEnd = regexp.MustCompile("\r\n|\r|\n")

func FuzzParse(f *testing.F) {
	for _, seed := range []string{"4x3x5\nHF12\n0H8H\nHHHF\n", "\uFEFF2x1x0\r\n00", "2x1x0\r00\r", "1x1x0\r\r0", "2x1x1\n=0", "9x9x10", "1x1x1\n*", "3x1x1\n.?x", "", "1x1x0\n€", "2x2x1\nHH\n\nHH", "999999999x1x1", "２ｘ１ｘ１\n\u3000Ｈ０", "9x9x1０\nＺ"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		b, err := Parse(text)
		if err != nil {
			var in *InputError
			if !errors.As(err, &in) || in.Msg == "" {
				t.Fatalf("%q: error %T %v", text, err, err)
			}
			lines := len(lineEnd.Split(text, -1))
			if in.Line < -1 || in.Line >= lines || in.Col < -1 {
				t.Fatalf("%q: error at line %d col %d of %d lines: %v", text, in.Line, in.Col, lines, err)
			}
			return
		}
		if len(b.Cells) != b.Width*b.Height || b.Mines > len(b.Cells) {
			t.Fatalf("%q: inconsistent board %+v", text, b)
		}
		again, err := Parse(b.Format())
		if err != nil || again.Format() != b.Format() {
			t.Fatalf("%q: no round trip: %v", text, err)
		}
		if w, err := Parse(wide(b.Format())); err != nil || w.Format() != b.Format() {
			t.Fatalf("%q: in full-width forms it does not read the same: %v", text, err)
		}
		if IsLink(b.Format()) {
			t.Fatalf("%q: the board's own text is taken for a link", b.Format())
		}
	})
}

// A number typed in a field with a CJK input method reads as its digits.
func TestNarrowTextReadsFullWidthDigits(t *testing.T) {
	if got := NarrowText("０１２３４５６７８９\u3000Ａｘ"); got != "0123456789 Ax" {
		t.Fatalf("NarrowText: %q", got)
	}
}
