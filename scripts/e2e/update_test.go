//go:build e2e

package e2e

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// cachingHost serves one of two copies of the site, as a static host does
// across a deploy: every file with a long max-age, so the browser's HTTP
// cache keeps what it fetched (most hosts send such a header; the local
// server sends no-cache, which would hide what this test looks for).
// It returns the server, a function that deploys another directory, and
// one that lists the status of every answer for a path.
func cachingHost(t *testing.T, dir string) (*httptest.Server, func(dir string), func(path string) []int) {
	t.Helper()
	var root atomic.Value
	root.Store(dir)
	var mu sync.Mutex
	statuses := map[string][]int{}
	server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "public, max-age=3600")
		sw := &statusWriter{ResponseWriter: w, status: http.StatusOK}
		http.FileServer(http.Dir(root.Load().(string))).ServeHTTP(sw, r)
		mu.Lock()
		statuses[r.URL.Path] = append(statuses[r.URL.Path], sw.status)
		mu.Unlock()
	}))
	t.Cleanup(server.Close)
	return server, func(dir string) { root.Store(dir) }, func(path string) []int {
		mu.Lock()
		defer mu.Unlock()
		return slices.Clone(statuses[path])
	}
}

type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(status int) {
	w.status = status
	w.ResponseWriter.WriteHeader(status)
}

