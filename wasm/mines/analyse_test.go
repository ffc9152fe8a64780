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
