//go:build e2e

package e2e

import (
	"encoding/json"
	"path/filepath"
	"strconv"
	"testing"
)

// The pool of workers (kibitz.js, engine/api/parallel.go): a split method
// shared by several workers gives what one worker gives, reports the
// parts' progress, stops every part when cancelled, and survives a worker
// that crashes in the middle.

// poolBench is a mines.bench long enough that every worker is still busy
// when the first progress comes. Beginner games: their moves never run
// out of time, so the same seeds win the same on any worker (a move that
// hits its time budget may choose differently on a busier worker).
const poolBench = `{level: 'beginner', games: 300, seed: 7}`

func TestPoolGivesOneWorkersResult(t *testing.T) {
	ctx := tab(t)
	navigate(t, ctx, fileURL(filepath.Join(dist, "kibitz.html")))
	got := eval[map[string]any](t, ctx, `(async () => {
		const strip = r => JSON.stringify({games: r.games, wins: r.wins, guesses: r.guesses, moves: r.moves, winRate: r.winRate});
		const one = await Kibitz.createEngine({game: 'mines', workers: 1});
		const pool = await Kibitz.createEngine({game: 'mines', workers: 2});
		const progress = [];
		const alone = await one.call('mines.bench', `+poolBench+`);
		const shared = await pool.call('mines.bench', `+poolBench+`, {onProgress: p => progress.push(p.done / p.total)});
		return {alone: strip(alone), shared: strip(shared), workers: pool._engines.length, steps: progress.length,
			rising: progress.every((f, i) => i === 0 || f >= progress[i - 1] - 1e-9), last: progress[progress.length - 1]};
	})()`)
	if got["alone"] != got["shared"] {
		t.Errorf("two workers won %v, one worker %v", got["shared"], got["alone"])
	}
	if got["workers"] != 2.0 {
		t.Errorf("the pool ran %v workers, want 2", got["workers"])
	}
	if got["steps"].(float64) < 3 || got["rising"] != true || got["last"] != 1.0 {
		t.Errorf("progress should rise to 1 over several reports: %v", got)
	}
	t.Logf("%v", got)
}

func TestPoolCancelStopsEveryPart(t *testing.T) {
	ctx := tab(t)
	navigate(t, ctx, fileURL(filepath.Join(dist, "kibitz.html")))
	got := eval[map[string]any](t, ctx, `(async () => {
		const pool = await Kibitz.createEngine({game: 'mines', workers: 2});
		const stop = new AbortController();
		let code = '';
		const t0 = performance.now();
		await pool.call('mines.bench', {level: 'expert', games: 100000}, {signal: stop.signal, onProgress: () => stop.abort()})
			.catch(err => { code = err.code; });
		const cancelMs = performance.now() - t0;
		// Every worker is free again: a short call on each answers.
		const after = await pool.call('mines.bench', {level: 'beginner', games: 8});
		const busy = pool._engines.map(e => e._pending.size);
		return {code, games: after.games, busy: busy.join(','), cancelMs};
	})()`)
	if got["code"] != "cancelled" || got["games"] != 8.0 {
		t.Errorf("a cancelled pool call should reject as cancelled and leave the pool working: %v", got)
	}
	if got["busy"] != "0,0" {
		t.Errorf("calls still pending on the workers after the cancel: %v", got["busy"])
	}
}

func TestPoolSurvivesACrashedWorker(t *testing.T) {
	ctx := tab(t)
	navigate(t, ctx, fileURL(filepath.Join(dist, "kibitz.html")))
	got := eval[map[string]any](t, ctx, `(async () => {
		const strip = r => JSON.stringify({games: r.games, wins: r.wins, guesses: r.guesses, moves: r.moves});
		const one = await Kibitz.createEngine({game: 'mines', workers: 1});
		const alone = await one.call('mines.bench', `+poolBench+`);
		const pool = await Kibitz.createEngine({game: 'mines', workers: 2});
		let crashed = null;
		const shared = await pool.call('mines.bench', `+poolBench+`, {onProgress: () => {
			// At the first progress both workers are in the middle of a
			// part: crash the second one's worker.
			if (!crashed) crashed = pool._engines[1].call('debug.crash', {how: 'stack'}).then(() => 'no crash', err => err.code);
		}});
		return {alone: strip(alone), shared: strip(shared), crash: await crashed};
	})()`)
	if got["crash"] != "engine-crashed" {
		t.Fatalf("debug.crash should have crashed the second worker: %v", got["crash"])
	}
	// A part lost with the crashed worker, or played twice, changes the
	// games counted. The auto-player's look-ahead has a wall-clock budget
	// (200 ms a move), so on a loaded machine a game may take another
	// guess in one run than in the other (a fresh-clone run beside three
	// helpers: 220 guesses against 219, the same wins): the rest is
	// compared only when the two runs agree on the clock's account.
	var alone, shared struct{ Games, Wins, Guesses, Moves int }
	json.Unmarshal([]byte(got["alone"].(string)), &alone)
	json.Unmarshal([]byte(got["shared"].(string)), &shared)
	if shared.Games != alone.Games || shared.Wins < alone.Wins-1 || shared.Wins > alone.Wins+1 {
		t.Errorf("after a worker crashed, two workers won %v, one worker %v", got["shared"], got["alone"])
	} else if got["alone"] != got["shared"] {
		t.Logf("after a worker crashed, two workers %v, one worker %v: the same games, within the look-ahead's clock", got["shared"], got["alone"])
	}
}