// nextDeploy writes a copy of the built site as the next build would be:
// another version in the loader and the service worker, another shell and
// another module (the same code, with a custom section added, so its bytes
// and size differ). It returns the copy's directory and both versions.
func nextDeploy(t *testing.T) (dir, before, after string) {
	t.Helper()
	site := filepath.Join(dist, "site")
	loader, err := os.ReadFile(filepath.Join(site, "kibitz.js"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`\nversion: "([0-9a-f]+)"`).FindSubmatch(loader)
	if m == nil {
		t.Fatal("kibitz.js names no version")
	}
	before = string(m[1])
	after = "0ther" + before[5:]
	dir = t.TempDir()
	// The service worker knows the module's SHA-256: the next deploy's
	// worker, the next module's.
	module, err := os.ReadFile(filepath.Join(site, "kibitz.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(site)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(site, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		switch e.Name() {
		case "kibitz.js":
			b = bytes.ReplaceAll(b, []byte(before), []byte(after))
		case "sw.js":
			b = bytes.ReplaceAll(b, []byte(before), []byte(after))
			b = bytes.ReplaceAll(b, []byte(moduleSRI(module)), []byte(moduleSRI(nextModule(module))))
		case "index.html":
			b = append(b, "<!-- the next deploy -->\n"...)
		case "kibitz.wasm":
			b = nextModule(b)
		}
		if err := os.WriteFile(filepath.Join(dir, e.Name()), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir, before, after
}

// nextModule is the module of the next deploy: the same code, with a
// custom section added.
func nextModule(module []byte) []byte {
	name := "kibitz-next-deploy"
	section := append([]byte{byte(len(name))}, name...)
	next := append(slices.Clip(module), 0, byte(len(section)))
	return append(next, section...)
}

// moduleSRI is a module's SHA-256 as the service worker knows it.
func moduleSRI(module []byte) string {
	sum := sha256.Sum256(module)
	return "sha256-" + base64.StdEncoding.EncodeToString(sum[:])
}

// A reader who has the hosted site offline gets the next deploy whole: the
// new service worker keeps the new files, not the old ones the browser's
// HTTP cache still holds, and the page it then serves runs the new loader
// with the new module.
func TestHostedSiteUpdatesWhole(t *testing.T) {
	next, before, after := nextDeploy(t)
	server, deploy, answers := cachingHost(t, filepath.Join(dist, "site"))
	ctx := tab(t)
	navigate(t, ctx, server.URL+"/")
	poll[bool](t, ctx, `navigator.serviceWorker.ready.then(() => true)`, 30*time.Second)
	navigate(t, ctx, server.URL+"/")
	poll[bool](t, ctx, `!!navigator.serviceWorker.controller`, 30*time.Second)
	waitWidget(t, ctx, `[data-kibitz="app"]`)
	if v := eval[string](t, ctx, `Kibitz.version`); v != before {
		t.Fatalf("the first visit runs version %q, want %q", v, before)
	}
	// The worker asked the server whether the loader had changed since
	// the page fetched it, and did not download it again. (The module is
	// too big for this test's in-memory HTTP cache, so it is fetched
	// twice here; a browser's disk cache keeps it, and it goes the
	// loader's way.)
	if got := answers("/kibitz.js"); !slices.Equal(got, []int{200, 304}) {
		t.Errorf("the first visit's answers for the loader: %v; want one download and one 304", got)
	}

	// The first worker taking over (on the first visit) is no update.
	if notice := eval[string](t, ctx, updateNoticeJS); notice != "" {
		t.Errorf("no update yet, but the app says %q", notice)
	}

	deploy(next)
	// The next visit finds the new service worker, which installs and
	// takes over; the page says a new version is ready, and its Reload
	// runs what the worker keeps.
	navigate(t, ctx, server.URL+"/")
	poll[bool](t, ctx, `caches.keys().then(k => k.length === 1 && k[0] === 'kibitz-`+after+`')`, 60*time.Second)
	waitWidget(t, ctx, `[data-kibitz="app"]`)
	notice := poll[string](t, ctx, updateNoticeJS, 30*time.Second)
	if !strings.HasPrefix(notice, "A new version of Kibitz is ready") {
		t.Errorf("once the new version is kept, the app should say so: %q", notice)
	}
	// A change of language rebuilds the app: it still says so, in the
	// new language.
	eval[bool](t, ctx, `(() => { const sel = document.querySelector('[data-kibitz="app"]').shadowRoot.querySelector('#kz-lang');
		sel.value = 'ja'; sel.dispatchEvent(new Event('change', {bubbles: true, composed: true})); return true; })()`)
	if notice := poll[string](t, ctx, `(() => { const n = `+updateNoticeJS+`; return n.startsWith('Kibitz の新しい版') && n; })()`, 30*time.Second); notice == "" {
		t.Error("after a change of language the app should still say a new version is ready")
	}
	// Reload, a moment after this evaluation returns; then wait out the
	// navigation (an evaluation during it fails) for the new version.
	eval[bool](t, ctx, `(() => { setTimeout(() => document.querySelector('[data-kibitz="app"]').shadowRoot.querySelector('.kz-update [data-on-click="frame.reload"]').click(), 100); return true; })()`)
	for deadline := time.Now().Add(60 * time.Second); ; {
		ok, err := chromedp.Run(withTimeout(t, ctx, 10*time.Second), chromedp.Evaluate[bool](`!!navigator.serviceWorker.controller && !!window.Kibitz && Kibitz.version === '`+after+`'`))
		if err == nil && ok {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("Reload did not bring the new version (%v)", err)
		}
		time.Sleep(200 * time.Millisecond)
	}

	wantWasm, err := os.ReadFile(filepath.Join(next, "kibitz.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	got := eval[map[string]any](t, ctx, `(async () => {
		const cache = await caches.open('kibitz-`+after+`');
		const text = async name => (await cache.match(name)).text();
		return {
			version: Kibitz.version,
			cachedShell: (await text('./')).includes('the next deploy'),
			cachedLoader: (await text('kibitz.js')).includes('`+after+`'),
			cachedWasm: (await (await cache.match('kibitz.wasm')).arrayBuffer()).byteLength,
		};
	})()`)
	if got["version"] != after || got["cachedShell"] != true || got["cachedLoader"] != true || got["cachedWasm"] != float64(len(wantWasm)) {
		t.Errorf("after the deploy the reader has %v; want version %s, the new shell and loader kept, and a module of %d bytes", got, after, len(wantWasm))
	}
	waitWidget(t, ctx, `[data-kibitz="app"]`)
	score := eval[map[string]any](t, ctx, `Kibitz.createEngine().then(e => e.call('guess.score', {secret: '1234', guess: '1243'}))`)
	if score["a"] != 2.0 || score["b"] != 2.0 {
		t.Fatalf("the updated site's engine: got %v, want 2A2B", score)
	}
	if notice := eval[string](t, ctx, updateNoticeJS); notice != "" {
		t.Errorf("the new version runs, but the app still says %q", notice)
	}
}

// updateNoticeJS is the app's "a new version is ready" notice, or "".
const updateNoticeJS = `(() => {
	const root = document.querySelector('[data-kibitz="app"]').shadowRoot;
	const notice = root && root.querySelector('.kz-update:not([hidden])');
	return notice ? notice.textContent : '';
})()`

// A service worker that installs while the host still serves another
// build's module beside the new loader (an upload half done, a CDN edge not
// yet updated) does not keep that mix: the module's SHA-256 is not its
// build's, and the install fails. Once the host serves the right file,
// the reader's next visit installs the worker again, and works. (A worker
// that kept such a mix heals too: the loader's second fetch, past the
// cache, passes the worker, and its answer replaces the kept copy; the
// worker had answered that fetch from its cache, so the reader met
// "outdated" on every visit until the next deploy.)
func TestHostedSiteHealsAMixedInstall(t *testing.T) {
	other, err := os.ReadFile(filepath.Join(dist, "embed", "kibitz-guess.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	var stale atomic.Bool
	stale.Store(true)
	site := http.FileServer(http.Dir(filepath.Join(dist, "site")))
	server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "public, max-age=600")
		if r.URL.Path == "/kibitz.wasm" && stale.Load() {
			w.Header().Set("Content-Type", "application/wasm")
			w.Write(other)
			return
		}
		site.ServeHTTP(w, r)
	}))
	t.Cleanup(server.Close)
	ctx := tab(t)
	navigate(t, ctx, server.URL+"/")
	if state := installEnds(t, ctx); state != "redundant" {
		t.Errorf("the worker that met another build's module ended %s; want its install failed (redundant)", state)
	}
	stale.Store(false) // the host catches up
	navigate(t, ctx, server.URL+"/")
	poll[bool](t, ctx, `!!navigator.serviceWorker.controller`, 30*time.Second)
	got := poll[string](t, ctx, `(() => {
		const h = document.querySelector('[data-kibitz="app"]'), root = h && h.shadowRoot;
		if (!root) return '';
		if (root.querySelector('.kz-body > *')) return 'widget';
		const p = root.querySelector('.kz-failed');
		return p ? 'failed: ' + p.textContent : '';
	})()`, 60*time.Second)
	if got != "widget" {
		t.Fatalf("the reader's visit after the host caught up: %s", got)
	}
	cached := eval[float64](t, ctx, `caches.keys().then(k => caches.open(k[0])).then(c => c.match('kibitz.wasm')).then(r => r.arrayBuffer()).then(b => b.byteLength)`)
	want, err := os.ReadFile(filepath.Join(dist, "site", "kibitz.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	if cached != float64(len(want)) {
		t.Errorf("the worker keeps a module of %v bytes; want the site's own, %d", cached, len(want))
	}
}

// mismatchedHost serves the embed's files with the Minesweeper module
// swapped for another build's (the number-guessing module's bytes under
// its name), as a host or a cache does mid-deploy. stale says whether a
// request gets the swapped file; fresh tells whether it asked past the
// cache. It records the requests for the module and the loader.
func mismatchedHost(t *testing.T, stale func(fresh bool) bool) (*httptest.Server, func() []string) {
	t.Helper()
	dir := filepath.Join(dist, "embed")
	other, err := os.ReadFile(filepath.Join(dir, "kibitz-guess.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var seen []string
	server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimPrefix(r.URL.Path, "/")
		fresh := strings.Contains(r.Header.Get("Cache-Control"), "no-cache")
		if name == "kibitz-mines.wasm" || name == "kibitz-embed.js" || name == "post.html" {
			mu.Lock()
			seen = append(seen, name+map[bool]string{true: " (fresh)"}[fresh])
			mu.Unlock()
		}
		switch name {
		case "favicon.ico":
			w.WriteHeader(http.StatusNoContent)
		case "post.html":
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Write([]byte(blogPost(`<div id="widget" data-kibitz="mines" data-lang="ja"></div>`, "kibitz-embed.js")))
		case "kibitz-mines.wasm":
			if stale(fresh) {
				w.Header().Set("Content-Type", "application/wasm")
				w.Write(other)
				return
			}
			fallthrough
		default:
			w.Header().Set("Cache-Control", "public, max-age=3600")
			http.FileServer(http.Dir(dir)).ServeHTTP(w, r)
		}
	}))
	t.Cleanup(server.Close)
	return server, func() []string { mu.Lock(); defer mu.Unlock(); return slices.Clone(seen) }
}

// A module of another build than the loader's is asked for once more past
// the cache; when that one is the loader's own, the widget comes as usual.
func TestEmbedRefetchesAModuleOfAnotherBuild(t *testing.T) {
	server, seen := mismatchedHost(t, func(fresh bool) bool { return !fresh })
	ctx := tab(t)
	navigate(t, ctx, server.URL+"/post.html")
	waitWidget(t, ctx, `#widget`)
	if got := seen(); !slices.Equal(got, []string{"post.html", "kibitz-embed.js", "kibitz-mines.wasm", "kibitz-mines.wasm (fresh)"}) {
		t.Errorf("requests: %v; want the loader, the module, and the module again past the cache", got)
	}
	n := eval[float64](t, ctx, `Kibitz.createEngine({game: 'mines'}).then(e => e.call('mines.levels', {})).then(r => r.levels.length)`)
	if n != 3 {
		t.Errorf("mines.levels gave %v levels", n)
	}
}

// When the server itself holds a module of another build, the reader is
// told, in the post's language, that the solver was just updated, and is
// offered a reload (a retry would meet the same files); the loader's own
// cached copy is refreshed for that reload; an engine's call rejects with
// code "outdated".
func TestEmbedSaysAModuleOfAnotherBuildNeedsAReload(t *testing.T) {
	server, seen := mismatchedHost(t, func(bool) bool { return true })
	ctx := tab(t)
	navigate(t, ctx, server.URL+"/post.html")
	got := poll[map[string]any](t, ctx, `(() => {
		const root = document.getElementById('widget').shadowRoot, p = root && root.querySelector('.kz-failed');
		const button = root && root.querySelector('button');
		return p && {text: p.textContent, button: button ? button.textContent : ''};
	})()`, 60*time.Second)
	if text := got["text"].(string); !strings.Contains(text, "更新されたばかり") || !strings.Contains(text, "再読み込み") {
		t.Errorf("the placeholder says %q; want the Japanese message that the solver was updated", text)
	}
	if got["button"] != "ページを再読み込み" {
		t.Errorf("the placeholder's button says %q; want ページを再読み込み", got["button"])
	}
	err := eval[map[string]any](t, ctx, `Kibitz.createEngine({game: 'mines'}).then(e => e.call('mines.levels', {}))
		.then(() => ({code: 'none'}), err => ({code: err.code, reason: err.reason, message: err.message}))`)
	if err["code"] != "outdated" || err["reason"] != "version" || !strings.Contains(err["message"].(string), "Reload the page") {
		t.Errorf("an engine call on mismatched files: %v; want code outdated, reason version", err)
	}
	// The loader's refresh of its own file is not awaited by anything.
	for deadline := time.Now().Add(10 * time.Second); !slices.Contains(seen(), "kibitz-embed.js (fresh)"); time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("requests: %v; want the loader fetched again past the cache", seen())
		}
	}
	// The button reloads the page.
	posts := func() (n int) {
		for _, r := range seen() {
			if strings.HasPrefix(r, "post.html") {
				n++
			}
		}
		return n
	}
	before := posts()
	eval[bool](t, ctx, `(document.getElementById('widget').shadowRoot.querySelector('button').click(), true)`)
	for deadline := time.Now().Add(30 * time.Second); posts() == before; time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the reload button did not reload the page")
		}
	}
}
