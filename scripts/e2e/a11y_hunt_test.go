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
	{"guess you under way", `(async () => {
		const g = game('guess'), $g = s => g.querySelector(s);
		$g('#kz-tab-you').click();
		if ($g('#kz-you-guess').disabled) $g('#kz-panel-you [data-on-click="you.new"]').click();
		await until(() => !$g('#kz-you-guess').disabled);
		const field = $g('#kz-you-guess');
		field.value = '0123'; field.dispatchEvent(new Event('input', {bubbles: true, composed: true}));
		field.form.requestSubmit();
		await until(() => g.querySelectorAll('#kz-panel-you .kz-history tbody tr').length === 1);
		const show = $g('[data-on-change="you.analysis"]'); if (show && !show.checked) show.click();
		$g('[data-on-click="you.hint"]').click();
		await until(() => $g('[data-on-click="you.play-hint"]'));
		await settle(); return true; })()`},
	{"guess give up", `(async () => {
		const g = game('guess');
		g.querySelector('[data-on-click="you.give-up"]').click();
		await until(() => !g.querySelector('[data-on-click="you.reveal"]').closest('.kz-confirm').hidden);
		await settle(); return true; })()`},
	{"guess computer", `(async () => {
		const g = game('guess'), $g = s => g.querySelector(s);
		$g('[data-on-click="you.give-up-no"]').click();
		$g('#kz-tab-computer').click();
		const start = $g('#kz-panel-computer .kz-current button'); if (start) start.click();
		await until(() => $g('#kz-comp-picker [role=radio]'));
		g.querySelector('#kz-comp-picker [data-a="1"][data-b="1"]').click();
		$g('#kz-panel-computer .kz-answer button[type=submit]').click();
		await until(() => g.querySelectorAll('#kz-panel-computer .kz-history tbody tr').length >= 1 && $g('#kz-comp-picker [role=radio]'));
		await settle(); return true; })()`},
	{"guess helper", `(async () => {
		const g = game('guess'), $g = s => g.querySelector(s);
		$g('#kz-tab-helper').click();
		const type = (sel, v) => { const e = $g(sel); e.value = v; e.dispatchEvent(new Event('input', {bubbles: true, composed: true})); };
		await until(() => $g('[data-row="0"][data-field="guess"]'));
		type('[data-row="0"][data-field="guess"]', '0123');
		type('[data-row="0"][data-field="a"]', '1');
		type('[data-row="0"][data-field="b"]', '2');
		await until(() => !$g('#kz-panel-helper .kz-analysis.kz-stale') && $g('#kz-panel-helper .kz-suggest'));
		await settle(); return true; })()`},
	{"guess helper error", `(async () => {
		const g = game('guess'), $g = s => g.querySelector(s);
		$g('[data-on-click="help.add"]').click();
		const e = await until(() => $g('[data-row="1"][data-field="guess"]'));
		e.value = '78'; e.dispatchEvent(new Event('input', {bubbles: true, composed: true})); e.blur();
		await until(() => $g('#kz-panel-helper .kz-analysis.kz-stale') && g.querySelector('#kz-panel-helper .kz-field-error:not(:empty), #kz-panel-helper .kz-row-error'));
		await settle(); return true; })()`},
	{"guess tree", `(async () => {
		const g = game('guess'), $g = s => g.querySelector(s);
		$g('#kz-tab-tree').click();
		await until(() => { const v = $g('#kz-panel-tree .kz-tree-view'); return v && !v.classList.contains('kz-stale') && $g('#kz-panel-tree .kz-tree-root'); });
		await settle(); return true; })()`},
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

