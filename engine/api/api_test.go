package api

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// call runs a method and decodes its result into a generic map.
func call(t *testing.T, method string, params string) (map[string]any, *Error) {
	t.Helper()
	out, err := Call(context.Background(), method, []byte(params), nil)
	if err != nil {
		return nil, err
	}
	var result map[string]any
	if jerr := json.Unmarshal(out, &result); jerr != nil {
		t.Fatalf("%s returned invalid JSON %s: %v", method, out, jerr)
	}
	return result, nil
}

func mustCall(t *testing.T, method, params string) map[string]any {
	t.Helper()
	result, err := call(t, method, params)
	if err != nil {
		t.Fatalf("%s %s: %v", method, params, err)
	}
	return result
}

func wantError(t *testing.T, method, params, code, field string) *Error {
	t.Helper()
	_, err := call(t, method, params)
	if err == nil {
		t.Fatalf("%s %s: want a %s error on %q, got success", method, params, code, field)
	}
	if err.Code != code || err.Field != field {
		t.Fatalf("%s %s: got %s on %q (%s), want %s on %q", method, params, err.Code, err.Field, err.Message, code, field)
	}
	if err.Message == "" {
		t.Fatalf("%s: an error needs a message", method)
	}
	return err
}

func TestScore(t *testing.T) {
	got := mustCall(t, "guess.score", `{"preset":"science-3","secret":"247","guess":"284"}`)
	if got["a"] != 1.0 || got["b"] != 1.0 || got["won"] != false {
		t.Fatalf("247/284: got %v, want 1A1B", got)
	}
	got = mustCall(t, "guess.score", `{"secret":"1234","guess":"1234"}`)
	if got["a"] != 4.0 || got["won"] != true {
		t.Fatalf("default preset 1a2b-4: got %v", got)
	}
	pos := wantError(t, "guess.score", `{"secret":"1234","guess":"1231"}`, CodeBadInput, "guess")
	if pos.Pos == nil || *pos.Pos != 3 || pos.Reason != "repeated-symbol" {
		t.Fatalf("repeat must name position 4: %+v", pos)
	}
	// The specifics a front end needs for its own sentence: which symbol,
	// where it first appeared, what was expected.
	if pos.Symbol != "1" || pos.Other == nil || *pos.Other != 0 || pos.Value != "1231" {
		t.Fatalf("a repeat must carry the symbol and its first position: %+v", pos)
	}
	short := wantError(t, "guess.score", `{"secret":"123","guess":"1234"}`, CodeBadInput, "secret")
	if short.Reason != "code-length" || short.Want != 4 || short.Value != "123" {
		t.Fatalf("a short code must carry the length wanted: %+v", short)
	}
	unknown := wantError(t, "guess.score", `{"secret":"12x4","guess":"1234"}`, CodeBadInput, "secret")
	if unknown.Symbol != "x" || *unknown.Pos != 2 {
		t.Fatalf("an unknown symbol must be named: %+v", unknown)
	}
	dup := wantError(t, "guess.score", `{"rules":{"length":3,"alphabet":"01231"},"secret":"123","guess":"123"}`, CodeBadInput, "alphabet")
	if dup.Symbol != "1" || *dup.Other != 1 || *dup.Pos != 4 {
		t.Fatalf("a duplicated symbol must be named with both places: %+v", dup)
	}
	wantError(t, "guess.score", `{"secret":1234,"guess":"1234"}`, CodeBadInput, "secret")
	wantError(t, "guess.score", `{"secert":"1234","guess":"1234"}`, CodeBadInput, "secert")
	wantError(t, "guess.score", `{"preset":"chess","secret":"1234","guess":"1234"}`, CodeBadInput, "preset")
	wantError(t, "guess.score", `{"rules":{"length":11,"alphabet":"0123456789AB"},"secret":"1","guess":"1"}`, CodeBadInput, "length")
	wantError(t, "guess.nothing", `{}`, CodeBadInput, "method")
}

func TestCandidatesAndConflictRows(t *testing.T) {
	got := mustCall(t, "guess.candidates", `{"preset":"science-3","history":[{"guess":"123","a":0,"b":1},{"guess":"456","feedback":"1A1B"}],"limit":3}`)
	if got["count"].(float64) < 4 || len(got["candidates"].([]any)) != 3 || got["truncated"] != true {
		t.Fatalf("got %v", got)
	}
	// Rows 1 and 3 contradict; row 2 is disabled and must not shift the
	// row numbers.
	err := wantError(t, "guess.candidates", `{"history":[
		{"guess":"0123","a":1,"b":1},
		{"guess":"8901","a":4,"b":0,"disabled":true},
		{"guess":"8901","a":0,"b":0},
		{"guess":"0189","a":2,"b":0}]}`, CodeBadInput, "history")
	if err.Reason != "conflict" || !slices.Equal(err.Rows, []int{2, 3}) {
		t.Fatalf("conflict rows %v, want [2 3]: %s", err.Rows, err.Message)
	}
	e := wantError(t, "guess.candidates", `{"history":[{"guess":"0123","a":1,"b":1},{"guess":"4567","a":3,"b":1}]}`, CodeBadInput, "feedback")
	if e.Row == nil || *e.Row != 1 || e.Reason != "feedback-impossible" {
		t.Fatalf("impossible feedback must name row 2: %+v", e)
	}
	wantError(t, "guess.candidates", `{"history":[{"guess":"0123"}]}`, CodeBadInput, "a")
	// A row after the win is named, and the winning row with it, as the
	// caller numbers them: the disabled row counts.
	after := wantError(t, "guess.candidates", `{"history":[
		{"guess":"4567","a":0,"b":0,"disabled":true},
		{"guess":"0123","a":4,"b":0},
		{"guess":"4567","a":0,"b":0}]}`, CodeBadInput, "guess")
	if after.Reason != "after-win" || after.Row == nil || *after.Row != 2 || after.Other == nil || *after.Other != 1 {
		t.Fatalf("a row after the win: %+v", after)
	}
	tooLarge, _ := call(t, "guess.candidates", `{"rules":{"length":9,"alphabet":"0123456789AB"}}`)
	if tooLarge != nil {
		t.Fatal("9 of 12 must be too large")
	}
	_, tl := call(t, "guess.candidates", `{"rules":{"length":9,"alphabet":"0123456789AB"}}`)
	if tl.Code != CodeTooLarge || tl.Size != 79833600 || tl.Limit != 4000000 || !strings.Contains(tl.Message, "79833600") {
		t.Fatalf("too-large must state the size and limit: %+v", tl)
	}
	// 10 of 10: B is implied when omitted.
	ten := mustCall(t, "guess.candidates", `{"preset":"1a2b-10","history":[{"guess":"0123456789","a":8}],"limit":0}`)
	if ten["count"] != 45.0 {
		t.Fatalf("10 of 10 with 8A: got %v candidates, want 45 (one swap)", ten["count"])
	}
}

