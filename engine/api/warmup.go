package api

import (
	"context"

	"kibitz/engine/progress"
)

// warmUpCalls are searches that exercise the engine's hot loops: scoring
// into histograms, the look-ahead search and the exact solver, without and
// with repeated symbols. Neither position is in the opening book.
var warmUpCalls = []string{
	`{"preset":"1a2b-4","history":[{"guess":"4567","a":1,"b":1},{"guess":"0123","a":0,"b":1}]}`,
	`{"preset":"1a2b-4","history":[{"guess":"4567","a":1,"b":1},{"guess":"0123","a":0,"b":1}]}`,
	`{"preset":"mastermind","history":[{"guess":"1234","a":0,"b":2},{"guess":"5521","a":1,"b":0}]}`,
}

// WarmUp runs a few representative suggestions and throws the results away.
//
// Browsers compile WebAssembly in tiers: every function starts from a quick
// baseline compile and is optimised only after it has run for a while. In
// Chromium the first searching suggestion of a session took 116 ms where
// the same search takes 45 ms once optimised. The worker calls WarmUp while
// it is idle, so the player's first real search finds the hot loops
// optimised. It stops as soon as ctx ends; an interrupted warm-up still
// counts, as the browser keeps the run time each function has accumulated.
func WarmUp(ctx context.Context, report progress.Func) error {
	for _, params := range warmUpCalls {
		if _, err := Call(ctx, "guess.suggest", []byte(params), report); err != nil {
			return err
		}
	}
	return nil
}
