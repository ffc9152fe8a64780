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
	"github.com/chromedp/chromedp/kb"
)

// The Minesweeper widget, driven as a person would: a seeded game played
// with the keyboard and by following the hints until it is won or lost,
// a reload in the middle, and a pasted board whose probabilities must be
// the engine's own.

// minesPage opens a blog page with the Minesweeper widget in mode and
// defines, in the page:
//
//	mz()          the widget's shadow root
//	$m(sel)       mz().querySelector(sel)
//	cell(i)       the board's cell i (in the visible mode's panel)
//	view()        the board as one letter a cell, from the cells' classes
//	painted(i)    the colour the painter drew inside cell i ("r,g,b"), read
//	              from its canvas tile off to the side of any glyph
//	colour(name)  the palette colour --kz-mines-<name>, as "r,g,b"
//	misdrawn(is)  the cells (all, or those listed) whose paint does not
//	              match their class, leaving out tiles far out of view
//	              (the painter frees those)
//	until(fn, ms) a Promise that resolves when fn() is truthy
func minesPage(t *testing.T, name, mode string) context.Context {
	t.Helper()
	ctx := tab(t)
	navigate(t, ctx, embedPage(t, name, `<div id="mines" data-kibitz="mines" data-lang="en" data-mode="`+mode+`"></div>`))
	waitWidget(t, ctx, "#mines")
	minesHelpers(t, ctx)
	return ctx
}

func minesHelpers(t *testing.T, ctx context.Context) {
	t.Helper()
	eval[bool](t, ctx, `(() => {
		window.mz = () => document.getElementById('mines').shadowRoot;
		window.$m = sel => mz().querySelector(sel);
		window.panel = () => mz().querySelector('[role=tabpanel]:not([hidden])');
		window.cell = i => panel().querySelector('[data-i="' + i + '"]');
		window.view = () => [...panel().querySelectorAll('.kz-mines-cell')].map(c => {
			const k = c.classList;
			if (k.contains('kz-mines-blast')) return 'X';
			if (k.contains('kz-mines-wrong')) return 'W';
			if (k.contains('kz-mines-mine')) return '*';
			if (k.contains('kz-mines-f')) return 'F';
			if (k.contains('kz-mines-h')) return 'H';
			for (let n = 0; n <= 8; n++) if (k.contains('kz-mines-n' + n)) return String(n);
			return '?';
		}).join('');
		window.painted = i => {
			const grid = panel().querySelector('.kz-mines-grid'), w = grid.firstElementChild.children.length;
			const c = grid.firstElementChild.firstElementChild.offsetWidth, x = i % w, y = Math.floor(i / w);
			const tile = grid.querySelectorAll('.kz-mines-tiles canvas')[Math.floor(y / 16) * Math.ceil(w / 16) + Math.floor(x / 16)];
			if (!tile.width) return 'not drawn';
			const k = tile.width / parseFloat(tile.style.width);
			const d = tile.getContext('2d').getImageData(Math.floor(((x % 16) * c + 4) * k), Math.floor(((y % 16) * c + c / 2) * k), 1, 1).data;
			return d[0] + ',' + d[1] + ',' + d[2];
		};
		window.colour = name => {
			const p = document.createElement('i');
			panel().querySelector('.kz-mines-tiles').appendChild(p);
			p.style.color = 'var(--kz-mines-' + name + ')';
			const rgb = getComputedStyle(p).color.match(/[\d.]+/g).slice(0, 3).join(',');
			p.remove();
			return rgb;
		};
		window.misdrawn = cells => {
			const want = {H: 'hidden', F: 'hidden', W: 'hidden', '*': 'soft', X: 'bad'}, heat = panel().querySelector('.kz-mines-heat');
			const v = view(), colours = {}, bad = [];
			for (const i of cells || v.split('').keys()) {
				const ch = v[i], q = heat && ch === 'H' && [...cell(i).classList].find(k => /^kz-mines-q\d+$/.test(k));
				const name = q ? q.slice(9) : want[ch] || 'open', got = painted(i);
				colours[name] = colours[name] || colour(name);
				if (got !== 'not drawn' && got !== colours[name]) bad.push([i, ch, name, got, colours[name]]);
			}
			return bad;
		};
		window.until = (fn, ms = 30000) => new Promise((resolve, reject) => {
			const start = Date.now();
			const tick = () => { let v; try { v = fn(); } catch (e) {} if (v) resolve(v); else if (Date.now() - start > ms) reject(new Error('timed out: ' + fn)); else setTimeout(tick, 25); };
			tick();
		});
		window.fire = (e, type) => e.dispatchEvent(new MouseEvent(type, {bubbles: true, composed: true, cancelable: true, button: type === 'contextmenu' ? 2 : 0}));
		return true;
	})()`)
	poll[bool](t, ctx, `!!(window.panel() && panel().querySelector('.kz-mines-cell'))`, 60*time.Second)
}

