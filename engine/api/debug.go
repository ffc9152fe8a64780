package api

import (
	"context"
	"encoding/json"
	"fmt"
	"runtime/debug"
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
		Method{"debug.crash", "Crash the engine beyond recovery (how: stack or memory), to test restarts.", debugCrash},
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

// debugCrash kills the Go runtime the way real failures do: a stack
// overflow and running out of memory are fatal errors, not panics, so no
// recover can catch them and the page must restart the worker.
func debugCrash(ctx context.Context, params json.RawMessage, report progress.Func) (any, error) {
	var in struct {
		How string `json:"how"`
	}
	if err := decode(params, &in); err != nil {
		return nil, err
	}
	switch in.How {
	case "stack":
		debug.SetMaxStack(1 << 20)
		return recurse(0), nil
	case "memory":
		var hoard [][]byte
		for {
			hoard = append(hoard, make([]byte, 64<<20))
			hoard[len(hoard)-1][0] = 1
		}
	}
	return nil, badInput("how", "bad-value", `how must be "stack" or "memory"`)
}

func recurse(depth int) int {
	var pad [256]byte
	pad[depth%256] = byte(depth)
	return recurse(depth+1) + int(pad[0])
}