// A hint's look-ahead is shared (mines.hint.split): the plan analyses
// the position and chooses the candidates, each worker weighs a share,
// and the merge takes the best, the hint one worker gives. With split
// true every candidate goes to a part, one part per worker, so the second
// worker gets one however quick they are; by default the plan weighs
// quick ones itself.
func TestPoolSharesTheHintsLookAhead(t *testing.T) {
	ctx := tab(t)
	navigate(t, ctx, fileURL(filepath.Join(dist, "kibitz.html")))
	got := eval[map[string]any](t, ctx, `(async () => {
		const strip = r => { const c = JSON.parse(JSON.stringify(r)); delete c.analysis.engineMs; return JSON.stringify(c); };
		const one = await Kibitz.createEngine({game: 'mines', workers: 1});
		const pool = await Kibitz.createEngine({game: 'mines', workers: 2});
		// An expert game played on until the hint weighs four guesses or more.
		let state = null, alone = null;
		for (let seed = 1; seed < 40 && !alone; seed++) {
			state = (await one.call('mines.new', {level: 'expert', seed})).state;
			for (let step = 0; step < 300; step++) {
				const hint = await one.call('mines.hint', {state, split: true});
				if (hint.candidates && hint.candidates.length >= 4 && hint.winProb === undefined && hint.candidates.every(c => c.score >= 0)) { alone = hint; break; }
				const g = await one.call('mines.autoplay', {state});
				if (g.status !== 'playing') break;
				state = g.state;
			}
		}
		pool._grow(); // its second worker (a call grows the pool only for a plan with parts for it)
		const second = [], progress = [];
		const e1 = pool._engines[1], call = e1.call.bind(e1);
		await e1._start(); // a worker still starting takes no part
		e1.call = (method, params, options) => { second.push(method); return call(method, params, options); };
		const shared = await pool.call('mines.hint', {state, split: true}, {onProgress: p => progress.push(p.done / p.total)});
		// By default the plan shares only what would take it over 10 ms,
		// which depends on the machine's load: not counted.
		e1.call = call;
		const byDefault = await pool.call('mines.hint', {state});
		return {alone: strip(alone), shared: strip(shared), byDefault: strip(byDefault), second: second.join(','),
			candidates: alone.candidates.length, prob: shared.analysis.prob instanceof Float64Array || Array.isArray(shared.analysis.prob),
			rising: progress.every((f, i) => i === 0 || f >= progress[i - 1] - 1e-9)};
	})()`)
	if got["alone"] != got["shared"] || got["alone"] != got["byDefault"] {
		t.Errorf("the hint on two workers differs from one worker's:\nalone   %v\nshared  %v\ndefault %v", got["alone"], got["shared"], got["byDefault"])
	}
	if got["second"] != "mines.lookahead" {
		t.Errorf("the second worker should weigh a share of the candidates; it was called with %q", got["second"])
	}
	if got["rising"] != true {
		t.Errorf("the hint's progress should rise: %v", got)
	}
	t.Logf("%v candidates; the second worker ran %v", got["candidates"], got["second"])
}

// The perfect guess search splits at its root (guess.tree.split): each
// worker proves the best strategy after some of the first guesses, and the
// merge keeps the best, which is the tree one worker proves.
func TestPoolSolvesThePerfectTree(t *testing.T) {
	ctx := tab(t)
	navigate(t, ctx, fileURL(filepath.Join(dist, "kibitz.html")))
	got := eval[map[string]any](t, ctx, `(async () => {
		const params = {rules: {length: 4, alphabet: 'ABCD', repeats: true}, objective: 'fewest-worst', depth: 0, text: true};
		const strip = r => JSON.stringify({strategy: r.proof.strategy, source: r.proof.source, root: r.root, text: r.text});
		const one = await Kibitz.createEngine({game: 'guess', workers: 1});
		const pool = await Kibitz.createEngine({game: 'guess', workers: 2});
		const progress = [];
		const alone = await one.call('guess.tree', params);
		const shared = await pool.call('guess.tree', params, {onProgress: p => progress.push(p.done / p.total)});
		return {alone: strip(alone), shared: strip(shared), workers: pool._engines.length,
			source: shared.proof.source, rising: progress.every((f, i) => i === 0 || f >= progress[i - 1] - 1e-9)};
	})()`)
	if got["alone"] != got["shared"] {
		t.Errorf("two workers proved\n%v\none worker\n%v", got["shared"], got["alone"])
	}
	if got["workers"] != 2.0 || got["source"] != "search" || got["rising"] != true {
		t.Errorf("the tree should be searched on both workers with rising progress: %v", got)
	}
}

