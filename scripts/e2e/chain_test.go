//go:build e2e

package e2e

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
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
				const times = [], warm = [];
				for (let i = 0; i < %[1]d; i++) {
					const e = await Kibitz.createEngine();
					await e.call('chain.grundy', {n: 1});
					let t = performance.now();
					await e.call('chain.solve', {n: %[2]d, reverse: %[3]v});
					times.push(performance.now() - t);
					// Warm: the same engine has already solved another game
					// (the other variant, so no table is shared), as in a page
					// where the widget has been used.
					const w = await Kibitz.createEngine();
					await w.call('chain.solve', {n: 20, reverse: !%[3]v, firstMoveSingle: false});
					t = performance.now();
					await w.call('chain.solve', {n: %[2]d, reverse: %[3]v});
					warm.push(performance.now() - t);
					e.terminate();
					w.terminate();
				}
				return times.sort((a, b) => a - b).concat(warm.sort((a, b) => a - b));
			})()`, runs, n, rev))
			cold, warm := ms[:runs], ms[runs:]
			name := fmt.Sprintf("N=%d-direct", n)
			if rev {
				name = fmt.Sprintf("N=%d-reverse", n)
			}
			b.Logf("%s: cold %v ms, warm %v ms", name, cold, warm)
			b.ReportMetric(cold[len(cold)/2], name+"-cold-ms-p50")
			b.ReportMetric(warm[len(warm)/2], name+"-warm-ms-p50")
		}
	}
}

// BenchmarkChainBigInBrowser times the rows past the old limit of 64
// cells, one cold run each (a fresh engine), with the memory the solver
// keeps:
//
//	go test -tags e2e -run '^$' -bench ChainBig -benchtime 1x -v ./scripts/e2e
func BenchmarkChainBigInBrowser(b *testing.B) {
	ctx := tab(b)
	navigate(b, ctx, fileURL(filepath.Join(dist, "kibitz.html")))
	for _, n := range []int{64, 72, 80} {
		for _, rev := range []bool{false, true} {
			got := eval[map[string]any](b, ctx, fmt.Sprintf(`(async () => {
				const e = await Kibitz.createEngine({workers: 1});
				await e.call('chain.grundy', {n: 1});
				const t = performance.now();
				const r = await e.call('chain.solve', {n: %d, reverse: %v});
				const ms = performance.now() - t;
				e.terminate();
				return {ms, value: r.value, memoryBytes: r.memoryBytes, positions: r.positionsSearched};
			})()`, n, rev))
			name := fmt.Sprintf("N=%d-%s", n, map[bool]string{false: "direct", true: "reverse"}[rev])
			b.Logf("%s: %.0f ms, value %v, %v positions, %v bytes", name, got["ms"], got["value"], got["positions"], got["memoryBytes"])
			b.ReportMetric(got["ms"].(float64), name+"-ms")
		}
	}
}

// chainPage opens the single file on the chain tab and defines, in the
// page, cz() (the chain widget's shadow root) and $c(sel), plus until.
func chainPage(t testing.TB) context.Context {
	t.Helper()
	ctx := tab(t)
	navigate(t, ctx, fileURL(filepath.Join(dist, "kibitz.html")))
	eval[bool](t, ctx, `(() => {
		window.cz = () => {
			const app = document.querySelector('[data-kibitz="app"]');
			const inner = app && app.shadowRoot && app.shadowRoot.querySelector('#kz-app-panel-chain .kz-app-game');
			return inner && inner.shadowRoot;
		};
		window.$c = sel => cz() && cz().querySelector(sel);
		window.until = (fn, ms = 60000) => new Promise((resolve, reject) => {
			const start = Date.now();
			const tick = () => { let v; try { v = fn(); } catch (e) {} if (v) resolve(v); else if (Date.now() - start > ms) reject(new Error('timed out: ' + fn)); else setTimeout(tick, 25); };
			tick();
		});
		return true;
	})()`)
	poll[bool](t, ctx, `!!document.querySelector('[data-kibitz="app"]').shadowRoot.querySelector('#kz-app-tab-chain')`, 60*time.Second)
	eval[bool](t, ctx, `(document.querySelector('[data-kibitz="app"]').shadowRoot.querySelector('#kz-app-tab-chain').click(), true)`)
	poll[bool](t, ctx, `!!($c('.kz-chain-obj'))`, 60*time.Second)
	return ctx
}

// playChain starts a game with the given settings and plays it to the
// end by clicking, as a person would: a random object, now and then the
// link between two neighbours. It returns the winner ("you" or "cpu").
func playChain(t *testing.T, ctx context.Context, n int, reverse, cpuFirst bool, seed int) string {
	t.Helper()
	return eval[string](t, ctx, fmt.Sprintf(`(async () => {
		const set = (sel, v) => { const e = $c(sel); if (e.type === 'checkbox') e.checked = v; else e.value = String(v); e.dispatchEvent(new Event('change', {bubbles: true, composed: true})); };
		set('#kz-chain-n', %d);
		set('#kz-chain-game', %q);
		set('#kz-chain-start', %q);
		set('#kz-chain-rule', true);
		$c('#kz-chain-new').click();
		let seed = %d;
		const rand = k => { seed = (seed * 1103515245 + 12345) %% 2147483648; return seed %% k; };
		for (let turn = 0; turn < 200; turn++) {
			const row = $c('#kz-chain-row');
			await until(() => $c('#kz-chain-status').dataset.winner || $c('#kz-chain-status').dataset.turn === 'you');
			const winner = $c('#kz-chain-status').dataset.winner;
			if (winner) return winner;
			const moves = row.dataset.moves;
			const links = [...row.querySelectorAll('.kz-chain-link:not(.kz-chain-link-off)')];
			const objs = [...row.querySelectorAll('.kz-chain-obj')];
			if (links.length && rand(3) === 0) links[rand(links.length)].click();
			else objs[rand(objs.length)].click();
			await until(() => $c('#kz-chain-row').dataset.moves !== moves);
		}
		return 'no end';
	})()`, n, map[bool]string{false: "direct", true: "reverse"}[reverse], map[bool]string{false: "you", true: "cpu"}[cpuFirst], seed))
}

// TestChainPlaysAFullGame: the computer never loses a position it can
// win. Each game is checked against the engine's own value of the start.
func TestChainPlaysAFullGame(t *testing.T) {
	ctx := chainPage(t)
	for i, g := range []struct {
		n                 int
		reverse, cpuFirst bool
	}{
		{11, false, true}, // direct 11: +11, the first player (the computer) wins
		{8, false, false}, // direct 8: −8, the second player (the computer) wins
		{7, true, true},   // reverse 7: +6
		{9, true, false},  // reverse 9: −7
		{12, false, true}, // direct 12: −10: the computer is lost and must delay; you may win
	} {
		start := eval[float64](t, ctx, fmt.Sprintf(`Kibitz.createEngine().then(e => e.call('chain.solve', {n: %d, reverse: %v})).then(r => r.value)`, g.n, g.reverse))
		cpuWins := (start > 0) == g.cpuFirst
		winner := playChain(t, ctx, g.n, g.reverse, g.cpuFirst, 7+i)
		t.Logf("N=%d reverse=%v computer first=%v: start value %v, winner %s", g.n, g.reverse, g.cpuFirst, start, winner)
		if winner == "no end" {
			t.Fatalf("game %d did not end", i)
		}
		if cpuWins && winner != "cpu" {
			t.Fatalf("N=%d reverse=%v: the computer had a won position and lost", g.n, g.reverse)
		}
	}
	// The log lists every move.
	if n := eval[float64](t, ctx, `$c('#kz-chain-log').children.length`); n < 1 {
		t.Fatal("the move log is empty")
	}
}

// TestChainHintDragKeyboardAndReload: the hint writes every move's value
// on the row, a drag across two neighbours takes both, the keyboard
// plays, and a reload keeps the game.
func TestChainHintDragKeyboardAndReload(t *testing.T) {
	ctx := chainPage(t)
	got := eval[map[string]any](t, ctx, `(async () => {
		const set = (sel, v) => { const e = $c(sel); if (e.type === 'checkbox') e.checked = v; else e.value = String(v); e.dispatchEvent(new Event('change', {bubbles: true, composed: true})); };
		set('#kz-chain-n', 9); set('#kz-chain-game', 'direct'); set('#kz-chain-start', 'you'); set('#kz-chain-rule', true);
		$c('#kz-chain-new').click();
		await until(() => $c('#kz-chain-status').dataset.turn === 'you');
		$c('#kz-chain-hint').click();
		await until(() => $c('.kz-chain-value'));
		const values = [...$c('#kz-chain-row').querySelectorAll('.kz-chain-obj .kz-chain-value')].map(e => e.textContent);
		// The keyboard: focus the first object, move right 4 times, Enter.
		const first = $c('.kz-chain-obj[tabindex="0"]');
		first.focus();
		const key = (k, opts = {}) => cz().activeElement.dispatchEvent(new KeyboardEvent('keydown', Object.assign({key: k, bubbles: true, composed: true}, opts)));
		for (let i = 0; i < 4; i++) key('ArrowRight');
		const focused = cz().activeElement.dataset.i;
		key('Enter');
		await until(() => $c('#kz-chain-row').dataset.moves === '1');
		const afterYou = $c('#kz-chain-row').dataset.row;
		await until(() => $c('#kz-chain-status').dataset.turn === 'you' || $c('#kz-chain-status').dataset.winner);
		// A drag from an object to its right neighbour.
		const row = $c('#kz-chain-row').dataset.row;
		let i = 0;
		while (!(row[i] === 'X' && row[i + 1] === 'X')) i++;
		$c('[data-i="' + i + '"]').scrollIntoView({block: 'center'});
		const a = $c('[data-i="' + i + '"]').getBoundingClientRect(), b = $c('[data-i="' + (i + 1) + '"]').getBoundingClientRect();
		return {values, focused, afterYou, row, pair: i, ax: a.x + a.width / 2, ay: a.y + a.height / 2, bx: b.x + b.width / 2, by: b.y + b.height / 2,
			moves: $c('#kz-chain-row').dataset.moves};
	})()`)
	values := fmt.Sprint(got["values"])
	if values != "[−8 −8 −8 −8 +7 −8 −8 −8 −8]" || got["focused"] != "4" || got["afterYou"] != "XXXX.XXXX" {
		t.Fatalf("hint / keyboard: %v", got)
	}
	// The drag, with the real mouse.
	for _, step := range []chromedp.Action[chromedp.Void]{
		chromedp.MouseEvent(input.DispatchMouseEventTypeMousePressed, got["ax"].(float64), got["ay"].(float64), chromedp.ButtonLeft),
		chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, got["bx"].(float64), got["by"].(float64), chromedp.ButtonLeft),
		chromedp.MouseEvent(input.DispatchMouseEventTypeMouseReleased, got["bx"].(float64), got["by"].(float64), chromedp.ButtonLeft),
	} {
		if err := chromedp.Do(ctx, step); err != nil {
			t.Fatal(err)
		}
	}
	pair := int(got["pair"].(float64))
	after := poll[string](t, ctx, `$c('#kz-chain-row').dataset.moves !== '`+got["moves"].(string)+`' && $c('#kz-chain-row').dataset.row`, 10*time.Second)
	if after[pair] != '.' || after[pair+1] != '.' {
		t.Fatalf("the drag across %d and %d left %s (from %s)", pair, pair+1, after, got["row"])
	}
	// Reload: the game is where it was.
	poll[bool](t, ctx, `$c('#kz-chain-status').dataset.turn === 'you' || !!$c('#kz-chain-status').dataset.winner`, 30*time.Second)
	before := eval[string](t, ctx, `$c('#kz-chain-row').dataset.row`)
	// Reload and wait for the new page, not a fixed time: the old page
	// answers until it is gone, and on a busy machine that takes longer.
	if err := chromedp.Do(withTimeout(t, ctx, 60*time.Second), chromedp.Reload()); err != nil {
		t.Fatalf("reload: %v", err)
	}
	ctx2 := chainPageReloaded(t, ctx)
	if again := eval[string](t, ctx2, `$c('#kz-chain-row').dataset.row`); again != before {
		t.Fatalf("after a reload the row is %s, was %s", again, before)
	}
}

// chainPageReloaded re-installs the helpers after a reload.
func chainPageReloaded(t testing.TB, ctx context.Context) context.Context {
	t.Helper()
	poll[bool](t, ctx, `!!document.querySelector('[data-kibitz="app"]') && !!document.querySelector('[data-kibitz="app"]').shadowRoot && !!document.querySelector('[data-kibitz="app"]').shadowRoot.querySelector('#kz-app-tab-chain')`, 60*time.Second)
	eval[bool](t, ctx, `(() => {
		window.cz = () => {
			const inner = document.querySelector('[data-kibitz="app"]').shadowRoot.querySelector('#kz-app-panel-chain .kz-app-game');
			return inner && inner.shadowRoot;
		};
		window.$c = sel => cz() && cz().querySelector(sel);
		return true;
	})()`)
	poll[bool](t, ctx, `!!($c('.kz-chain-obj'))`, 60*time.Second)
	return ctx
}

// TestChainAnalysisTable: the analyser solves a typed position, names a
// bad character, and fills the table of N = 1..60 with a progress bar.
func TestChainAnalysisTable(t *testing.T) {
	ctx := chainPage(t)
	installHold(t, ctx)
	got := eval[map[string]any](t, ctx, `(async () => {
		$c('#kz-chain-tab-analyse').click();
		const pos = $c('#kz-chain-pos');
		pos.value = 'XXX.X.XY'; pos.dispatchEvent(new Event('input', {bubbles: true, composed: true}));
		$c('#kz-chain-solve').click();
		const error = await until(() => $c('#kz-chain-pos-error').textContent);
		pos.value = '{3,1,4}';
		$c('#kz-chain-solve').click();
		const result = await until(() => $c('.kz-chain-line') && $c('#kz-chain-result').textContent);
		// The table's call is held in the engine (hold_test.go) until its
		// progress bar has been seen, so it shows on any machine.
		hold('chain.table');
		$c('#kz-chain-table-go').click();
		const sawProgress = !!await until(() => { const p = $c('#kz-chain-progress-row'); return held('chain.table') > 0 && p && !p.hidden; }, 30000);
		await release('chain.table');
		// Past 60 the table asks first (big.go): Not now stops it there.
		const ask = await until(() => $c('#kz-chain-table-big .kz-chain-big-text'), 120000);
		const rows = [...$c('#kz-chain-table').tBodies[0].rows].map(r => [...r.cells].map(c => c.textContent));
		$c('#kz-chain-table-big [data-on-click="chain.big-no"]').click();
		const stopped = await until(() => $c('#kz-chain-table-msg').textContent);
		return {error, result, sawProgress, rows: rows.slice(0, 16).map(r => r.join(' ')).join(', '), last: rows[rows.length - 1].join(' '),
			ask: ask.textContent, stopped, button: $c('#kz-chain-table-go').textContent};
	})()`)
	if !strings.Contains(got["error"].(string), "Y") || !strings.Contains(got["error"].(string), "8") {
		t.Fatalf("a bad character must be named with its place: %q", got["error"])
	}
	want := "1 +1 −1, 2 −2 +2, 3 +3 −3, 4 −4 −3, 5 +5 +4, 6 +5 −5, 7 +7 +6, 8 −8 −7, 9 +7 −7, 10 +9 +8, 11 +11 −9, 12 −10 −9, 13 +11 +10, 14 −12 −11, 15 +13 +12, 16 −14 −13"
	if got["rows"] != want || got["last"] != "60 −54 −53" || got["sawProgress"] != true {
		t.Fatalf("the table: %v / %v / progress %v", got["rows"], got["last"], got["sawProgress"])
	}
	if !strings.Contains(got["ask"].(string), "two tables") || !strings.Contains(got["ask"].(string), "36.4 MB") ||
		!strings.HasPrefix(got["stopped"].(string), "Stopped: the table holds N = 1 to 60") || got["button"] != "Compute N = 61 to 80" {
		t.Fatalf("past 60: %q, then %q, and the button %q", got["ask"], got["stopped"], got["button"])
	}
}
