//go:build e2e

package e2e

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// The hosted app's shell, fifth round: the welcome's ways into the games
// and the header's tagline.

// Each card's Play is a link to its game's address (#mines), as the
// game's tab is: a middle click, Ctrl+click or "Copy link" get the game's
// address, and a plain click, or Enter, opens it in place with the focus
// on its tab. Play was a button, and those did nothing.
func TestAppPlayIsALinkToItsGame(t *testing.T) {
	ctx, page := freshWelcome(t)
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

// The header's tagline is the one the placeholder showed while the module
// loaded, in every language: the loader's, the one copy. The app had its
// own copy in its catalog, which could drift from the loader's; the test
// serves a loader whose taglines say something else, and the header says
// what the loader says.
func TestAppTaglineIsTheLoaders(t *testing.T) {
	site := filepath.Join(dist, "site")
	loader, err := os.ReadFile(filepath.Join(site, "kibitz.js"))
	if err != nil {
		t.Fatal(err)
	}
	taglines := map[string]string{"en": "Game solvers that run entirely in your browser.", "ja": "ブラウザだけで動くゲームソルバー。",
		"zh-Hans": "完全在浏览器里运行的游戏解题器。", "zh-Hant": "完全在瀏覽器裡執行的遊戲解題器。"}
	var pairs []string
	for lang, text := range taglines {
		if !strings.Contains(string(loader), `tagline: "`+text+`"`) {
			t.Fatalf("the loader has no %s tagline %q", lang, text)
		}
		pairs = append(pairs, `tagline: "`+text+`"`, `tagline: "`+lang+` (the loader's)"`)
	}
	changed := strings.NewReplacer(pairs...).Replace(string(loader))
	files := http.FileServer(http.Dir(site))
	server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/kibitz.js":
			w.Header().Set("Content-Type", "text/javascript")
			_, _ = w.Write([]byte(changed))
		case "/sw.js":
			http.NotFound(w, r)
		default:
			files.ServeHTTP(w, r)
		}
	}))
	defer server.Close()
	ctx := tab(t)
	for _, lang := range []string{"en", "ja", "zh-Hans", "zh-Hant"} {
		navigate(t, ctx, server.URL+"/elsewhere") // the host's 404: another page of the origin
		eval[bool](t, ctx, `(localStorage.clear(), localStorage.setItem('kibitz/app//#app-0#lang', '`+lang+`'), true)`)
		navigate(t, ctx, server.URL+"/")
		got := poll[string](t, ctx, `(() => { const root = document.querySelector('[data-kibitz=app]').shadowRoot; const kz = root && root.querySelector('.kz[lang="`+lang+`"]'); const note = kz && kz.querySelector('.kz-app-header .kz-note'); return note ? note.textContent : ''; })()`, 60*time.Second)
		if want := lang + " (the loader's)"; got != want {
			t.Errorf("%s: the header's tagline is %q; want the loader's, %q", lang, got, want)
		}
	}
}

// Back and Forward keep the keyboard's place as the app's own controls
// do: Back from a game to the welcome puts the focus on the card of the
// game left (as "‹ All games" does), Forward into a game on its tab, and
// Back from one game to another, with the focus on the games' tabs, on
// the tab of the game now shown. Back to the welcome put the focus on the
// title, at the top of the page, and Back between games left it on the
// tab of the game no longer shown.
func TestAppBackAndForwardKeepTheKeyboardsPlace(t *testing.T) {
	ctx := tab(t)
	navigate(t, ctx, fileURL(filepath.Join(dist, "kibitz.html")))
	appHelpers(t, ctx)
	poll[bool](t, ctx, `shown(app().querySelector('#kz-app-open-mines'))`, 60*time.Second)
	eval[bool](t, ctx, `(app().querySelector('#kz-app-open-mines').focus(), true)`)
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Enter)); err != nil {
		t.Fatal(err)
	}
	// focusAfter goes through the history (back or forward) to the
	// screen with the fragment want, and says where the focus is.
	focusAfter := func(step, want string) string {
		t.Helper()
		poll[bool](t, ctx, `!!game('mines') || location.hash === ''`, 60*time.Second)
		if step != "" {
			eval[bool](t, ctx, `(history.`+step+`(), true)`)
		}
		return poll[string](t, ctx, `(() => {
			const tab = app().querySelector('[role=tab][aria-selected=true]');
			const on = shown(app().querySelector('.kz-app-welcome')) ? '' : '#' + (tab ? tab.dataset.game : '');
			return location.hash === '`+want+`' && on === '`+want+`' && ((app().activeElement || {}).id || '(none)');
		})()`, 30*time.Second)
	}
	if got := focusAfter("", "#mines"); got != "kz-app-tab-mines" {
		t.Fatalf("Enter on Minesweeper's Play puts the focus on %q, want its tab", got)
	}
	if got := focusAfter("back", ""); got != "kz-app-open-mines" {
		t.Errorf("Back from Minesweeper to the welcome puts the focus on %q; want Minesweeper's Play, the card of the game left", got)
	}
	if got := focusAfter("forward", "#mines"); got != "kz-app-tab-mines" {
		t.Errorf("Forward into Minesweeper puts the focus on %q; want its tab", got)
	}
	// To number guessing by the keyboard, on the games' tabs, then Back.
	eval[bool](t, ctx, `(app().querySelector('#kz-app-tab-mines').focus(), true)`)
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowLeft)); err != nil {
		t.Fatal(err)
	}
	if got := focusAfter("", "#guess"); got != "kz-app-tab-guess" {
		t.Fatalf("← on the Minesweeper tab puts the focus on %q, want the number-guessing tab", got)
	}
	if got := focusAfter("back", "#mines"); got != "kz-app-tab-mines" {
		t.Errorf("Back from number guessing to Minesweeper, from the games' tabs, leaves the focus on %q; want the Minesweeper tab", got)
	}
}

// The title "Kibitz" leads to the welcome, with the tooltip "All games";
// on the welcome itself it promised a click that did nothing. There it
// is the current page (aria-current), with no tooltip; in a game the
// tooltip is back.
func TestAppTitleIsTheCurrentPageOnTheWelcome(t *testing.T) {
	ctx, _ := freshWelcome(t)
	home := `(() => { const h = app().querySelector('#kz-app-home'); return {title: h.getAttribute('title') || '', current: h.getAttribute('aria-current') || ''}; })()`
	if got := eval[map[string]string](t, ctx, home); got["title"] != "" || got["current"] != "page" {
		t.Errorf("on the welcome the title is %v; want no tooltip, aria-current page", got)
	}
	eval[bool](t, ctx, `(app().querySelector('#kz-app-open-mines').click(), true)`)
	poll[bool](t, ctx, `!shown(app().querySelector('.kz-app-welcome'))`, 30*time.Second)
	if got := eval[map[string]string](t, ctx, home); got["title"] != "All games" || got["current"] != "" {
		t.Errorf("in a game the title is %v; want the tooltip All games, no aria-current", got)
	}
}

// freshWelcome opens the hosted app with nothing saved, on its welcome,
// and returns the tab and the page's address.
func freshWelcome(t *testing.T) (context.Context, string) {
	t.Helper()
	ctx := tab(t)
	page := fileURL(filepath.Join(dist, "kibitz.html"))
	navigate(t, ctx, page)
	eval[bool](t, ctx, `(localStorage.clear(), true)`)
	navigate(t, ctx, page)
	appHelpers(t, ctx)
	poll[bool](t, ctx, `shown(app().querySelector('#kz-app-open-mines'))`, 60*time.Second)
	return ctx, page
}