// A seeded beginner game: the first click by keyboard (arrows to the
// centre, Enter), a flag by right click and its removal, a reload that
// keeps the game, then the hints followed (a click to reveal, a right click
// to flag) until the game is won or lost.
func TestMinesPlayFollowingHints(t *testing.T) {
	ctx := minesPage(t, "mines-play.html", "play")
	eval[bool](t, ctx, `(async () => {
		const set = (sel, v) => { const e = $m(sel); e.value = v; e.dispatchEvent(new Event('change', {bubbles: true, composed: true})); };
		set('#kz-mines-level', 'beginner');
		set('#kz-mines-rule', 'opening');
		set('#kz-mines-seed', '60'); // a board that needs one guess, and is won
		$m('.kz-mines-bar .kz-primary').click();
		await until(() => view() === 'H'.repeat(81) && $m('.kz-mines-readout').textContent.includes('Click any square'));
		cell(0).focus();
		return true;
	})()`)
	// Four right and four down from the corner is the centre, 40.
	keys := []chromedp.Action[chromedp.Void]{}
	for range 4 {
		keys = append(keys, chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent(kb.ArrowDown))
	}
	keys = append(keys, chromedp.KeyEvent(kb.Enter))
	if err := chromedp.Do(ctx, keys...); err != nil {
		t.Fatal(err)
	}
	first := eval[map[string]any](t, ctx, `(async () => {
		await until(() => view()[40] === '0');
		const focused = mz().activeElement;
		// The board is drawn on canvas; the cells carry what a screen
		// reader says: the number, "empty" or "hidden".
		const unnamed = [...view()].map((ch, i) => [i, ch, cell(i).getAttribute('aria-label')])
			.filter(([i, ch, name]) => name !== (ch === 'H' ? 'hidden' : ch === '0' ? 'empty' : ch));
		return {unnamed, focused: focused && focused.getAttribute('data-i'), tabbable: panel().querySelectorAll('.kz-mines-cell[tabindex="0"]').length,
			open: view().split('').filter(c => c >= '0' && c <= '8').length, role: panel().querySelector('.kz-mines-grid').getAttribute('role')};
	})()`)
	if first["focused"] != "40" || first["tabbable"].(float64) != 1 || first["open"].(float64) < 9 || first["role"] != "grid" || len(first["unnamed"].([]any)) > 0 {
		t.Fatalf("the keyboard's first click at the centre: %v", first)
	}
	// A flag by right click, the counter goes down, and a second right
	// click takes it off.
	flag := eval[map[string]any](t, ctx, `(async () => {
		const i = view().indexOf('H');
		fire(cell(i), 'contextmenu');
		await until(() => view()[i] === 'F');
		const counter = $m('.kz-mines-counter').textContent;
		fire(cell(i), 'contextmenu');
		await until(() => view()[i] === 'H');
		return {counter, after: $m('.kz-mines-counter').textContent};
	})()`)
	if flag["counter"] != "9" || flag["after"] != "10" {
		t.Fatalf("flagging: %v", flag)
	}
	before := eval[string](t, ctx, `view()`)
	chromedp.Do(ctx, chromedp.Reload())
	waitWidget(t, ctx, "#mines")
	minesHelpers(t, ctx)
	if after := poll[string](t, ctx, `view().includes('0') && view()`, 30*time.Second); after != before {
		t.Fatalf("the game after a reload:\n%s\nbefore:\n%s", after, before)
	}
	// New game asks before discarding a game in progress.
	kept := eval[bool](t, ctx, `(async () => {
		const before = view();
		$m('.kz-mines-bar .kz-primary').click();
		const ask = await until(() => !$m('.kz-confirm').hidden && $m('.kz-confirm'));
		ask.querySelectorAll('button')[1].click();
		await new Promise(r => setTimeout(r, 300));
		return $m('.kz-confirm').hidden && view() === before;
	})()`)
	if !kept {
		t.Fatal("Keep playing should keep the game")
	}
	// Follow the hints to the end.
	end := eval[map[string]any](t, ctx, `(async () => {
		const moves = [];
		for (let n = 0; n < 120; n++) {
			const status = $m('.kz-mines-status');
			if (status.classList.contains('kz-win') || status.classList.contains('kz-bad')) break;
			const old = view();
			$m('.kz-mines-hint-btn').click();
			const play = await until(() => $m('.kz-mines-play-hint'));
			const hinted = await until(() => panel().querySelector('.kz-mines-hint'));
			const i = +hinted.getAttribute('data-i');
			const action = play.dataset.action;
			const why = $m('.kz-mines-why').textContent;
			moves.push({i, action, why: why.slice(0, 60), reveals: !!$m('.kz-mines-reveals')});
			if (action === 'flag') fire(cell(i), 'contextmenu'); else fire(cell(i), 'click');
			await until(() => view() !== old);
			await until(() => !$m('.kz-mines-play-hint'));
		}
		const status = $m('.kz-mines-status');
		return {moves: moves.length, guesses: moves.filter(m => m.why.includes('No square is certainly safe')).length,
			guessesExplained: moves.filter(m => m.why.includes('No square is certainly safe') && m.reveals).length,
			laterGuesses: moves.filter(m => m.why.includes('No square is certainly safe')).length,
			won: status.classList.contains('kz-win'), lost: status.classList.contains('kz-bad'), text: status.textContent,
			view: view(), clock: $m('.kz-mines-clock').textContent, first: moves[0], misdrawn: misdrawn()};
	})()`)
	t.Logf("followed %v hints (%v guesses, %v explained): %v", end["moves"], end["guesses"], end["guessesExplained"], end["text"])
	// Every guess says what each candidate could reveal.
	if end["guessesExplained"] != end["laterGuesses"] {
		t.Errorf("%v of %v guesses said what each candidate could reveal", end["guessesExplained"], end["laterGuesses"])
	}
	if end["won"] != true && end["lost"] != true {
		t.Fatalf("the game did not end: %v", end)
	}
	v := end["view"].(string)
	if end["won"] == true && (len(v) != 81 || countByte(v, 'H') != 0 && countByte(v, 'F')+countByte(v, 'H') != 10) {
		t.Fatalf("a won game leaves only the mines covered: %v", end)
	}
	if end["lost"] == true && countByte(v, 'X') != 1 {
		t.Fatalf("a lost game shows the mine that went off: %v", end)
	}
	if end["moves"].(float64) < 2 {
		t.Fatalf("too few moves: %v", end)
	}
	if m := end["misdrawn"].([]any); len(m) > 0 {
		t.Fatalf("the canvas shows other than the cells say: %v", m)
	}
}

func countByte(s string, b byte) int {
	n := 0
	for i := range len(s) {
		if s[i] == b {
			n++
		}
	}
	return n
}

