//go:build e2e

package e2e

import (
	"path/filepath"
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"
)

// Tab bars that do not fit say so: at 320 px, in every language, each tab
// bar (the app's games, and each game's modes) that scrolls shows an arrow
// on the side where tabs wait, no tab in the clear part of the bar is cut,
// and the arrows bring every tab into view.

// tabBarsJS measures every tab bar in the app and its games: for each, its
// name, whether it scrolls, which arrows show, and the tabs cut by the
// clear part of the bar (between the arrows' fades).
const tabBarsJS = `(() => {
	const app = document.querySelector('[data-kibitz="app"]').shadowRoot;
	const roots = [['app', app], ...['guess', 'mines', 'chain'].map(g => {
		const h = app.querySelector('#kz-app-panel-' + g + ' .kz-app-game');
		return [g, h && h.shadowRoot];
	})];
	const shown = e => !!e && e.getClientRects().length > 0;
	const out = [];
	for (const [name, root] of roots) {
		if (!root) continue;
		for (const list of root.querySelectorAll('[role=tablist]')) {
			if (!shown(list)) continue;
			const bar = list.parentElement;
			const back = bar.querySelector('.kz-tabs-arrow[data-dir=back]'), fwd = bar.querySelector('.kz-tabs-arrow[data-dir=fwd]');
			const r = list.getBoundingClientRect();
			const clearLeft = shown(back) ? back.getBoundingClientRect().right : r.left;
			const clearRight = shown(fwd) ? fwd.getBoundingClientRect().left : r.right;
			const cut = [...list.querySelectorAll('[role=tab]')].filter(t => {
				const b = t.getBoundingClientRect();
				const inClear = Math.min(b.right, clearRight) - Math.max(b.left, clearLeft);
				return inClear > 1 && (b.left < clearLeft - 1 || b.right > clearRight + 1);
			}).map(t => t.textContent);
			out.push({name, label: list.getAttribute('aria-label'), scrolls: list.scrollWidth > list.clientWidth + 1,
				atStart: list.scrollLeft <= 1, atEnd: list.scrollLeft + list.clientWidth >= list.scrollWidth - 1,
				back: shown(back), fwd: shown(fwd), cut, dbg: JSON.stringify({sl: list.scrollLeft, cw: list.clientWidth, clearLeft, clearRight, r: [r.left, r.right], bv: bar.style.cssText, tabs: [...list.querySelectorAll('[role=tab]')].map(t => [t.offsetLeft, t.offsetWidth])}), tabs: list.querySelectorAll('[role=tab]').length});
		}
	}
	return out;
})()`

func TestTabBarsShowThatTheyScroll(t *testing.T) {
	ctx := tab(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(320, 700)); err != nil {
		t.Fatal(err)
	}
	navigate(t, ctx, fileURL(filepath.Join(dist, "kibitz.html")))
	appHelpers(t, ctx)
	scrolled := 0
	for _, lang := range []string{"en", "ja", "zh-Hant", "zh-Hans"} {
		// The language menu rebuilds the app in the language; then every
		// game is opened, so each bar is laid out.
		eval[bool](t, ctx, `(async () => {
			const sel = app().querySelector('#kz-lang');
			if (sel.value !== '`+lang+`') {
				sel.value = '`+lang+`';
				sel.dispatchEvent(new Event('change', {bubbles: true, composed: true}));
				await new Promise(r => { const tick = () => app() && app().querySelector('.kz').getAttribute('lang') === '`+lang+`' ? r() : setTimeout(tick, 25); tick(); });
			}
			for (const g of ['chain', 'mines', 'guess']) {
				app().querySelector('#kz-app-tab-' + g).click();
				await new Promise(r => { const tick = () => game(g) && game(g).querySelector('.kz-tabbar') ? r() : setTimeout(tick, 25); tick(); });
			}
			return true;
		})()`)
		// Each bar: the arrows match what is hidden, nothing is cut.
		check := func(when string) []map[string]any {
			bars := eval[[]map[string]any](t, ctx, tabBarsJS)
			for _, b := range bars {
				if b["back"] != !b["atStart"].(bool) || b["fwd"] != !b["atEnd"].(bool) {
					t.Errorf("%s %s: the arrows must show where tabs are out of view: %v", lang, when, b)
				}
				if len(b["cut"].([]any)) > 0 {
					t.Errorf("%s %s: tabs cut mid-word in the clear part of the bar: %v", lang, when, b)
				}
			}
			return bars
		}
		bars := check("on opening")
		if len(bars) < 2 {
			t.Fatalf("%s: the app's tab bar and the game's should be measured: %v", lang, bars)
		}
		// Walk each bar that scrolls to its end with the forward arrow and
		// back with the other, checking at every stop.
		for i, b := range bars {
			if b["scrolls"] != true {
				continue
			}
			scrolled++
			for _, dir := range []string{"fwd", "back"} {
				for step := 0; step < 10; step++ {
					bar := eval[[]map[string]any](t, ctx, tabBarsJS)[i]
					if bar[dir] != true {
						break
					}
					// Arrows scroll smoothly: wait for the bar to come to rest.
					eval[bool](t, ctx, `(async () => {
						const app = document.querySelector('[data-kibitz="app"]').shadowRoot;
						const roots = [app, ...['guess', 'mines', 'chain'].map(g => { const h = app.querySelector('#kz-app-panel-' + g + ' .kz-app-game'); return h && h.shadowRoot; })].filter(Boolean);
						const lists = roots.flatMap(r => [...r.querySelectorAll('[role=tablist]')]).filter(l => l.getClientRects().length);
						const list = lists[`+strconv.Itoa(i)+`];
						list.parentElement.querySelector('.kz-tabs-arrow[data-dir=`+dir+`]').click();
						let last = -1, still = 0;
						await new Promise(r => { const tick = () => { if (list.scrollLeft === last) still++; else still = 0; last = list.scrollLeft; still > 5 ? r() : setTimeout(tick, 30); }; tick(); });
						return true;
					})()`)
					check(dir)
				}
				bar := eval[[]map[string]any](t, ctx, tabBarsJS)[i]
				if (dir == "fwd" && bar["atEnd"] != true) || (dir == "back" && bar["atStart"] != true) {
					t.Errorf("%s: the %s arrow should reach the end of %v", lang, dir, bar)
				}
			}
		}
	}
	if scrolled == 0 {
		t.Error("at 320 px some tab bar should scroll (the app's games, Japanese modes)")
	}
}
