//go:build e2e

package e2e

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"kibitz/scripts/internal/builder"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// The single file works from disk: no server, no network.
func TestSingleFileFromDisk(t *testing.T) {
	ctx := tab(t)
	requests := recordRequests(t, ctx)
	navigate(t, ctx, fileURL(filepath.Join(dist, "kibitz.html")))
	got := eval[map[string]any](t, ctx, `Kibitz.createEngine().then(e => e.call('guess.score', {secret: '1234', guess: '1243'}))`)
	if got["a"] != 2.0 || got["b"] != 2.0 {
		t.Fatalf("1234 vs 1243: got %v, want 2A2B", got)
	}
	bad := eval[map[string]any](t, ctx, `Kibitz.createEngine()
		.then(e => e.call('guess.score', {secret: '1234', guess: '1231'}))
		.then(() => ({code: 'none'}), err => ({code: err.code, field: err.field, pos: err.pos, message: err.message, isError: err instanceof Error}))`)
	if bad["code"] != "bad-input" || bad["field"] != "guess" || bad["pos"] != 3.0 || bad["isError"] != true || bad["message"] == "" {
		t.Fatalf("a repeated digit must reject with bad-input naming guess position 4: %v", bad)
	}
	waitWidget(t, ctx, `[data-kibitz="app"]`)
	for _, u := range requests() {
		if !strings.HasPrefix(u, "file://") && !strings.HasPrefix(u, "blob:") && !strings.HasPrefix(u, "data:") {
			t.Errorf("the single file made a network request: %s", u)
		}
	}
}

// The hosted site installs its service worker, and then works with the
// network gone: at a host's root, and in a folder of it (a project's pages
// on a shared host), where every address it uses must stay relative.
func TestHostedSiteWorksOffline(t *testing.T) {
	for _, folder := range []string{"/", "/kibitz/"} {
		t.Run(folder, func(t *testing.T) {
			site := builder.SiteHandler(filepath.Join(dist, "site"))
			server := httptest.NewServer(http.StripPrefix(strings.TrimSuffix(folder, "/"), site))
			t.Cleanup(server.Close)
			ctx := tab(t)
			navigate(t, ctx, server.URL+folder)
			poll[bool](t, ctx, `navigator.serviceWorker.ready.then(() => true)`, 30*time.Second)
			if scope := eval[string](t, ctx, `navigator.serviceWorker.getRegistration().then(r => new URL(r.scope).pathname)`); scope != folder {
				t.Errorf("the service worker's scope is %s; want %s", scope, folder)
			}
			// Load once more under the service worker's control, so
			// everything the page uses has passed through it.
			navigate(t, ctx, server.URL+folder)
			poll[bool](t, ctx, `!!navigator.serviceWorker.controller`, 30*time.Second)
			waitWidget(t, ctx, `[data-kibitz="app"]`)

			server.Close()    // the network is gone for real...
			goOffline(t, ctx) // ...and the browser says so
			if err := chromedp.Do(withTimeout(t, ctx, 60*time.Second), chromedp.Reload()); err != nil {
				t.Fatalf("reload offline: %v", err)
			}
			goOffline(t, ctx) // again: Chromium 148 forgets it at a reload
			got := eval[map[string]any](t, ctx, `Kibitz.createEngine().then(e => e.call('guess.score', {preset: 'numeron', secret: '765', guess: '746'}))`)
			if got["a"] != 1.0 || got["b"] != 1.0 {
				t.Fatalf("offline call: got %v, want 1 EAT 1 BITE", got)
			}
			waitWidget(t, ctx, `[data-kibitz="app"]`)
		})
	}
}

