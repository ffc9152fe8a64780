//go:build e2e

package e2e

import (
	"fmt"
	"path/filepath"
	"slices"
	"testing"
)

// Benchmarks in real Chromium. They are not part of the test run (they
// take minutes); run them with
//
//	go test -tags e2e -run '^$' -bench . -benchtime 1x ./scripts/e2e
//
// and read the reported metrics.

// BenchmarkStartup: from opening dist/kibitz.html (navigation start) to
// the first engine answer, in a fresh tab each time.
func BenchmarkStartup(b *testing.B) {
	var samples []float64
	for i := 0; i < max(b.N, 5); i++ {
		ctx := tab(b)
		navigate(b, ctx, fileURL(filepath.Join(dist, "kibitz.html")))
		ms := eval[float64](b, ctx, `Kibitz.createEngine().then(e => e.call('guess.score', {secret: '1234', guess: '1243'})).then(() => performance.now())`)
		samples = append(samples, ms)
	}
	slices.Sort(samples)
	b.ReportMetric(samples[len(samples)/2], "ms-to-first-answer-p50")
	b.ReportMetric(samples[len(samples)-1], "ms-to-first-answer-max")
}

// BenchmarkSuggestInBrowser plays games with strategy best inside the
// browser's worker and times every suggestion as the page sees it
// (postMessage both ways included), back to back from a fresh engine: the
// first searches run before the browser has optimised the hot loops. It
// waits a second first, as a person would before the first click, so the
// page's own start-up (its widget mounts and starts an engine too) does
// not land in the timings.
// Every secret is played (secrets: 0), except for 10 digits, where a few
// seeded ones take a minute. The slowest suggestions are logged.
func BenchmarkSuggestInBrowser(b *testing.B) {
	for _, tc := range []struct {
		preset  string
		secrets int
	}{{"1a2b-4", 0}, {"mastermind", 0}, {"1a2b-3", 0}, {"science-3", 0}, {"1a2b-10", 4}} {
		b.Run(tc.preset, func(b *testing.B) {
			ctx := tab(b)
			navigate(b, ctx, fileURL(filepath.Join(dist, "kibitz.html")))
			got := eval[map[string]any](b, ctx, fmt.Sprintf(`(async () => {
				const e = await Kibitz.createEngine();
				const rules = (await e.call('guess.presets')).find(p => p.id === %q).rules;
				await new Promise(resolve => setTimeout(resolve, 1000));
				const alphabet = rules.alphabet, n = rules.length;
				let seed = 12345;
				const rand = k => { seed = (seed * 1103515245 + 12345) %% 2147483648; return seed %% k; };
				const randomSecret = () => {
					let s = '';
					while (s.length < n) { const c = alphabet[rand(alphabet.length)]; if (rules.repeats || !s.includes(c)) s += c; }
					return s;
				};
				const all = [];
				const enumerate = prefix => {
					if (prefix.length === n) { all.push(prefix); return; }
					for (const c of alphabet) if (rules.repeats || !prefix.includes(c)) enumerate(prefix + c);
				};
				const games = %d || (enumerate(''), all.length);
				const secretOf = game => all.length ? all[game] : randomSecret();
				const score = (s, g) => {
					let a = 0, common = 0;
					const cs = {}, cg = {};
					for (let i = 0; i < n; i++) { if (s[i] === g[i]) a++; cs[s[i]] = (cs[s[i]] || 0) + 1; cg[g[i]] = (cg[g[i]] || 0) + 1; }
					for (const k in cs) common += Math.min(cs[k], cg[k] || 0);
					return {a, b: common - a};
				};
				const times = [], lengths = [], slow = [];
				for (let game = 0; game < games; game++) {
					const secret = secretOf(game), history = [];
					for (let turn = 0; turn < 20; turn++) {
						const t0 = performance.now();
						const s = await e.call('guess.suggest', {preset: %q, history, strategy: 'best'});
						const ms = performance.now() - t0;
						times.push(ms);
						slow.push({secret, turn, ms: Math.round(ms), method: s.explanation.method, candidates: s.explanation.candidates});
						if (slow.length > 10) { slow.sort((x, y) => y.ms - x.ms); slow.pop(); }
						const f = score(secret, s.guess);
						history.push({guess: s.guess, a: f.a, b: f.b});
						if (f.a === n) break;
					}
					lengths.push(history.length);
				}
				times.sort((x, y) => x - y);
				return {p50: times[Math.floor(times.length / 2)], max: times[times.length - 1], calls: times.length,
					avg: lengths.reduce((x, y) => x + y, 0) / lengths.length, worst: Math.max(...lengths), slow: JSON.stringify(slow)};
			})()`, tc.preset, tc.secrets, tc.preset))
			b.Logf("the slowest suggestions: %v", got["slow"])
			b.ReportMetric(got["p50"].(float64), "ms/suggest-p50")
			b.ReportMetric(got["max"].(float64), "ms/suggest-max")
			b.ReportMetric(got["avg"].(float64), "guesses/game")
			b.ReportMetric(got["worst"].(float64), "guesses-worst")
			b.ReportMetric(got["calls"].(float64), "suggestions")
		})
	}
}
