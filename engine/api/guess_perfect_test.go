package api

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"kibitz/engine/guess"
)

// A perfect move is proven and says so, with the exact expected guesses of
// the whole game from the position; in a game played by the strategy
// (from 0) the next move is read from the same strategy.
func TestSuggestPerfect(t *testing.T) {
	got := mustCall(t, "guess.suggest", `{"preset":"science-3","strategy":"perfect"}`)
	ex := got["explanation"].(map[string]any)
	proof := ex["proof"].(map[string]any)
	strategy := proof["strategy"].(map[string]any)
	here := proof["here"].(map[string]any)
	if got["guess"] != "123" || ex["method"] != "perfect" || ex["strategy"] != "perfect" || proof["proven"] != true || proof["objective"] != "average" {
		t.Fatalf("science-3 opening: %v", got)
	}
	if strategy["total"] != 2337.0 || strategy["secrets"] != 504.0 || here["total"] != 2337.0 || ex["expectedGuesses"] != 2337.0/504 {
		t.Fatalf("science-3 opening figures: %v", ex)
	}
	next := mustCall(t, "guess.suggest", `{"preset":"science-3","strategy":"perfect","from":0,"history":[{"guess":"123","feedback":"0A0B"}]}`)
	ex = next["explanation"].(map[string]any)
	proof = ex["proof"].(map[string]any)
	here = proof["here"].(map[string]any)
	if proof["strategy"].(map[string]any)["total"] != 2337.0 || proof["rootTurns"] != 0.0 || here["secrets"] != ex["candidates"] || ex["expectedGuesses"] != here["expected"] {
		t.Fatalf("the second move belongs to the same strategy: %v", ex)
	}
	// Without from, the position's own strategy.
	own := mustCall(t, "guess.suggest", `{"preset":"science-3","strategy":"perfect","history":[{"guess":"123","feedback":"0A0B"}]}`)
	proof = own["explanation"].(map[string]any)["proof"].(map[string]any)
	if proof["rootTurns"] != 1.0 || proof["strategy"].(map[string]any)["secrets"] != proof["here"].(map[string]any)["secrets"] {
		t.Fatalf("a position's own strategy: %v", proof)
	}
	wantError(t, "guess.suggest", `{"preset":"science-3","strategy":"perfect","from":2,"history":[{"guess":"123","feedback":"0A0B"}]}`, CodeBadInput, "from")
	wantError(t, "guess.suggest", `{"preset":"science-3","strategy":"best","from":0}`, CodeBadInput, "from")
	// Off the strategy, the position is solved afresh.
	off := mustCall(t, "guess.suggest", `{"preset":"science-3","strategy":"perfect","objective":"fewest-worst","history":[{"guess":"987","feedback":"0A1B"}]}`)
	proof = off["explanation"].(map[string]any)["proof"].(map[string]any)
	if proof["objective"] != "fewest-worst" || proof["strategy"].(map[string]any)["secrets"] != off["explanation"].(map[string]any)["candidates"] {
		t.Fatalf("a position off the strategy: %v", off)
	}
	wantError(t, "guess.suggest", `{"preset":"science-3","strategy":"perfect","objective":"fastest"}`, CodeBadInput, "objective")
	wantError(t, "guess.suggest", `{"preset":"science-3","strategy":"best","objective":"average"}`, CodeBadInput, "objective")
	big := wantError(t, "guess.suggest", `{"preset":"1a2b-5","strategy":"perfect"}`, CodeTooLarge, "")
	if big.Limit != 1500 {
		t.Fatalf("too large: %+v", big)
	}
	found := false
	for _, s := range mustCallList(t, "guess.strategies") {
		found = found || s["id"] == "perfect"
	}
	if !found {
		t.Fatal("guess.strategies does not list perfect")
	}
	if len(mustCallList(t, "guess.objectives")) != 3 {
		t.Fatal("guess.objectives lists three objectives")
	}
}