// contrastJS defines worstContrast(box): of the text shown in box, the
// pair of colours that reads worst, as the reader sees it: the text's
// colour through the opacity of the boxes around it, over the first
// opaque background behind it, once its transitions have run. It
// returns (a promise of) {ratio, text, fg, bg}.
const contrastJS = `(() => {
	const rgba = c => {
		const n = c.match(/[\d.]+/g).map(Number);
		const k = c.startsWith('color(') ? 255 : 1;
		return [n[0] * k, n[1] * k, n[2] * k, n.length > 3 ? n[3] : 1];
	};
	const up = e => e.parentElement || (e.getRootNode() && e.getRootNode().host) || null;
	const lum = ([r, g, b]) => [r, g, b].map(v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
		.reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
	const hex = c => '#' + c.slice(0, 3).map(v => Math.round(v).toString(16).padStart(2, '0')).join('');
	window.contrastOf = e => {
		let bgEl = e, alpha = 1;
		for (; bgEl; bgEl = up(bgEl)) {
			if (rgba(getComputedStyle(bgEl).backgroundColor)[3] === 1) break;
			alpha *= Number(getComputedStyle(bgEl).opacity);
		}
		const bg = rgba(getComputedStyle(bgEl).backgroundColor), fg0 = rgba(getComputedStyle(e).color);
		const a = fg0[3] * alpha, fg = [0, 1, 2].map(i => fg0[i] * a + bg[i] * (1 - a));
		const [l1, l2] = [lum(fg), lum(bg)].sort((x, y) => y - x);
		return {ratio: Math.round((l1 + 0.05) / (l2 + 0.05) * 100) / 100, text: e.textContent.trim().slice(0, 40), fg: hex(fg), bg: hex(bg)};
	};
	window.worstContrast = async box => {
		// As the reader sees it once a fade in or out has run its course.
		await Promise.all(box.getAnimations({subtree: true}).map(a => a.finished));
		let worst = null;
		for (const e of [box, ...box.querySelectorAll('*')]) {
			if (!e.getClientRects().length || e.closest('.kz-sr')) continue;
			if (![...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())) continue;
			const c = contrastOf(e);
			if (!worst || c.ratio < worst.ratio) worst = c;
		}
		return worst;
	};
	return true;
})()`

// An analysis shown while the text box holds another board or a mistake
// (Minesweeper), or while the position was changed since Solve (the chain
// game), stays on screen to be read, marked out of date: it was dimmed
// to 0.55, and its notes read at 2.57:1 (2.98:1 dark), its text and its
// "What is a Grundy value?" at 4:1 and 2.6:1, under WCAG's 4.5:1 (axe's
// color-contrast). Every pair in it now keeps 4.5:1, light and dark.
func TestA11yStaleAnalysesKeepTheirContrast(t *testing.T) {
	for _, scheme := range []string{"light", "dark"} {
		t.Run(scheme, func(t *testing.T) {
			ctx := tab(t)
			preferScheme(t, ctx, scheme)
			navigate(t, ctx, embedPage(t, "a11y-stale-"+scheme+".html",
				`<div id="mines" data-kibitz="mines" data-lang="en" data-mode="analyse"></div><div id="chain" data-kibitz="chain" data-lang="en" data-mode="analyse"></div>`))
			waitWidget(t, ctx, "#mines")
			waitWidget(t, ctx, "#chain")
			minesHelpers(t, ctx)
			eval[bool](t, ctx, contrastJS)
			analyseText(t, ctx, "5x5x4\nHHHHH\nH211H\nH101H\nH212H\nHHHHH\n")
			mines := eval[map[string]any](t, ctx, `(async () => {
				const text = $m('#kz-mines-text');
				text.value = '5x5x4\nHHHHH\nH2Z1H\nH101H\nH212H\nHHHHH\n';
				text.dispatchEvent(new Event('change', {bubbles: true, composed: true}));
				await until(() => $m('#kz-mines-text-error').textContent && $m('.kz-mines-result').classList.contains('kz-mines-other'));
				return await worstContrast($m('.kz-mines-result'));
			})()`)
			chain := eval[map[string]any](t, ctx, `(async () => {
				const c = document.getElementById('chain').shadowRoot, $c = s => c.querySelector(s);
				const pos = $c('#kz-chain-pos');
				pos.value = '3 5 7'; pos.dispatchEvent(new Event('input', {bubbles: true, composed: true}));
				$c('#kz-chain-solve').click();
				await until(() => $c('#kz-chain-result').textContent && !$c('#kz-chain-result').classList.contains('kz-stale'));
				pos.value = '3 5 8'; pos.dispatchEvent(new Event('input', {bubbles: true, composed: true}));
				await until(() => $c('#kz-chain-result').classList.contains('kz-stale') && !$c('#kz-chain-stale').hidden);
				return await worstContrast($c('#kz-chain-result'));
			})()`)
			for name, got := range map[string]map[string]any{"Minesweeper's analysis of another board": mines, "the chain game's answer to another position": chain} {
				if got["ratio"].(float64) < 4.5 {
					t.Errorf("%s, out of date (%s): %q reads at %v:1 (%v on %v), under 4.5:1", name, scheme, got["text"], got["ratio"], got["fg"], got["bg"])
				}
			}
		})
	}
}

