//go:build e2e

package e2e

import (
	"fmt"
	"path/filepath"
	"testing"
)

// BenchmarkPerfectInBrowser solves each preset under each objective with
// the perfect search, live in the worker in Chromium (1a2b-4 reads its
// shipped strategies), and logs the figures it proves with the time each
// took as the page saw it. One engine (one worker) per preset, so the
// first objective's time includes listing the codes and a cold JIT.
//
//	go test -tags e2e -run '^$' -bench PerfectInBrowser -benchtime 1x -timeout 30m -v ./scripts/e2e
func BenchmarkPerfectInBrowser(b *testing.B) {
	ctx := tab(b)
	navigate(b, ctx, fileURL(filepath.Join(dist, "kibitz.html")))
	for _, preset := range []string{"science-3", "1a2b-3", "mastermind", "1a2b-4"} {
		got := eval[[]map[string]any](b, ctx, fmt.Sprintf(`(async () => {
			const e = await Kibitz.createEngine();
			const out = [];
			for (const objective of ['average', 'worst-then-average', 'fewest-worst']) {
				const t0 = performance.now();
				const r = await e.call('guess.tree', {preset: %q, objective, depth: 1});
				const s = r.proof.strategy;
				out.push({objective, ms: Math.round(performance.now() - t0), total: s.total, worst: s.worst, atWorst: s.atWorst, source: r.proof.source});
			}
			e.terminate();
			return out;
		})()`, preset))
		for _, r := range got {
			b.Logf("%s %s: total %v, worst %v (%v secrets), %s, %v ms", preset, r["objective"], r["total"], r["worst"], r["atWorst"], r["source"], r["ms"])
			b.ReportMetric(r["ms"].(float64)/1000, fmt.Sprintf("%s-%s-s", preset, r["objective"]))
		}
	}
}

// BenchmarkPerfectPool times Mastermind's proven optimum, searched live,
// on one worker and on a pool of two, each from a fresh engine:
//
//	go test -tags e2e -run '^$' -bench PerfectPool -benchtime 1x -v ./scripts/e2e
func BenchmarkPerfectPool(b *testing.B) {
	ctx := tab(b)
	navigate(b, ctx, fileURL(filepath.Join(dist, "kibitz.html")))
	for _, objective := range []string{"worst-then-average", "average", "fewest-worst"} {
		for _, workers := range []int{1, 2} {
			got := eval[map[string]any](b, ctx, fmt.Sprintf(`(async () => {
				const e = await Kibitz.createEngine({game: 'guess', workers: %d});
				const t0 = performance.now();
				const r = await e.call('guess.tree', {preset: 'mastermind', objective: %q, depth: 1});
				const ms = Math.round(performance.now() - t0);
				const s = r.proof.strategy;
				e.terminate();
				return {ms, total: s.total, worst: s.worst, atWorst: s.atWorst, source: r.proof.source};
			})()`, workers, objective))
			b.Logf("mastermind %s on %d worker(s): total %v, worst %v (%v secrets), %s, %v ms",
				objective, workers, got["total"], got["worst"], got["atWorst"], got["source"], got["ms"])
			b.ReportMetric(got["ms"].(float64)/1000, fmt.Sprintf("%s-%dw-s", objective, workers))
		}
	}
}