// A pasted board is analysed at once, and every hidden cell shows the
// engine's own probability (as the same rounded percentage); the best move
// is marked, a click with a brush edits the text, and a contradictory
// board names the numbers at fault.
func TestMinesAnalyserMatchesTheEngine(t *testing.T) {
	ctx := minesPage(t, "mines-analyse.html", "analyse")
	const board = "8x8x10\nHHHHHHHH\nHHHHHHHH\nHHHHHHHH\nHHHHHHHH\nHHH21111\nHHH10000\nH3110000\nH1000000\n"
	got := eval[map[string]any](t, ctx, `(async () => {
		const board = `+jsString(board)+`;
		const text = $m('#kz-mines-text');
		text.value = board;
		text.dispatchEvent(new Event('change', {bubbles: true, composed: true}));
		await until(() => !$m('.kz-mines-result').classList.contains('kz-stale') && $m('.kz-mines-result h3') && panel().querySelectorAll('.kz-mines-cell').length === 64);
		const engine = await Kibitz.createEngine();
		const r = await engine.call('mines.analyze', {board});
		const pct = p => p <= 0 ? '0' : p >= 1 ? '100' : p < 0.01 ? '<1' : p > 0.99 ? '>99' : String(Math.round(p * 100));
		const wrong = [];
		let hidden = 0;
		for (let y = 0; y < 8; y++) for (let x = 0; x < 8; x++) {
			const c = cell(y * 8 + x), p = r.prob[y][x];
			const shown = c.getAttribute('data-p');
			if (p === null) { if (shown !== null) wrong.push([x, y, 'revealed', shown]); continue; }
			hidden++;
			if (shown !== pct(p)) wrong.push([x, y, p, shown]);
			if ((p === 0) !== c.classList.contains('kz-mines-safe')) wrong.push([x, y, p, 'safe mark']);
			if ((p === 1) !== c.classList.contains('kz-mines-sure')) wrong.push([x, y, p, 'mine mark']);
		}
		const hinted = panel().querySelector('.kz-mines-hint');
		const result = $m('.kz-mines-result').textContent;
		return {wrong, hidden, misdrawn: misdrawn(), solutions: BigInt(r.solutions).toLocaleString('en-US'), result,
			best: r.best && (r.best.y * 8 + r.best.x), hinted: hinted && +hinted.getAttribute('data-i')};
	})()`)
	if w := got["wrong"].([]any); len(w) > 0 || got["hidden"].(float64) == 0 {
		t.Fatalf("the probabilities shown differ from the engine's: %v", got)
	}
	if m := got["misdrawn"].([]any); len(m) > 0 {
		t.Fatalf("the heat map drawn differs from the cells' steps: %v", m)
	}
	if got["best"] == nil || got["best"] != got["hinted"] {
		t.Fatalf("the best move is not the one marked: %v", got)
	}
	if !containsAll(got["result"].(string), got["solutions"].(string)+" arrangements") {
		t.Fatalf("the solutions count is not shown: %v", got)
	}
	// Hovering a cell with the real mouse shows its percentage, on the cell
	// and in the line under the board; a real right click flags it.
	spot := eval[map[string]any](t, ctx, `(() => {
		const c = [...panel().querySelectorAll('.kz-mines-h[data-p]')].find(c => !['0', '100'].includes(c.dataset.p));
		const r = c.getBoundingClientRect();
		return {i: +c.dataset.i, p: c.dataset.p, x: r.left + r.width / 2, y: r.top + r.height / 2};
	})()`)
	x, y := spot["x"].(float64), spot["y"].(float64)
	if err := chromedp.Do(ctx, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, x, y)); err != nil {
		t.Fatal(err)
	}
	hover := poll[map[string]any](t, ctx, `(() => {
		const c = cell(`+fmt.Sprint(spot["i"])+`);
		const after = getComputedStyle(c, '::after').content;
		const line = $m('#kz-mines-panel-analyse .kz-mines-readout').textContent.replace(/\u2060/g, ''); // the word joiner that keeps "12%" whole
		return line.includes('%') && {after, line};
	})()`, 10*time.Second)
	pct := spot["p"].(string)
	if hover["after"] != `"`+pct+`"` || !strings.Contains(hover["line"].(string), pct+"% chance of a mine") {
		t.Fatalf("hovering a cell of %s%%: %v", pct, hover)
	}
	if err := chromedp.Do(ctx, chromedp.MouseClickXY(x, y, chromedp.ButtonType(input.MouseButtonRight))); err != nil {
		t.Fatal(err)
	}
	poll[bool](t, ctx, `view()[`+fmt.Sprint(spot["i"])+`] === 'F' && $m('#kz-mines-text').value.includes('F')`, 10*time.Second)
	// A brush click edits the position and its text; a number that cannot
	// hold is named and marked.
	edit := eval[map[string]any](t, ctx, `(async () => {
		mz().querySelector('[data-brush="8"]').click();
		fire(cell(27), 'click'); // row 4, column 4: an 8 beside open cells has too few squares around it
		await until(() => $m('.kz-mines-result .kz-bad'));
		return {text: $m('#kz-mines-text').value.split('\n')[4], error: $m('.kz-mines-result').textContent,
			marked: [...panel().querySelectorAll('.kz-mines-conflict')].map(c => +c.getAttribute('data-i'))};
	})()`)
	if edit["text"] != "HHH8HHHH" || !containsAll(edit["error"].(string), "The 8 at row 4, column 4 has only", "could hold a mine") || !containsInt(edit["marked"], 27) {
		t.Fatalf("editing and a contradiction: %v", edit)
	}
	// Keys on a focused cell set it: a digit, F for a flag, H for hidden.
	eval[bool](t, ctx, `(cell(0).focus(), true)`)
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent("2"), chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent("f")); err != nil {
		t.Fatal(err)
	}
	typed := poll[string](t, ctx, `(() => { const row = $m('#kz-mines-text').value.split('\n')[1]; return row.slice(1, 3) === '2F' && row; })()`, 10*time.Second)
	if typed[3:] != "HHHHH" {
		t.Fatalf("typing on the board: %q", typed)
	}
	// Bad text is named with its line and column, and the board stays.
	bad := eval[string](t, ctx, `(async () => {
		const text = $m('#kz-mines-text');
		text.value = '4x2x1\nHHHH\nHHZH\n';
		text.dispatchEvent(new Event('change', {bubbles: true, composed: true}));
		return await until(() => $m('#kz-mines-text-error').textContent);
	})()`)
	if !containsAll(bad, "Line 3, column 3", "“Z”") {
		t.Fatalf("a bad character: %q", bad)
	}
}

