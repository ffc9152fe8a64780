//go:build e2e

package e2e

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The hosted app, Minesweeper and the chain game as assistive
// technology meets them: names, roles, labels and contrast.

// axeScript is axe-core's axe.min.js, named by KIBITZ_AXE; the audit
// that uses it skips when it is not set (the repository's tests never
// need npm). Install it outside the repository:
//
//	mkdir -p /tmp/axe && cd /tmp/axe && npm install axe-core@4
//	KIBITZ_AXE=/tmp/axe/node_modules/axe-core/axe.min.js go test -tags e2e -run TestA11yAxeAudit ./scripts/e2e
func axeScript(t *testing.T) string {
	t.Helper()
	path := os.Getenv("KIBITZ_AXE")
	if path == "" {
		t.Skip("KIBITZ_AXE names no axe.min.js")
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// axeRun runs axe over the whole page, open shadow roots included, and
// returns one line per node at fault: rule, impact, the node's path and,
// for contrast, the colours and the ratio.
func axeRun(t *testing.T, ctx context.Context, script string) []string {
	t.Helper()
	eval[bool](t, ctx, `(() => { if (!window.axe) { (0, eval)(`+jsString(script)+`); } return true; })()`)
	return toStrings(eval[[]any](t, ctx, `(async () => {
		// The fades at a scrolling box's edge (more rows below, more of
		// the board beside) are gradients, over which axe measures
		// nothing: it measures the text under them with the fades taken
		// away, as the reader sees it once scrolled to.
		const faded = [];
		const walk = root => { for (const e of root.querySelectorAll('*')) {
			if (e.matches('.kz-chain-table-scroll, .kz-mines-view')) { faded.push([e, e.style.backgroundImage]); e.style.backgroundImage = 'none'; }
			if (e.shadowRoot) walk(e.shadowRoot);
		} };
		walk(document);
		const res = await axe.run(document, {resultTypes: ['violations', 'incomplete'], runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']}});
		const out = [];
		const incomplete = `+fmt.Sprint(os.Getenv("KIBITZ_AXE_INCOMPLETE") != "")+`;
		for (const v of res.violations.concat(incomplete ? res.incomplete.map(v => ({...v, id: 'incomplete:' + v.id})) : [])) for (const n of v.nodes) {
			// A chain object's visible label is the number on its disc,
			// which its name begins with ("Object 2: loss in 6 moves");
			// the hint's value under it ("−6", hidden from screen
			// readers) is said in words. axe reads the two as one label,
			// "2−6", not in the name.
			if (v.id === 'label-content-name-mismatch' && /class="kz-chain-(obj|link)\b/.test(n.html)) continue;
			const d = (n.any.concat(n.all, n.none).find(c => c.data) || {}).data;
			const extra = d && d.contrastRatio ? ' ' + d.fgColor + ' on ' + d.bgColor + ' = ' + d.contrastRatio + ' (want ' + d.expectedContrastRatio + ')' : d && d.messageKey ? ' (' + d.messageKey + ')' : '';
			const target = n.target.map(s => Array.isArray(s) ? s.join(' >> ') : s).join(' ');
			out.push(v.id + ' [' + v.impact + '] ' + target + extra + ' | ' + n.html.slice(0, 140).replace(/\s+/g, ' '));
		}
		return out;
	})()`))
}

// a11yAppJS defines, in the hosted app's page, the roots and a wait.
const a11yAppJS = `(() => {
	window.app = () => { const a = document.querySelector('[data-kibitz="app"]'); return a && a.shadowRoot; };
	window.game = name => { const h = app() && app().querySelector('#kz-app-panel-' + name + ' .kz-app-game'); return h && h.shadowRoot; };
	window.until = (fn, ms = 60000) => new Promise((resolve, reject) => {
		const start = Date.now();
		const tick = () => { let v; try { v = fn(); } catch (e) {} if (v) resolve(v); else if (Date.now() - start > ms) reject(new Error('timed out: ' + fn)); else setTimeout(tick, 25); };
		tick();
	});
	window.fire = (e, type) => e.dispatchEvent(new MouseEvent(type, {bubbles: true, composed: true, cancelable: true, button: type === 'contextmenu' ? 2 : 0}));
	window.change = (e, v) => { e.value = v; e.dispatchEvent(new Event('change', {bubbles: true, composed: true})); };
	window.settle = () => new Promise(r => setTimeout(r, 300));
	window.openGame = async name => {
		app().querySelector('#kz-app-tab-' + name).click();
		await until(() => game(name) && game(name).querySelector('.kz-body > *'));
		await settle();
		return true;
	};
	return true;
})()`

// a11yStates are the screens the audit visits, each a script that brings
// it about in the page set up by a11yAppJS.
var a11yStates = []struct{ name, js string }{
	{"welcome", `true`},
	{"guess", `openGame('guess')`},
	{"mines play", `(async () => { await openGame('mines'); const m = game('mines'); m.querySelector('#kz-mines-tab-play').click(); await settle(); return true; })()`},
	{"mines under way", `(async () => {
		const m = game('mines'), p = () => m.querySelector('#kz-mines-panel-play') || m.querySelector('[role=tabpanel]:not([hidden])');
		fire(p().querySelector('[data-i="40"]'), 'click');
		await until(() => p().querySelectorAll('.kz-mines-cell:not(.kz-mines-h)').length > 0);
		await settle(); return true; })()`},
	{"mines confirm", `(async () => {
		const m = game('mines');
		m.querySelector('[data-on-click="mines.new"]').click();
		await until(() => !m.querySelector('.kz-confirm').hidden);
		await settle(); return true; })()`},
	{"mines settings open", `(async () => {
		const m = game('mines');
		m.querySelector('[data-on-click="mines.keep"]').click();
		for (const d of m.querySelectorAll('#kz-mines-panel-play details')) d.open = true;
		const r = m.querySelector('.kz-mines-records'); if (r) r.hidden = false;
		await settle(); return true; })()`},
	{"mines hint", `(async () => {
		const m = game('mines');
		m.querySelector('.kz-mines-hint-btn').click();
		await until(() => m.querySelector('.kz-mines-hint-box').textContent);
		await settle(); return true; })()`},
	{"mines heat", `(async () => {
		const m = game('mines'), h = m.querySelector('#kz-mines-heat');
		if (!h.checked) h.click();
		await until(() => m.querySelector('.kz-mines-grid.kz-mines-heat'));
		await settle(); return true; })()`},
	{"mines won", `(async () => {
		const m = game('mines'), p = () => m.querySelector('[role=tabpanel]:not([hidden])');
		m.querySelector('#kz-mines-tab-analyse').click();
		const text = m.querySelector('#kz-mines-text');
		change(text, 'https://llamasweeper.com/#/game/zini-explorer?b=3&m=' + 'v'.repeat(19) + 'u');
		(await until(() => m.querySelector('.kz-mines-link-note button'))).click();
		await until(() => m.querySelector('#kz-mines-tab-play').getAttribute('aria-selected') === 'true' && p().querySelectorAll('.kz-mines-cell.kz-mines-h').length === 480);
		const d = m.querySelector('[data-on-click="mines.discard"]'); if (d && d.offsetParent) d.click();
		await until(() => p().querySelectorAll('.kz-mines-cell.kz-mines-h').length === 480 && !m.querySelector('.kz-mines-status').className.match(/kz-(win|bad)/));
		fire(p().querySelector('[data-i="479"]'), 'click');
		await until(() => m.querySelector('.kz-mines-status').classList.contains('kz-win'));
		await settle(); return true; })()`},
	{"mines lost", `(async () => {
		const m = game('mines'), p = () => m.querySelector('[role=tabpanel]:not([hidden])');
		m.querySelector('#kz-mines-tab-analyse').click();
		(await until(() => m.querySelector('.kz-mines-link-note button'))).click();
		await until(() => m.querySelector('#kz-mines-tab-play').getAttribute('aria-selected') === 'true' && p().querySelectorAll('.kz-mines-cell.kz-mines-h').length === 480);
		fire(p().querySelector('[data-i="0"]'), 'click');
		await until(() => m.querySelector('.kz-mines-status').classList.contains('kz-bad'));
		await settle(); return true; })()`},
	{"mines analyse", `(async () => {
		const m = game('mines'), p = () => m.querySelector('[role=tabpanel]:not([hidden])');
		m.querySelector('#kz-mines-tab-analyse').click();
		change(m.querySelector('#kz-mines-text'), '5x5x4\nHHHHH\nH211H\nH101H\nH212H\nHHHHH\n');
		await until(() => p().querySelectorAll('.kz-mines-cell').length === 25 && !m.querySelector('.kz-mines-result').classList.contains('kz-stale') && m.querySelector('.kz-mines-result').textContent);
		await settle(); return true; })()`},
	{"mines analyse error", `(async () => {
		const m = game('mines');
		change(m.querySelector('#kz-mines-text'), '5x5x4\nHHHHH\nH2Z1H\nH101H\nH212H\nHHHHH\n');
		await until(() => m.querySelector('#kz-mines-text-error').textContent);
		await settle(); return true; })()`},
	{"chain play", `(async () => { await openGame('chain'); const c = game('chain'); c.querySelector('#kz-chain-tab-play').click(); await until(() => c.querySelector('.kz-chain-obj')); await settle(); return true; })()`},
	{"chain under way", `(async () => {
		const c = game('chain');
		for (const d of c.querySelectorAll('#kz-chain-panel-play details')) d.open = true;
		await until(() => c.querySelector('#kz-chain-status').dataset.turn === 'you' || c.querySelector('#kz-chain-status').dataset.winner);
		const moves = c.querySelector('#kz-chain-row').dataset.moves;
		c.querySelector('.kz-chain-obj').click();
		await until(() => c.querySelector('#kz-chain-row').dataset.moves !== moves && (c.querySelector('#kz-chain-status').dataset.turn === 'you' || c.querySelector('#kz-chain-status').dataset.winner));
		c.querySelector('#kz-chain-hint').click();
		await until(() => c.querySelector('#kz-chain-hint-box').textContent);
		await settle(); return true; })()`},
	{"chain over", `(async () => {
		const c = game('chain'), st = () => c.querySelector('#kz-chain-status');
		for (let turn = 0; turn < 200 && !st().dataset.winner; turn++) {
			await until(() => st().dataset.winner || st().dataset.turn === 'you');
			if (st().dataset.winner) break;
			const row = c.querySelector('#kz-chain-row'), moves = row.dataset.moves;
			row.querySelector('.kz-chain-obj').click();
			await until(() => c.querySelector('#kz-chain-row').dataset.moves !== moves);
		}
		await until(() => st().dataset.winner);
		await settle(); return true; })()`},
	{"chain analyse", `(async () => {
		const c = game('chain');
		c.querySelector('#kz-chain-tab-analyse').click();
		const pos = c.querySelector('#kz-chain-pos');
		pos.value = '3 5 7'; pos.dispatchEvent(new Event('input', {bubbles: true, composed: true}));
		c.querySelector('#kz-chain-result').textContent = '';
		c.querySelector('#kz-chain-solve').click();
		await until(() => c.querySelector('#kz-chain-result').textContent);
		await settle(); return true; })()`},
	{"chain analyse stale", `(async () => {
		const c = game('chain');
		const pos = c.querySelector('#kz-chain-pos');
		pos.value = '3 5 8'; pos.dispatchEvent(new Event('input', {bubbles: true, composed: true}));
		await until(() => !c.querySelector('#kz-chain-stale').hidden);
		await settle(); return true; })()`},
	{"chain analyse error", `(async () => {
		const c = game('chain');
		const pos = c.querySelector('#kz-chain-pos');
		pos.value = '3,X'; pos.dispatchEvent(new Event('input', {bubbles: true, composed: true}));
		c.querySelector('#kz-chain-solve').click();
		await until(() => c.querySelector('#kz-chain-pos-error').textContent);
		await settle(); return true; })()`},
	{"chain table", `(async () => {
		const c = game('chain');
		c.querySelector('#kz-chain-table-go').click();
		await until(() => c.querySelector('#kz-chain-table').tBodies[0] && c.querySelector('#kz-chain-table').tBodies[0].rows.length >= 10 && c.querySelector('#kz-chain-progress-row').hidden, 120000);
		await settle(); return true; })()`},
}

// TestA11yAxeAudit runs axe-core over the hosted app's screens, at a
// phone's width and a desktop's, light and dark, in English and
// Japanese, and lists what it finds by rule. It fails on any violation.
func TestA11yAxeAudit(t *testing.T) {
	script := axeScript(t)
	only := os.Getenv("KIBITZ_AXE_ONLY")  // e.g. "320 dark ja"
	found := map[string]map[string]bool{} // finding → the places
	for _, width := range []int64{320, 1280} {
		for _, scheme := range []string{"light", "dark"} {
			for _, lang := range []string{"en", "ja"} {
				config := fmt.Sprintf("%d %s %s", width, scheme, lang)
				if only != "" && only != config {
					continue
				}
				t.Run(strings.ReplaceAll(config, " ", "-"), func(t *testing.T) {
					ctx := tab(t)
					if err := chromedp.Do(ctx, chromedp.EmulateViewport(width, 900)); err != nil {
						t.Fatal(err)
					}
					preferScheme(t, ctx, scheme)
					navigate(t, ctx, fileURL(filepath.Join(dist, "kibitz.html")))
					eval[bool](t, ctx, a11yAppJS)
					poll[bool](t, ctx, `!!(app() && app().querySelector('.kz-app-welcome, [role=tab]'))`, 60*time.Second)
					eval[bool](t, ctx, setAppLangJS(lang))
					eval[bool](t, ctx, a11yAppJS)
					for _, s := range a11yStates {
						eval[bool](t, ctx, s.js)
						for _, v := range axeRun(t, ctx, script) {
							if found[v] == nil {
								found[v] = map[string]bool{}
							}
							found[v][config+" "+s.name] = true
						}
					}
				})
			}
		}
	}
	var lines []string
	for v, places := range found {
		var ps []string
		for p := range places {
			ps = append(ps, p)
		}
		sort.Strings(ps)
		lines = append(lines, fmt.Sprintf("%s\n\t\tat %d: %s", v, len(ps), strings.Join(ps, "; ")))
	}
	sort.Strings(lines)
	for _, l := range lines {
		t.Errorf("%s", l)
	}
}
