package api

import (
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
