package api

import (
	"context"
	"encoding/json"
	"testing"
)

func TestChainSolve(t *testing.T) {
	got := mustCall(t, "chain.solve", `{"n":9}`)
	if got["value"] != 7.0 || got["winner"] != "mover" || got["firstMoveSingle"] != true {
		t.Fatalf("N=9: %v", got)
	}
	line := got["line"].([]any)
	if len(line) != 7 {
		t.Fatalf("N=9: a line of %d moves", len(line))
	}
	first := line[0].(map[string]any)
	if first["text"] != "4" || first["row"] != "XXXX.XXXX" {
		t.Fatalf("N=9 first move: %v", first)
	}
	moves := got["moves"].([]any)
	if len(moves) != 9 {
		t.Fatalf("N=9 under the rule: %d moves", len(moves))
	}
	got = mustCall(t, "chain.solve", `{"n":12,"reverse":true}`)
	if got["value"] != -9.0 || got["winner"] != "other" {
		t.Fatalf("N=12 reverse: %v", got)
	}
	// A position: the rule is off by default, so pairs are moves too.
	got = mustCall(t, "chain.solve", `{"position":"XXX.X.XXXX"}`)
	if got["position"] != "{4,3,1}" || len(got["moves"].([]any)) != 8+5 {
		t.Fatalf("XXX.X.XXXX: %v moves %d", got["position"], len(got["moves"].([]any)))
	}
	same := mustCall(t, "chain.solve", `{"position":"{3,1,4}"}`)
	if same["value"] != got["value"] {
		t.Fatal("the two notations must agree")
	}
	for _, m := range got["moves"].([]any) {
		mv := m.(map[string]any)["move"].(map[string]any)
		if len(mv["take"].([]any)) == 0 || mv["row"] == "" {
			t.Fatalf("a move must name what it takes and the row after: %v", mv)
		}
	}
}

func TestChainSeedTable(t *testing.T) {
	want := [][3]int{
		{1, 1, -1}, {2, -2, 2}, {3, 3, -3}, {4, -4, -3}, {5, 5, 4}, {6, 5, -5}, {7, 7, 6}, {8, -8, -7},
		{9, 7, -7}, {10, 9, 8}, {11, 11, -9}, {12, -10, -9}, {13, 11, 10}, {14, -12, -11}, {15, 13, 12}, {16, -14, -13},
	}
	var reports int
	var last [2]int64
	out, err := Call(context.Background(), "chain.table", []byte(`{"from":1,"to":16}`), func(done, total int64, note string) {
		reports++
		if done > total || done < last[0] {
			t.Errorf("progress %d of %d after %d", done, total, last[0])
		}
		last = [2]int64{done, total}
	})
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Rows []struct{ N, Direct, Reverse int }
	}
	json.Unmarshal(out, &got)
	if len(got.Rows) != 16 || reports < 2 || last[0] != last[1] {
		t.Fatalf("%d rows, %d reports", len(got.Rows), reports)
	}
	for i, r := range got.Rows {
		if r.N != want[i][0] || r.Direct != want[i][1] || r.Reverse != want[i][2] {
			t.Errorf("N=%d: %d %d, want %d %d", r.N, r.Direct, r.Reverse, want[i][1], want[i][2])
		}
	}
}

func TestChainMove(t *testing.T) {
	// A won position: the fastest win.
	got := mustCall(t, "chain.move", `{"position":"XXXX.XXXXX"}`)
	if got["winner"] != "mover" {
		t.Fatalf("{5,4} is won (G = 4^1): %v", got)
	}
	// A lost position: the slowest loss, not a resignation.
	got = mustCall(t, "chain.move", `{"position":"XXXX.XXXX"}`)
	solve := mustCall(t, "chain.solve", `{"position":"XXXX.XXXX"}`)
	if got["winner"] != "other" || got["value"] != solve["value"] {
		t.Fatalf("{4,4}: move %v, solve value %v", got, solve["value"])
	}
	// The last object in the direct game ends it.
	got = mustCall(t, "chain.move", `{"position":"..X.."}`)
	mv := got["move"].(map[string]any)
	if got["gameOver"] != true || mv["text"] != "2" || mv["row"] != "....." {
		t.Fatalf("..X..: %v", got)
	}
	wantError(t, "chain.move", `{"position":"....."}`, CodeBadInput, "position")
}

func TestChainOutcome(t *testing.T) {
	got := mustCall(t, "chain.outcome", `{"n":100000}`)
	if got["exact"] != false || got["objects"] != 100000.0 {
		t.Fatalf("100,000: %v", got)
	}
	if got["winner"] == "mover" && got["move"] == nil {
		t.Fatal("a won outcome needs its move")
	}
	got = mustCall(t, "chain.outcome", `{"n":20,"reverse":true}`)
	if got["exact"] != true || got["value"] == nil {
		t.Fatalf("reverse 20: %v", got)
	}
	tl := wantError(t, "chain.outcome", `{"n":81,"reverse":true}`, CodeTooLarge, "")
	if tl.Limit != 80 {
		t.Fatalf("the reverse limit: %+v", tl)
	}
	wantError(t, "chain.solve", `{"n":81}`, CodeTooLarge, "")
	wantError(t, "chain.outcome", `{"n":2000000}`, CodeTooLarge, "n")
}

