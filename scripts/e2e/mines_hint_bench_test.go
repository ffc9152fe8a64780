//go:build e2e

package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"kibitz/engine/api"
)

// BenchmarkMinesHintPool times the hint, as the page asks for it, on one
// worker and on a pool of two (mines.hint.split shares the look-ahead),
// over positions that must guess: expert ones, whose look-ahead is quick,
// and the 100×100 ones (1,500 mines) whose look-ahead is slowest natively.
// The positions are found natively first; the module's seal is the same.
//
//	go run ./scripts/build
//	go test -tags e2e -run '^$' -bench MinesHintPool -benchtime 1x -v ./scripts/e2e
func BenchmarkMinesHintPool(b *testing.B) {
	sets := []struct {
		name   string
		params string
		slow   time.Duration // the least native look-ahead a position needs
	}{
		{"expert", `"level":"expert"`, 0},
		{"100x100", `"width":100,"height":100,"mines":1500`, 8 * time.Millisecond},
	}
	ctx := tab(b)
	navigate(b, ctx, fileURL(filepath.Join(dist, "kibitz.html")))
	for _, set := range sets {
		states := guessingStates(b, set.params, set.slow, 5)
		list, _ := json.Marshal(states)
		got := eval[map[string]any](b, ctx, `(async () => {
			const states = `+string(list)+`;
			const one = await Kibitz.createEngine({game: 'mines', workers: 1});
			const pool = await Kibitz.createEngine({game: 'mines', workers: 2});
			pool._grow(); // its second worker (a call grows the pool only for a plan with parts for it)
			await pool._engines[1]._start();
			const median = xs => xs.slice().sort((a, b) => a - b)[xs.length >> 1];
			const time = async (engine, params) => {
				const ms = [];
				let r = null;
				for (let k = 0; k < 5; k++) {
					const t0 = performance.now();
					r = await engine.call('mines.hint', params);
					ms.push(performance.now() - t0);
				}
				return {ms: median(ms), weighed: r.candidates.filter(c => c.score >= 0).length, of: r.candidates.length};
			};
			const out = {one: [], pool: [], shared: []};
			for (const state of states) {
				await one.call('mines.hint', {state}); // warm
				out.one.push(await time(one, {state}));
				out.pool.push(await time(pool, {state}));
				out.shared.push(await time(pool, {state, split: true}));
			}
			one.terminate();
			pool.terminate();
			return out;
		})()`)
		for _, way := range []string{"one", "pool", "shared"} {
			var ms []string
			sum := 0.0
			for _, r := range got[way].([]any) {
				r := r.(map[string]any)
				ms = append(ms, fmt.Sprintf("%.1f (%v/%v)", r["ms"], r["weighed"], r["of"]))
				sum += r["ms"].(float64)
			}
			b.Logf("%s, %s: ms per hint (candidates weighed) %s", set.name, way, strings.Join(ms, ", "))
			b.ReportMetric(sum/float64(len(ms)), set.name+"-"+way+"-ms")
		}
	}
}

// guessingStates plays games natively from seed 1 on and returns the
// states of count positions whose hint must weigh guesses, each with a
// native look-ahead of at least slow.
func guessingStates(b *testing.B, params string, slow time.Duration, count int) []string {
	call := func(method, params string) map[string]any {
		out, err := api.Call(context.Background(), method, []byte(params), nil)
		if err != nil {
			b.Fatalf("%s: %v", method, err)
		}
		var v map[string]any
		json.Unmarshal(out, &v)
		return v
	}
	var states []string
	for seed := 1; seed < 500 && len(states) < count; seed++ {
		state := call("mines.new", fmt.Sprintf(`{%s,"seed":%d}`, params, seed))["state"].(string)
		for len(states) < count {
			plan := call("mines.hint.split", `{"params":{"state":"`+state+`","split":true},"workers":1}`)
			if parts := plan["parts"].([]any); len(parts) == 1 {
				part := parts[0].(map[string]any)
				look := part["params"].(map[string]any)
				look["budgetMs"] = 60000
				text, _ := json.Marshal(look)
				start := time.Now()
				call("mines.lookahead", string(text))
				if time.Since(start) >= slow {
					states = append(states, state)
				}
			}
			g := call("mines.autoplay", `{"state":"`+state+`"}`)
			if g["status"] != "playing" {
				break
			}
			state = g["state"].(string)
		}
	}
	return states
}