// A plan that will be shared announces its parts before its long work,
// and the pool starts their workers then: the second worker boots while
// the first plans Mastermind's proof, not after the plan is done. It
// started only after the plan, which put a worker's start (a module
// compiled and run) on the way of every live proof: 3.6 s instead of
// 2.6 s for Mastermind's worst-then-average on two workers.
func TestPoolStartsItsWorkersWhileThePlanIsMade(t *testing.T) {
	ctx := tab(t)
	navigate(t, ctx, fileURL(filepath.Join(dist, "kibitz.html")))
	got := eval[map[string]any](t, ctx, `(async () => {
		const log = []; // [step, worker]
		const W = window.Worker;
		let planner = null, planID = null;
		window.Worker = class extends W {
			constructor(url, opts) { super(url, opts); log.push(['created', this]); }
			postMessage(msg, transfer) {
				if (msg && msg.type === 'run' && msg.method === 'guess.tree.split') { planner = this; planID = msg.id; log.push(['plan sent', this]); }
				return super.postMessage(msg, transfer);
			}
			set onmessage(f) {
				super.onmessage = e => {
					const msg = e.data;
					if (this === planner && msg && msg.id === planID && msg.type === 'result') log.push(['plan received', this]);
					return f.call(this, e);
				};
			}
			get onmessage() { return super.onmessage; }
		};
		try {
			const pool = await Kibitz.createEngine({game: 'guess', workers: 2});
			const r = await pool.call('guess.tree', {preset: 'mastermind', objective: 'worst-then-average', depth: 1});
			// The page's own widgets start workers too: only the pool's count.
			const names = new Map(pool._engines.map((e, i) => [e._worker, 'worker ' + (i + 1)]));
			pool.terminate();
			const steps = log.filter(([, w]) => names.has(w)).map(([step, w]) => names.get(w) + ' ' + step);
			return {log: steps.join(', '), total: r.proof.strategy.total, source: r.proof.source};
		} finally {
			window.Worker = W;
		}
	})()`)
	if want := "worker 1 created, worker 1 plan sent, worker 2 created, worker 1 plan received"; got["log"] != want {
		t.Errorf("the pool's steps: %v\nwant %v", got["log"], want)
	}
	if got["total"] != 5626.0 || got["source"] != "search" {
		t.Errorf("Mastermind's worst-then-average proof: %v", got)
	}
}

// The chain table splits by game (chain.table.split): the direct game's
// table builds on one worker while the reverse game's builds on another,
// and the merged table is one worker's.
func TestPoolBuildsTheChainTable(t *testing.T) {
	ctx := tab(t)
	navigate(t, ctx, fileURL(filepath.Join(dist, "kibitz.html")))
	got := eval[map[string]any](t, ctx, `(async () => {
		const params = {from: 1, to: 50};
		const one = await Kibitz.createEngine({game: 'chain', workers: 1});
		const pool = await Kibitz.createEngine({game: 'chain', workers: 2});
		const progress = [];
		const alone = await one.call('chain.table', params);
		const shared = await pool.call('chain.table', params, {onProgress: p => progress.push(p.done / p.total)});
		return {alone: JSON.stringify(alone.rows), shared: JSON.stringify(shared.rows), workers: pool._engines.length,
			searched: [alone.positionsSearched, shared.positionsSearched],
			rising: progress.every((f, i) => i === 0 || f >= progress[i - 1] - 1e-9), last: progress[progress.length - 1]};
	})()`)
	if got["alone"] != got["shared"] {
		t.Errorf("two workers' table\n%v\none worker's\n%v", got["shared"], got["alone"])
	}
	if got["workers"] != 2.0 || got["rising"] != true || got["last"] != 1.0 {
		t.Errorf("the table should be built on both workers with rising progress: %v", got)
	}
	if s := got["searched"].([]any); s[0] != s[1] {
		t.Errorf("positions searched: one worker %v, two %v", s[0], s[1])
	}
}

// BenchmarkChainTablePool times the table of N = 61..80 (both games'
// tables of 80 cells) on one worker and on two:
//
//	go test -tags e2e -run '^$' -bench ChainTablePool -benchtime 1x -v ./scripts/e2e
func BenchmarkChainTablePool(b *testing.B) {
	ctx := tab(b)
	navigate(b, ctx, fileURL(filepath.Join(dist, "kibitz.html")))
	for _, workers := range []int{1, 2} {
		ms := eval[float64](b, ctx, `(async () => {
			const e = await Kibitz.createEngine({game: 'chain', workers: `+strconv.Itoa(workers)+`});
			await e.call('chain.grundy', {n: 1});
			const t = performance.now();
			await e.call('chain.table', {from: 61, to: 80});
			return performance.now() - t;
		})()`)
		b.Logf("%d worker(s): %.1f s", workers, ms/1000)
		b.ReportMetric(ms, "ms-"+strconv.Itoa(workers)+"-workers")
	}
}
