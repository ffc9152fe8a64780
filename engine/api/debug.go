package api

import (
	"context"
	"encoding/json"
	"fmt"
	"runtime/debug"
	"sync"
	"time"

	"kibitz/engine/progress"
)

// The debug methods exist so the bridge's failure handling can be tested
// end to end in a real browser: a panic, a long call that cancels
// cooperatively, and one that ignores cancellation and must be killed.
// debug.hold and debug.release let a test keep a call in flight for exactly
// as long as it needs, whatever the machine's speed (see debugHold).
func init() {
	register(
		Method{"debug.panic", "Panic inside the engine (tests that a crash becomes an internal error).", debugPanic},
		Method{"debug.spin", "Busy-work for ms milliseconds with progress; cooperative:false ignores cancel.", debugSpin},
		Method{"debug.crash", "Crash the engine beyond recovery (how: stack or memory), to test restarts.", debugCrash},
		Method{"debug.hold", "Wait, reporting progress, until debug.release names this hold or the call is cancelled.", debugHold},
		Method{"debug.release", "Let every debug.hold of this name go, now and later.", debugRelease},
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

// A test that must see something happen while a call is in flight (a busy
// indicator, a Stop button, a second call that must not cancel the first)
// cannot rely on a real computation being slow: on a fast or idle machine
// it ends before the test looks. debug.hold is a call that lasts until the
// test says so: it waits for debug.release of its name, reporting progress
// as long engine work does, and ends at once, cancelled, if its caller
// cancels it.
//
// A name's gate opens once and stays open, so a release that is handled
// before its hold (the worker runs each call on a goroutine of its own, in
// no promised order) still lets the hold through; a test gives each hold a
// fresh name. The gates are never forgotten: only tests make them, a few
// per page.
var holds = struct {
	sync.Mutex
	gates map[string]*holdGate
}{gates: map[string]*holdGate{}}

type holdGate struct {
	open     chan struct{} // closed by the release
	released bool
	waiting  int // holds waiting on the gate now
}

// holdReportEvery is how often a hold reports progress: often enough that
// the worker's throttle (50 ms) always has a report to pass on.
const holdReportEvery = 10 * time.Millisecond

// gateNamed returns the gate of a hold's name, made the first time the
// name is used; the caller holds holds' lock.
func gateNamed(name string) *holdGate {
	g := holds.gates[name]
	if g == nil {
		g = &holdGate{open: make(chan struct{})}
		holds.gates[name] = g
	}
	return g
}

func holdName(params json.RawMessage) (string, error) {
	var in struct {
		Name string `json:"name"`
	}
	if err := decode(params, &in); err != nil {
		return "", err
	}
	if in.Name == "" {
		return "", badInput("name", "bad-value", "name must name the hold, as the release will")
	}
	return in.Name, nil
}

func debugHold(ctx context.Context, params json.RawMessage, report progress.Func) (any, error) {
	name, err := holdName(params)
	if err != nil {
		return nil, err
	}
	holds.Lock()
	g := gateNamed(name)
	g.waiting++
	holds.Unlock()
	defer func() {
		holds.Lock()
		g.waiting--
		holds.Unlock()
	}()
	tick := time.NewTicker(holdReportEvery)
	defer tick.Stop()
	for {
		report.Report(0, 1, "held")
		select {
		case <-g.open:
			return map[string]any{"name": name}, nil
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-tick.C:
		}
	}
}

// debugRelease opens the gate of a name and says how many holds were
// waiting on it.
func debugRelease(ctx context.Context, params json.RawMessage, report progress.Func) (any, error) {
	name, err := holdName(params)
	if err != nil {
		return nil, err
	}
	holds.Lock()
	defer holds.Unlock()
	g := gateNamed(name)
	if !g.released {
		g.released = true
		close(g.open)
	}
	return map[string]any{"name": name, "waiting": g.waiting}, nil
}
