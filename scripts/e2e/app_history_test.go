//go:build e2e

package e2e

import (
	"path/filepath"
	"testing"
)

// The app's screen is in the page's address (#mines, #guess, #chain, none
// for the welcome) and in the browser's history: Back from a game returns
// to the screen before it, not off the site; a link to a game opens it,
// over the game the reader left; a change of language stays on the
// screen. (The address never changed, and Back left the site from any
// game.) From file://, where the single file is opened, as the hardest
// case: the history's entries there differ by their fragment alone.
func TestAppScreensAreInTheAddressAndTheHistory(t *testing.T) {
	ctx := tab(t)
	page := fileURL(filepath.Join(dist, "kibitz.html"))
	navigate(t, ctx, page)
	appHelpers(t, ctx)
	untilHelper := `window.until = (fn, ms = 30000) => new Promise((resolve, reject) => {
		const start = Date.now();
		const tick = () => { let v; try { v = fn(); } catch (e) {} if (v) resolve(v); else if (Date.now() - start > ms) reject(new Error('timed out: ' + fn)); else setTimeout(tick, 25); };
		tick();
	});`
	eval[bool](t, ctx, `(() => {
		`+untilHelper+`
		window.screenNow = () => ({
			hash: location.hash, title: document.title,
			game: (app().querySelector('[role=tab][aria-selected=true]:not([hidden])') || {dataset: {}}).dataset.game || '',
			welcome: shown(app().querySelector('.kz-app-welcome')),
			panel: [...app().querySelectorAll('[role=tabpanel]')].filter(shown).map(p => p.id).join(),
		});
		window.step = async (act, want) => {
			act();
			await until(() => screenNow().hash === want && screenNow().panel === (want ? 'kz-app-panel-' + want.slice(1) : ''));
			return screenNow();
		};
		return true;
	})()`)
	type screen = map[string]any
	check := func(when string, got screen, hash, title string, welcome bool) {
		t.Helper()
		if got["hash"] != hash || got["title"] != title || got["welcome"] != welcome {
			t.Errorf("%s: %v, want the address's fragment %q, the title %q, the welcome shown %v", when, got, hash, title, welcome)
		}
	}
	check("a newcomer", eval[screen](t, ctx, `screenNow()`), "", "Kibitz", true)
	check("Play on Minesweeper", eval[screen](t, ctx, `step(() => app().querySelector('#kz-app-open-mines').click(), '#mines')`), "#mines", "Minesweeper · Kibitz", false)
	check("the number-guessing tab", eval[screen](t, ctx, `step(() => app().querySelector('#kz-app-tab-guess').click(), '#guess')`), "#guess", "Number guessing · Kibitz", false)
	check("Back", eval[screen](t, ctx, `step(() => history.back(), '#mines')`), "#mines", "Minesweeper · Kibitz", false)
	check("Back again", eval[screen](t, ctx, `step(() => history.back(), '')`), "", "Kibitz", true)
	check("Forward", eval[screen](t, ctx, `step(() => history.forward(), '#mines')`), "#mines", "Minesweeper · Kibitz", false)
	check("the title, home", eval[screen](t, ctx, `step(() => app().querySelector('#kz-app-home').click(), '')`), "", "Kibitz", true)
	check("Back from home", eval[screen](t, ctx, `step(() => history.back(), '#mines')`), "#mines", "Minesweeper · Kibitz", false)
	// A fragment typed into the address, as a link within the page.
	check("#chain typed", eval[screen](t, ctx, `step(() => { location.hash = 'chain'; }, '#chain')`), "#chain", "Chain game · Kibitz", false)

	// A change of language stays on the screen, in the new language.
	got := eval[screen](t, ctx, `(async () => {
		const sel = app().querySelector('#kz-lang');
		sel.value = 'ja';
		sel.dispatchEvent(new Event('change', {bubbles: true, composed: true}));
		await until(() => app() && app().querySelector('.kz') && app().querySelector('.kz').getAttribute('lang') === 'ja' && screenNow().panel === 'kz-app-panel-chain');
		return screenNow();
	})()`)
	if got["hash"] != "#chain" || got["title"] == "Chain game · Kibitz" || got["game"] != "chain" {
		t.Errorf("after a change of language: %v, want #chain, on the chain game, titled in Japanese", got)
	}

	// open loads url anew (from another page, not as a step within this
	// one) and says which game it opened and what the address says.
	open := func(url string) screen {
		t.Helper()
		navigate(t, ctx, "about:blank")
		navigate(t, ctx, url)
		appHelpers(t, ctx)
		return eval[screen](t, ctx, `(async () => {
			`+untilHelper+`
			await until(() => app().querySelector('[role=tab][aria-selected=true]'));
			return {hash: location.hash, game: app().querySelector('[role=tab][aria-selected=true]').dataset.game};
		})()`)
	}
	// A link to a game opens it, over the game the reader left (chain).
	if got := open(page + "#guess"); got["hash"] != "#guess" || got["game"] != "guess" {
		t.Errorf("a link to #guess opens number guessing: %v", got)
	}
	// Without a fragment, the reader comes back to the game they left,
	// and the address says which.
	if got := open(page); got["hash"] != "#guess" || got["game"] != "guess" {
		t.Errorf("a returning reader comes back to the game left, named in the address: %v", got)
	}
}