// In the dark theme, Minesweeper's "Discard it" (New game over a game
// under way) was white on the light red of --bad, at 2.76:1; its text
// now reads at 4.5:1 or more, in both themes.
func TestA11yDiscardReadsOnItsRed(t *testing.T) {
	for _, scheme := range []string{"light", "dark"} {
		t.Run(scheme, func(t *testing.T) {
			ctx := tab(t)
			preferScheme(t, ctx, scheme)
			navigate(t, ctx, embedPage(t, "a11y-discard-"+scheme+".html", `<div id="mines" data-kibitz="mines" data-lang="en" data-mode="play"></div>`))
			waitWidget(t, ctx, "#mines")
			minesHelpers(t, ctx)
			eval[bool](t, ctx, contrastJS)
			got := eval[map[string]any](t, ctx, `(async () => {
				fire(cell(40), 'click');
				await until(() => view().includes('0') || /[1-8]/.test(view()));
				$m('[data-on-click="mines.new"]').click();
				await until(() => !$m('.kz-confirm').hidden);
				return contrastOf($m('[data-on-click="mines.discard"]'));
			})()`)
			if got["ratio"].(float64) < 4.5 {
				t.Errorf("%s: %q reads at %v:1 (%v on %v), under 4.5:1", scheme, got["text"], got["ratio"], got["fg"], got["bg"])
			}
		})
	}
}

// headingsJS lists the headings on screen in the hosted app, the games'
// own included (their shadow roots, in the page's order), as "level
// text"; a heading for screen readers only (kz-sr) counts.
const headingsJS = `(() => {
	const out = [];
	const walk = root => {
		for (const e of root.querySelectorAll('*')) {
			if (/^H[1-6]$/.test(e.tagName) && e.getClientRects().length) out.push(e.tagName[1] + ' ' + e.textContent.trim());
			if (e.shadowRoot) walk(e.shadowRoot);
		}
	};
	walk(document);
	return out;
})()`

// The hosted app's outline: the site's name is its h1, and a game's
// headings were h3s straight under it (axe's heading-order), the game's
// name a tab, not a heading. Each game's panel is now headed by its name,
// an h2, and no level is left out on the way down, in Play and Analyse.
func TestA11yAppOutlineLeavesNoLevelOut(t *testing.T) {
	ctx := tab(t)
	navigate(t, ctx, fileURL(filepath.Join(dist, "kibitz.html")))
	eval[bool](t, ctx, a11yAppJS)
	poll[bool](t, ctx, `!!(app() && app().querySelector('.kz-app-welcome, [role=tab]'))`, 60*time.Second)
	for _, screen := range []struct{ game, mode, name string }{
		{"guess", "", "Number guessing"},
		{"mines", "analyse", "Minesweeper"},
		{"chain", "analyse", "Chain game"},
	} {
		eval[bool](t, ctx, `(async () => {
			await openGame('`+screen.game+`');
			const mode = game('`+screen.game+`').querySelector('#kz-`+screen.game+`-tab-`+screen.mode+`');
			if (mode) { mode.click(); await settle(); }
			return true;
		})()`)
		headings := toStrings(eval[[]any](t, ctx, headingsJS))
		level, named := 0, false
		for _, h := range headings {
			l := int(h[0] - '0')
			if l > level+1 {
				t.Errorf("%s: %q comes after a heading of level %d, leaving a level out: %q", screen.name, h, level, headings)
			}
			level = l
			named = named || h == "2 "+screen.name
		}
		if !named {
			t.Errorf("%s: no h2 names the game: %q", screen.name, headings)
		}
	}
}

