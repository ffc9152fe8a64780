package api

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	"kibitz/engine/chain"
)

// The engine's promises on time (issue 15, section 4), checked without
// depending on the machine's speed: a long call reports progress, a call
// cancelled before it starts or at its first progress report ends
// cancelled, and a call given 10 ms on a huge input ends, incomplete or
// not. The times themselves (budget × 1.25 + 0.3 s, progress every 250 ms,
// a cancel within 200 ms) are measured by the battery: go run
// ./scripts/bench bounds.

// boundsCall is one heavy call.
type boundsCall struct {
	name, method string
	params       func(t *testing.T) any
}

func fixed(p any) func(*testing.T) any { return func(*testing.T) any { return p } }

// testLattice is a w×h board with a number on every other cell of every
// other row, the numbers those of a seeded layout: the widest frontier
// there is for its size.
func testLattice(w, h int) string {
	rng := rand.New(rand.NewPCG(uint64(w), uint64(h)))
	mine := make([]bool, w*h)
	number := func(x, y int) bool { return x%2 == 0 && y%2 == 0 }
	n := 0
	for i := range mine {
		if !number(i%w, i/w) && rng.IntN(2) == 0 {
			mine[i], n = true, n+1
		}
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "%dx%dx%d\n", w, h, n)
	for y := range h {
		for x := range w {
			if !number(x, y) {
				sb.WriteByte('H')
				continue
			}
			k := 0
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					if xx, yy := x+dx, y+dy; xx >= 0 && yy >= 0 && xx < w && yy < h && mine[yy*w+xx] {
						k++
					}
				}
			}
			sb.WriteByte(byte('0' + k))
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// minesGame starts a game and reveals cells; it returns the game's state.
func minesGame(t *testing.T, game string, reveals ...[2]int) string {
	t.Helper()
	g := mustCall(t, "mines.new", game)
	for _, p := range reveals {
		g = mustCall(t, "mines.reveal", fmt.Sprintf(`{"state":%q,"x":%d,"y":%d}`, g["state"], p[0], p[1]))
	}
	return g["state"].(string)
}

// forgetChainSolvers drops the chain solvers kept between calls, so the
// next chain call searches again instead of looking its answer up.
func forgetChainSolvers() {
	chainSolvers.Lock()
	chainSolvers.s = [2]*chain.Solver{}
	chainSolvers.Unlock()
}

var tenDigitsTurn = []map[string]any{{"guess": "0123456789", "a": 2}}

// longCalls take long enough natively (a tenth of a second to seconds) to
// report progress before they end. The perfect strategies are ones no
// other test solves, so none is in the engine's cache.
func longCalls() []boundsCall {
	sevenColours := map[string]any{"length": 4, "alphabet": "1234567", "repeats": true}
	mastermindTurn := []map[string]any{{"guess": "1122", "a": 0, "b": 1}}
	return []boundsCall{
		{"suggest best 1a2b-10", "guess.suggest", fixed(map[string]any{"preset": "1a2b-10", "history": tenDigitsTurn})},
		{"suggest perfect 4 of 7", "guess.suggest", fixed(map[string]any{"rules": sevenColours, "history": mastermindTurn, "strategy": "perfect", "objective": "worst-then-average"})},
		{"tree 4 of 7", "guess.tree", fixed(map[string]any{"rules": sevenColours, "history": mastermindTurn, "objective": "fewest-worst"})},
		{"explain 1a2b-10", "guess.explain", fixed(map[string]any{"preset": "1a2b-10", "guess": "9876543210"})},
		{"candidates 1a2b-10", "guess.candidates", fixed(map[string]any{"preset": "1a2b-10", "limit": 10000})},
		{"chain.table 1..64", "chain.table", fixed(map[string]any{"from": 1, "to": 64})},
		{"chain.solve 64 reverse", "chain.solve", fixed(map[string]any{"n": 64, "reverse": true})},
		{"chain.move 63", "chain.move", fixed(map[string]any{"n": 63})},
		{"analyze lattice 100x100", "mines.analyze", fixed(map[string]any{"board": testLattice(100, 100)})},
		{"reveal no-guess 100x100x2000", "mines.reveal", func(t *testing.T) any {
			return map[string]any{"state": minesGame(t, `{"width":100,"height":100,"mines":2000,"rule":"noguess","seed":1}`), "x": 50, "y": 50}
		}},
		{"autoplay 100x100 to the end", "mines.autoplay", func(t *testing.T) any {
			return map[string]any{"state": minesGame(t, `{"width":100,"height":100,"mines":1000,"rule":"opening","seed":3}`, [2]int{50, 50}), "steps": 0}
		}},
		{"host answer 1a2b-10", "guess.host.answer", func(t *testing.T) any {
			h := mustCall(t, "guess.host.new", `{"preset":"1a2b-10","kind":"adversarial","seed":1}`)
			return map[string]any{"state": h["state"], "guess": "0123456789"}
		}},
	}
}

// callWith makes a call with ctx and report, after forgetting the chain
// solvers; it returns the error code ("" for a result).
func callWith(t *testing.T, ctx context.Context, c boundsCall, report func(done, total int64, note string)) string {
	t.Helper()
	raw, err := json.Marshal(c.params(t))
	if err != nil {
		t.Fatal(err)
	}
	forgetChainSolvers()
	_, callErr := Call(ctx, c.method, raw, report)
	if callErr != nil {
		return string(callErr.Code)
	}
	return ""
}

// TestCancelledBeforeTheCall: every heavy call, and the quick ones that
// could meet a big input, end cancelled when the context is cancelled
// already.
func TestCancelledBeforeTheCall(t *testing.T) {
	calls := append(longCalls(),
		boundsCall{"analyze all hidden 256x256", "mines.analyze", fixed(map[string]any{"board": "256x256x13107\n" + strings.Repeat(strings.Repeat("H", 256)+"\n", 256)})},
		boundsCall{"hint 100x100", "mines.hint", func(t *testing.T) any {
			return map[string]any{"state": minesGame(t, `{"width":100,"height":100,"mines":2000,"rule":"opening","seed":1}`, [2]int{50, 50})}
		}},
		boundsCall{"chain.outcome reverse", "chain.outcome", fixed(map[string]any{"position": "{10,11,12}", "reverse": true})},
	)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, c := range calls {
		t.Run(c.name, func(t *testing.T) {
			if code := callWith(t, ctx, c, nil); code != string(CodeCancelled) {
				t.Fatalf("%s with a cancelled context: got %q, want cancelled", c.method, code)
			}
		})
	}
}

// TestCancelAtFirstProgress: every long call reports progress, and
// cancelled at its first report it ends cancelled, within a margin no
// loaded machine needs (the battery holds it to 200 ms).
func TestCancelAtFirstProgress(t *testing.T) {
	for _, c := range longCalls() {
		t.Run(c.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			var once sync.Once
			var cancelledAt time.Time
			reports := 0
			var mu sync.Mutex
			code := callWith(t, ctx, c, func(done, total int64, note string) {
				mu.Lock()
				reports++
				mu.Unlock()
				once.Do(func() {
					cancelledAt = time.Now()
					cancel()
				})
			})
			if reports == 0 {
				t.Fatalf("%s reported no progress", c.method)
			}
			if code != string(CodeCancelled) {
				t.Fatalf("%s cancelled at its first progress report: got %q, want cancelled", c.method, code)
			}
			if d := time.Since(cancelledAt); d > 2*time.Second {
				t.Fatalf("%s took %v to stop after its cancel", c.method, d)
			}
		})
	}
}

