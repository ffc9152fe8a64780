//go:build e2e

package e2e

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// The hosted app's shell, fifth round: the welcome's ways into the games.

// Each card's Play is a link to its game's address (#mines), as the
// game's tab is: a middle click, Ctrl+click or "Copy link" get the game's
// address, and a plain click, or Enter, opens it in place with the focus
// on its tab. Play was a button, and those did nothing.
func TestAppPlayIsALinkToItsGame(t *testing.T) {
	ctx := tab(t)
	page := fileURL(filepath.Join(dist, "kibitz.html"))
	navigate(t, ctx, page)
	eval[bool](t, ctx, `(localStorage.clear(), true)`)
	navigate(t, ctx, page)
	appHelpers(t, ctx)
	poll[bool](t, ctx, `shown(app().querySelector('#kz-app-open-mines'))`, 60*time.Second)
	hrefs := eval[map[string]string](t, ctx, `Object.fromEntries([...app().querySelectorAll('.kz-app-card')].map(c => {
		const play = c.querySelector('#kz-app-open-' + c.dataset.game);
		return [c.dataset.game, play && play.localName === 'a' ? play.href : '(' + (play ? play.localName : 'none') + ')'];
	}))`)
	for _, g := range []string{"guess", "mines", "chain"} {
		if hrefs[g] != page+"#"+g {
			t.Errorf("the %s card's Play links to %q, want %q", g, hrefs[g], page+"#"+g)
		}
	}
	// clickJS clicks Minesweeper's Play as a mouse does, with the keys
	// given, and says whether the app kept the browser from following the
	// link (the test keeps it from following it after that).
	clickJS := func(keys string) string {
		return `(() => {
			let prevented = null;
			const seen = e => { prevented = e.defaultPrevented; e.preventDefault(); };
			window.addEventListener('click', seen);
			app().querySelector('#kz-app-open-mines').dispatchEvent(new MouseEvent('click', {bubbles: true, composed: true, cancelable: true, button: 0, ` + keys + `}));
			window.removeEventListener('click', seen);
			return {prevented, hash: location.hash, welcome: shown(app().querySelector('.kz-app-welcome'))};
		})()`
	}
	for _, keys := range []string{"ctrlKey: true", "metaKey: true", "shiftKey: true"} {
		got := eval[map[string]any](t, ctx, clickJS(keys))
		if got["prevented"] != false || got["hash"] != "" || got["welcome"] != true {
			t.Errorf("a click with %s on Minesweeper's Play: %v; want the browser to follow the link elsewhere and the app to stay on the welcome", keys, got)
		}
	}
	// From the keyboard: Tab reaches Play, and Enter opens the game with
	// the focus on its tab.
	eval[bool](t, ctx, `(app().querySelector('#kz-app-open-chain').focus(), true)`)
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Tab, chromedp.KeyModifiers(chromedp.ModifierShift))); err != nil {
		t.Fatal(err)
	}
	if focused := eval[string](t, ctx, `(app().activeElement || {}).id || ''`); focused != "kz-app-open-mines" {
		t.Fatalf("Shift+Tab from the chain game's Play goes to %q, want Minesweeper's Play", focused)
	}
	before := eval[float64](t, ctx, `history.length`)
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Enter)); err != nil {
		t.Fatal(err)
	}
	got := poll[map[string]any](t, ctx, `!shown(app().querySelector('.kz-app-welcome')) && {hash: location.hash, focus: (app().activeElement || {}).id || '', title: document.title}`, 30*time.Second)
	if got["hash"] != "#mines" || got["focus"] != "kz-app-tab-mines" || got["title"] != "Minesweeper · Kibitz" {
		t.Errorf("Enter on Minesweeper's Play: %v; want Minesweeper in place, at #mines, with the focus on its tab", got)
	}
	if after := eval[float64](t, ctx, `history.length`); after != before+1 {
		t.Errorf("Play: the history has %v entries, had %v; want one more", after, before)
	}
}