func containsAll(s string, parts ...string) bool {
	for _, p := range parts {
		if !strings.Contains(s, p) {
			return false
		}
	}
	return true
}

func containsInt(list any, n int) bool {
	for _, v := range list.([]any) {
		if int(v.(float64)) == n {
			return true
		}
	}
	return false
}

// A 100×100 board stays responsive: a flag redraws exactly one cell, an
// opening redraws exactly the cells it opened, and the page's own work for
// a move (the engine's aside) stays within a frame or so.
func TestMinesBigBoardRedrawsOnlyWhatChanged(t *testing.T) {
	ctx := minesPage(t, "mines-big.html", "play")
	got := eval[map[string]any](t, ctx, `(async () => {
		const set = (sel, v) => { const e = $m(sel); e.value = v; e.dispatchEvent(new Event('change', {bubbles: true, composed: true})); };
		set('#kz-mines-level', 'custom');
		set('#kz-mines-width', '100');
		set('#kz-mines-height', '100');
		set('#kz-mines-count', '1200');
		set('#kz-mines-rule', 'opening');
		set('#kz-mines-seed', '7');
		let t0 = performance.now();
		$m('.kz-mines-bar .kz-primary').click();
		await until(() => panel().querySelectorAll('.kz-mines-cell').length === 10000 && view() === 'H'.repeat(10000));
		// Built means drawn: Chromium lays out the 10,000 cells in the
		// frame after they arrive.
		await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
		const build = performance.now() - t0;
		await new Promise(r => setTimeout(r, 300));
		// Watch which cells change, and the main thread's long tasks.
		const changed = new Set();
		const obs = new MutationObserver(list => { for (const m of list) { if (m.attributeName === "tabindex") continue; const c = m.target.closest ? m.target.closest("[data-i]") : m.target.parentElement.closest("[data-i]"); if (c) changed.add(c.dataset.i); } });
		obs.observe(panel().querySelector('.kz-mines-grid'), {subtree: true, attributes: true, childList: true, characterData: true});
		const long = [];
		const po = new PerformanceObserver(l => { for (const e of l.getEntries()) long.push(e.duration); });
		po.observe({type: 'longtask'});
		// The longest gap between animation frames while a move is drawn:
		// the page's own work for it (the engine runs in the worker).
		let frames = [], watching = true;
		const tick = now => { frames.push(now); if (watching) requestAnimationFrame(tick); };
		requestAnimationFrame(tick);
		const gap = () => { let g = 0; for (let k = 1; k < frames.length; k++) g = Math.max(g, frames[k] - frames[k - 1]); frames = frames.slice(-1); return Math.round(g); };
		// The reader clicks a cell they can see, in the middle: the
		// jump there draws the tiles that come into view.
		cell(5050).scrollIntoView({block: 'center', inline: 'center'});
		await new Promise(r => setTimeout(r, 300));
		const jumpGap = gap(), jumpLong = long.splice(0);
		const before = view();
		t0 = performance.now();
		fire(cell(5050), 'click');
		await until(() => !cell(5050).classList.contains('kz-mines-h'), 60000);
		const reveal = performance.now() - t0;
		await new Promise(r => setTimeout(r, 100));
		// The frames first: what follows reads all 10,000 cells.
		const openGap = gap(), openLong = long.splice(0);
		const after = view();
		let diff = 0;
		const opened = [];
		for (let i = 0; i < 10000; i++) if (after[i] !== before[i]) { diff++; opened.push(i); }
		const openMisdrawn = misdrawn(opened), openDrawn = opened.filter(i => painted(i) !== 'not drawn').length;
		const openChanged = changed.size;
		changed.clear();
		const i = after.indexOf('H');
		await new Promise(r => setTimeout(r, 100));
		gap(); long.splice(0);
		const flags = [];
		for (let k = 0; k < 6; k++) {
			t0 = performance.now();
			fire(cell(i), 'contextmenu');
			await until(() => cell(i).classList.contains(k % 2 ? 'kz-mines-h' : 'kz-mines-f'));
			flags.push(Math.round(performance.now() - t0));
		}
		await new Promise(r => setTimeout(r, 100));
		const flagGap = gap();
		obs.disconnect();
		// The heat map comes on: nearly every hidden cell gets a
		// percentage, and the tiles in view are drawn again to match.
		t0 = performance.now();
		$m('#kz-mines-heat').click();
		await until(() => panel().querySelectorAll('[data-p]').length > 9000, 60000);
		const heatMs = Math.round(performance.now() - t0);
		await new Promise(r => setTimeout(r, 100));
		const near = [];
		for (let y = 40; y < 60; y++) for (let x = 40; x < 60; x++) near.push(y * 100 + x);
		const heatMisdrawn = misdrawn(near);
		// A move with the heat map on: the reveal, then the map redrawn
		// where it changed.
		const safe = near.find(i => cell(i).classList.contains('kz-mines-safe'));
		gap(); long.splice(0);
		const shown = panel().querySelectorAll('[data-p]').length;
		fire(cell(safe), 'click');
		await until(() => !cell(safe).classList.contains('kz-mines-h') && panel().querySelectorAll('[data-p]').length !== shown, 60000);
		await new Promise(r => setTimeout(r, 200));
		const heatMoveGap = gap(), heatMoveLong = long.splice(0);
		$m('#kz-mines-heat').click();
		await until(() => !panel().querySelector('[data-p]'));
		// A second game's opening, once the code has run: the first one
		// also pays for Chromium compiling it.
		set('#kz-mines-seed', '8');
		$m('.kz-mines-bar .kz-primary').click();
		await until(() => { const d = $m('[data-on-click="mines.discard"]'); if (d && d.offsetParent) d.click(); return view() === 'H'.repeat(10000); });
		cell(5050).scrollIntoView({block: 'center', inline: 'center'});
		await new Promise(r => setTimeout(r, 300));
		gap(); long.splice(0);
		fire(cell(5050), 'click');
		await until(() => !cell(5050).classList.contains('kz-mines-h'), 60000);
		await new Promise(r => setTimeout(r, 100));
		const warmGap = gap(), warmLong = long.splice(0);
		watching = false;
		po.disconnect();
		return {build, jumpGap, jumpLong, reveal, flags, diff, openChanged, openMisdrawn, openDrawn, heatMs, heatMisdrawn, heatMoveGap, heatMoveLong, flagChanged: [...changed], openLong, flagLong: long, openGap, flagGap, warmGap, warmLong};
	})()`)
	t.Logf("100×100: the board built in %.0f ms; the jump to its middle: long tasks %v ms, longest frame %v ms; the first reveal opened %v cells, drawn %.0f ms after the click (long tasks %v ms, longest frame %v ms); flags drawn after %v ms (long tasks %v ms, longest frame %v ms); the heat map on in %v ms, then a move with it (long tasks %v ms, longest frame %v ms); a second game's opening: long tasks %v ms, longest frame %v ms",
		got["build"], got["jumpLong"], got["jumpGap"], got["diff"], got["reveal"], got["openLong"], got["openGap"], got["flags"], got["flagLong"], got["flagGap"], got["heatMs"], got["heatMoveLong"], got["heatMoveGap"], got["warmLong"], got["warmGap"])
	if got["diff"].(float64) < 9 || got["openChanged"] != got["diff"] {
		t.Fatalf("the opening redrew %v cells for %v that changed", got["openChanged"], got["diff"])
	}
	if m := got["openMisdrawn"].([]any); len(m) > 0 || got["openDrawn"] != got["diff"] {
		t.Fatalf("the opening's %v cells, %v drawn in view, show other than their classes say: %v", got["diff"], got["openDrawn"], m)
	}
	if m := got["heatMisdrawn"].([]any); len(m) > 0 {
		t.Fatalf("the heat map drawn differs from the cells' steps: %v", m)
	}
	if f := got["flagChanged"].([]any); len(f) != 1 {
		t.Fatalf("six flags on one cell redrew %v", f)
	}
}

