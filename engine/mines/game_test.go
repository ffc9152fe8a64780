package mines

import (
	"context"
	"testing"
)

// playGame plays one game with the auto-player and calls seen with every
// position it analyses.
func playGame(t testing.TB, level Level, rule Rule, seed uint64, seen func(*Board)) Status {
	g, err := NewGame(level.Width, level.Height, level.Mines, rule, seed)
	if err != nil {
		t.Fatal(err)
	}
	for g.Status == Playing {
		if seen != nil && g.Mine != nil {
			seen(g.View.Clone())
		}
		if _, _, err := g.AutoStep(context.Background(), Options{}); err != nil {
			t.Fatalf("seed %d: %v\n%s", seed, err, g.View.Format())
		}
	}
	return g.Status
}

func TestAutoPlayWinsSome(t *testing.T) {
	for _, level := range Levels {
		wins := 0
		n := 30
		for seed := range uint64(n) {
			if playGame(t, level, RuleSFAR, seed, nil) == Won {
				wins++
			}
		}
		t.Logf("%s: %d/%d", level.ID, wins, n)
	}
}
