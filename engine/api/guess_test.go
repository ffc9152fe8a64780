package api

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// guess.host.reveal ends the game: the state it returns answers no guess,
// not even the secret it revealed; a won game answers none either.
func TestHostRevealEndsTheGame(t *testing.T) {
	for _, kind := range []string{"fair", "adversarial"} {
		start := mustCall(t, "guess.host.new", `{"preset":"science-3","kind":"`+kind+`","seed":3}`)
		state := mustCall(t, "guess.host.answer", `{"state":"`+start["state"].(string)+`","guess":"123"}`)["state"].(string)
		reveal := mustCall(t, "guess.host.reveal", `{"state":"`+state+`"}`)
		revealed, _ := reveal["state"].(string)
		if revealed == "" || reveal["won"] != false {
			t.Fatalf("%s: reveal must give back the ended state, not won: %v", kind, reveal)
		}
		secret := reveal["secret"].(string)
		e := wantError(t, "guess.host.answer", `{"state":"`+revealed+`","guess":"`+secret+`"}`, CodeBadInput, "guess")
		if e.Reason != "game-over" || !strings.Contains(e.Message, "the secret was revealed; start a new game") {
			t.Errorf("%s: answering after the reveal: got %s %q", kind, e.Reason, e.Message)
		}
		again := mustCall(t, "guess.host.reveal", `{"state":"`+revealed+`"}`)
		if again["secret"] != secret || len(again["history"].([]any)) != 1 {
			t.Errorf("%s: revealing again: %v, want the secret %s and the one guess", kind, again, secret)
		}
	}

	// A fair game won, then played on.
	start := mustCall(t, "guess.host.new", `{"preset":"science-3","kind":"fair","seed":3}`)
	secret := mustCall(t, "guess.host.reveal", `{"state":"`+start["state"].(string)+`"}`)["secret"].(string)
	won := mustCall(t, "guess.host.answer", `{"state":"`+start["state"].(string)+`","guess":"`+secret+`"}`)
	if won["won"] != true {
		t.Fatalf("guessing the secret must win: %v", won)
	}
	e := wantError(t, "guess.host.answer", `{"state":"`+won["state"].(string)+`","guess":"123"}`, CodeBadInput, "guess")
	if e.Reason != "game-over" || !strings.Contains(e.Message, "start a new game") {
		t.Errorf("answering after the win: got %s %q", e.Reason, e.Message)
	}
	if end := mustCall(t, "guess.host.reveal", `{"state":"`+won["state"].(string)+`"}`); end["secret"] != secret || end["won"] != true {
		t.Errorf("the reveal after a win: %v", end)
	}
}

// guess.parse places an error in its line: the line as row, and the
// column of the characters at fault as col (0-based, in characters, as
// guess.LineError counts them), so any caller can take its reader there
// without reading the line again. It named the line alone.
func TestParseErrorSaysItsColumn(t *testing.T) {
	for _, c := range []struct {
		text          string
		row, col, len int
	}{
		{"0123 1A2B, 4567 0A0B, 8901 3A0X", 0, 27, 4},
		{"0123 1A2B\n  45x7 0A1B", 1, 4, 1},
		{"0123 1A2B\n🎉 4567 0A0B 8901 0A0B 2345 9A", 1, 27, 2},
		{"\uFEFF0123 1A2x", 0, 6, 4},
	} {
		params, _ := json.Marshal(map[string]string{"text": c.text})
		_, e := call(t, "guess.parse", string(params))
		if e == nil || e.Code != CodeBadInput {
			t.Fatalf("%q: got %v, want a bad-input error", c.text, e)
		}
		if e.Row == nil || *e.Row != c.row || e.Col == nil || *e.Col != c.col {
			t.Errorf("%q: row %v, col %v; want row %d, col %d (%s)", c.text, deref(e.Row), deref(e.Col), c.row, c.col, e.Message)
		}
		if e.Len == nil || *e.Len != c.len {
			t.Errorf("%q: len %v; want %d, the characters at fault (%s)", c.text, deref(e.Len), c.len, e.Message)
		}
		if out, _ := json.Marshal(e); !strings.Contains(string(out), fmt.Sprintf(`"col":%d`, c.col)) || !strings.Contains(string(out), fmt.Sprintf(`"len":%d`, c.len)) {
			t.Errorf("%q: the JSON error %s has no col or len", c.text, out)
		}
	}
	// An error in a history row is about no column of any text.
	e := wantError(t, "guess.candidates", `{"history":[{"guess":"01x3","a":1,"b":2}]}`, CodeBadInput, "guess")
	if e.Col != nil || e.Len != nil {
		t.Errorf("a row's error has column %v, length %v", deref(e.Col), deref(e.Len))
	}
}

func deref(p *int) any {
	if p == nil {
		return nil
	}
	return *p
}
