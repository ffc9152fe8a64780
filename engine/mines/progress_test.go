package mines

import (
	"context"
	"testing"
)

// TestGuessReportsProgress: the look-ahead reports the candidates it has
// looked at, and the analyses inside it repeat that report rather than
// their own (in the browser each report is where a cancel gets in).
func TestGuessReportsProgress(t *testing.T) {
	b, err := Parse("4x4x3\n1HHH\nHHHH\nHHHH\nHHHH\n")
	if err != nil {
		t.Fatal(err)
	}
	a, err := Analyze(context.Background(), b, Options{})
	if err != nil {
		t.Fatal(err)
	}
	notes := map[string]int{}
	_, cands, err := a.Guess(context.Background(), Options{Progress: func(done, total int64, note string) {
		notes[note]++
		if done < 0 || done > total {
			t.Errorf("progress %d of %d", done, total)
		}
	}})
	if err != nil {
		t.Fatal(err)
	}
	if len(cands) < 2 {
		t.Fatalf("the position should leave several guesses to weigh, got %d", len(cands))
	}
	if notes["looking ahead"] < len(cands) || len(notes) != 1 {
		t.Fatalf("reports %v, want at least one \"looking ahead\" per candidate (%d) and nothing else", notes, len(cands))
	}
}

// TestEndgameStopsWhenCancelled: the endgame search ends, without a move,
// on a cancelled context.
func TestEndgameStopsWhenCancelled(t *testing.T) {
	b, err := Parse("4x4x3\n1HHH\nHHHH\nHHHH\nHHHH\n")
	if err != nil {
		t.Fatal(err)
	}
	a, err := Analyze(context.Background(), b, Options{})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, ok := a.Endgame(ctx, endgameBudget); ok {
		t.Fatal("a cancelled endgame search gave a move")
	}
}
