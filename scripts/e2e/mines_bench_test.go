//go:build e2e

package e2e

import (
	"fmt"
	"path/filepath"
	"testing"
)

// BenchmarkMinesAnalyzeInBrowser times mines.analyze in the worker in
// Chromium on mid-game positions of each level: the engine's own time
// (engineMs) and the round trip as the page sees it. Positions come from
// seeded games played a few moves in by the auto-player. Each position's
// time is the median of five runs; the figures are the median and the
// maximum of those over the positions.
//
//	go test -tags e2e -run '^$' -bench MinesAnalyze -benchtime 1x -v ./scripts/e2e
func BenchmarkMinesAnalyzeInBrowser(b *testing.B) {
	ctx := tab(b)
	navigate(b, ctx, fileURL(filepath.Join(dist, "kibitz.html")))
	for _, level := range []string{"beginner", "intermediate", "expert"} {
		got := eval[map[string]float64](b, ctx, fmt.Sprintf(`(async () => {
			const e = await Kibitz.createEngine();
			const boards = [];
			for (let seed = 1; boards.length < 60 && seed < 400; seed++) {
				let g = await e.call('mines.new', {level: %q, rule: 'sfar', seed});
				const steps = 3 + seed %% 12;
				g = await e.call('mines.autoplay', {state: g.state, steps});
				if (g.status === 'playing' && g.board.includes('H')) boards.push(g.board);
			}
			// Each position is analysed five times; its time is the median
			// of the five (as the peer was measured), so one garbage
			// collection does not stand for the position. The raw maximum
			// is reported too.
			const rounds = 5, med = a => a.slice().sort((x, y) => x - y)[a.length >> 1];
			const engine = boards.map(() => []), trip = boards.map(() => []);
			for (let round = 0; round < rounds; round++) {
				for (const [i, board] of boards.entries()) {
					const t = performance.now();
					const r = await e.call('mines.analyze', {board});
					trip[i].push(performance.now() - t);
					engine[i].push(r.engineMs);
				}
			}
			const engineByPos = engine.map(med), tripByPos = trip.map(med);
			return {positions: boards.length,
				engineP50: med(engineByPos), engineMax: Math.max(...engineByPos), engineRawMax: Math.max(...engine.flat()),
				tripP50: med(tripByPos), tripMax: Math.max(...tripByPos)};
		})()`, level))
		b.Logf("%s: %v positions, median of 5 runs each: engine p50 %.3f ms, max %.3f ms (slowest single run %.3f ms); round trip p50 %.3f ms, max %.3f ms",
			level, got["positions"], got["engineP50"], got["engineMax"], got["engineRawMax"], got["tripP50"], got["tripMax"])
		b.ReportMetric(got["engineP50"], level+"-engine-ms-p50")
		b.ReportMetric(got["engineMax"], level+"-engine-ms-max")
		b.ReportMetric(got["tripP50"], level+"-trip-ms-p50")
	}
}
