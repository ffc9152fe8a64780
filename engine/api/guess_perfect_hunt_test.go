package api

import (
	"fmt"
	"testing"
)

// guess.perfect.check compares a guess (the fast strategy's, shown while
// the proof is searched) with the perfect strategy's move. It solves each
// answer of the guess on its own; the search solved the position from its
// root. The two must agree: the best any guess reaches by the check is
// the search's optimum, the search's own move reaches it, and every guess
// that does worse names the first figure, in the objective's order, where
// it does.
func TestPerfectCheckAgreesWithTheSearch(t *testing.T) {
	for _, c := range []struct{ rules, history string }{
		{`"rules":{"length":3,"alphabet":"123456"}`, `[{"guess":"123","a":0,"b":1}]`},
		// Fewest-worst: an answer that can do with fewer guesses than the
		// worst case is solved within the worst case, where the search
		// returned more guesses than needed before ad71dc1 (9 secrets of
		// science-3: 24 where 22 do).
		{`"preset":"science-3"`, `[{"guess":"123","a":0,"b":1}]`},
	} {
		checkAgainstTheSearch(t, c.rules, c.history)
	}
}

func checkAgainstTheSearch(t *testing.T, rules, history string) {
	codes := mustCall(t, "guess.candidates", `{`+rules+`,"limit":1000}`)["candidates"].([]any)
	order := map[string][]string{
		"average":            {"total", "worst"},
		"worst-then-average": {"worst", "total"},
		"fewest-worst":       {"worst", "atWorst", "total"},
	}
	for obj, figures := range order {
		best := mustCall(t, "guess.suggest", `{`+rules+`,"history":`+history+`,"strategy":"perfect","objective":"`+obj+`"}`)
		here := best["explanation"].(map[string]any)["proof"].(map[string]any)["here"].(map[string]any)
		optimal, worse := 0, map[any]int{}
		for _, c := range codes {
			got := mustCall(t, "guess.perfect.check", fmt.Sprintf(`{%s,"history":%s,"objective":%q,"guess":%q}`, rules, history, obj, c))
			if fmt.Sprint(got["best"]) != fmt.Sprint(here) || got["bestGuess"] != best["guess"] {
				t.Fatalf("%s %s: the check compares with the search's own move: %v, want %v", obj, c, got, here)
			}
			if c == best["guess"] && got["optimal"] != true {
				t.Errorf("%s: the search's move %s must be optimal: %v", obj, c, got)
			}
			if got["optimal"] == true {
				optimal++
				g := got["here"].(map[string]any)
				for _, f := range figures {
					if g[f] != here[f] || got["worse"] != "" {
						t.Errorf("%s %s: an optimal guess reaches the optimum's %s: %v", obj, c, f, got)
					}
				}
				continue
			}
			worse[got["worse"]]++
			// Not optimal: equal on the figures before the one named,
			// worse on it (no figures when it cannot keep the worst case).
			g, _ := got["here"].(map[string]any)
			if g == nil {
				if got["worse"] != "worst" || obj == "average" {
					t.Errorf("%s %s: only a worst case beyond the optimum's has no figures: %v", obj, c, got)
				}
				continue
			}
			for _, f := range figures {
				if f == got["worse"] {
					if g[f].(float64) <= here[f].(float64) {
						t.Errorf("%s %s: worse on %s, yet %v against %v", obj, c, f, g[f], here[f])
					}
					break
				}
				if g[f] != here[f] {
					t.Errorf("%s %s: a guess that does better or worse on %s (%v against %v) before %v: %v", obj, c, f, g[f], here[f], got["worse"], got)
					break
				}
			}
		}
		if optimal == 0 || optimal == len(codes) {
			t.Errorf("%s: %d of %d guesses optimal: the check tells them apart", obj, optimal, len(codes))
		}
		t.Logf("%s: %d of %d guesses optimal, the others worse on %v; the search's move %s: %v", obj, optimal, len(codes), worse, best["guess"], here)
	}
	wantError(t, "guess.perfect.check", `{`+rules+`,"history":`+history+`,"guess":"12"}`, CodeBadInput, "guess")
	wantError(t, "guess.perfect.check", `{`+rules+`,"history":`+history+`,"guess":"124","objective":"fastest"}`, CodeBadInput, "objective")
	wantError(t, "guess.perfect.check", `{`+rules+`,"history":[{"guess":"123","a":3,"b":0}],"guess":"124"}`, CodeBadInput, "history")
}