// A long press flags (and the click that ends it does not reveal), and
// auto-play plays at a visible pace to the end of a game, or until Pause.
func TestMinesLongPressAndAutoPlay(t *testing.T) {
	ctx := minesPage(t, "mines-auto.html", "play")
	installHold(t, ctx)
	got := eval[map[string]any](t, ctx, `(async () => {
		const set = (sel, v) => { const e = $m(sel); e.value = v; e.dispatchEvent(new Event('change', {bubbles: true, composed: true})); };
		set('#kz-mines-level', 'beginner');
		set('#kz-mines-rule', 'sfar');
		set('#kz-mines-seed', '99');
		set('#kz-mines-pace', '60');
		$m('.kz-mines-bar .kz-primary').click();
		await until(() => view() === 'H'.repeat(81));
		const press = type => cell(80).dispatchEvent(new PointerEvent(type, {bubbles: true, composed: true, pointerType: 'touch', isPrimary: true}));
		press('pointerdown');
		await until(() => view()[80] === 'F');
		press('pointerup');
		fire(cell(80), 'click');
		await new Promise(r => setTimeout(r, 300));
		const afterPress = view()[80];
		press('pointerdown');
		await until(() => view()[80] === 'H');
		press('pointerup');
		fire(cell(80), 'click');
		// A quick tap reveals.
		press('pointerdown'); press('pointerup'); fire(cell(0), 'click');
		await until(() => view()[0] !== 'H');
		// Auto-play to the end.
		const auto = $m('.kz-mines-auto');
		auto.click();
		const pressed = auto.getAttribute('aria-pressed');
		const status = $m('.kz-mines-status');
		await until(() => status.classList.contains('kz-win') || status.classList.contains('kz-bad'), 60000);
		await until(() => auto.getAttribute('aria-pressed') === 'false');
		const end = {won: status.classList.contains('kz-win'), text: status.textContent, button: auto.textContent, disabled: auto.disabled};
		// Pause stops it.
		$m('.kz-mines-bar .kz-primary').click();
		await until(() => view() === 'H'.repeat(81));
		set('#kz-mines-pace', '700');
		auto.click();
		await until(() => view() !== 'H'.repeat(81), 20000);
		auto.click();
		const paused = view();
		await new Promise(r => setTimeout(r, 1600));
		const pausedHolds = view() === paused;
		// Pause while the engine is choosing a move: that move is dropped.
		hold('mines.autoplay');
		auto.click();
		await until(() => held('mines.autoplay') > 0);
		auto.click();
		const before = view();
		await release('mines.autoplay');
		await new Promise(r => setTimeout(r, 1600));
		return {afterPress, pressed, end, pausedHolds, pausedButton: auto.textContent,
			inFlightDropped: view() === before,
			playing: !status.classList.contains('kz-win') && !status.classList.contains('kz-bad')};
	})()`)
	t.Logf("auto-play: %v", got["end"])
	end := got["end"].(map[string]any)
	if got["afterPress"] != "F" || got["pressed"] != "true" || end["button"] != "Auto-play" || end["disabled"] != true {
		t.Fatalf("long press and auto-play: %v", got)
	}
	if got["pausedHolds"] != true || got["pausedButton"] != "Auto-play" {
		t.Fatalf("pause: %v", got)
	}
	if got["inFlightDropped"] != true {
		t.Fatalf("a move in flight when Pause was pressed was played: %v", got)
	}
}

// The hosted app has a Minesweeper tab, from the single file too, with the
// board drawn.
func TestMinesTabInTheApp(t *testing.T) {
	ctx := tab(t)
	navigate(t, ctx, fileURL(filepath.Join(dist, "kibitz.html")))
	got := poll[string](t, ctx, `(() => {
		const app = document.querySelector('[data-kibitz="app"]');
		const tab = app && app.shadowRoot && app.shadowRoot.querySelector('#kz-app-tab-mines');
		if (!tab) return '';
		if (tab.getAttribute('aria-selected') !== 'true') { tab.click(); return ''; }
		const host = app.shadowRoot.querySelector('#kz-app-panel-mines .kz-app-game');
		const root = host && host.shadowRoot;
		const tile = root && root.querySelector('#kz-mines-panel-play .kz-mines-tiles canvas');
		// The cells are there, and the painter has drawn them.
		return root && root.querySelectorAll('#kz-mines-panel-play .kz-mines-cell').length === 81 && tile && tile.width > 0 ? tab.textContent : '';
	})()`, 60*time.Second)
	if got != "Minesweeper" {
		t.Fatalf("the app's Minesweeper tab: %q", got)
	}
}

