//go:build e2e

package e2e

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// The app's navigation and the hosted site's finish, as a demanding
// reader meets them.

// setAppLangJS switches the app to another language with its menu and
// waits for the app built again in it.
func setAppLangJS(lang string) string {
	return `(async () => {
		const sel = app().querySelector('#kz-lang');
		if (sel.value !== '` + lang + `') {
			sel.value = '` + lang + `';
			sel.dispatchEvent(new Event('change', {bubbles: true, composed: true}));
		}
		const t0 = Date.now();
		while (!(app() && app().querySelector('.kz') && app().querySelector('.kz').getAttribute('lang') === '` + lang + `' && app().querySelector('.kz-app-header'))) {
			if (Date.now() - t0 > 30000) throw new Error('the app did not come back in ` + lang + `');
			await new Promise(r => setTimeout(r, 25));
		}
		return true;
	})()`
}

// The reader who dismisses "A new version of Kibitz is ready" with its ×
// (Later) is not told again at the next change of language: it came back
// each time the app was built in another language.
func TestAppUpdateLaterHoldsAcrossALanguageChange(t *testing.T) {
	ctx := tab(t)
	navigate(t, ctx, fileURL(filepath.Join(dist, "kibitz.html")))
	appHelpers(t, ctx)
	eval[bool](t, ctx, `(Kibitz.updated(), true)`)
	if notice := poll[string](t, ctx, updateNoticeJS, 30*time.Second); notice == "" {
		t.Fatal("Kibitz.updated: the app says nothing")
	}
	eval[bool](t, ctx, `(app().querySelector('.kz-update [data-on-click="frame.update-later"]').click(), true)`)
	if notice := eval[string](t, ctx, updateNoticeJS); notice != "" {
		t.Fatalf("Later: the notice stays, %q", notice)
	}
	for _, lang := range []string{"ja", "en"} {
		eval[bool](t, ctx, setAppLangJS(lang))
		if notice := eval[string](t, ctx, updateNoticeJS); notice != "" {
			t.Errorf("dismissed with Later, the notice came back after a change of language to %s: %q", lang, notice)
		}
	}
	// Another deploy says it anew.
	eval[bool](t, ctx, `(Kibitz.updated(), true)`)
	if notice := poll[string](t, ctx, updateNoticeJS, 30*time.Second); notice == "" {
		t.Error("a later deploy: the app says nothing")
	}
}

// In a game, the way back to the games is in sight, in words, at 320 px
// and on a desktop, in every language, and works from the keyboard: the
// focus lands on the card of the game left. The only way was the title
// "Kibitz", whose "All games" was a tooltip that a touch screen or the
// keyboard never shows.
func TestAppInAGameShowsTheWayBackToAllGames(t *testing.T) {
	want := map[string]string{"en": "All games", "ja": "すべてのゲーム", "zh-Hans": "所有游戏", "zh-Hant": "所有遊戲"}
	for _, width := range []int64{320, 1100} {
		ctx := tab(t)
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(width, 700)); err != nil {
			t.Fatal(err)
		}
		navigate(t, ctx, fileURL(filepath.Join(dist, "kibitz.html"))+"#mines")
		appHelpers(t, ctx)
		for _, lang := range []string{"ja", "zh-Hans", "zh-Hant", "en"} {
			eval[bool](t, ctx, setAppLangJS(lang))
			poll[bool](t, ctx, `!!(game('mines') && game('mines').querySelector('[role=tab][aria-selected=true]'))`, 60*time.Second)
			got := eval[map[string]any](t, ctx, `(() => {
				const w = `+jsString(want[lang])+`;
				const back = [...app().querySelectorAll('button, a[href]')].filter(b => shown(b) && b.textContent.includes(w) && b.tabIndex >= 0)[0];
				if (!back) return {found: false};
				const r = back.getBoundingClientRect(), tabs = app().querySelector('[role=tablist]').getBoundingClientRect();
				return {found: true, inView: r.left >= 0 && r.right <= innerWidth && r.top >= 0 && r.bottom <= tabs.top + 1, height: r.height};
			})()`)
			if got["found"] != true {
				t.Errorf("%d px, %s: in a game, no control in sight says %q", width, lang, want[lang])
				continue
			}
			if got["inView"] != true || got["height"].(float64) < 24 {
				t.Errorf("%d px, %s: the way back to all games is not over the games' tabs, or too small to tap: %v", width, lang, got)
			}
		}
		// From the keyboard: Enter on it shows the welcome, with the focus
		// on the card of the game left.
		eval[bool](t, ctx, `(() => { [...app().querySelectorAll('button, a[href]')].filter(b => shown(b) && b.textContent.includes('All games'))[0].focus(); return true; })()`)
		if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Enter)); err != nil {
			t.Fatal(err)
		}
		got := poll[map[string]any](t, ctx, `shown(app().querySelector('.kz-app-welcome')) && {hash: location.hash, focus: (app().activeElement || {}).id || ''}`, 30*time.Second)
		if got["hash"] != "" || got["focus"] != "kz-app-open-mines" {
			t.Errorf("%d px: back to all games by keyboard: %v; want no fragment and the focus on Minesweeper's Play", width, got)
		}
	}
}

