package api

import (
	"context"
	"encoding/json"
	"maps"
	"testing"

	"kibitz/engine/guess"
	"kibitz/engine/progress"
)

// splitCases gives each split method parameters to check it with.
var splitCases = map[string]string{
	"mines.bench": `{"level":"beginner","games":23,"seed":40}`,
	"chain.table": `{"from":3,"to":24}`,
	// Six symbols: a code with the sixth has bit 53 set, past what a
	// JavaScript number holds exactly.
	"guess.tree": `{"rules":{"length":3,"alphabet":"ABCDEF","repeats":true},"objective":"average","depth":0,"text":true}`,
}

// splitCaseMakers make the parameters of split methods that need a game
// made first (each file of tests for a game adds its own).
var splitCaseMakers = map[string]func(t *testing.T) string{}

// A split method's parts, run in any order and merged, give the result
// the method gives run alone, whatever the number of workers.
func TestSplitMethodsMergeToTheSameResult(t *testing.T) {
	cases := maps.Clone(splitCases)
	for name, make := range splitCaseMakers {
		cases[name] = make(t)
	}
	for _, m := range Methods() {
		if _, ok := methods[m.Name+".split"]; ok {
			if _, ok := cases[m.Name]; !ok {
				t.Errorf("%s splits, and splitCases has no parameters to check it with", m.Name)
			}
		}
	}
	for name, params := range cases {
		for _, workers := range []int{1, 2, 3, 8} {
			// A Minesweeper hint's look-ahead and its latent 50/50s have a
			// wall-clock budget (200 ms): on a loaded machine one of the
			// two runs may stop short where the other finishes, and the
			// two answers then differ for no fault of the merge. A merge
			// that is wrong differs every time; a run cut short by the
			// clock, rarely twice in a row.
			var merged, alone string
			for try := 0; try < 3; try++ {
				merged, alone = splitAndMerge(t, name, params, workers)
				if merged == alone {
					break
				}
			}
			if merged != alone {
				t.Errorf("%s over %d workers: merged %s, alone %s", name, workers, merged, alone)
			}
		}
	}
}

// splitAndMerge runs a call alone, then split for the given workers with
// its parts run last first, and returns the merged result and the call's
// own, without their times.
func splitAndMerge(t *testing.T, name, params string, workers int) (merged, alone string) {
	t.Helper()
	guess.ForgetStrategies() // a remembered strategy is not shared out
	forgetChainSolvers()     // nor a built table (positionsSearched)
	alone = resultWithoutTime(t, rawCall(t, name, params))
	guess.ForgetStrategies()
	forgetChainSolvers()
	planText := viaJS(t, rawCall(t, name+".split", `{"params":`+params+`,"workers":`+itoa(workers)+`}`))
	var plan Plan
	if err := json.Unmarshal([]byte(planText), &plan); err != nil {
		t.Fatal(err)
	}
	if len(plan.Parts) < min(workers, 2) {
		t.Errorf("%s for %d workers: %d parts", name, workers, len(plan.Parts))
	}
	results := make([]json.RawMessage, len(plan.Parts))
	// Run the parts last first: their order must not matter. Each gets the
	// least bound of the parts before it, as the pool gives it
	// (kibitz.js).
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
		results[i] = json.RawMessage(viaJS(t, string(out)))
		var shared struct {
			Bound float64 `json:"bound"`
		}
		if json.Unmarshal(out, &shared) == nil && shared.Bound > 0 && (bound == 0 || shared.Bound < bound) {
			bound = shared.Bound
		}
	}
	merge, _ := json.Marshal(map[string]any{"merge": plan.Merge, "results": results})
	return resultWithoutTime(t, rawCall(t, name+".merge", string(merge))), alone
}

// viaJS is JSON as the page passes it from one worker to another: parsed
// into JavaScript's values, whose numbers are doubles, and written again.
// A whole number past 2^53 comes out as another number.
func viaJS(t *testing.T, text string) string {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(text), &v); err != nil {
		t.Fatal(err)
	}
	out, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
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
	// So is the shipped strategy relabelled, for a game opened with
	// another code.
	planText = rawCall(t, "guess.tree.split", `{"params":{"preset":"1a2b-4","objective":"average","history":[{"guess":"1234","feedback":"0A1B"}]},"workers":2}`)
	if err := json.Unmarshal([]byte(planText), &plan); err != nil || len(plan.Parts) != 0 {
		t.Fatalf("1a2b-4 after 1234 0A1B: %d parts (%v)", len(plan.Parts), err)
	}
	wantError(t, "guess.tree.split", `{"params":{"rules":{"length":5,"alphabet":"0123456789"},"objective":"fewest-worst"},"workers":2}`, CodeTooLarge, "")
}

// A perfect search's plan announces its parts (progress.NoteParts) before
// its long work, as its first report, so that a pool starts their workers
// while it plans; a plan that will not be shared announces nothing.
func TestSplitTreeAnnouncesItsPartsFirst(t *testing.T) {
	for _, tc := range []struct {
		params string
		parts  int64 // announced; 0: nothing
	}{
		{`{"preset":"mastermind","objective":"worst-then-average"}`, 8},
		{`{"preset":"1a2b-4","objective":"average","history":[{"guess":"0123","feedback":"0A1B"}]}`, 0},   // shipped
		{`{"preset":"science-3","objective":"average","history":[{"guess":"123","feedback":"3A0B"}]}`, 0}, // solved
	} {
		var notes []string
		var announced int64
		report := func(done, total int64, note string) {
			notes = append(notes, note)
			if note == progress.NoteParts {
				announced = total
			}
		}
		text, err := Call(context.Background(), "guess.tree.split", []byte(`{"params":`+tc.params+`,"workers":2}`), report)
		if err != nil {
			t.Fatal(err)
		}
		var plan Plan
		if err := json.Unmarshal(text, &plan); err != nil {
			t.Fatal(err)
		}
		switch {
		case tc.parts == 0 && (announced != 0 || len(plan.Parts) != 0):
			t.Errorf("%s: announced %d parts, planned %d; want none", tc.params, announced, len(plan.Parts))
		case tc.parts > 0 && (len(notes) == 0 || notes[0] != progress.NoteParts || announced != tc.parts || len(plan.Parts) < 2 || int64(len(plan.Parts)) > announced):
			t.Errorf("%s: reports %q, %d parts announced, %d planned; want the announcement first, of %d parts", tc.params, notes, announced, len(plan.Parts), tc.parts)
		}
	}
}

func TestSplitRefusesBadWorkers(t *testing.T) {
	wantError(t, "mines.bench.split", `{"params":{},"workers":0}`, CodeBadInput, "workers")
	wantError(t, "mines.bench.split", `{"params":{"games":0},"workers":2}`, CodeBadInput, "games")
	wantError(t, "mines.bench", `{"level":"expert","first":{"x":30,"y":0}}`, CodeBadInput, "first")
	wantError(t, "guess.perfect.part", `{"bound":-1}`, CodeBadInput, "bound")
	wantError(t, "guess.perfect.part", `{"bound":1}`, CodeBadInput, "plan")
	// Found by FuzzCall: parts of no games merged to a NaN win rate, which
	// JSON cannot carry (an internal error).
	wantError(t, "mines.bench.merge", `{"results":[{"games":2,"wins":2},{"games":0}]}`, CodeBadInput, "results[1]")
	wantError(t, "mines.bench.merge", `{"results":[{"games":2,"wins":3}]}`, CodeBadInput, "results[0]")
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