func mustCallList(t *testing.T, method string) []map[string]any {
	t.Helper()
	out, err := Call(context.Background(), method, []byte(`{}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	var list []map[string]any
	if err := json.Unmarshal(out, &list); err != nil {
		t.Fatal(err)
	}
	return list
}

// The tree is the strategy guess.suggest plays: its branches add up, and
// its text lists every secret once with the guesses that find it.
func TestTree(t *testing.T) {
	got := mustCall(t, "guess.tree", `{"preset":"science-3","objective":"worst-then-average","depth":0,"text":true}`)
	root := got["root"].(map[string]any)
	if root["guess"] != "123" || root["secrets"] != 504.0 || root["worst"] != 6.0 {
		t.Fatalf("root: %v", root)
	}
	var check func(n map[string]any) (secrets, total int)
	check = func(n map[string]any) (secrets, total int) {
		if n["win"] == true {
			secrets, total = 1, 1
		}
		answers, _ := n["answers"].([]any)
		for _, a := range answers {
			s, tot := check(a.(map[string]any)["node"].(map[string]any))
			secrets += s
			total += tot + s
		}
		if float64(secrets) != n["secrets"] || float64(total) != n["total"] {
			t.Fatalf("node %v: %d secrets, %d guesses below", n["guess"], secrets, total)
		}
		return secrets, total
	}
	_, total := check(root)
	lines := strings.Split(strings.TrimSpace(got["text"].(string)), "\n")
	guesses, seen := 0, map[string]bool{}
	for _, line := range lines {
		secret, path, ok := strings.Cut(line, ":")
		codes := strings.Fields(path)
		if !ok || seen[secret] || len(codes) == 0 || codes[len(codes)-1] != secret || codes[0] != "123" {
			t.Fatalf("bad line %q", line)
		}
		seen[secret] = true
		guesses += len(codes)
	}
	if len(lines) != 504 || guesses != total {
		t.Fatalf("%d lines, %d guesses; the tree has %d", len(lines), guesses, total)
	}
	// A shallow view of a position inside the strategy: the position's
	// own strategy, not the branch of the one solved before.
	sub := mustCall(t, "guess.tree", `{"preset":"science-3","objective":"worst-then-average","history":[{"guess":"123","feedback":"0A1B"}],"depth":1}`)
	node := sub["root"].(map[string]any)
	if node["more"] != true || node["answers"] != nil || sub["proof"].(map[string]any)["strategy"].(map[string]any)["secrets"] != node["secrets"] {
		t.Fatalf("depth 1 inside the strategy: %v", sub)
	}
	wantError(t, "guess.tree", `{"preset":"science-3","depth":-1}`, CodeBadInput, "depth")
}

// The answer from a position does not depend on what was asked before: a
// strategy solved from the start of the game is not read for a position
// inside it, where, for an objective with a worst case, another strategy
// can do better (3 of 0123 with repeats: after 001 0A2B, the start's
// strategy needs 3 guesses at worst, the position's own 2).
func TestPerfectFromAPositionIsItsOwn(t *testing.T) {
	guess.ForgetStrategies()
	const here = `{"rules":{"length":3,"alphabet":"0123","repeats":true},"objective":"worst-then-average","history":[{"guess":"001","a":0,"b":2}],"depth":1}`
	first := mustCall(t, "guess.tree", here)
	mustCall(t, "guess.tree", `{"rules":{"length":3,"alphabet":"0123","repeats":true},"objective":"worst-then-average","depth":1}`)
	again := mustCall(t, "guess.tree", here)
	if f, a := first["root"].(map[string]any), again["root"].(map[string]any); f["guess"] != a["guess"] || f["worst"] != 2.0 || a["worst"] != 2.0 || f["total"] != a["total"] {
		t.Fatalf("the same position answered %v, then after the start was solved %v", f, a)
	}
	suggest := mustCall(t, "guess.suggest", `{"rules":{"length":3,"alphabet":"0123","repeats":true},"strategy":"perfect","objective":"worst-then-average","history":[{"guess":"001","a":0,"b":2}]}`)
	if suggest["guess"] != first["root"].(map[string]any)["guess"] {
		t.Fatalf("guess.suggest from the position played %v, the tree %v", suggest["guess"], first["root"].(map[string]any)["guess"])
	}
	// Played as one game from the start, the strategy's own move and
	// figures, whatever was asked before.
	game := mustCall(t, "guess.suggest", `{"rules":{"length":3,"alphabet":"0123","repeats":true},"strategy":"perfect","objective":"worst-then-average","from":0,"history":[{"guess":"001","a":0,"b":2}]}`)
	proof := game["explanation"].(map[string]any)["proof"].(map[string]any)
	if proof["rootTurns"] != 0.0 || proof["strategy"].(map[string]any)["secrets"] != 64.0 {
		t.Fatalf("a game from the start: %v", proof)
	}
}

// A search reports its progress as the share of the first guesses tried
// (a fraction that only moves forward within a phase), and a cancelled
// search stops with cancelled.
func TestPerfectProgressAndCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	reports := 0
	var last struct {
		done, total int64
		note        string
	}
	_, err := Call(ctx, "guess.tree", []byte(`{"preset":"mastermind","objective":"fewest-worst"}`), func(done, total int64, note string) {
		if total <= 0 || done < 0 || done > total {
			t.Errorf("report %d: %d of %d (%s)", reports, done, total, note)
		}
		if note == last.note && done < last.done {
			t.Errorf("report %d went back: %d of %d after %d (%s)", reports, done, total, last.done, note)
		}
		last.done, last.total, last.note = done, total, note
		if reports++; reports == 20 {
			cancel()
		}
	})
	if err == nil || err.Code != CodeCancelled {
		t.Fatalf("got %v after %d reports", err, reports)
	}
}

// 1a2b-4 is too big to solve live: its perfect moves come from the
// shipped strategy, which reaches the published optimum.
func TestSuggestPerfectShipped(t *testing.T) {
	got := mustCall(t, "guess.suggest", `{"preset":"1a2b-4","strategy":"perfect","history":[{"guess":"0123","feedback":"0A1B"}]}`)
	proof := got["explanation"].(map[string]any)["proof"].(map[string]any)
	strategy := proof["strategy"].(map[string]any)
	if proof["source"] != "shipped" || strategy["total"] != 26274.0 || strategy["worst"] != 7.0 || proof["here"].(map[string]any)["secrets"] != 1440.0 {
		t.Fatalf("1a2b-4 after 0123 0A1B: %v", got)
	}
	// A game that opens with another code follows the same strategy,
	// relabelled: no live search of 1,440 codes.
	other := mustCall(t, "guess.suggest", `{"preset":"1a2b-4","strategy":"perfect","history":[{"guess":"1234","feedback":"0A1B"}]}`)
	proof = other["explanation"].(map[string]any)["proof"].(map[string]any)
	if proof["source"] != "shipped" || proof["strategy"].(map[string]any)["total"] != 26274.0 || proof["rootTurns"] != 0.0 || proof["here"].(map[string]any)["secrets"] != 1440.0 {
		t.Fatalf("1a2b-4 after 1234 0A1B: %v", other)
	}
	// Off the strategy, a position small enough is solved live.
	off := mustCall(t, "guess.suggest", `{"preset":"1a2b-4","strategy":"perfect","history":[{"guess":"0123","feedback":"1A2B"},{"guess":"0132","feedback":"1A2B"}]}`)
	if off["explanation"].(map[string]any)["proof"].(map[string]any)["source"] != "search" {
		t.Fatalf("off the shipped strategy: %v", off)
	}
}
