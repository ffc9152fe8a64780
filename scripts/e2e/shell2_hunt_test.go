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
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"kibitz/scripts/internal/builder"
)

// The hosted site's loader and shell, second round: what a failed load
// names, what the service worker keeps, and the workers a pool starts.

// When the hosted site's module cannot be fetched, the console names the
// file the site fetched (kibitz.wasm). It named kibitz.wasm.js, the
// classic-script copy only the embed build writes: the loader had asked
// the site for it, and the reader (or the site's owner reading the
// console) looked for a file the site never had.
func TestHostedSiteNamesTheModuleItFetched(t *testing.T) {
	site := builder.SiteHandler(filepath.Join(dist, "site"))
	var mu sync.Mutex
	var asked []string
	server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		asked = append(asked, r.URL.Path)
		mu.Unlock()
		switch r.URL.Path {
		case "/kibitz.wasm": // the connection fails
			conn, _, _ := w.(http.Hijacker).Hijack()
			conn.Close()
		case "/sw.js": // no worker: each visit asks the host
			http.NotFound(w, r)
		default:
			site.ServeHTTP(w, r)
		}
	}))
	t.Cleanup(server.Close)
	ctx := tab(t)
	console := chromedp.Console(ctx)
	var said []string
	go func() {
		for m, err := range console {
			if err != nil {
				return
			}
			mu.Lock()
			said = append(said, m.Text)
			mu.Unlock()
		}
	}()
	navigate(t, ctx, server.URL+"/")
	poll[bool](t, ctx, `(() => { const root = document.querySelector('[data-kibitz=app]').shadowRoot; return !!(root && root.querySelector('.kz-failed')); })()`, 30*time.Second)
	deadline := time.Now().Add(10 * time.Second)
	var report string
	for report == "" && time.Now().Before(deadline) {
		mu.Lock()
		for _, text := range said {
			if strings.Contains(text, "could not load its engine") {
				report = text
			}
		}
		mu.Unlock()
		time.Sleep(50 * time.Millisecond)
	}
	if report, _, _ = strings.Cut(report, "\n"); !strings.Contains(report, server.URL+"/kibitz.wasm") || strings.Contains(report, "kibitz.wasm.js") {
		t.Errorf("the console said %q; want the address fetched, %s/kibitz.wasm, and no kibitz.wasm.js", report, server.URL)
	}
	mu.Lock()
	defer mu.Unlock()
	for _, path := range asked {
		if strings.HasSuffix(path, ".wasm.js") {
			t.Errorf("the hosted site's loader asked for %s, a file the site does not have (asked: %v)", path, asked)
			break
		}
	}
}

// installEnds waits until the install of the site's service worker, which
// the page registered, has ended, and returns how: "activated", or
// "redundant" when it failed. (Registering the same worker again joins
// the page's registration, or starts one if the last failed.)
func installEnds(t *testing.T, ctx context.Context) string {
	t.Helper()
	return eval[string](t, ctx, `(async () => {
		const reg = await navigator.serviceWorker.register('sw.js');
		const worker = reg.installing || reg.waiting || reg.active;
		const ended = () => worker.state === 'activated' || worker.state === 'redundant';
		if (!ended()) await new Promise(resolve => worker.addEventListener('statechange', () => { if (ended()) resolve(); }));
		return worker.state;
	})()`)
}

// damageCachedModule cuts the module the site's service worker keeps to
// a tenth, as a proxy that cut the download short leaves it.
func damageCachedModule(t *testing.T, ctx context.Context) {
	t.Helper()
	kept := eval[float64](t, ctx, `(async () => {
		const names = (await caches.keys()).filter(n => n.startsWith('kibitz-'));
		const cache = await caches.open(names[0]);
		const whole = await (await cache.match('kibitz.wasm')).arrayBuffer();
		await cache.put('kibitz.wasm', new Response(whole.slice(0, whole.byteLength / 10), {headers: {'Content-Type': 'application/wasm'}}));
		return (await (await cache.match('kibitz.wasm')).arrayBuffer()).byteLength;
	})()`)
	if kept == 0 {
		t.Fatal("the service worker keeps no module to damage")
	}
}

// cachedModuleSize is the size of the module the site's service worker
// keeps.
func cachedModuleSize(t *testing.T, ctx context.Context) int {
	t.Helper()
	return int(eval[float64](t, ctx, `(async () => {
		const names = (await caches.keys()).filter(n => n.startsWith('kibitz-'));
		const hit = names.length && await (await caches.open(names[0])).match('kibitz.wasm');
		return hit ? (await hit.arrayBuffer()).byteLength : 0;
	})()`))
}

