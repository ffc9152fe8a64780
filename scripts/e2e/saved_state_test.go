//go:build e2e

package e2e

import (
	"testing"
	"time"
)

// A saved state that another version, another script on the page or a
// half-written save has mangled never locks the reader out: every widget
// comes up, with no error shown, whatever its numbers say. (Checked once
// with six manglings each: -1, 1e9, 0, 0.5, empty strings, empty lists;
// all fine. The two kept here are the ones most likely to reach an index.)
func TestMangledSavedStateNeverLocksOut(t *testing.T) {
	for _, game := range []string{"mines", "guess", "chain"} {
		for _, mangle := range []string{"-1", "1e9"} {
			t.Run(game+" "+mangle, func(t *testing.T) {
				ctx := tab(t)
				url := embedPage(t, "state-"+game+".html", `<div id="w" data-kibitz="`+game+`" data-lang="en"></div>`)
				navigate(t, ctx, url)
				waitWidget(t, ctx, "#w")
				// Play a little, so that the saved state holds a game.
				eval[bool](t, ctx, `(async () => {
					const root = document.getElementById('w').shadowRoot;
					const cell = root.querySelector('[data-i="40"]');
					if (cell) cell.dispatchEvent(new MouseEvent('click', {bubbles: true, composed: true}));
					else [...root.querySelectorAll('button.kz-primary')].find(b => b.offsetParent).click();
					await new Promise(r => setTimeout(r, 800));
					return true;
				})()`)
				mangled := eval[int](t, ctx, `(() => {
					let n = 0;
					for (const key of Object.keys(localStorage)) {
						if (!key.startsWith('kibitz/`+game+`/') || key.endsWith('#lang')) continue;
						const walk = x => Array.isArray(x) ? x.map(walk)
							: x && typeof x === 'object' ? Object.fromEntries(Object.entries(x).map(([k, v]) => [k, walk(v)]))
							: typeof x === 'number' ? (n++, `+mangle+`) : x;
						localStorage.setItem(key, JSON.stringify(walk(JSON.parse(localStorage.getItem(key)))));
					}
					return n;
				})()`)
				if mangled == 0 {
					t.Fatal("the widget saved no number to mangle")
				}
				navigate(t, ctx, url)
				got := poll[string](t, ctx, `(() => {
					const root = document.getElementById('w').shadowRoot;
					if (!root) return '';
					const failed = root.querySelector('.kz-failed');
					if (failed) return 'failed: ' + failed.textContent;
					return root.querySelector('.kz-body > *') ? 'ok' : '';
				})()`, 30*time.Second)
				time.Sleep(300 * time.Millisecond)
				alerts := eval[string](t, ctx, `[...document.getElementById('w').shadowRoot.querySelectorAll('.kz-bad, [role=alert]')]
					.filter(e => e.offsetParent && e.textContent.trim()).map(e => e.textContent).join(' | ')`)
				if got != "ok" || alerts != "" {
					t.Errorf("with every saved number %s: %s; alerts: %q", mangle, got, alerts)
				}
			})
		}
	}
}
