package api

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"kibitz/engine/progress"
)

// The debug methods exist so the bridge's failure handling can be tested
// end to end in a real browser: a panic, a long call that cancels
// cooperatively, and one that ignores cancellation and must be killed.
func init() {
	register(
		Method{"debug.panic", "Panic inside the engine (tests that a crash becomes an internal error).", debugPanic},
		Method{"debug.spin", "Busy-work for ms milliseconds with progress; cooperative:false ignores cancel.", debugSpin},
	)
}

func debugPanic(ctx context.Context, params json.RawMessage, report progress.Func) (any, error) {
	var in struct {
		Message string `json:"message"`
	}
	if err := decode(params, &in); err != nil {
		return nil, err
	}
	panic("debug.panic: " + in.Message)
}

func debugSpin(ctx context.Context, params json.RawMessage, report progress.Func) (any, error) {
	in := struct {
		Ms          int  `json:"ms"`
		Cooperative bool `json:"cooperative"`
	}{Cooperative: true}
	if err := decode(params, &in); err != nil {
		return nil, err
	}
	if in.Ms < 0 || in.Ms > 600_000 {
		return nil, badInput("ms", "bad-value", fmt.Sprintf("ms must be 0 to 600000, not %d", in.Ms))
	}
	start := time.Now()
	total := time.Duration(in.Ms) * time.Millisecond
	spins := 0
	for elapsed := time.Duration(0); elapsed < total; elapsed = time.Since(start) {
		for i := 0; i < 10000; i++ { // about a tenth of a millisecond of work
			spins += i & 1
		}
		if in.Cooperative {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			report.Report(int64(elapsed/time.Millisecond), int64(in.Ms), "spinning")
		}
	}
	return map[string]any{"ms": time.Since(start).Milliseconds(), "spins": spins}, nil
}
