//go:build e2e

package e2e

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"kibitz/scripts/internal/builder"
)

// The hosted site's shell as a reader meets it: its service worker, the
// addresses it answers, and what it leaves to the host.

// underWorker opens url and reloads it once its service worker is
// active, so that from then on the worker answers the tab.
func underWorker(t *testing.T, ctx context.Context, url string) {
	t.Helper()
	navigate(t, ctx, url)
	poll[bool](t, ctx, `navigator.serviceWorker.ready.then(() => true)`, 30*time.Second)
	navigate(t, ctx, url)
	poll[bool](t, ctx, `!!navigator.serviceWorker.controller`, 30*time.Second)
	waitWidget(t, ctx, `[data-kibitz="app"]`)
}

// goOffline cuts the tab off the network, as a reader on a train is,
// and checks that the page sees it so. In the Chromium Debian ships today
// (148) the override holds for the page loaded, not across a reload (in
// 156 it held): a test that reloads calls it again.
func goOffline(t *testing.T, ctx context.Context) {
	t.Helper()
	offline := func(ctx context.Context, target *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, target, network.OverrideNetworkState, network.OverrideNetworkStateParams{Offline: true})
		return chromedp.Void{}, err
	}
	if _, err := chromedp.Run(ctx, offline); err != nil {
		t.Fatal(err)
	}
	if eval[bool](t, ctx, `navigator.onLine`) {
		t.Fatal("the browser still thinks it is online")
	}
}

// openPage navigates to url and reports the browser's error, if any,
// rather than failing the test.
func openPage(t *testing.T, ctx context.Context, url string) error {
	t.Helper()
	return chromedp.Do(withTimeout(t, ctx, 60*time.Second), chromedp.Navigate(url))
}

// A reader whose bookmark ends in index.html gets the site, online and
// offline, on a host that redirects index.html to its folder (Go's file
// server does, as do several static hosts). The worker had kept the
// redirected answer, and a browser refuses a redirected answer to a
// navigation: the tab showed its network-error page.
func TestHostedSiteOpensAtIndexHTML(t *testing.T) {
	server := serve(t, filepath.Join(dist, "site"))
	ctx := tab(t)
	underWorker(t, ctx, server.URL+"/")
	if err := openPage(t, ctx, server.URL+"/index.html"); err != nil {
		t.Fatalf("online, /index.html under the service worker: %v", err)
	}
	waitWidget(t, ctx, `[data-kibitz="app"]`)

	server.Close()
	goOffline(t, ctx)
	if err := openPage(t, ctx, server.URL+"/index.html"); err != nil {
		t.Fatalf("offline, /index.html: %v", err)
	}
	waitWidget(t, ctx, `[data-kibitz="app"]`)
}

// The site's service worker answers for the site's own files, and leaves
// the host's other pages to the host: a reader who had visited the site
// and then opened another page of the same folder (the host's about
// page, a page it moved, one it does not have) got Kibitz's page in its
// place, online, and in a folder below a page with none of its files
// (a blank page).
func TestHostedSiteLeavesTheHostsOtherPages(t *testing.T) {
	site := builder.SiteHandler(filepath.Join(dist, "site"))
	server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/about.html", "/notes/":
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Write([]byte(`<!doctype html><title>The host's page</title><p>The host's own page.</p>`))
		default:
			site.ServeHTTP(w, r)
		}
	}))
	t.Cleanup(server.Close)
	ctx := tab(t)
	underWorker(t, ctx, server.URL+"/")
	for _, path := range []string{"/about.html", "/notes/", "/gone.html"} {
		if err := openPage(t, ctx, server.URL+path); err != nil {
			t.Fatalf("opening %s: %v", path, err)
		}
		got := eval[map[string]any](t, ctx, `({title: document.title, kibitz: !!document.querySelector('[data-kibitz]'), text: document.body ? document.body.innerText.trim() : ''})`)
		want := "The host's page"
		if path == "/gone.html" {
			want = "" // Go's file server's 404 page has no title
		}
		if got["kibitz"] != false || got["title"] != want {
			t.Errorf("%s under the site's service worker showed %v; want the host's answer (title %q)", path, got, want)
		}
	}
}