// Chording: with the heat map on, flag the certain mines around a number,
// then click the number, and its other neighbours open.
func TestMinesChord(t *testing.T) {
	ctx := minesPage(t, "mines-chord.html", "play")
	got := eval[map[string]any](t, ctx, `(async () => {
		const set = (sel, v) => { const e = $m(sel); e.value = v; e.dispatchEvent(new Event('change', {bubbles: true, composed: true})); };
		const heat = $m('#kz-mines-heat'); heat.checked = true; heat.dispatchEvent(new Event('change', {bubbles: true, composed: true}));
		set('#kz-mines-level', 'intermediate');
		set('#kz-mines-rule', 'opening');
		const W = 16;
		const around = i => { const x = i % W, y = (i / W) | 0, out = []; for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) { const X = x + dx, Y = y + dy; if ((dx || dy) && X >= 0 && Y >= 0 && X < W && Y < 16) out.push(Y * W + X); } return out; };
		for (let seed = 1; seed <= 8; seed++) {
			set('#kz-mines-seed', String(seed));
			$m('.kz-mines-bar .kz-primary').click();
			await until(() => view() === 'H'.repeat(256));
			fire(cell(136), 'click');
			await until(() => panel().querySelector('.kz-mines-h[data-p]'));
			const v = view();
			for (let i = 0; i < 256; i++) {
				if (!(v[i] >= '1' && v[i] <= '8')) continue;
				const hidden = around(i).filter(j => v[j] === 'H');
				const sure = hidden.filter(j => cell(j).dataset.p === '100');
				const safe = hidden.filter(j => cell(j).dataset.p === '0');
				if (sure.length !== +v[i] || safe.length === 0 || sure.length + safe.length !== hidden.length) continue;
				for (const j of sure) { fire(cell(j), 'contextmenu'); await until(() => view()[j] === 'F'); }
				fire(cell(i), 'click');
				await until(() => safe.every(j => view()[j] !== 'H'));
				return {seed, number: i, flagged: sure.length, opened: safe.length, lost: $m('.kz-mines-status').classList.contains('kz-bad')};
			}
		}
		return {error: 'no number to chord in 8 games'};
	})()`)
	if got["error"] != nil || got["lost"] != false {
		t.Fatalf("chording: %v", got)
	}
	t.Logf("chorded: %v", got)
}

// A space inside a row is named by its sign: quoted as it was, the error
// read "“” is not a square".
func TestAnalyserNamesABlankCharacter(t *testing.T) {
	ctx := minesPage(t, "mines-blank-char.html", "analyse")
	got := eval[string](t, ctx, `(async () => {
		const ta = $m('#kz-mines-text');
		ta.value = '3x3x2\n1H H\nHHH\nHHH';
		ta.dispatchEvent(new InputEvent('input', {bubbles: true, composed: true, inputType: 'insertFromPaste'}));
		return await until(() => $m('#kz-mines-text-error').textContent);
	})()`)
	if !strings.Contains(got, "“␣” is not a square") {
		t.Fatalf("the error is %q", got)
	}
}

// A game link with no mine says a game needs one: it said "Too many or too
// few mines: this board takes at most 80", and "at most 0" for a board of
// one square.
func TestGameLinkWithNoMineSaysWhatAGameNeeds(t *testing.T) {
	ctx := minesPage(t, "mines-link-mines.html", "analyse")
	for link, want := range map[string]string{
		"?b=1&m=0":    "A game needs at least one mine and one safe square: this board takes 1 to 80 mines.",
		"?b=0101&m=0": "A board of one square has no room for a game",
	} {
		got := eval[string](t, ctx, `(async () => {
			const ta = $m('#kz-mines-text');
			ta.value = `+jsString(link)+`;
			ta.dispatchEvent(new InputEvent('input', {bubbles: true, composed: true, inputType: 'insertFromPaste'}));
			return await until(() => $m('#kz-mines-text-error').textContent.includes('mine') && $m('#kz-mines-text-error').textContent);
		})()`)
		if !strings.Contains(got, want) {
			t.Errorf("%s: the error is %q", link, got)
		}
	}
}