func TestParse(t *testing.T) {
	got := mustCall(t, "guess.parse", `{"text":"1. 0123 1A2B\n# a comment\n2. 4567 0 1\n"}`)
	rows := got["rows"].([]any)
	if len(rows) != 2 || rows[1].(map[string]any)["b"] != 1.0 || rows[1].(map[string]any)["line"] != 2.0 {
		t.Fatalf("got %v", got)
	}
	e := wantError(t, "guess.parse", `{"text":"0123 1A2B\n4567 9A"}`, CodeBadInput, "a")
	if e.Row == nil || *e.Row != 1 {
		t.Fatalf("the error must name line 2: %+v", e)
	}
}

func TestHostRoundTrip(t *testing.T) {
	start := mustCall(t, "guess.host.new", `{"preset":"1a2b-4","kind":"fair","seed":7}`)
	state := start["state"].(string)
	if strings.Contains(state, "secret") || start["commitment"] == "" {
		t.Fatalf("the state must be sealed and the commitment given: %v", start)
	}
	for _, g := range []string{"0123", "4567"} {
		ans := mustCall(t, "guess.host.answer", `{"state":"`+state+`","guess":"`+g+`"}`)
		state = ans["state"].(string)
	}
	reveal := mustCall(t, "guess.host.reveal", `{"state":"`+state+`"}`)
	if reveal["commitment"] != start["commitment"] || len(reveal["history"].([]any)) != 2 {
		t.Fatalf("reveal: %v", reveal)
	}
	secret := reveal["secret"].(string)
	won := mustCall(t, "guess.host.answer", `{"state":"`+state+`","guess":"`+secret+`"}`)
	if won["won"] != true || won["a"] != 4.0 {
		t.Fatalf("guessing the secret must win: %v", won)
	}
	tampered := state[:len(state)-2] + "AA"
	wantError(t, "guess.host.answer", `{"state":"`+tampered+`","guess":"0123"}`, CodeBadInput, "state")
	adv := mustCall(t, "guess.host.new", `{"preset":"science-3","kind":"adversarial"}`)
	if adv["commitment"] != "" {
		t.Fatal("an adversarial host commits to nothing")
	}
	wantError(t, "guess.host.new", `{"kind":"lenient"}`, CodeBadInput, "kind")
}

func TestPanicBecomesInternal(t *testing.T) {
	_, err := call(t, "debug.panic", `{"message":"boom"}`)
	if err == nil || err.Code != CodeInternal || !strings.Contains(err.Message, "boom") {
		t.Fatalf("got %v", err)
	}
	mustCall(t, "guess.score", `{"secret":"1234","guess":"4321"}`) // still works
}

func TestCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Call(ctx, "debug.spin", []byte(`{"ms":1000}`), nil)
	if err == nil || err.Code != CodeCancelled {
		t.Fatalf("got %v", err)
	}
}

func TestEveryMethodHasADoc(t *testing.T) {
	for _, m := range Methods() {
		if m.Doc == "" || strings.Contains(m.Doc, "\n") {
			t.Errorf("%s needs a one-line description", m.Name)
		}
	}
}

// Enumerating a big code space reports progress, and a cancel that arrives
// during a report (as it does in the browser) stops it.
func TestCandidatesReportAndStop(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	reports := 0
	_, err := Call(ctx, "guess.candidates", []byte(`{"preset":"1a2b-10","history":[{"guess":"0123456789","a":2}]}`), func(done, total int64, note string) {
		if reports++; reports == 3 {
			cancel()
		}
		if total != 3628800 || done <= 0 || done > total || note == "" {
			t.Errorf("report %d/%d %q", done, total, note)
		}
	})
	if err == nil || err.Code != CodeCancelled || reports < 3 {
		t.Fatalf("got %v after %d reports", err, reports)
	}
}

// The first move of a big game is fixed and explained without listing
// every code; the count of an empty history needs no listing either.
func TestOpeningIsInstant(t *testing.T) {
	got := mustCall(t, "guess.suggest", `{"preset":"1a2b-10","history":[{"guess":"9876543210","a":3,"disabled":true}]}`)
	ex := got["explanation"].(map[string]any)
	if got["guess"] != "0123456789" || ex["method"] != "symmetry" || ex["candidates"] != 3628800.0 || ex["parts"] != 10.0 {
		t.Fatalf("10 of 10 opening: %v", got)
	}
	count := mustCall(t, "guess.candidates", `{"preset":"1a2b-10","limit":0}`)
	if count["count"] != 3628800.0 || count["truncated"] != true {
		t.Fatalf("10 of 10 count: %v", count)
	}
}
