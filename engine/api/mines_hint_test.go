//go:build !nomines

package api

import (
	"encoding/json"
	"testing"
	"time"
)

func init() {
	// A hint whose look-ahead weighs six guesses, every one shared out.
	splitCaseMakers["mines.hint"] = func(t *testing.T) string {
		shareEveryHint(t)
		return `{"state":"` + hintThatLooksAhead(t, 6) + `","split":true}`
	}
}

// hintThatLooksAhead plays expert games from seed 1 on until the hint
// must guess among at least minCandidates cells, all weighed in the
// look-ahead, and returns that game's state.
func hintThatLooksAhead(t *testing.T, minCandidates int) string {
	t.Helper()
	for seed := 1; seed < 50; seed++ {
		state := mustCall(t, "mines.new", `{"level":"expert","seed":`+itoa(seed)+`}`)["state"].(string)
		for range 200 {
			hint := mustCall(t, "mines.hint", `{"state":"`+state+`"}`)
			cands, _ := hint["candidates"].([]any)
			if len(cands) >= minCandidates && hint["winProb"] == nil {
				weighed := true
				for _, c := range cands {
					weighed = weighed && c.(map[string]any)["score"].(float64) >= 0
				}
				if weighed {
					return state
				}
			}
			g := mustCall(t, "mines.autoplay", `{"state":"`+state+`"}`)
			if g["status"] != "playing" {
				break
			}
			state = g["state"].(string)
		}
	}
	t.Fatalf("no expert game of seeds 1 to 49 came to a hint with %d candidates to weigh", minCandidates)
	return ""
}

// mines.lookahead says which candidate is wrong; the hint's merge refuses
// parts that do not weigh what they were given.
func TestLookAheadRefusesBadInput(t *testing.T) {
	board := `"3x3x1\n1..\n...\n..."`
	wantError(t, "mines.lookahead", `{"board":`+board+`,"log10Solutions":1,"candidates":[]}`, CodeBadInput, "candidates")
	wantError(t, "mines.lookahead", `{"board":`+board+`,"log10Solutions":1,"candidates":[{"x":1,"y":1},{"x":3,"y":0}]}`, CodeBadInput, "candidates[1]")
	wantError(t, "mines.lookahead", `{"board":`+board+`,"log10Solutions":1,"candidates":[{"x":0,"y":0}]}`, CodeBadInput, "candidates[0]")
	wantError(t, "mines.lookahead", `{"board":`+board+`,"log10Solutions":-1,"candidates":[{"x":1,"y":1}]}`, CodeBadInput, "log10Solutions")
	wantError(t, "mines.lookahead", `{"board":`+board+`,"log10Solutions":1,"candidates":[{"x":1,"y":1},{"x":2,"y":2,"latent":1e308}]}`, CodeBadInput, "candidates[1]")
	wantError(t, "mines.lookahead", `{"board":`+board+`,"log10Solutions":1,"candidates":[{"x":1,"y":1,"prob":-0.5}]}`, CodeBadInput, "candidates[0]")
	wantError(t, "mines.lookahead", `{"board":`+board+`,"log10Solutions":1,"candidates":[{"x":1,"y":1}],"budgetMs":5}`, CodeBadInput, "budgetMs")
	wantError(t, "mines.lookahead", `{"board":"3x3x1\n1.","log10Solutions":1,"candidates":[{"x":1,"y":1}]}`, CodeBadInput, "board")

	shareEveryHint(t)
	state := hintThatLooksAhead(t, 3)
	var plan Plan
	if err := json.Unmarshal([]byte(rawCall(t, "mines.hint.split", `{"params":{"state":"`+state+`"},"workers":2}`)), &plan); err != nil {
		t.Fatal(err)
	}
	if len(plan.Parts) != 2 {
		t.Fatalf("%d parts for two workers", len(plan.Parts))
	}
	first := rawCall(t, plan.Parts[0].Method, string(plan.Parts[0].Params))
	second := rawCall(t, plan.Parts[1].Method, string(plan.Parts[1].Params))
	for _, c := range []struct {
		results []json.RawMessage
		field   string
	}{
		{[]json.RawMessage{json.RawMessage(second), json.RawMessage(first)}, "results[0]"}, // swapped
		{[]json.RawMessage{json.RawMessage(first)}, "results[0]"},                          // one missing
		{[]json.RawMessage{json.RawMessage(first), json.RawMessage(`{"candidates":[]}`)}, "results[1]"},
		{[]json.RawMessage{json.RawMessage(first), json.RawMessage(first)}, "results[1]"},
	} {
		merge, _ := json.Marshal(map[string]any{"merge": plan.Merge, "results": c.results})
		wantError(t, "mines.hint.merge", string(merge), CodeBadInput, c.field)
	}
}