// The analyser's size fields say what is wrong and change nothing: a side
// past the limit, 2.5 or 0 was brought into range without a word (150
// became 100, 0 became 1 and took a mine). Their limits are the .mine
// text's, so a pasted 200×200 board can be resized as it is.
func TestAnalyserSizeFieldsSayWhatIsWrong(t *testing.T) {
	ctx := minesPage(t, "mines-an-size.html", "analyse")
	got := eval[map[string]any](t, ctx, `(async () => {
		const set = (sel, v) => { const i = $m(sel); i.value = v; i.dispatchEvent(new Event('change', {bubbles: true, composed: true})); };
		const cells = () => panel().querySelectorAll('.kz-mines-cell').length;
		const err = () => $m('#kz-mines-an-size-error').textContent;
		await until(() => cells() === 81);
		const out = {};
		set('#kz-mines-an-height', '300');
		out.tall = {error: err(), invalid: $m('#kz-mines-an-height').getAttribute('aria-invalid'), kept: $m('#kz-mines-an-height').value, cells: cells()};
		set('#kz-mines-an-height', '2.5');
		out.half = {error: err(), cells: cells()};
		set('#kz-mines-an-height', '12');
		await until(() => cells() === 108);
		out.fixed = {error: err(), invalid: $m('#kz-mines-an-height').getAttribute('aria-invalid')};
		set('#kz-mines-an-mines', '500');
		out.mines = {error: err(), invalid: $m('#kz-mines-an-mines').getAttribute('aria-invalid'), text: $m('#kz-mines-text').value.split('\n')[0]};
		return out;
	})()`)
	tall := got["tall"].(map[string]any)
	// Each field at fault is named, with what it must hold.
	if tall["error"] != "Height must be a whole number from 1 to 256." || tall["invalid"] != "true" || tall["kept"] != "300" || tall["cells"] != 81.0 {
		t.Errorf("height 300: %v", tall)
	}
	if half := got["half"].(map[string]any); half["error"] != tall["error"] || half["cells"] != 81.0 {
		t.Errorf("height 2.5: %v", half)
	}
	if fixed := got["fixed"].(map[string]any); fixed["error"] != "" || fixed["invalid"] != nil {
		t.Errorf("height 12: %v", fixed)
	}
	if m := got["mines"].(map[string]any); m["error"] != "Mines must be a whole number from 0 to 108." || m["invalid"] != "true" || m["text"] != "9x12x10" {
		t.Errorf("500 mines on 9×12: %v", m)
	}
	// What was typed survives a reload, still said to be wrong.
	if err := chromedp.Do(ctx, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	waitWidget(t, ctx, "#mines")
	minesHelpers(t, ctx)
	again := eval[map[string]any](t, ctx, `(async () => {
		await until(() => panel().querySelectorAll('.kz-mines-cell').length === 108);
		return {mines: $m('#kz-mines-an-mines').value, height: $m('#kz-mines-an-height').value, error: $m('#kz-mines-an-size-error').textContent,
			invalid: $m('#kz-mines-an-mines').getAttribute('aria-invalid')};
	})()`)
	if again["mines"] != "500" || again["height"] != "12" || again["error"] != "Mines must be a whole number from 0 to 108." || again["invalid"] != "true" {
		t.Errorf("after a reload, the fields should hold what was typed, said to be wrong: %v", again)
	}
}

// A game's link pasted over a position leaves that position on the board,
// and its analysis says it is not of the box's text (it stayed in view
// unmarked, error and all, under the link).
func TestAnalyserMarksItsAnalysisStaleUnderAGameLink(t *testing.T) {
	ctx := minesPage(t, "mines-an-game-link.html", "analyse")
	got := eval[map[string]any](t, ctx, `(async () => {
		const paste = v => { const ta = $m('#kz-mines-text'); ta.value = v; ta.dispatchEvent(new InputEvent('input', {bubbles: true, composed: true, inputType: 'insertFromPaste'})); };
		paste('3x3x0\n1HH\nHHH\nHHF');
		await until(() => /more flag than mines/.test($m('.kz-mines-result').textContent));
		const before = !$m('.kz-mines-stale-note').hidden;
		paste('?b=1&m=g');
		await until(() => $m('.kz-mines-link-note').textContent);
		return {before, after: !$m('.kz-mines-stale-note').hidden, cells: panel().querySelectorAll('.kz-mines-cell').length};
	})()`)
	if got["before"] != false || got["after"] != true || got["cells"] != 9.0 {
		t.Fatalf("%v", got)
	}
}

// minesWithTheDealHeld mounts a Minesweeper widget in Play on a new page
// called name, with its engine holding the first deal (mines.new) until
// the test releases it.
func minesWithTheDealHeld(t *testing.T, name string) context.Context {
	t.Helper()
	ctx := tab(t)
	navigate(t, ctx, embedPage(t, name, `<div id="mines"></div>`))
	installHold(t, ctx)
	eval[bool](t, ctx, `(async () => {
		await new Promise(r => { const w = () => window.Kibitz ? r() : setTimeout(w, 20); w(); });
		hold('mines.new');
		Kibitz.mount(document.getElementById('mines'), {game: 'mines', lang: 'en', mode: 'play'});
		return true;
	})()`)
	minesHelpers(t, ctx)
	return ctx
}

// A click on the board before the first game has come from the engine
// (the board is laid out at once; on a first visit the deal takes a
// moment) waits for the game and is played, instead of being dropped with
// the board left covered. The deal is held, so "before" is a state.
func TestMinesClickBeforeTheFirstDealIsPlayed(t *testing.T) {
	ctx := minesWithTheDealHeld(t, "mines-early-click.html")
	poll[bool](t, ctx, `held('mines.new') > 0 && !!cell(40)`, 30*time.Second)
	eval[bool](t, ctx, `(fire(cell(40), 'click'), true)`)
	eval[bool](t, ctx, `release('mines.new').then(() => true)`)
	poll[bool](t, ctx, `view() !== 'H'.repeat(81)`, 30*time.Second)
}

// So are Hint and Auto-play clicked then: they did nothing, and Auto-play
// flipped back to its name at once.
func TestMinesHintAndAutoPlayBeforeTheFirstDealArePlayed(t *testing.T) {
	ctx := minesWithTheDealHeld(t, "mines-early-hint.html")
	poll[bool](t, ctx, `held('mines.new') > 0 && !!$m('.kz-mines-hint-btn')`, 30*time.Second)
	eval[bool](t, ctx, `($m('.kz-mines-hint-btn').click(), true)`)
	eval[bool](t, ctx, `release('mines.new').then(() => true)`)
	hint := poll[string](t, ctx, `$m('.kz-mines-hint-box').textContent`, 30*time.Second)
	if !strings.HasPrefix(hint, "Start at row 4, column 4") {
		t.Errorf("the hint asked for before the deal should be the first click, three squares in from the corner: %q", hint)
	}
	// A new deal, held again; Auto-play waits for it and plays.
	eval[bool](t, ctx, `(hold('mines.new'), $m('[data-on-click="mines.new"]').click(), true)`)
	poll[bool](t, ctx, `held('mines.new') > 0`, 30*time.Second)
	eval[bool](t, ctx, `($m('.kz-mines-auto').click(), true)`)
	eval[bool](t, ctx, `release('mines.new').then(() => true)`)
	poll[bool](t, ctx, `view() !== 'H'.repeat(81)`, 30*time.Second)
}

// A count of mines left that the numbers cannot meet says that a flag may
// be wrong when there are flags: the count left is taken after them. In a
// game that is the only way to reach it.
func TestMineCountConflictNamesTheFlags(t *testing.T) {
	ctx := minesPage(t, "mines-count-flags.html", "analyse")
	say := func(text, left string) string {
		return eval[string](t, ctx, `(async () => {
			const ta = $m('#kz-mines-text');
			ta.value = `+jsString(text)+`;
			ta.dispatchEvent(new InputEvent('input', {bubbles: true, composed: true, inputType: 'insertFromPaste'}));
			return await until(() => { const e = $m('.kz-bad[role=alert]'); return e && e.textContent.includes(`+jsString(left)+`) && e.textContent; });
		})()`)
	}
	if got := say("3x2x2\nFH0\nH1H\n", "1 is left"); !strings.Contains(got, "but 1 is left. The mines left are counted after your flag: it may be wrong.") {
		t.Errorf("with a flag: %q", got)
	}
	if got := say("3x3x3\n000\n011\n01H\n", "3 are left"); strings.Contains(got, "flag") {
		t.Errorf("with no flag, no word of flags: %q", got)
	}
}

// A number that cannot hold is named with where it is, and the reason:
//   - more flags around it than it shows, on a board with one flag too
//     many: it and its flags are marked, and the count of flags over the
//     mines is added, which the same wrong flag explains (it said only
//     that the marked number cannot be right, or only that there was a
//     flag too many, without a place);
//   - fewer squares around it that could hold a mine than it shows: it
//     alone is marked, and no flag is blamed (it said "A flag next to
//     them may be wrong." where the flag is no cause).
func TestAnalyserNamesTheNumberThatCannotHold(t *testing.T) {
	ctx := minesPage(t, "mines-an-cannot-hold.html", "analyse")
	for _, c := range []struct{ board, error, marked string }{
		{"4x2x2\\nF1FF\\nHHHH", "The 1 at row 1, column 2 has 2 flags around it, more than it shows: a flag there is wrong. There is also 1 more flag than mines.", "[0 1 2]"},
		{"3x2x3\\n3FH\\n1HH", "The 3 at row 1, column 1 has only 2 squares around it that could hold a mine: it, or an open square beside it, is wrong.", "[0]"},
	} {
		got := eval[map[string]any](t, ctx, `(async () => {
			const ta = $m('#kz-mines-text'), before = $m('.kz-mines-result').textContent;
			ta.value = '`+c.board+`';
			ta.dispatchEvent(new InputEvent('input', {bubbles: true, composed: true, inputType: 'insertFromPaste'}));
			await until(() => $m('.kz-mines-result .kz-bad') && $m('.kz-mines-result').textContent !== before);
			return {error: $m('.kz-mines-result .kz-bad').textContent,
				marked: [...panel().querySelectorAll('.kz-mines-conflict')].map(c => +c.getAttribute('data-i')).sort()};
		})()`)
		if got["error"] != c.error || fmt.Sprint(got["marked"]) != c.marked {
			t.Errorf("%s: %q, marked %v; want %q, marked %s", c.board, got["error"], got["marked"], c.error, c.marked)
		}
	}
}

// A field error does not end on a line of one word or, in Japanese, a
// character or two and a full stop: at 1280 px "盤面番号は 12345 のような
// 整数" stood over a lone "です。" in a column as narrow as its field,
// since text-wrap: pretty leaves such lines in Chinese and Japanese. The
// analyser's size error is put in columns from 100 (Japanese: 110) to
// 400 px wide, at 320 and 1280 px, in Japanese and English.
func TestFieldErrorsEndOnAFullLine(t *testing.T) {
	for _, lang := range []string{"ja", "en"} {
		ctx := tab(t)
		navigate(t, ctx, embedPage(t, "mines-field-error-"+lang+".html", `<div id="mines" data-kibitz="mines" data-lang="`+lang+`" data-mode="analyse"></div>`))
		waitWidget(t, ctx, "#mines")
		minesHelpers(t, ctx)
		for _, viewport := range []int64{320, 1280} {
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(viewport, 800)); err != nil {
				t.Fatal(err)
			}
			short := eval[[]string](t, ctx, `(async () => {
				const e = $m('#kz-mines-an-size-error'), height = $m('#kz-mines-an-height');
				height.value = '300';
				height.dispatchEvent(new Event('change', {bubbles: true, composed: true}));
				await until(() => e.textContent);
				const messages = [e.textContent, `+jsString(map[string]string{"ja": "盤面番号は 12345 のような整数です。", "en": "The board number is a whole number such as 12345."}[lang])+`];
				const lines = () => {
					const node = e.firstChild, text = node.textContent, out = [];
					let top = null;
					for (let i = 0; i < text.length; i++) {
						const r = document.createRange(); r.setStart(node, i); r.setEnd(node, i + 1);
						const rect = r.getClientRects()[0];
						if (!rect) continue;
						if (Math.round(rect.top) !== top) { top = Math.round(rect.top); out.push(''); }
						out[out.length - 1] += text[i];
					}
					return out.map(l => l.trim());
				};
				const short = [];
				// Japanese breaks between phrases (auto-phrase); the longest
				// phrase here, してください。, is about 105 px wide, and a
				// column narrower than it must break inside it wherever it
				// breaks, so the Japanese columns start at 110 px.
				const from = `+jsString(lang)+` === 'ja' ? 110 : 100;
				for (const text of messages) {
					e.textContent = text;
					for (let px = from; px <= 400; px += 2) {
						e.style.width = px + 'px';
						const ls = lines(), last = ls[ls.length - 1];
						if (ls.length > 1 && (`+jsString(lang)+` === 'ja' ? last.length <= 3 : !last.includes(' '))) short.push(px + ' px: ' + ls.join(' / '));
					}
				}
				e.style.width = '';
				return short;
			})()`)
			if len(short) > 0 {
				t.Errorf("%s at %d px: a field error ends on a short line in %d columns, such as %q", lang, viewport, len(short), short[0])
			}
		}
	}
}
