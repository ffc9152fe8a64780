//go:build e2e

package e2e

import (
	"fmt"
	"path/filepath"
	"testing"
)

// TestChainEngineInBrowser runs the chain methods in the browser's worker:
// the seed's table, a solve, and the time of N = 16, 40 and 60, logged
// for the README (run with -v).
func TestChainEngineInBrowser(t *testing.T) {
	ctx := tab(t)
	navigate(t, ctx, fileURL(filepath.Join(dist, "kibitz.html")))
	got := eval[map[string]any](t, ctx, `(async () => {
		const e = await Kibitz.createEngine();
		const table = await e.call('chain.table', {from: 1, to: 16});
		const nine = await e.call('chain.solve', {n: 9});
		let bad = null;
		try { await e.call('chain.solve', {position: 'XX.Y'}); } catch (err) { bad = err; }
		return {table: table.rows.map(r => [r.n, r.direct, r.reverse]), nine: nine.value, badPos: bad && bad.pos, badCode: bad && bad.code};
	})()`)
	want := "[[1 1 -1] [2 -2 2] [3 3 -3] [4 -4 -3] [5 5 4] [6 5 -5] [7 7 6] [8 -8 -7] [9 7 -7] [10 9 8] [11 11 -9] [12 -10 -9] [13 11 10] [14 -12 -11] [15 13 12] [16 -14 -13]]"
	if fmt.Sprint(got["table"]) != want {
		t.Fatalf("the seed's table in the browser: %v", got["table"])
	}
	if got["nine"] != 7.0 || got["badPos"] != 3.0 || got["badCode"] != "bad-input" {
		t.Fatalf("solve 9 / bad input: %v", got)
	}
}

// BenchmarkChainInBrowser times chain.solve of the starting rows in the
// browser's worker as the page sees it, each from a fresh engine (no
// table carried over), median of a few runs:
//
//	go test -tags e2e -run '^$' -bench Chain -benchtime 1x -v ./scripts/e2e
func BenchmarkChainInBrowser(b *testing.B) {
	ctx := tab(b)
	navigate(b, ctx, fileURL(filepath.Join(dist, "kibitz.html")))
	for _, n := range []int{16, 40, 60} {
		for _, rev := range []bool{false, true} {
			runs := 5
			if n == 60 {
				runs = 3
			}
			ms := eval[[]float64](b, ctx, fmt.Sprintf(`(async () => {
				const times = [];
				for (let i = 0; i < %d; i++) {
					const e = await Kibitz.createEngine();
					await e.call('chain.grundy', {n: 1});
					const t = performance.now();
					await e.call('chain.solve', {n: %d, reverse: %v});
					times.push(performance.now() - t);
					e.terminate && e.terminate();
				}
				return times.sort((a, b) => a - b);
			})()`, runs, n, rev))
			name := fmt.Sprintf("N=%d-direct", n)
			if rev {
				name = fmt.Sprintf("N=%d-reverse", n)
			}
			b.Logf("%s: %v ms", name, ms)
			b.ReportMetric(ms[len(ms)/2], name+"-ms-p50")
		}
	}
}
