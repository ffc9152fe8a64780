//go:build e2e

package e2e

import (
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"kibitz/scripts/internal/builder"
)

// The app and the hosted site as a first-time visitor meets them: its
// welcome, its screens, its language, and the site's service worker.

// A host that says its files vary by a request header (Vary: Accept, as
// a host that negotiates content does; Vary: User-Agent, as some Apache
// setups do; Vary: *) still gets a site that works offline after a
// visit. The worker kept the host's Vary with each file, and a navigation
// carries neither the Accept nor the User-Agent of the install's fetch:
// nothing matched, the page came from the network every time, and
// offline the reader met the browser's "This site can't be reached"
// (with "Vary: *" the cache refused every file and the worker never
// installed).
func TestHostedSiteWorksOfflineWhateverItsHostVariesBy(t *testing.T) {
	for _, vary := range []string{"Accept", "User-Agent", "*"} {
		t.Run(vary, func(t *testing.T) {
			site := builder.SiteHandler(filepath.Join(dist, "site"))
			server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Vary", vary)
				site.ServeHTTP(w, r)
			}))
			t.Cleanup(server.Close)
			ctx := tab(t)
			underWorker(t, ctx, server.URL+"/#mines")
			server.Close()
			goOffline(t, ctx)
			if err := chromedp.Do(withTimeout(t, ctx, 60*time.Second), chromedp.Reload()); err != nil {
				t.Fatalf("with Vary: %s, the site offline after a visit: %v", vary, err)
			}
			goOffline(t, ctx) // again: Chromium 148 forgets it at a reload
			appHelpers(t, ctx)
			if got := poll[string](t, ctx, `(() => { const g = game('mines'); return g && g.querySelector('[role=tab][aria-selected=true]') ? document.title : ''; })()`, 60*time.Second); got != "Minesweeper · Kibitz" {
				t.Errorf("offline, the reader is back in %q", got)
			}
			got := eval[map[string]any](t, ctx, `Kibitz.createEngine().then(e => e.call('guess.score', {secret: '1234', guess: '1243'}))`)
			if got["a"] != 2.0 || got["b"] != 2.0 {
				t.Errorf("offline, the engine: got %v, want 2A2B", got)
			}
		})
	}
}

// A reader who keeps the site open in a tab (an installed app's window,
// for days) learns of a deploy when they come back to it: the app says a
// new version is ready, with Reload, and the game on screen stays as it
// was. The browser looked for a new service worker only when a page was
// opened, and such a tab never said so, however many deploys went by.
func TestHostedSiteTabLeftOpenLearnsOfADeploy(t *testing.T) {
	next, _, after := nextDeploy(t)
	server, deploy, _ := cachingHost(t, filepath.Join(dist, "site"))
	ctx := tab(t)
	underWorker(t, ctx, server.URL+"/#mines")
	appHelpers(t, ctx)
	poll[bool](t, ctx, `!!(game('mines') && game('mines').querySelector('[role=tab][aria-selected=true]'))`, 60*time.Second)
	eval[bool](t, ctx, `(window.sameTab = true)`)
	if notice := eval[string](t, ctx, updateNoticeJS); notice != "" {
		t.Fatalf("no deploy yet, but the app says %q", notice)
	}

	deploy(next)
	// The reader comes back to the tab (the event as the browser fires it).
	eval[bool](t, ctx, `(document.dispatchEvent(new Event('visibilitychange', {bubbles: true})), true)`)
	notice := poll[string](t, ctx, updateNoticeJS, 60*time.Second)
	if !strings.HasPrefix(notice, "A new version of Kibitz is ready") {
		t.Errorf("the tab left open should say a new version is ready: %q", notice)
	}
	got := eval[map[string]any](t, ctx, `({
		sameTab: window.sameTab === true, hash: location.hash,
		mines: !!(game('mines') && game('mines').querySelector('[role=tab][aria-selected=true]')),
	})`)
	if got["sameTab"] != true || got["hash"] != "#mines" || got["mines"] != true {
		t.Errorf("the reader's page should stay as it was until they reload: %v", got)
	}
	// The new version is kept, ready for Reload (the old one goes once
	// the new worker has taken over).
	poll[bool](t, ctx, `caches.keys().then(k => k.length === 1 && k[0] === 'kibitz-`+after+`')`, 60*time.Second)
}

// Each card's Play is named for its game in the reader's language, its
// words in that language's order, and the name holds the word the button
// shows: "Play Minesweeper", マインスイーパーを遊ぶ, 开始玩扫雷. It was the
// button's text followed by the card's heading, 遊ぶ マインスイーパー in
// Japanese, 开始玩 扫雷 in Chinese.
func TestAppPlayIsNamedForItsGameInEachLanguage(t *testing.T) {
	ctx := tab(t)
	navigate(t, ctx, fileURL(filepath.Join(dist, "kibitz.html")))
	appHelpers(t, ctx)
	want := map[string]string{"en": "Play Minesweeper", "ja": "マインスイーパーを遊ぶ", "zh-Hans": "开始玩扫雷", "zh-Hant": "開始玩踩地雷"}
	for _, lang := range []string{"ja", "zh-Hans", "zh-Hant", "en"} {
		got := eval[map[string]any](t, ctx, `(async () => {
			const sel = app().querySelector('#kz-lang');
			if (sel.value !== '`+lang+`') {
				sel.value = '`+lang+`';
				sel.dispatchEvent(new Event('change', {bubbles: true, composed: true}));
			}
			const t0 = Date.now();
			while (!(app() && app().querySelector('.kz') && app().querySelector('.kz').getAttribute('lang') === '`+lang+`' && app().querySelector('#kz-app-open-mines'))) {
				if (Date.now() - t0 > 30000) throw new Error('the app did not come back in `+lang+`');
				await new Promise(r => setTimeout(r, 25));
			}
			const b = app().querySelector('#kz-app-open-mines');
			const ids = (b.getAttribute('aria-labelledby') || '').split(/\s+/).filter(Boolean);
			return {name: b.getAttribute('aria-label') || ids.map(id => app().getElementById(id).textContent.trim()).join(' '),
				shown: b.textContent.trim(), heading: app().querySelector('#kz-app-card-mines').textContent.trim()};
		})()`)
		name, shown := got["name"].(string), got["shown"].(string)
		if name != want[lang] || !strings.Contains(name, shown) || !strings.Contains(name, got["heading"].(string)) {
			t.Errorf("%s: Minesweeper's Play is named %q (it shows %q); want %q", lang, name, shown, want[lang])
		}
	}
}