// The site at its folder and at index.html is one page, with one saved
// state: a reader who played at one and opened the other (a bookmark, the
// installed app's start) met the welcome and lost their language, for
// the state was saved under the address's path.
func TestHostedSiteKeepsOneStateForItsFolderAndIndexHTML(t *testing.T) {
	server := serve(t, filepath.Join(dist, "site"))
	ctx := tab(t)
	underWorker(t, ctx, server.URL+"/")
	appHelpers(t, ctx)
	playMinesInJapanese(t, ctx)
	got := metAt(t, ctx, server.URL+"/index.html")
	if got["path"] != "/index.html" {
		t.Fatalf("the page's address is %v; this test opens it at /index.html", got["path"])
	}
	if got["game"] != "mines" || got["lang"] != "ja" {
		t.Errorf("at /index.html the reader met %v; want the game they left (mines) in their language (ja)", got)
	}
}

// playMinesInJapanese opens Minesweeper in the app and switches it to
// Japanese: a saved state to come back to.
func playMinesInJapanese(t *testing.T, ctx context.Context) {
	t.Helper()
	eval[bool](t, ctx, `(async () => {
		app().querySelector('#kz-app-open-mines').click();
		await new Promise((resolve, reject) => { const t0 = Date.now(); const tick = () => game('mines') && game('mines').querySelector('[role=tab]') ? resolve() : Date.now() - t0 > 60000 ? reject(new Error('no mines widget')) : setTimeout(tick, 25); tick(); });
		const menu = app().querySelector('#kz-lang');
		menu.value = 'ja';
		menu.dispatchEvent(new Event('change', {bubbles: true}));
		return true;
	})()`)
	poll[bool](t, ctx, `document.documentElement.lang === 'ja'`, 30*time.Second)
}

// metAt opens url and returns what the reader meets there: the page's
// path, the game whose tab is selected ("" for the welcome) and the
// page's language.
func metAt(t *testing.T, ctx context.Context, url string) map[string]any {
	t.Helper()
	if err := openPage(t, ctx, url); err != nil {
		t.Fatal(err)
	}
	appHelpers(t, ctx)
	return poll[map[string]any](t, ctx, `(() => {
		const selected = app().querySelector('[role=tab][aria-selected=true]');
		const welcome = app().querySelector('.kz-app-welcome');
		return (selected || (welcome && !welcome.hidden)) && {path: location.pathname, game: selected ? selected.dataset.game : '', lang: document.documentElement.lang};
	})()`, 60*time.Second)
}

// A reader whose download of the solver fails is told why in their
// language, with a retry: the connection failed or was cut off, the host
// answered an HTTP error, or the module came damaged. The placeholder
// said, in Japanese, "ソルバーを読み込めませんでした：" and then the
// browser's English ("Kibitz could not load its engine: network error").
func TestHostedSiteSaysWhyTheSolverDidNotLoad(t *testing.T) {
	module, err := os.ReadFile(filepath.Join(dist, "site", "kibitz.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	site := builder.SiteHandler(filepath.Join(dist, "site"))
	cases := []struct {
		name  string
		serve func(w http.ResponseWriter)
		want  string
	}{
		{"connection refused", func(w http.ResponseWriter) {
			conn, _, _ := w.(http.Hijacker).Hijack()
			conn.Close()
		}, "ソルバーを読み込めませんでした：接続できないか、途中で切れました。接続を確かめて再試行してください。"},
		{"cut off", func(w http.ResponseWriter) {
			w.Header().Set("Content-Type", "application/wasm")
			w.Header().Set("Content-Length", strconv.Itoa(len(module)))
			w.Write(module[:len(module)/10])
			w.(http.Flusher).Flush()
			conn, _, _ := w.(http.Hijacker).Hijack()
			conn.Close()
		}, "ソルバーを読み込めませんでした：接続できないか、途中で切れました。接続を確かめて再試行してください。"},
		{"forbidden", func(w http.ResponseWriter) {
			http.Error(w, "Forbidden by the proxy", http.StatusForbidden)
		}, "ソルバーを読み込めませんでした：サイトが kibitz.wasm に HTTP 403 を返しました。しばらくしてから再試行するか、サイトの管理者に知らせてください。"},
		{"damaged", func(w http.ResponseWriter) {
			w.Header().Set("Content-Type", "application/wasm")
			w.Write(module[:len(module)/10])
		}, "ソルバーのファイル kibitz.wasm が壊れて届いたため、動かせません。再試行してください。何度も起きる場合は、このサイトのファイルが壊れています。"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				switch r.URL.Path {
				case "/kibitz.wasm":
					c.serve(w)
				case "/sw.js": // no worker: each visit asks the host
					http.NotFound(w, r)
				default:
					site.ServeHTTP(w, r)
				}
			}))
			t.Cleanup(server.Close)
			ctx := tab(t)
			navigate(t, ctx, server.URL+"/")
			eval[bool](t, ctx, `(localStorage.setItem('kibitz/app//#app-0#lang', 'ja'), true)`)
			navigate(t, ctx, server.URL+"/")
			got := poll[map[string]any](t, ctx, `(() => {
				const root = document.querySelector('[data-kibitz=app]').shadowRoot;
				const failed = root && root.querySelector('.kz-failed');
				return failed && {text: failed.textContent, retry: [...root.querySelectorAll('button')].map(b => b.textContent).join('|')};
			})()`, 30*time.Second)
			if got["text"] != c.want || got["retry"] != "再試行" {
				t.Errorf("the placeholder said %q with buttons %q;\nwant %q with 再試行", got["text"], got["retry"], c.want)
			}
			if text, _ := got["text"].(string); strings.Contains(text, "Kibitz could not") {
				t.Errorf("the Japanese reader met English: %q", text)
			}
		})
	}
}