// tryAgain presses the placeholder's "Try again" and waits for what comes
// of it: "loaded" (the widget is built) or the placeholder's new message.
func tryAgain(t *testing.T, ctx context.Context) string {
	t.Helper()
	eval[bool](t, ctx, `(() => {
		const root = document.querySelector('[data-kibitz=app]').shadowRoot;
		root.querySelector('.kz-failed').dataset.before = 'yes';
		root.querySelector('button').click();
		return true;
	})()`)
	return poll[string](t, ctx, `(() => {
		const root = document.querySelector('[data-kibitz=app]').shadowRoot;
		if (root.querySelector('.kz-body > *')) return 'loaded';
		const failed = root.querySelector('.kz-failed:not([data-before])');
		return failed ? failed.textContent : '';
	})()`, 60*time.Second)
}

// A module the service worker kept damaged (cut short, or corrupted on
// the disk) loads on "Try again", and the worker keeps the whole one from
// then on. The worker served its damaged copy on every try: the reader
// read "arrived damaged … Try again", tried, and read it again, until
// the site's next deploy.
func TestHostedSiteTriesAgainPastADamagedCachedModule(t *testing.T) {
	server := serve(t, filepath.Join(dist, "site"))
	ctx := tab(t)
	underWorker(t, ctx, server.URL+"/")
	whole := cachedModuleSize(t, ctx)
	damageCachedModule(t, ctx)
	navigate(t, ctx, server.URL+"/")
	// The page's Go and the engine's worker each load the module. When
	// the worker's load fails first, the page's load is already a try
	// after a failed one and loads the whole module: the page opens with
	// no Try again to press (on a loaded machine the full suite saw this).
	// Otherwise the page says the module arrived damaged, and Try again
	// loads it.
	said := poll[string](t, ctx, `(() => {
		const root = document.querySelector('[data-kibitz=app]').shadowRoot;
		if (!root) return '';
		if (root.querySelector('.kz-body > *')) return 'loaded';
		const failed = root.querySelector('.kz-failed');
		return failed ? failed.textContent : '';
	})()`, 30*time.Second)
	if said != "loaded" {
		if !strings.Contains(said, "kibitz.wasm arrived damaged") {
			t.Fatalf("with a damaged module kept, the page said %q; want that kibitz.wasm arrived damaged", said)
		}
		if got := tryAgain(t, ctx); got != "loaded" {
			t.Fatalf("Try again after a damaged module said %q; want the solver loaded (the site has the whole module)", got)
		}
	}
	// The worker keeps the whole module from then on (it checks the copy
	// it fetched before it keeps it, after answering).
	kept := poll[float64](t, ctx, `(async () => {
		const names = (await caches.keys()).filter(n => n.startsWith('kibitz-'));
		const hit = names.length && await (await caches.open(names[0])).match('kibitz.wasm');
		const size = hit ? (await hit.arrayBuffer()).byteLength : 0;
		return size === `+strconv.Itoa(whole)+` && size;
	})()`, 30*time.Second)
	if int(kept) != whole {
		t.Errorf("after the retry the service worker keeps %v bytes of the module; want the whole %d", kept, whole)
	}
}

// The service worker keeps a module only if it is whole: one that came
// damaged when the worker installed (a proxy cut it short) fails the
// install, and the next visit installs again. The damaged copy was kept
// and served from then on, offline and online, until the next deploy.
func TestHostedSiteWorkerKeepsNoDamagedModule(t *testing.T) {
	module, err := os.ReadFile(filepath.Join(dist, "site", "kibitz.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	site := builder.SiteHandler(filepath.Join(dist, "site"))
	var mu sync.Mutex
	damaged := 0
	server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// The worker's first fetch of the module (its referrer is the
		// worker's script) comes cut short; the page's, and later ones,
		// whole.
		mu.Lock()
		first := r.URL.Path == "/kibitz.wasm" && strings.HasSuffix(r.Referer(), "/sw.js") && damaged == 0
		if first {
			damaged++
		}
		mu.Unlock()
		if first {
			w.Header().Set("Content-Type", "application/wasm")
			w.Header().Set("Cache-Control", "no-store")
			w.Write(module[:len(module)/10])
			return
		}
		site.ServeHTTP(w, r)
	}))
	t.Cleanup(server.Close)
	ctx := tab(t)
	navigate(t, ctx, server.URL+"/")
	waitWidget(t, ctx, `[data-kibitz="app"]`)
	// The first install fails; the next visit's succeeds.
	states := []string{installEnds(t, ctx)}
	if states[0] != "activated" {
		navigate(t, ctx, server.URL+"/")
		states = append(states, installEnds(t, ctx))
	}
	mu.Lock()
	served := damaged
	mu.Unlock()
	if served != 1 {
		t.Fatalf("the worker was served the damaged module %d times; this test damages its first fetch", served)
	}
	t.Logf("installs: %v", states)
	if kept := cachedModuleSize(t, ctx); kept != len(module) {
		t.Errorf("the service worker keeps %d bytes of the module; want the whole %d or none", kept, len(module))
	}
	navigate(t, ctx, server.URL+"/")
	poll[bool](t, ctx, `!!navigator.serviceWorker.controller`, 30*time.Second)
	server.Close()
	goOffline(t, ctx)
	if err := openPage(t, ctx, server.URL+"/"); err != nil {
		t.Fatalf("offline: %v", err)
	}
	said := poll[string](t, ctx, `(() => {
		const root = document.querySelector('[data-kibitz=app]').shadowRoot;
		if (root && root.querySelector('.kz-body > *')) return 'loaded';
		const failed = root && root.querySelector('.kz-failed');
		return failed ? failed.textContent : '';
	})()`, 60*time.Second)
	if said != "loaded" {
		t.Errorf("offline, the site said %q; want the solver loaded from the worker's copy", said)
	}
}

