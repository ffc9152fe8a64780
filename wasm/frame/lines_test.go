//go:build js && wasm

package frame

import (
	"slices"
	"testing"
)

// The line an error names is counted as the engine's parsers count lines:
// \r\n and a lone \r end a line as \n does (a textarea hands over \n only,
// but a caller may pass text from elsewhere).
func TestSplitLinesCountsAsTheParsers(t *testing.T) {
	for _, tc := range []struct {
		text string
		want []string
	}{
		{"0123 1A2B\n4567 0A0B", []string{"0123 1A2B", "4567 0A0B"}},
		{"0123 1A2B\r\n4567 0A0B\r\n", []string{"0123 1A2B", "4567 0A0B", ""}},
		{"0123 1A2B\r4567 0A0B", []string{"0123 1A2B", "4567 0A0B"}},
		{"a\r\rb", []string{"a", "", "b"}},
	} {
		if got := splitLines(tc.text); !slices.Equal(got, tc.want) {
			t.Errorf("%q: %q, want %q", tc.text, got, tc.want)
		}
	}
}