// TestChainLostToRule: a direct row the first-move rule loses, though its
// Grundy value is not 0, says so (a page showed "loses" beside "Grundy
// value 1" with no reason): a million objects from Grundy values, and 4
// from the exact solver. Without the rule, or with a Grundy value of 0,
// it does not.
func TestChainLostToRule(t *testing.T) {
	for _, c := range []struct {
		method, params string
		grundy         float64
		lost           bool
	}{
		{"chain.outcome", `{"n":1000000,"firstMoveSingle":true}`, 1, true},
		{"chain.outcome", `{"n":1000000,"firstMoveSingle":false}`, 1, false},
		{"chain.outcome", `{"position":"{70, 70}","firstMoveSingle":true}`, 0, false},
		{"chain.solve", `{"n":4,"firstMoveSingle":true}`, 1, true},
		{"chain.solve", `{"n":4,"firstMoveSingle":false}`, 1, false},
	} {
		got := mustCall(t, c.method, c.params)
		lost, _ := got["lostToRule"].(bool)
		if got["grundy"] != c.grundy || lost != c.lost || (lost && got["winner"] != "other") {
			t.Errorf("%s %s: grundy %v, winner %v, lostToRule %v; want grundy %v, lostToRule %v", c.method, c.params, got["grundy"], got["winner"], got["lostToRule"], c.grundy, c.lost)
		}
	}
}

func TestChainGrundy(t *testing.T) {
	got := mustCall(t, "chain.grundy", `{"position":"{3,1,4}"}`)
	if got["grundy"] != 3.0 || got["period"] != 12.0 || got["periodStart"] != 71.0 {
		t.Fatalf("{3,1,4}: %v", got)
	}
	got = mustCall(t, "chain.grundy", `{"from":0,"to":11}`)
	seq := got["sequence"].([]any)
	if len(seq) != 12 || seq[11] != 6.0 {
		t.Fatalf("sequence: %v", seq)
	}
}

func TestChainBadInput(t *testing.T) {
	e := wantError(t, "chain.solve", `{"position":"XX.Y"}`, CodeBadInput, "position")
	if e.Pos == nil || *e.Pos != 3 || e.Symbol != "Y" || e.Reason != "bad-symbol" || e.Value != "XX.Y" {
		t.Fatalf("XX.Y: %+v", e)
	}
	e = wantError(t, "chain.solve", `{"position":"{3,,4}"}`, CodeBadInput, "position")
	if e.Pos == nil || *e.Pos != 3 || e.Reason != "empty-group" {
		t.Fatalf("{3,,4}: %+v", e)
	}
	e = wantError(t, "chain.solve", `{"position":"{3,0,4}"}`, CodeBadInput, "position")
	if *e.Pos != 3 || e.Reason != "zero-group" {
		t.Fatalf("{3,0,4}: %+v", e)
	}
	wantError(t, "chain.solve", `{}`, CodeBadInput, "position")
	wantError(t, "chain.solve", `{"n":0}`, CodeBadInput, "n")
	wantError(t, "chain.solve", `{"n":5,"position":"XX"}`, CodeBadInput, "n")
	wantError(t, "chain.solve", `{"n":"5"}`, CodeBadInput, "n")
	wantError(t, "chain.table", `{"from":3,"to":2}`, CodeBadInput, "to")
	wantError(t, "chain.table", `{"to":81}`, CodeTooLarge, "to")
	wantError(t, "chain.table", `{"direct":false,"reverse":false}`, CodeBadInput, "reverse")
	wantError(t, "chain.grundy", `{"from":-1,"to":3}`, CodeBadInput, "from")
	wantError(t, "chain.grundy", `{"from":5,"to":3}`, CodeBadInput, "to")
	wantError(t, "chain.solve", `{"n":5,"reverze":true}`, CodeBadInput, "reverze")
}

func TestChainCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Call(ctx, "chain.solve", []byte(`{"n":50}`), nil)
	if err == nil || err.Code != CodeCancelled {
		t.Fatalf("a cancelled solve: %v", err)
	}
}

// chain.footprint tells a page, before it starts, what a solve will keep
// in memory, and whether it is a lookup already.
func TestChainFootprint(t *testing.T) {
	forgetChainSolvers()
	got := mustCall(t, "chain.footprint", `{"n":80}`)
	if got["cells"] != 80.0 || got["positions"] != 18004327.0 || got["limit"] != 80.0 {
		t.Fatalf("n=80: %v", got)
	}
	if mem := got["memoryBytes"].(float64); mem < 18004327 || mem > 19e6 {
		t.Errorf("n=80 keeps %v bytes", mem)
	}
	if h := got["held"].(map[string]any); h["direct"] != false || h["reverse"] != false {
		t.Errorf("n=80 before any solve: held %v", h)
	}
	solved := mustCall(t, "chain.solve", `{"n":30}`)
	got = mustCall(t, "chain.footprint", `{"position":"XXX.XXXX"}`)
	if h := got["held"].(map[string]any); h["direct"] != true || h["reverse"] != false {
		t.Errorf("a short row after the direct 30: held %v", h)
	}
	if got = mustCall(t, "chain.footprint", `{"n":30}`); got["memoryBytes"] != solved["memoryBytes"] {
		t.Errorf("footprint of 30 says %v bytes, the solve kept %v", got["memoryBytes"], solved["memoryBytes"])
	}
	tl := wantError(t, "chain.footprint", `{"position":"{40,40}"}`, CodeTooLarge, "")
	if tl.Limit != 80 || tl.Size != 81 {
		t.Errorf("{40,40}: %+v", tl)
	}
	wantError(t, "chain.footprint", `{"position":"XX?X"}`, CodeBadInput, "position")
}
