package api

import (
	"context"
	"encoding/json"
	"maps"
	"testing"
	"time"

	"kibitz/engine/guess"
)

// splitCases gives each split method parameters to check it with.
var splitCases = map[string]string{
	"mines.bench": `{"level":"beginner","games":23,"seed":40}`,
	"chain.table": `{"from":3,"to":24}`,
	"guess.tree":  `{"rules":{"length":4,"alphabet":"ABCD","repeats":true},"objective":"fewest-worst","depth":0,"text":true}`,
}

// A split method's parts, run in any order and merged, give the result
// the method gives run alone, whatever the number of workers.
func TestSplitMethodsMergeToTheSameResult(t *testing.T) {
	cases := maps.Clone(splitCases)
	hint := hintThatLooksAhead(t, 6)
	cases["mines.hint"] = `{"state":"` + hint + `","split":true}`
	shareEveryHint(t)
	for _, m := range Methods() {
		if _, ok := methods[m.Name+".split"]; ok {
			if _, ok := cases[m.Name]; !ok {
				t.Errorf("%s splits, and splitCases has no parameters to check it with", m.Name)
			}
		}
	}
	for name, params := range cases {
		guess.ForgetStrategies() // a remembered strategy is not shared out
		forgetChainSolvers()     // nor a built table (positionsSearched)
		alone := resultWithoutTime(t, rawCall(t, name, params))
		for _, workers := range []int{1, 2, 3, 8} {
			guess.ForgetStrategies()
			forgetChainSolvers()
			planText := rawCall(t, name+".split", `{"params":`+params+`,"workers":`+itoa(workers)+`}`)
			var plan Plan
			if err := json.Unmarshal([]byte(planText), &plan); err != nil {
				t.Fatal(err)
			}
			if len(plan.Parts) < min(workers, 2) {
				t.Errorf("%s for %d workers: %d parts", name, workers, len(plan.Parts))
			}
			results := make([]json.RawMessage, len(plan.Parts))
			// Run the parts last first: their order must not matter. Each
			// gets the least bound of the parts before it, as the pool
			// gives it (kibitz.js).
			bound := 0.0
			for i := len(plan.Parts) - 1; i >= 0; i-- {
				p := plan.Parts[i]
				params := p.Params
				if bound > 0 {
					var fields map[string]any
					if err := json.Unmarshal(params, &fields); err != nil {
						t.Fatal(err)
					}
					fields["bound"] = bound
					params, _ = json.Marshal(fields)
				}
				out, err := Call(context.Background(), p.Method, params, nil)
				if err != nil {
					t.Fatalf("%s part %d (%s %s): %v", name, i, p.Method, p.Params, err)
				}
				results[i] = out
				var shared struct {
					Bound float64 `json:"bound"`
				}
				if json.Unmarshal(out, &shared) == nil && shared.Bound > 0 && (bound == 0 || shared.Bound < bound) {
					bound = shared.Bound
				}
			}
			merge, _ := json.Marshal(map[string]any{"merge": plan.Merge, "results": results})
			merged := resultWithoutTime(t, rawCall(t, name+".merge", string(merge)))
			if merged != alone {
				t.Errorf("%s over %d workers: merged %s, alone %s", name, workers, merged, alone)
			}
		}
	}
}

// chain.table with split false stays one part, on the first worker.
func TestChainTableSplitFalseIsOnePart(t *testing.T) {
	var plan Plan
	if err := json.Unmarshal([]byte(rawCall(t, "chain.table.split", `{"params":{"from":3,"to":9,"split":false},"workers":4}`)), &plan); err != nil {
		t.Fatal(err)
	}
	if len(plan.Parts) != 1 {
		t.Fatalf("split false: %d parts", len(plan.Parts))
	}
	if err := json.Unmarshal([]byte(rawCall(t, "chain.table.split", `{"params":{"from":3,"to":9},"workers":4}`)), &plan); err != nil {
		t.Fatal(err)
	}
	if len(plan.Parts) != 2 {
		t.Fatalf("by default: %d parts, want one per game", len(plan.Parts))
	}
}

