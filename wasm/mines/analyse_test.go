//go:build js && wasm

package mines

import "testing"

// textOffset finds the character an error names in the text box, as the
// box counts (UTF-16 units).
func TestTextOffset(t *testing.T) {
	text := "3x2x1\nHHH\nH?H\n"
	for _, c := range []struct {
		line, col, want int
	}{
		{0, 0, 0},
		{2, 1, 11},   // the "?"
		{1, -1, 6},   // a line's start
		{1, 5, 9},    // past the line's end: its end
		{-1, 3, 3},   // a link: characters of the whole text
		{-1, -1, -1}, // nowhere
	} {
		if got := textOffset(text, c.line, c.col); got != c.want {
			t.Errorf("textOffset(line %d, col %d) = %d, want %d", c.line, c.col, got, c.want)
		}
	}
	if got := textOffset("𝟘x\nH?", 1, 1); got != 5 { // 𝟘 is two UTF-16 units
		t.Errorf("textOffset after a character outside the BMP = %d, want 5", got)
	}
}

// A count of arrangements too large to write out keeps two significant
// digits, rounded, and its power of ten, from the engine's digits or its
// rounded form.
func TestScientificRoundsTheCount(t *testing.T) {
	for _, c := range []struct {
		in       string
		mantissa float64
		power    int
	}{
		{"19619725782651120", 2.0, 16},
		{"14000000000000000", 1.4, 16},
		{"99600000000000000", 1.0, 17},
		{"2.9515e+20", 3.0, 20},
		{"5.8994e+12155", 5.9, 12155},
		{"9.9700e+30", 1.0, 31},
	} {
		m, p, ok := scientific(c.in)
		if !ok || m != c.mantissa || p != c.power {
			t.Errorf("scientific(%q) = %v × 10^%d (%v), want %v × 10^%d", c.in, m, p, ok, c.mantissa, c.power)
		}
	}
	for _, bad := range []string{"", "e+5", "1.2e+x", "0123"} {
		if _, _, ok := scientific(bad); ok {
			t.Errorf("scientific(%q) should not read", bad)
		}
	}
}

// The engine's time has two decimals under a millisecond, one under ten,
// none above, chosen by the time as rounded: 0.996 ms read "1.00" beside
// 1.004's "1.0", and 9.96 read "10.0" beside 10.04's "10".
func TestEngineMsRoundsConsistently(t *testing.T) {
	for ms, want := range map[float64]string{
		0: "0.00", 0.424: "0.42", 0.994: "0.99", 0.9951: "1.0", 0.996: "1.0", 0.999: "1.0", 1: "1.0", 1.004: "1.0",
		3.14: "3.1", 9.94: "9.9", 9.96: "10", 9.99: "10", 10.04: "10", 209.6: "210", 1234.4: "1,234",
	} {
		if got := engineMs(ms); got != want {
			t.Errorf("engineMs(%v) = %q, want %q", ms, got, want)
		}
	}
}
