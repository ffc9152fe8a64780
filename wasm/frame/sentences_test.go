//go:build js && wasm

package frame

import "testing"

// Sentences join with a space in English, and with none in Chinese and
// Japanese, where a space would show as a gap in the line.
func TestJoinSentences(t *testing.T) {
	for _, c := range []struct{ first, second, want string }{
		{"Lost.", "(Auto-play)", "Lost. (Auto-play)"},
		{"You won.", "It took 3 s.", "You won. It took 3 s."},
		{"负", "（自动玩）", "负（自动玩）"},
		{"勝ちました。", "時間は 3 秒。", "勝ちました。時間は 3 秒。"},
		{"负", "自动玩", "负自动玩"},
		{"3 A", "2 B", "3 A 2 B"},
		{"", "B", "B"},
		{"A", "", "A"},
	} {
		if got := JoinSentences(c.first, c.second); got != c.want {
			t.Errorf("JoinSentences(%q, %q) = %q, want %q", c.first, c.second, got, c.want)
		}
	}
}