// The number-guessing widget shares the frame's out-of-date look and its
// red buttons: the Helper's analysis, kept on screen and marked out of
// date while a row is wrong, was faded to 0.55 (its notes under 4.5:1),
// and Give up's "Reveal the secret", like every .kz-danger, was white on
// the dark theme's light red (2.77:1).
func TestA11yGuessStaleAnalysisAndRedButtonsKeepTheirContrast(t *testing.T) {
	for _, scheme := range []string{"light", "dark"} {
		t.Run(scheme, func(t *testing.T) {
			ctx := tab(t)
			preferScheme(t, ctx, scheme)
			navigate(t, ctx, fileURL(filepath.Join(dist, "kibitz.html#guess")))
			installHelpers(t, ctx)
			eval[bool](t, ctx, contrastJS)
			got := eval[map[string]map[string]any](t, ctx, `(async () => {
				await until(() => kz() && $('#kz-tab-helper'));
				$('#kz-tab-helper').click();
				type('[data-row="0"][data-field="guess"]', '0123');
				type('[data-row="0"][data-field="a"]', '1');
				type('[data-row="0"][data-field="b"]', '2');
				await until(() => !$('#kz-panel-helper .kz-analysis.kz-stale') && $('#kz-panel-helper .kz-suggest'));
				$('[data-on-click="help.add"]').click();
				type('[data-row="1"][data-field="guess"]', '78');
				$('[data-row="1"][data-field="guess"]').blur();
				await until(() => $('#kz-panel-helper .kz-analysis.kz-stale') && kz().querySelector('#kz-panel-helper .kz-field-error:not(:empty), #kz-panel-helper .kz-row-error'));
				const stale = await worstContrast($('#kz-panel-helper .kz-analysis'));
				$('#kz-tab-you').click();
				$('[data-on-click="you.new"]').click();
				await until(() => !$('#kz-you-guess').disabled);
				$('[data-on-click="you.give-up"]').click();
				await until(() => !$('[data-on-click="you.reveal"]').closest('.kz-confirm').hidden);
				return {stale, reveal: contrastOf($('[data-on-click="you.reveal"]'))};
			})()`)
			for name, c := range map[string]map[string]any{"the Helper's analysis, out of date": got["stale"], "Give up's red button": got["reveal"]} {
				if c["ratio"].(float64) < 4.5 {
					t.Errorf("%s (%s): %q reads at %v:1 (%v on %v), under 4.5:1", name, scheme, c["text"], c["ratio"], c["fg"], c["bg"])
				}
			}
		})
	}
}

// A guess's histogram is a figure named by its title: it was a figure
// given role="group", which a figure may not take (axe's
// aria-allowed-role), so assistive technology was told two things.
func TestA11yGuessHistogramIsAFigure(t *testing.T) {
	ctx := startYouGame(t, "1a2b-4")
	got := eval[map[string]string](t, ctx, `(async () => {
		$('[data-on-click="you.hint"]').click();
		const fig = await until(() => $('#kz-panel-you .kz-hist'));
		return {tag: fig.tagName, role: fig.getAttribute('role') || '', name: fig.getAttribute('aria-label') || ''};
	})()`)
	if got["tag"] != "FIGURE" || got["role"] != "" || !strings.HasPrefix(got["name"], "How the ") {
		t.Errorf("the hint's histogram: %v; want a figure with no role of its own, named by its title", got)
	}
}

// The strategy tree is marked out of date (kz-stale) while a new proof is
// searched, which can take seconds or minutes; it holds green text ("Proof:",
// a win's answer). The light theme's green read 5.02:1 on white, and at
// the stale look's 0.85 only 3.82:1.
func TestA11yStaleTreeKeepsItsContrast(t *testing.T) {
	ctx := tab(t)
	preferScheme(t, ctx, "light")
	navigate(t, ctx, fileURL(filepath.Join(dist, "kibitz.html#guess")))
	installHelpers(t, ctx)
	eval[bool](t, ctx, contrastJS)
	got := eval[map[string]any](t, ctx, `(async () => {
		await until(() => kz() && $('#kz-tab-tree'));
		$('#kz-tab-tree').click();
		const view = await until(() => { const v = $('#kz-panel-tree .kz-tree-view'); return v && !v.classList.contains('kz-stale') && $('#kz-panel-tree .kz-tree-root') && v; });
		view.style.transition = 'none'; // the fade's end at once, not a wait for it
		view.classList.add('kz-stale'); // as while the next proof is searched
		return await worstContrast(view);
	})()`)
	if got["ratio"].(float64) < 4.5 {
		t.Errorf("the strategy tree, out of date (light): %q reads at %v:1 (%v on %v), under 4.5:1", got["text"], got["ratio"], got["fg"], got["bg"])
	}
}