// shareEveryHint makes mines.hint's plan share what is left after the
// first candidate, however quick the look-ahead, for the test's length.
func shareEveryHint(t *testing.T) {
	old := splitWorth
	splitWorth = 0
	t.Cleanup(func() { splitWorth = old })
}

// The hint's plan weighs candidates itself while sharing them would not
// pay; with split true it weighs none, with false all; each way the merge
// gives the hint the call alone gives.
func TestHintPlanWeighsWhatIsNotWorthSharing(t *testing.T) {
	state := hintThatLooksAhead(t, 6)
	for _, c := range []hintPlanCase{
		{"", time.Hour, 0, -1}, // all in the plan
		{"", 0, 2, 1},          // the first, then shared
		{`,"split":true`, time.Hour, 2, 0},
		{`,"split":false`, 0, 0, -1},
	} {
		// The look-ahead and its latent 50/50s have a wall-clock budget:
		// on a loaded machine one run may stop short where the other
		// finishes (see TestSplitMethodsMergeToTheSameResult), so a
		// difference is looked at again, up to three times.
		for try := 0; ; try++ {
			merged, alone := c.mergedAndAlone(t, state)
			if merged == alone {
				break
			}
			if try == 2 {
				t.Errorf("split %q, worth %v: merged %s, alone %s", c.split, c.worth, merged, alone)
				break
			}
		}
	}
}

// hintPlanCase is one way TestHintPlanWeighsWhatIsNotWorthSharing plans a
// hint.
type hintPlanCase struct {
	split       string
	worth       time.Duration
	wantParts   int
	wantWeighed int
}

// mergedAndAlone plans the hint of state as c says, checks the plan's
// parts and what it weighed itself, and returns the merged result and
// the hint's own, without their times.
func (c hintPlanCase) mergedAndAlone(t *testing.T, state string) (merged, alone string) {
	t.Helper()
	alone = resultWithoutTime(t, rawCall(t, "mines.hint", `{"state":"`+state+`"}`))
	old := splitWorth
	splitWorth = c.worth
	var plan Plan
	if err := json.Unmarshal([]byte(rawCall(t, "mines.hint.split", `{"params":{"state":"`+state+`"`+c.split+`},"workers":2}`)), &plan); err != nil {
		t.Fatal(err)
	}
	splitWorth = old
	var w hintWork
	if err := json.Unmarshal(plan.Merge, &w); err != nil {
		t.Fatal(err)
	}
	if want := c.wantWeighed; want < 0 {
		c.wantWeighed = len(w.Candidates)
	}
	if len(plan.Parts) != c.wantParts || w.Weighed != c.wantWeighed {
		t.Errorf("split %q, worth %v: %d parts, %d weighed; want %d, %d", c.split, c.worth, len(plan.Parts), w.Weighed, c.wantParts, c.wantWeighed)
	}
	results := make([]json.RawMessage, len(plan.Parts))
	for i, p := range plan.Parts {
		results[i] = json.RawMessage(rawCall(t, p.Method, string(p.Params)))
	}
	merge, _ := json.Marshal(map[string]any{"merge": plan.Merge, "results": results})
	return resultWithoutTime(t, rawCall(t, "mines.hint.merge", string(merge))), alone
}