// TestTinyBudgetOnHugeInput: 10 ms on the biggest inputs ends, with what
// the budget allowed, within a margin no loaded machine needs (the
// battery holds it to 0.31 s).
func TestTinyBudgetOnHugeInput(t *testing.T) {
	calls := []struct {
		boundsCall
		// incomplete says whether the answer admits it stopped early
		// (nil: it may finish within 10 ms).
		incomplete func(map[string]any) bool
	}{
		{boundsCall{"analyze lattice 100x100", "mines.analyze", fixed(map[string]any{"board": testLattice(100, 100), "budgetMs": 10})},
			func(r map[string]any) bool { return r["complete"] == false }},
		{boundsCall{"analyze all hidden 256x256", "mines.analyze", fixed(map[string]any{"board": "256x256x13107\n" + strings.Repeat(strings.Repeat("H", 256)+"\n", 256), "budgetMs": 10})}, nil},
		{boundsCall{"suggest best 1a2b-10", "guess.suggest", fixed(map[string]any{"preset": "1a2b-10", "history": tenDigitsTurn, "budgetMs": 10})},
			func(r map[string]any) bool { return r["explanation"].(map[string]any)["complete"] == false }},
		{boundsCall{"hint 100x100", "mines.hint", func(t *testing.T) any {
			return map[string]any{"state": minesGame(t, `{"width":100,"height":100,"mines":1000,"rule":"opening","seed":3}`,
				[2]int{50, 50}, [2]int{0, 0}, [2]int{99, 0}, [2]int{0, 99}, [2]int{99, 99}), "budgetMs": 10}
		}}, nil},
		{boundsCall{"autoplay 100x100 to the end", "mines.autoplay", func(t *testing.T) any {
			return map[string]any{"state": minesGame(t, `{"width":100,"height":100,"mines":2000,"rule":"noguess","seed":1}`, [2]int{50, 50}), "steps": 0, "budgetMs": 10}
		}}, func(r map[string]any) bool { return r["status"] == "playing" }},
	}
	for _, c := range calls {
		t.Run(c.name, func(t *testing.T) {
			raw, err := json.Marshal(c.params(t))
			if err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			out, callErr := Call(context.Background(), c.method, raw, nil)
			took := time.Since(start)
			if callErr != nil {
				t.Fatalf("%s: %v", c.method, callErr)
			}
			if took > 3*time.Second {
				t.Fatalf("%s with budgetMs 10 took %v", c.method, took)
			}
			var r map[string]any
			if err := json.Unmarshal(out, &r); err != nil {
				t.Fatal(err)
			}
			if c.incomplete != nil && !c.incomplete(r) {
				t.Fatalf("%s with budgetMs 10 claims to have finished: %.300s", c.method, out)
			}
		})
	}
}