// The embed on a blog with hostile CSS: the widget keeps its own styles and
// the page keeps its own; the embed adds no global but Kibitz.
func TestEmbedOnHostilePage(t *testing.T) {
	page := `<!doctype html><html><head><meta charset="utf-8">
<style>* { color: red !important; font-size: 40px; font-family: serif; } div { display: block; border: 9px solid lime; } button { display: none; }</style>
<script>window.__before = Object.getOwnPropertyNames(window);</script>
</head><body><p id="host-text">The blog's own paragraph.</p>
<div data-kibitz="guess" data-lang="ja"></div>
<script src="kibitz-embed.js"></script></body></html>`
	if err := os.WriteFile(filepath.Join(dist, "embed", "hostile.html"), []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx := tab(t)
	navigate(t, ctx, fileURL(filepath.Join(dist, "embed", "hostile.html")))
	waitWidget(t, ctx, `[data-kibitz="guess"]`)
	styles := eval[map[string]string](t, ctx, `(() => {
		const root = document.querySelector('[data-kibitz="guess"]').shadowRoot;
		const title = root.querySelector('.kz-title'), shell = root.querySelector('.kz'), button = root.querySelector('button');
		const host = document.getElementById('host-text');
		const cs = e => getComputedStyle(e);
		return {
			titleColor: cs(title).color, titleSize: cs(title).fontSize, shellBorder: cs(shell).borderTopWidth,
			buttonDisplay: cs(button).display, hostColor: cs(host).color, hostSize: cs(host).fontSize,
			titleText: title.textContent, lang: shell.getAttribute('lang'),
		};
	})()`)
	if styles["titleColor"] == "rgb(255, 0, 0)" || styles["titleSize"] == "40px" || styles["shellBorder"] == "9px" || styles["buttonDisplay"] == "none" {
		t.Errorf("the host page's CSS reached inside the widget: %v", styles)
	}
	if styles["hostColor"] != "rgb(255, 0, 0)" || styles["hostSize"] != "40px" {
		t.Errorf("the widget changed the host page's styles: %v", styles)
	}
	if styles["lang"] != "ja" || styles["titleText"] != "数当てゲーム" {
		t.Errorf("data-lang=ja should give a Japanese widget: %v", styles)
	}
	added := eval[[]string](t, ctx, `Object.getOwnPropertyNames(window).filter(n => !window.__before.includes(n) && n !== "__before")`)
	if len(added) != 1 || added[0] != "Kibitz" {
		t.Errorf("the embed must add only the global Kibitz; it added %v", added)
	}
	if n := eval[int](t, ctx, `document.head.querySelectorAll('style, link').length`); n != 1 {
		t.Errorf("the embed added %d style elements to the host page", n-1)
	}
}

// The hosted site asks the network for nothing but its own files.
func TestNoForeignRequests(t *testing.T) {
	server := serve(t, filepath.Join(dist, "site"))
	ctx := tab(t)
	requests := recordRequests(t, ctx)
	navigate(t, ctx, server.URL+"/")
	waitWidget(t, ctx, `[data-kibitz="app"]`)
	eval[map[string]any](t, ctx, `Kibitz.createEngine().then(e => e.call('guess.suggest', {preset: 'science-3', strategy: 'entropy'}))`)
	origin, _ := url.Parse(server.URL)
	seen := 0
	for _, u := range requests() {
		parsed, err := url.Parse(u)
		if err != nil || (parsed.Host != origin.Host && parsed.Scheme != "blob" && parsed.Scheme != "data") {
			t.Errorf("request to a foreign address: %s", u)
		}
		seen++
	}
	if seen < 3 {
		t.Errorf("recorded only %d requests; the recorder is not working", seen)
	}
}

// A panic inside an engine call is an internal error, and the engine
// carries on.
func TestPanicBecomesInternalError(t *testing.T) {
	ctx := openSingleFile(t)
	got := eval[map[string]any](t, ctx, `Kibitz.createEngine().then(e => e.call('debug.panic', {message: 'boom'})
		.then(() => ({code: 'none'}), err => ({code: err.code, message: err.message}))
		.then(first => e.call('guess.score', {secret: '1234', guess: '4321'}).then(next => ({first, next}))))`)
	first := got["first"].(map[string]any)
	if first["code"] != "internal" || !strings.Contains(first["message"].(string), "boom") {
		t.Fatalf("a panic must reject with internal: %v", first)
	}
	if next := got["next"].(map[string]any); next["b"] != 4.0 {
		t.Fatalf("the next call must work: %v", next)
	}
}

// A long call reports progress, and a cancel stops it: cooperatively, or by
// replacing the worker when the call does not listen. Both spins would
// last ten minutes, far beyond the test's bound, so an answer at all shows
// the cancel worked; how long it took is logged, never compared with a
// figure that holds only on a fast machine.
func TestProgressAndCancel(t *testing.T) {
	ctx := openSingleFile(t)
	got := eval[map[string]any](t, ctx, `(async () => {
		const e = await Kibitz.createEngine();
		const methods = e.methods().map(m => m.name);
		const progress = [];
		const ctl = new AbortController();
		const start = performance.now();
		const spin = e.call('debug.spin', {ms: 600000}, {signal: ctl.signal, onProgress: p => { progress.push(p); if (progress.length === 3) ctl.abort(); }});
		const first = await spin.then(() => 'finished', err => err.code);
		const firstMs = performance.now() - start;
		const after = await e.call('guess.score', {secret: '1234', guess: '1234'});
		// Now a call that ignores cancel: the worker must be replaced.
		const ctl2 = new AbortController();
		const stuck = e.call('debug.spin', {ms: 600000, cooperative: false}, {signal: ctl2.signal});
		setTimeout(() => ctl2.abort(), 300);
		const second = await stuck.then(() => 'finished', err => err.code);
		const t0 = performance.now();
		const recovered = await e.call('guess.score', {secret: '1234', guess: '5678'});
		return {methods, progress: progress.length, note: progress[0] && progress[0].note, total: progress[0] && progress[0].total,
			first, firstMs, after: after.a, second, recovered: recovered.a + recovered.b, recoverMs: performance.now() - t0};
	})()`)
	if got["first"] != "cancelled" || got["progress"].(float64) < 3 || got["note"] != "spinning" || got["total"] != 600000.0 {
		t.Fatalf("cooperative cancel: %v", got)
	}
	if got["after"] != 4.0 {
		t.Fatalf("after a cancel the engine must work: %v", got)
	}
	if got["second"] != "cancelled" || got["recovered"] != 0.0 {
		t.Fatalf("a call that ignores cancel must be cut off by a new worker: %v", got)
	}
	t.Logf("the cooperative cancel was heard %.0f ms after the spin started; the replacement worker answered %.0f ms after the cut", got["firstMs"], got["recoverMs"])
	methods := strings.Join(toStrings(got["methods"]), " ")
	for _, m := range []string{"guess.score", "guess.suggest", "guess.candidates", "guess.host.new", "guess.host.answer", "guess.host.reveal"} {
		if !strings.Contains(methods, m) {
			t.Errorf("engine.methods() lacks %s: %s", m, methods)
		}
	}
}

// A fatal crash of the Go runtime (no recover catches a stack overflow or
// running out of memory) rejects the pending call with engine-crashed; the
// next call gets a fresh worker.
func TestCrashRestartsTheEngine(t *testing.T) {
	ctx := openSingleFile(t)
	for _, how := range []string{"stack", "memory"} {
		got := eval[map[string]any](t, ctx, `(async () => {
			const e = await Kibitz.createEngine();
			const crashed = await e.call('debug.crash', {how: '`+how+`'}).then(() => 'survived', err => err.code + ': ' + err.message);
			const next = await e.call('guess.score', {secret: '1234', guess: '1243'});
			return {crashed, next: next.a};
		})()`)
		if !strings.HasPrefix(got["crashed"].(string), "engine-crashed") || got["next"] != 2.0 {
			t.Fatalf("crash by %s: got %v", how, got)
		}
	}
}

func openSingleFile(t testing.TB) context.Context {
	ctx := tab(t)
	navigate(t, ctx, fileURL(filepath.Join(dist, "kibitz.html")))
	return ctx
}

// waitWidget waits until the widget on the element matched by sel has
// built its UI in its shadow root.
func waitWidget(t testing.TB, ctx context.Context, sel string) {
	t.Helper()
	poll[bool](t, ctx, `(() => { const h = document.querySelector(`+jsString(sel)+`); return !!(h && h.shadowRoot && h.shadowRoot.querySelector('.kz-body > *')); })()`, 60*time.Second)
}

// recordRequests records the URL of every request the tab makes.
func recordRequests(t testing.TB, ctx context.Context) func() []string {
	t.Helper()
	var mu sync.Mutex
	var urls []string
	if err := chromedp.Listen(ctx, func(ev any) {
		if e, ok := ev.(*network.EventRequestWillBeSent); ok {
			mu.Lock()
			urls = append(urls, e.Request.URL)
			mu.Unlock()
		}
	}); err != nil {
		t.Fatal(err)
	}
	enable := func(ctx context.Context, target *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, target, network.Enable, network.EnableParams{})
		return chromedp.Void{}, err
	}
	if _, err := chromedp.Run(ctx, enable); err != nil {
		t.Fatal(err)
	}
	return func() []string {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), urls...)
	}
}