// A pool starts a worker for each part of a call's plan, up to its size,
// and none for a plan the first worker answers whole: a hint the plan
// weighs itself, or a one-game bench. Every such call started the pool's
// other workers (up to four, tens of megabytes each), to take no part.
func TestPoolStartsNoWorkerForAPlanWithoutParts(t *testing.T) {
	ctx := tab(t)
	navigate(t, ctx, fileURL(filepath.Join(dist, "kibitz.html")))
	got := eval[map[string]any](t, ctx, `(async () => {
		const pool = await Kibitz.createEngine({game: 'mines', workers: 4});
		const state = (await pool.call('mines.new', {level: 'expert', seed: 3})).state;
		const counts = {};
		await pool.call('mines.hint', {state, split: false}); // the plan weighs every candidate itself: no part
		counts.hint = pool._engines.length;
		await pool.call('mines.bench', {level: 'beginner', games: 1}); // one part
		counts.oneGame = pool._engines.length;
		await pool.call('mines.bench', {level: 'beginner', games: 2}); // two parts
		counts.twoGames = pool._engines.length;
		await pool.call('mines.bench', {level: 'beginner', games: 40}); // a part for every worker
		counts.fortyGames = pool._engines.length;
		pool.terminate();
		return counts;
	})()`)
	want := map[string]any{"hint": 1.0, "oneGame": 1.0, "twoGames": 2.0, "fortyGames": 4.0}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("workers of a pool of 4 after %s: %v; want %v (all: %v)", k, got[k], v, got)
		}
	}
}

// siteWithTheModuleHeld serves the hosted site with its module on its way
// for the whole test (the loader's placeholder stays), and no service
// worker.
func siteWithTheModuleHeld(t *testing.T) *httptest.Server {
	t.Helper()
	site := builder.SiteHandler(filepath.Join(dist, "site"))
	held := make(chan struct{})
	t.Cleanup(func() { close(held) })
	server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/kibitz.wasm": // the module is on its way for the whole test
			select {
			case <-held:
			case <-r.Context().Done():
			}
		case "/sw.js":
			http.NotFound(w, r)
		default:
			site.ServeHTTP(w, r)
		}
	}))
	t.Cleanup(server.CloseClientConnections)
	return server
}

// While the solver loads, a link to a game (/#mines) holds the place of
// that game's screen, as the reader who left Minesweeper gets at / : the
// page does not jump when the game arrives. The placeholder took the
// place of the saved screen, the welcome's for a newcomer, and the
// Minesweeper board came in some 450 pixels taller.
func TestHostedSitePlaceholderHoldsTheLinkedGamesPlace(t *testing.T) {
	server := siteWithTheModuleHeld(t)
	ctx := tab(t)
	height := func(url, saved string) string {
		t.Helper()
		navigate(t, ctx, server.URL+"/elsewhere") // the host's 404: another page of the origin
		eval[bool](t, ctx, `(localStorage.clear(), `+saved+`, true)`)
		navigate(t, ctx, url)
		return poll[string](t, ctx, `(() => { const root = document.querySelector('[data-kibitz=app]').shadowRoot; const box = root && root.querySelector('.kz-loading'); return box && box.style.minHeight; })()`, 30*time.Second)
	}
	welcome := height(server.URL+"/", `0`)
	left := height(server.URL+"/", `localStorage.setItem('kibitz/app//#app-0', JSON.stringify({game: 'mines'}))`)
	linked := height(server.URL+"/#mines", `0`)
	linkedOverLeft := height(server.URL+"/#mines", `localStorage.setItem('kibitz/app//#app-0', JSON.stringify({game: 'guess'}))`)
	if left == welcome {
		t.Fatalf("the placeholder of Minesweeper and of the welcome are both %s: this test cannot tell them apart", left)
	}
	if linked != left || linkedOverLeft != left {
		t.Errorf("at /#mines the placeholder is %s high for a newcomer and %s for a reader who left number guessing; want Minesweeper's, %s (the welcome's is %s)", linked, linkedOverLeft, left, welcome)
	}
}