// The games' tabs are links to their screens (#guess, #mines, #chain): a
// middle click, Ctrl+click or "Copy link" get the game's address, and a
// plain click still switches in place, a step in the history. They were
// buttons, and those did nothing.
func TestAppGameTabsAreLinks(t *testing.T) {
	ctx := tab(t)
	page := fileURL(filepath.Join(dist, "kibitz.html"))
	navigate(t, ctx, page+"#guess")
	appHelpers(t, ctx)
	poll[bool](t, ctx, `!!app().querySelector('[role=tab][aria-selected=true]')`, 60*time.Second)
	hrefs := eval[map[string]string](t, ctx, `Object.fromEntries([...app().querySelectorAll('[role=tab]')].map(t => [t.dataset.game, t.href || '']))`)
	for _, g := range []string{"guess", "mines", "chain"} {
		if hrefs[g] != page+"#"+g {
			t.Errorf("the %s tab links to %q, want %q", g, hrefs[g], page+"#"+g)
		}
	}
	// clickJS clicks the Minesweeper tab as a mouse does, with the keys
	// given, and says whether the app kept the browser from following
	// the link (the test keeps it from following it after that).
	clickJS := func(keys string) string {
		return `(() => {
			let prevented = null;
			const seen = e => { prevented = e.defaultPrevented; e.preventDefault(); };
			window.addEventListener('click', seen);
			app().querySelector('#kz-app-tab-mines').dispatchEvent(new MouseEvent('click', {bubbles: true, composed: true, cancelable: true, button: 0, ` + keys + `}));
			window.removeEventListener('click', seen);
			return {prevented, hash: location.hash, selected: app().querySelector('[role=tab][aria-selected=true]').dataset.game};
		})()`
	}
	for _, keys := range []string{"ctrlKey: true", "metaKey: true", "shiftKey: true"} {
		got := eval[map[string]any](t, ctx, clickJS(keys))
		if got["prevented"] != false || got["hash"] != "#guess" || got["selected"] != "guess" {
			t.Errorf("a click with %s on the Minesweeper tab: %v; want the browser to follow the link elsewhere and the app to stay on #guess", keys, got)
		}
	}
	before := eval[float64](t, ctx, `history.length`)
	got := eval[map[string]any](t, ctx, clickJS(""))
	if got["prevented"] != true || got["hash"] != "#mines" || got["selected"] != "mines" {
		t.Errorf("a plain click on the Minesweeper tab: %v; want it switched in place, at #mines", got)
	}
	if after := eval[float64](t, ctx, `history.length`); after != before+1 {
		t.Errorf("a plain click on a tab: the history has %v entries, had %v; want one more", after, before)
	}
}

// While the solver loads on a slow line, the hosted site says what it is:
// its name and its tagline, in the reader's language, over the loading
// bar. A first visit saw only "Loading the solver…" in a large empty box.
func TestHostedSitePlaceholderSaysWhatTheSiteIs(t *testing.T) {
	server := siteWithTheModuleHeld(t)
	ctx := tab(t)
	want := map[string]string{"en": "Game solvers that run entirely in your browser.", "ja": "ブラウザだけで動くゲームソルバー。",
		"zh-Hans": "完全在浏览器里运行的游戏解题器。", "zh-Hant": "完全在瀏覽器裡執行的遊戲解題器。"}
	for _, lang := range []string{"en", "ja", "zh-Hans", "zh-Hant"} {
		for _, url := range []string{server.URL + "/", server.URL + "/#mines"} {
			navigate(t, ctx, server.URL+"/elsewhere") // the host's 404: another page of the origin
			eval[bool](t, ctx, `(localStorage.clear(), localStorage.setItem('kibitz/app//#app-0#lang', '`+lang+`'), true)`)
			navigate(t, ctx, url)
			text := poll[string](t, ctx, `(() => { const root = document.querySelector('[data-kibitz=app]').shadowRoot; const box = root && root.querySelector('.kz-loading'); return box && box.getAttribute('lang') === '`+lang+`' && box.textContent; })()`, 30*time.Second)
			if !strings.HasPrefix(text, "Kibitz"+want[lang]) {
				t.Errorf("%s, %s: while the solver loads the site shows %q; want its name and tagline, %q", url, lang, text, "Kibitz"+want[lang])
			}
		}
	}
}