// A strategy the engine ships (1a2b-4, far too big to search live) is not
// shared out: the plan has no parts and the merge answers from it, as the
// call alone does. A game too big and not shipped gets the call's own
// error from the plan.
func TestSplitTreeUsesTheShippedStrategy(t *testing.T) {
	params := `{"preset":"1a2b-4","objective":"average","history":[{"guess":"0123","feedback":"0A1B"}]}`
	planText := rawCall(t, "guess.tree.split", `{"params":`+params+`,"workers":2}`)
	var plan Plan
	if err := json.Unmarshal([]byte(planText), &plan); err != nil {
		t.Fatal(err)
	}
	if len(plan.Parts) != 0 {
		t.Fatalf("1a2b-4's shipped strategy was split into %d parts", len(plan.Parts))
	}
	merge, _ := json.Marshal(map[string]any{"merge": plan.Merge, "results": []any{}})
	merged := resultWithoutTime(t, rawCall(t, "guess.tree.merge", string(merge)))
	if alone := resultWithoutTime(t, rawCall(t, "guess.tree", params)); merged != alone {
		t.Errorf("1a2b-4 merged %s, alone %s", merged, alone)
	}
	wantError(t, "guess.tree.split", `{"params":{"rules":{"length":5,"alphabet":"0123456789"},"objective":"fewest-worst"},"workers":2}`, CodeTooLarge, "")
}

func TestSplitRefusesBadWorkers(t *testing.T) {
	wantError(t, "mines.bench.split", `{"params":{},"workers":0}`, CodeBadInput, "workers")
	wantError(t, "mines.bench.split", `{"params":{"games":0},"workers":2}`, CodeBadInput, "games")
	wantError(t, "mines.bench", `{"level":"expert","first":{"x":30,"y":0}}`, CodeBadInput, "first")
	wantError(t, "guess.perfect.part", `{"bound":-1}`, CodeBadInput, "bound")
	wantError(t, "guess.perfect.part", `{"bound":1}`, CodeBadInput, "plan")
}

func rawCall(t *testing.T, method, params string) string {
	t.Helper()
	out, err := Call(context.Background(), method, []byte(params), nil)
	if err != nil {
		t.Fatalf("%s %s: %v", method, params, err)
	}
	return string(out)
}

// resultWithoutTime is a result's JSON without its time fields, which no
// two runs share.
func resultWithoutTime(t *testing.T, text string) string {
	t.Helper()
	var v map[string]any
	if err := json.Unmarshal([]byte(text), &v); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"ms", "engineMs", "directMs", "reverseMs"} {
		delete(v, k)
	}
	if analysis, ok := v["analysis"].(map[string]any); ok {
		delete(analysis, "engineMs") // mines.hint
	}
	if proof, ok := v["proof"].(map[string]any); ok {
		delete(proof, "millis") // guess.tree
		delete(proof, "stats")  // parts search more than the whole
	}
	out, _ := json.Marshal(v) // a map's keys are written sorted
	return string(out)
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
	alone := resultWithoutTime(t, rawCall(t, "mines.hint", `{"state":"`+state+`"}`))
	for _, c := range []struct {
		split       string
		worth       time.Duration
		wantParts   int
		wantWeighed int
	}{
		{"", time.Hour, 0, -1}, // all in the plan
		{"", 0, 2, 1},          // the first, then shared
		{`,"split":true`, time.Hour, 2, 0},
		{`,"split":false`, 0, 0, -1},
	} {
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
		if merged := resultWithoutTime(t, rawCall(t, "mines.hint.merge", string(merge))); merged != alone {
			t.Errorf("split %q, worth %v: merged %s, alone %s", c.split, c.worth, merged, alone)
		}
	}
}