func toStrings(v any) []string {
	var out []string
	for _, x := range v.([]any) {
		out = append(out, x.(string))
	}
	return out
}

// engine.terminate() ends every worker of the pool: a call in flight and
// any later call reject as cancelled, saying the engine was terminated,
// and nothing hangs, even when a worker was still starting. A new engine
// works as before.
func TestTerminateEndsTheEngine(t *testing.T) {
	ctx := openSingleFile(t)
	got := eval[map[string]any](t, ctx, `(async () => {
		const outcome = p => p.then(r => ({ok: true}), err => ({code: err.code, message: err.message}));
		const e = await Kibitz.createEngine({workers: 2});
		// Both workers up: a call the pool splits.
		await e.call('chain.table', {from: 1, to: 6});
		// A call held in the engine until it is cancelled: in the worker
		// once it reports.
		let reached;
		const inWorker = new Promise(r => reached = r);
		const held = outcome(e.call('debug.hold', {name: 'terminate-test'}, {onProgress: () => reached()}));
		await inWorker;
		e.terminate();
		const inFlight = await held;
		const later = await outcome(e.call('guess.score', {secret: '1234', guess: '1243'}));
		e.terminate(); // twice: nothing more happens
		// Terminated while its second worker starts (as a split call
		// starts it), before the worker exists or while it boots: the
		// start fails rather than hangs, and so does the call.
		const f = await Kibitz.createEngine({workers: 2});
		f._grow();
		const notYet = outcome(f._engines[1]._start());
		f.terminate();
		const beforeWorker = await notYet;
		const g = await Kibitz.createEngine({workers: 2});
		g._grow();
		await new Promise(r => setTimeout(r, 0)); // the worker exists; it boots for some 25 ms
		const booting = outcome(g._engines[1]._start());
		const split = outcome(g.call('chain.table', {from: 1, to: 30}));
		g.terminate();
		const whileBooting = await booting, splitCall = await split;
		const fresh = await Kibitz.createEngine();
		const score = await fresh.call('guess.score', {secret: '1234', guess: '1243'});
		fresh.terminate();
		return {inFlight, later, beforeWorker, whileBooting, splitCall, a: score.a};
	})()`)
	for _, k := range []string{"inFlight", "later", "beforeWorker", "whileBooting", "splitCall"} {
		r, _ := got[k].(map[string]any)
		if r["code"] != "cancelled" || r["message"] != "The engine was terminated." {
			t.Errorf("%s: %v, want it cancelled because the engine was terminated", k, got[k])
		}
	}
	if got["a"] != 2.0 {
		t.Errorf("a new engine after terminate: %v", got)
	}
}
