//go:build js && wasm

package mines

import (
	"math"
	"strings"
	"testing"

	"kibitz/engine/mines"
	"kibitz/wasm/frame"
	"kibitz/wasm/i18n"
)

// The table of guesses shows the chance each may settle a 50/50 that
// could form later, only when one may; and a guess riskier than the
// safest square (one the look-ahead took, one beside dead squares, a
// forced 50/50) is not called the lowest on the board.
func TestHintSaysWhatTheLookAheadWeighed(t *testing.T) {
	i18n.Register(messages)
	w := &minesWidget{f: &frame.Frame{Lang: i18n.English}}
	outcomes := []mines.Outcome{{N: 1, Prob: 0.9, NextSafety: 1}}
	lifted := mines.Candidate{Point: mines.Point{X: 0, Y: 13}, Prob: 0.0664, Survive: 0.90, Progress: 0.8, Score: 0.96, Latent: 0.06, Outcomes: outcomes}
	safer := mines.Candidate{Point: mines.Point{X: 26, Y: 10}, Prob: 0.0602, Survive: 0.91, Progress: 0.8, Score: 0.92, Outcomes: outcomes}

	table := w.revealsTable([]mines.Candidate{lifted, safer}, 30)
	if !strings.Contains(table, ">May settle a 50/50<") || !strings.Contains(table, "6\u2060%") || !strings.Contains(table, ">–<") {
		t.Errorf("the table should have a 50/50 column, 6%% for the first guess and – for the second:\n%s", table)
	}
	if n := strings.Count(table, "<th scope=\"col\">"); n != 6 {
		t.Errorf("%d columns, want 6:\n%s", n, table)
	}
	if plain := w.revealsTable([]mines.Candidate{safer}, 30); strings.Contains(plain, ">May settle a 50/50<") || strings.Count(plain, "<th scope=\"col\">") != 5 {
		t.Errorf("no guess may settle a 50/50: no such column, five in all:\n%s", plain)
	}

	mv := mines.Move{Point: lifted.Point, Action: mines.ActReveal, Prob: lifted.Prob, Why: mines.WhyLowestRisk}
	if s := w.moveSentence(mv, "", 0.0602, true); strings.Contains(s, "lowest") || !strings.Contains(s, "safest square has 6\u2060%") || !strings.Contains(s, "table below") {
		t.Errorf("a guess the look-ahead took over a safer square: %q", s)
	}
	// Nothing weighed (the safer squares are dead): no table to point at.
	if s := w.moveSentence(mv, "", 0.0602, false); strings.Contains(s, "lowest") || strings.Contains(s, "table") || !strings.Contains(s, "would tell nothing new") {
		t.Errorf("a guess riskier than dead squares: %q", s)
	}
	if s := w.moveSentence(mv, "", 0.0664, true); !strings.Contains(s, "the lowest on the board") {
		t.Errorf("the safest guess: %q", s)
	}
	if s := w.moveSentence(mv, "", math.NaN(), false); !strings.Contains(s, "the lowest on the board") {
		t.Errorf("with no analysis to compare: %q", s)
	}
	// A forced 50/50 is guessed before safer squares, and says why.
	forced := mines.Move{Point: mines.Point{X: 0, Y: 0}, Action: mines.ActReveal, Prob: 0.5, Why: mines.WhyForced}
	if s := w.moveSentence(forced, "", 0.035, false); strings.Contains(s, "lowest") || !strings.Contains(s, "forced 50/50") {
		t.Errorf("a forced 50/50: %q", s)
	}
}