// A browser that runs no script shows the site's one sentence, in each of
// the site's languages: the Simplified Chinese reader had only the
// Traditional one.
func TestSiteWithoutScriptSaysSoInEveryLanguage(t *testing.T) {
	ctx := tab(t)
	noScript := func(ctx context.Context, target *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, target, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true})
		return chromedp.Void{}, err
	}
	if _, err := chromedp.Run(ctx, noScript); err != nil {
		t.Fatal(err)
	}
	for _, page := range []string{fileURL(filepath.Join(dist, "kibitz.html")), fileURL(filepath.Join(dist, "site", "index.html"))} {
		navigate(t, ctx, page)
		text := eval[string](t, ctx, `document.body.innerText`)
		for lang, sentence := range map[string]string{
			"en":      "Kibitz needs JavaScript and WebAssembly.",
			"zh-Hant": "Kibitz 需要 JavaScript 與 WebAssembly。",
			"zh-Hans": "Kibitz 需要 JavaScript 和 WebAssembly。",
			"ja":      "Kibitz には JavaScript と WebAssembly が必要です。",
		} {
			if !strings.Contains(text, sentence) {
				t.Errorf("%s without script says %q; want the %s sentence %q in it", page, text, lang, sentence)
			}
		}
	}
}

// A reader who used the site at its index.html before the state's key
// dropped it had their state saved under "/index.html#…": opened there
// again, they come back to it (it is moved to the folder's key once),
// not to the welcome in English.
func TestHostedSiteKeepsTheStateSavedAtIndexHTMLBefore(t *testing.T) {
	server := serve(t, filepath.Join(dist, "site"))
	ctx := tab(t)
	underWorker(t, ctx, server.URL+"/")
	appHelpers(t, ctx)
	playMinesInJapanese(t, ctx)
	// The keys as the loader wrote them for a reader at /index.html.
	moved := eval[float64](t, ctx, `(() => {
		const keys = [];
		for (let i = 0; i < localStorage.length; i++) keys.push(localStorage.key(i));
		let n = 0;
		for (const k of keys) {
			const m = k.match(/^(kibitz\/[^\/]+\/)\/(#.*)$/);
			if (!m) continue;
			localStorage.setItem(m[1] + '/index.html' + m[2], localStorage.getItem(k));
			localStorage.removeItem(k);
			n++;
		}
		return n;
	})()`)
	if moved == 0 {
		t.Fatalf("no saved state under the folder's key to move")
	}
	got := metAt(t, ctx, server.URL+"/index.html")
	if got["game"] != "mines" || got["lang"] != "ja" {
		t.Errorf("at /index.html, with the state saved there before, the reader met %v; want mines in ja", got)
	}
}
