//go:build e2e

package e2e

import (
	"context"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/heapprofiler"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"kibitz/scripts/internal/builder"
)

// The light embed, dist/embed/: a small loader that picks the smallest
// module covering the page's games, compiles it while it downloads (with
// progress), and reads it from a classic script beside it on file://.

// embedServer serves dist/embed over HTTP with the pages given, recording
// the module files requested. wasmType, when set, replaces the modules'
// content type; gate, when set, holds each module back after its first
// half until gate is 1.
type embedServer struct {
	*httptest.Server
	mu        sync.Mutex
	requested []string
}

func serveEmbed(t *testing.T, pages map[string]string, wasmType string, gate *atomic.Int32) *embedServer {
	t.Helper()
	dir := filepath.Join(dist, "embed")
	files := builder.SiteHandler(dir)
	s := &embedServer{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimPrefix(r.URL.Path, "/")
		if name == "favicon.ico" { // a post's host may have none; the browser asks all the same
			w.WriteHeader(http.StatusNoContent)
			return
		}
		if page, ok := pages[name]; ok {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			if strings.HasSuffix(name, ".js") {
				w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
			}
			w.Write([]byte(page))
			return
		}
		if !strings.HasSuffix(name, ".wasm") {
			files.ServeHTTP(w, r)
			return
		}
		s.mu.Lock()
		s.requested = append(s.requested, name)
		s.mu.Unlock()
		wasm, err := os.ReadFile(filepath.Join(dir, filepath.Base(name)))
		if err != nil {
			http.NotFound(w, r)
			return
		}
		if wasmType == "" {
			wasmType = "application/wasm"
		}
		w.Header().Set("Content-Type", wasmType)
		w.Header().Set("Cache-Control", "no-cache")
		half := len(wasm) / 2
		if gate != nil {
			w.Write(wasm[:half])
			w.(http.Flusher).Flush()
			for gate.Load() == 0 {
				time.Sleep(20 * time.Millisecond)
			}
			wasm = wasm[half:]
		}
		w.Write(wasm)
	}))
	t.Cleanup(s.Close)
	return s
}

func (s *embedServer) modules() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.requested)
}

// blogPost is a post with the given widgets and the embed script.
func blogPost(widgets, script string) string {
	return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<style>body { font: 18px/1.7 Georgia, serif; width: 640px; margin: 2rem auto; }</style></head><body>
<h1>A post</h1><p>Before the widget.</p>` + widgets + `<p id="after">After the widget.</p>
<script src="` + script + `"></script></body></html>`
}

// A post with Minesweeper alone downloads the Minesweeper module alone; a
// post with two games downloads the one module that has both; a widget of
// another game added later brings its own module, and both work.
func TestEmbedLoadsTheSmallestModule(t *testing.T) {
	server := serveEmbed(t, map[string]string{
		"mines.html": blogPost(`<div data-kibitz="mines" data-lang="en"></div>`, "kibitz-embed.js"),
		"two.html":   blogPost(`<div data-kibitz="mines" data-lang="en"></div><div data-kibitz="chain" data-lang="en"></div>`, "kibitz-embed.js"),
	}, "", nil)

	ctx := tab(t)
	navigate(t, ctx, server.URL+"/mines.html")
	waitWidget(t, ctx, `[data-kibitz="mines"]`)
	if got := server.modules(); !slices.Equal(got, []string{"kibitz-mines.wasm"}) {
		t.Errorf("a Minesweeper post loaded %v, want kibitz-mines.wasm alone", got)
	}
	if games := eval[[]string](t, ctx, `Kibitz.games()`); !slices.Equal(games, []string{"chain", "guess", "mines"}) {
		t.Errorf("Kibitz.games() = %v", games)
	}
	eval[bool](t, ctx, `(() => { const d = document.createElement('div'); d.setAttribute('data-kibitz', 'guess'); d.setAttribute('data-lang', 'en'); document.body.appendChild(d); return true })()`)
	waitWidget(t, ctx, `[data-kibitz="guess"]`)
	if got := server.modules(); !slices.Equal(got, []string{"kibitz-mines.wasm", "kibitz-guess.wasm"}) {
		t.Errorf("adding a number-guessing widget loaded %v, want kibitz-guess.wasm after kibitz-mines.wasm", got)
	}
	count := eval[float64](t, ctx, `Kibitz.createEngine({game: 'mines'}).then(e => e.call('mines.levels', {})).then(r => r.levels.length)`)
	if count < 3 {
		t.Errorf("mines.levels through the Minesweeper module's engine: %v levels", count)
	}

	ctx = tab(t)
	navigate(t, ctx, server.URL+"/two.html")
	waitWidget(t, ctx, `[data-kibitz="mines"]`)
	waitWidget(t, ctx, `[data-kibitz="chain"]`)
	if got := server.modules()[2:]; !slices.Equal(got, []string{"kibitz.wasm"}) {
		t.Errorf("a post with Minesweeper and the chain game loaded %v, want kibitz.wasm alone", got)
	}
}

// The module compiles while it downloads, and the placeholder shows how
// much has come; the widget holds its place, so the post hardly moves.
func TestEmbedStreamsWithProgress(t *testing.T) {
	for _, game := range []string{"mines", "chain", "guess"} {
		t.Run(game, func(t *testing.T) {
			var gate atomic.Int32
			server := serveEmbed(t, map[string]string{
				"post.html": blogPost(`<div data-kibitz="`+game+`" data-lang="en"></div>`, "kibitz-embed.js"),
			}, "", &gate)
			ctx := tab(t)
			navigate(t, ctx, server.URL+"/post.html")
			// Half the module has come; the rest is held back.
			loading := poll[map[string]any](t, ctx, `(() => {
				const root = document.querySelector('[data-kibitz]').shadowRoot;
				const bar = root && root.querySelector('.kz-loading progress');
				return bar && bar.value >= 20 && {value: bar.value, after: document.getElementById('after').getBoundingClientRect().top};
			})()`, 30*time.Second)
			if v := loading["value"].(float64); v > 50 {
				t.Errorf("with half the module come, the progress bar shows %v%%", v)
			}
			gate.Store(1)
			waitWidget(t, ctx, `[data-kibitz]`)
			after := eval[float64](t, ctx, `document.getElementById('after').getBoundingClientRect().top`)
			if jump := math.Abs(after - loading["after"].(float64)); jump > 60 {
				t.Errorf("the post moved %.0f px when the widget replaced its placeholder (%.0f → %.0f)", jump, loading["after"], after)
			}
			if game == "mines" {
				// The first game comes from the worker a moment later;
				// the covered board already held its place.
				poll[bool](t, ctx, `document.querySelector('[data-kibitz]').shadowRoot.querySelector('.kz-mines-counter').textContent !== ''`, 30*time.Second)
				dealt := eval[float64](t, ctx, `document.getElementById('after').getBoundingClientRect().top`)
				if jump := math.Abs(dealt - after); jump > 10 {
					t.Errorf("the post moved %.0f px when the first game was dealt (%.0f → %.0f)", jump, after, dealt)
				}
			}
			t.Logf("progress %v%% at half the module; the text after the widget moved %.0f → %.0f px", loading["value"], loading["after"], after)
		})
	}
}

// A host that does not serve .wasm as application/wasm still works:
// streaming compilation refuses such a response, and the loader compiles
// the bytes it read beside it.
func TestEmbedWithoutTheWasmType(t *testing.T) {
	server := serveEmbed(t, map[string]string{
		"post.html": blogPost(`<div data-kibitz="chain" data-lang="en"></div>`, "kibitz-embed.js"),
	}, "application/octet-stream", nil)
	ctx := tab(t)
	navigate(t, ctx, server.URL+"/post.html")
	waitWidget(t, ctx, `[data-kibitz="chain"]`)
}

// From file://, where nothing can be fetched, the loader reads the module
// from its classic script, and leaves no global behind but Kibitz.
func TestEmbedExampleFromFile(t *testing.T) {
	ctx := tab(t)
	navigate(t, ctx, fileURL(filepath.Join(dist, "embed", "example.html")))
	waitWidget(t, ctx, `[data-kibitz="mines"]`)
	if left := eval[bool](t, ctx, `'__kibitzModules' in window`); left {
		t.Error("the loader left window.__kibitzModules behind")
	}
}

// The one-file embed, module inlined, still works on its own.
func TestEmbedInlineOneFile(t *testing.T) {
	path := filepath.Join(dist, "embed", "inline.html")
	if err := os.WriteFile(path, []byte(blogPost(`<div data-kibitz="chain" data-lang="ja"></div>`, "kibitz-embed-inline.js")), 0o644); err != nil {
		t.Fatal(err)
	}
	server := serveEmbed(t, map[string]string{
		"inline.html": blogPost(`<div data-kibitz="chain" data-lang="ja"></div>`, "kibitz-embed-inline.js"),
	}, "", nil)
	ctx := tab(t)
	navigate(t, ctx, server.URL+"/inline.html")
	waitWidget(t, ctx, `[data-kibitz="chain"]`)
	if got := server.modules(); len(got) != 0 {
		t.Errorf("the inlined embed fetched %v", got)
	}
	ctx = tab(t)
	navigate(t, ctx, fileURL(path))
	waitWidget(t, ctx, `[data-kibitz="chain"]`)
}

// A board's probabilities reach JavaScript callers as rows of numbers, as
// documented, or with {binary: true} as one Float64Array; the same values.
func TestEngineBulkNumbers(t *testing.T) {
	ctx := tab(t)
	navigate(t, ctx, fileURL(filepath.Join(dist, "kibitz.html")))
	got := eval[map[string]any](t, ctx, `(async () => {
		const e = await Kibitz.createEngine({game: 'mines'});
		const board = '5x4x4\n1H?H?\n?????\n??1??\n?????\n';
		const rows = (await e.call('mines.analyze', {board})).prob;
		const bin = (await e.call('mines.analyze', {board}, {binary: true})).prob;
		const same = rows.every((row, y) => row.every((p, x) => {
			const q = bin.values[y * bin.width + x];
			return p === null ? Number.isNaN(q) : Math.abs(p - q) < 1e-12;
		}));
		return {rows: Array.isArray(rows) && rows.length === 4 && rows[0].length === 5 && rows[0][0] === null,
			typed: bin.values instanceof Float64Array && bin.width === 5 && bin.values.length === 20, same};
	})()`)
	if got["rows"] != true || got["typed"] != true || got["same"] != true {
		t.Errorf("probabilities as rows and as a Float64Array: %v", got)
	}
}

// strictPost is a post whose Content-Security-Policy is policy, with the
// widgets given; record.js, its only script before the loader, records
// every violation the browser reports, in window.violations.
// The post's own <style> goes: the policy would refuse it too.
func strictPost(policy, widgets string) string {
	post := blogPost(`<script src="record.js"></script>`+widgets, "kibitz-embed.js")
	post = post[:strings.Index(post, "<style>")] + post[strings.Index(post, "</style>")+len("</style>"):]
	return strings.Replace(post, `<meta charset="utf-8">`, `<meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="`+policy+`">`, 1)
}

const recordViolations = `window.violations = [];
document.addEventListener('securitypolicyviolation', e => violations.push(e.effectiveDirective + ' ' + e.blockedURI + ' ' + e.sourceFile + ':' + e.lineNumber + ' ' + e.sample));`

// A blog whose Content-Security-Policy allows WebAssembly but no blob:
// worker (its worker-src falls back to script-src 'self'), and no inline
// style (style-src falls back to default-src 'self'), still gets working,
// styled widgets: the engine runs on the page's own thread, and the
// widgets' style sheets are constructed, not <style> elements. The only
// violation the browser reports is the refused worker.
func TestEmbedUnderAStrictPolicy(t *testing.T) {
	server := serveEmbed(t, map[string]string{
		"record.js": recordViolations,
		"post.html": strictPost(`default-src 'self'; script-src 'self' 'wasm-unsafe-eval'`,
			`<div id="mines" data-kibitz="mines" data-lang="en" data-mode="play"></div><div id="guess" data-kibitz="guess" data-lang="ja"></div>`),
	}, "", nil)
	ctx := tab(t)
	navigate(t, ctx, server.URL+"/post.html")
	waitWidget(t, ctx, "#mines")
	waitWidget(t, ctx, "#guess")
	minesHelpers(t, ctx)

	// The widget plays: the first click opens an area, from the engine.
	got := eval[map[string]any](t, ctx, `(async () => {
		const c = cell(40);
		fire(c, 'click');
		await until(() => /[0-8]/.test(view()));
		const root = mz();
		return {view: view(), sheets: root.adoptedStyleSheets.length, styles: root.querySelectorAll('style').length,
			radius: getComputedStyle(root.querySelector('button')).borderRadius};
	})()`)
	if v := got["view"].(string); strings.Count(v, "H") == len(v) {
		t.Errorf("the first click opened nothing: %s", v)
	}
	if got["sheets"] != 1.0 || got["styles"] != 0.0 || got["radius"] == "0px" {
		t.Errorf("the widget's style: %v adopted sheets, %v <style> elements, a button's radius %v; want 1, 0 and the sheet's", got["sheets"], got["styles"], got["radius"])
	}

	// An engine of the page's own runs there too, with one engine
	// whatever the pool's size: a split method, progress, cancel and
	// terminate all work.
	engine := eval[map[string]any](t, ctx, `(async () => {
		const e = await Kibitz.createEngine({game: 'chain', workers: 2});
		const progress = [];
		const table = await e.call('chain.table', {from: 1, to: 56}, {onProgress: p => progress.push(p)});
		const ctl = new AbortController();
		let reports = 0;
		const spin = await e.call('debug.spin', {ms: 600000}, {signal: ctl.signal, onProgress: () => { if (++reports === 3) ctl.abort(); }})
			.then(() => 'finished', err => err.code);
		const after = await e.call('chain.solve', {position: '5'});
		e.terminate();
		const ended = await e.call('chain.solve', {position: '5'}).then(() => 'answered', err => err.code);
		return {inPage: e.runsInPage(), rows: table.rows.length, last: table.rows[55], progress: progress.length, spin, after, ended};
	})()`)
	if engine["inPage"] != true || engine["rows"] != 56.0 || engine["progress"].(float64) < 1 {
		t.Errorf("the chain table on the page's thread: %v", engine)
	}
	if after, _ := engine["after"].(map[string]any); engine["spin"] != "cancelled" || engine["ended"] != "cancelled" || after["value"] != 5.0 {
		t.Errorf("cancel and terminate on the page's thread: %v", engine)
	}
	t.Logf("row 56: %v; chain.solve 5 after the cancel: value %v", engine["last"], engine["after"].(map[string]any)["value"])

	// The page's thread holds the page role's Go and the widgets' engine,
	// no more; once the widgets are gone, only the page role's. (A start
	// that fell back once began a second engine and kept the first, and
	// a terminated engine was held by its finished start.) The cancel's
	// grace timer holds the terminated engine for a second: wait it out.
	eval[bool](t, ctx, `new Promise(r => setTimeout(() => r(true), 1200))`)
	if n := liveWasmInstances(t, ctx); n != 2 {
		t.Errorf("with the widgets playing, %d WebAssembly instances are alive; want 2 (the page role, the widgets' engine)", n)
	}
	eval[bool](t, ctx, `(async () => { document.getElementById('mines').remove(); document.getElementById('guess').remove(); await new Promise(r => setTimeout(r, 300)); return true; })()`)
	if n := liveWasmInstances(t, ctx); n != 1 {
		t.Errorf("with the widgets gone, %d WebAssembly instances are alive; want 1 (the page role)", n)
	}
	// A terminated engine the page still holds lets its Go go.
	eval[bool](t, ctx, `(async () => { window.kept = await Kibitz.createEngine({game: 'chain'}); await kept.call('chain.solve', {position: '7'}); kept.terminate(); return true; })()`)
	if n := liveWasmInstances(t, ctx); n != 1 {
		t.Errorf("with a terminated engine held by the page, %d WebAssembly instances are alive; want 1 (the page role)", n)
	}

	violations := toStrings(eval[any](t, ctx, `violations`))
	if len(violations) == 0 {
		t.Error("no violation recorded: the page let the worker run, so this test tests nothing")
	}
	for _, v := range violations {
		if !strings.HasPrefix(v, "worker-src ") {
			t.Errorf("the browser reported %q; want only the refused worker", v)
		}
	}
}

// A page that allows no WebAssembly at all says so in the reader's
// language, in place of the widget, and offers no retry that would fail
// the same way.
func TestEmbedWhereWebAssemblyIsRefused(t *testing.T) {
	expectRefusal(t, `script-src 'self'`, "WebAssembly を許可していません", "'wasm-unsafe-eval'")
}

// expectRefusal opens a post under policy with one widget in Japanese, and
// checks that its placeholder says what the page refuses (every part of
// want) and offers no retry.
func expectRefusal(t *testing.T, policy string, want ...string) {
	t.Helper()
	server := serveEmbed(t, map[string]string{
		"record.js": recordViolations,
		"post.html": strictPost(policy, `<div id="widget" data-kibitz="mines" data-lang="ja"></div>`),
	}, "", nil)
	ctx := tab(t)
	navigate(t, ctx, server.URL+"/post.html")
	got := poll[map[string]any](t, ctx, `(() => {
		const root = document.getElementById('widget').shadowRoot, p = root && root.querySelector('.kz-failed');
		return p && {text: p.textContent, retry: !!root.querySelector('button')};
	})()`, 60*time.Second)
	for _, part := range want {
		if text := got["text"].(string); !strings.Contains(text, part) {
			t.Errorf("the placeholder says %q; want %q in it", text, part)
		}
	}
	if got["retry"] != false {
		t.Error("the placeholder offers a retry that cannot help")
	}
}

// The usual blog: the post on its platform's origin, the embed's files on
// another host that sends no CORS header. The fetch of the module is
// refused, and the loader reads it from its classic script instead.
func TestEmbedFromAnotherOrigin(t *testing.T) {
	files := serveEmbed(t, nil, "", nil)
	blog := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/post.html" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(blogPost(`<div id="mines" data-kibitz="mines" data-lang="en" data-mode="play"></div>`, files.URL+"/kibitz-embed.js")))
	}))
	t.Cleanup(blog.Close)
	blogURL := strings.Replace(blog.URL, "127.0.0.1", "localhost", 1) // another origin than the files' for certain
	ctx := tab(t)
	navigate(t, ctx, blogURL+"/post.html")
	waitWidget(t, ctx, "#mines")
	minesHelpers(t, ctx)
	view := eval[string](t, ctx, `(async () => { fire(cell(40), 'click'); return await until(() => /[0-8]/.test(view()) && view()); })()`)
	if strings.Count(view, "H") == len(view) {
		t.Errorf("the first click opened nothing: %s", view)
	}
	if got := files.modules(); !slices.Equal(got, []string{"kibitz-mines.wasm"}) {
		t.Errorf("the module was asked for as %v; want one refused fetch of kibitz-mines.wasm", got)
	}
	if left := eval[bool](t, ctx, `'__kibitzModules' in window`); left {
		t.Error("the loader left window.__kibitzModules behind")
	}
}

// liveWasmInstances counts the WebAssembly instances alive in the page
// after collecting its garbage, through the DevTools protocol.
func liveWasmInstances(t *testing.T, ctx context.Context) int {
	t.Helper()
	return liveObjects(t, ctx, "WebAssembly.Instance.prototype")
}

// liveObjects counts the objects the tab's page holds whose prototype is
// the value of proto (a JS expression), after forced collections.
func liveObjects(t *testing.T, ctx context.Context, proto string) int {
	t.Helper()
	count := func(ctx context.Context, target *chromedp.Target) (int, error) {
		for range 3 {
			if _, err := cdp.Call(ctx, target, heapprofiler.CollectGarbage, cdp.Empty{}); err != nil {
				return 0, err
			}
		}
		prototype, err := cdp.Call(ctx, target, runtime.Evaluate, runtime.EvaluateParams{Expression: proto, ObjectGroup: "live"})
		if err != nil {
			return 0, err
		}
		defer cdp.Call(ctx, target, runtime.ReleaseObjectGroup, runtime.ReleaseObjectGroupParams{ObjectGroup: "live"})
		objects, err := cdp.Call(ctx, target, runtime.QueryObjects, runtime.QueryObjectsParams{PrototypeObjectID: prototype.Result.ObjectID, ObjectGroup: "live"})
		if err != nil {
			return 0, err
		}
		byValue := true
		length, err := cdp.Call(ctx, target, runtime.CallFunctionOn, runtime.CallFunctionOnParams{
			FunctionDeclaration: "function () { return this.length; }", ObjectID: objects.Objects.ObjectID, ReturnByValue: &byValue})
		if err != nil {
			return 0, err
		}
		return strconv.Atoi(string(length.Result.Value))
	}
	n, err := chromedp.Run(ctx, count)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// A post inside a sandboxed frame (allow-scripts only, as some platforms
// show user HTML): an opaque origin, where reading localStorage throws,
// the module's fetch is refused, and nothing can be saved. The widget
// works all the same. (Reading localStorage there killed the widgets' Go.)
func TestEmbedInASandboxedFrame(t *testing.T) {
	server := serveEmbed(t, map[string]string{
		"post.html": `<!doctype html><meta charset="utf-8"><script>window.said = []; addEventListener('message', e => said.push(e.data))</script>` +
			`<iframe sandbox="allow-scripts" src="inner.html" style="width: 760px; height: 800px"></iframe>`,
		"inner.html": `<!doctype html><meta charset="utf-8"><div id="mines" data-kibitz="mines" data-lang="en" data-mode="play"></div>
<script>
const say = m => parent.postMessage(m, '*');
addEventListener('error', e => say('error: ' + e.message));
const console_error = console.error;
console.error = (...a) => { say('console: ' + a.join(' ')); console_error(...a); };
</script>
<script src="kibitz-embed.js"></script>
<script>
const root = () => document.getElementById('mines').shadowRoot;
const cell = i => root() && root().querySelector('[role=tabpanel]:not([hidden]) [data-i="' + i + '"]');
const opened = () => [...root().querySelectorAll('.kz-mines-cell')].filter(c => /kz-mines-n\d/.test(c.className)).length;
const start = Date.now();
(function wait() {
	if (Date.now() - start > 50000) { say('timed out'); return; }
	if (!cell(40)) { setTimeout(wait, 50); return; }
	cell(40).dispatchEvent(new MouseEvent('click', {bubbles: true, composed: true, cancelable: true}));
	(function played() {
		if (opened() > 0) { say('opened ' + opened()); return; }
		if (Date.now() - start > 50000) { say('timed out after the click'); return; }
		setTimeout(played, 50);
	})();
})();
</script>`,
	}, "", nil)
	ctx := tab(t)
	navigate(t, ctx, server.URL+"/post.html")
	said := toStrings(poll[any](t, ctx, `said.some(m => /^(opened|timed out)/.test(m)) && said`, 60*time.Second))
	if last := said[len(said)-1]; !strings.HasPrefix(last, "opened ") {
		t.Fatalf("the widget in the sandboxed frame: %q", said)
	}
	t.Logf("in the sandboxed frame: %q", said)
}

// breakFirstBuild is a page script that makes the first widget's build
// fail: the shadow root's appendChild throws the value thrown, once.
func breakFirstBuild(thrown string) string {
	return `window.broken = 0;
const append = ShadowRoot.prototype.appendChild;
ShadowRoot.prototype.appendChild = function (child) {
	if (child.className === 'kz' && !broken++) throw ` + thrown + `;
	return append.call(this, child);
};`
}

// A widget that fails while it builds still says so where it would be,
// and its retry works. (The failure's message was written into the
// placeholder the widget had already replaced, so the reader saw an empty
// box.) The page's own script makes the first build fail.
func TestEmbedFailureKeepsItsMessage(t *testing.T) {
	server := serveEmbed(t, map[string]string{
		"break.js":  breakFirstBuild(`new Error('the page broke it')`),
		"post.html": blogPost(`<script src="break.js"></script><div id="mines" data-kibitz="mines" data-lang="ja"></div>`, "kibitz-embed.js"),
	}, "", nil)
	ctx := tab(t)
	navigate(t, ctx, server.URL+"/post.html")
	got := poll[map[string]any](t, ctx, `(() => {
		const root = document.getElementById('mines').shadowRoot, p = root && root.querySelector('.kz-failed');
		return p && {text: p.textContent, visible: p.getBoundingClientRect().height > 0, retry: !!root.querySelector('.kz-loading button')};
	})()`, 60*time.Second)
	if !strings.HasPrefix(got["text"].(string), "ソルバーを読み込めませんでした") || got["visible"] != true || got["retry"] != true {
		t.Fatalf("after a failed build the placeholder shows %v", got)
	}
	eval[bool](t, ctx, `(document.getElementById('mines').shadowRoot.querySelector('.kz-loading button').click(), true)`)
	waitWidget(t, ctx, "#mines")
}

// A widget that fails while it builds because the page's own script
// throws something that is not an Error (null, here) says so in a
// sentence: it showed "panic: %!v(PANIC=Error method: …)" and a Go stack
// dump, which now goes to the console only.
func TestEmbedFailureIsASentence(t *testing.T) {
	server := serveEmbed(t, map[string]string{
		"break.js":  breakFirstBuild(`null`),
		"post.html": blogPost(`<script src="break.js"></script><div id="mines" data-kibitz="mines" data-lang="en"></div>`, "kibitz-embed.js"),
	}, "", nil)
	ctx := tab(t)
	navigate(t, ctx, server.URL+"/post.html")
	got := poll[string](t, ctx, `(() => {
		const root = document.getElementById('mines').shadowRoot, p = root && root.querySelector('.kz-failed');
		return p && p.textContent;
	})()`, 60*time.Second)
	if got != "The solver could not load: internal error: JavaScript threw <null>" {
		t.Errorf("the placeholder says %q", got)
	}
	eval[bool](t, ctx, `(document.getElementById('mines').shadowRoot.querySelector('.kz-loading button').click(), true)`)
	waitWidget(t, ctx, "#mines")
}

// A page that enforces Trusted Types (as some large sites do) refuses a
// plain string as markup or as a script's URL. The widgets' own markup
// and URLs pass through the loader's "kibitz" policy, so all three
// widgets build and play with no violation; the page may also list the
// policies it allows, naming kibitz. (A string set as innerHTML threw
// inside Go's property set, which killed the widgets' Go.)
func TestEmbedUnderTrustedTypes(t *testing.T) {
	for _, policy := range []string{
		`require-trusted-types-for 'script'`,
		`require-trusted-types-for 'script'; trusted-types kibitz`,
	} {
		t.Run(policy, func(t *testing.T) {
			server := serveEmbed(t, map[string]string{
				"record.js": recordViolations,
				"post.html": strictPost(policy, `<div id="mines" data-kibitz="mines" data-lang="en" data-mode="play"></div>`+
					`<div id="chain" data-kibitz="chain" data-lang="en" data-mode="analyse"></div><div id="guess" data-kibitz="guess" data-lang="en"></div>`),
			}, "", nil)
			ctx := tab(t)
			navigate(t, ctx, server.URL+"/post.html")
			for _, id := range []string{"#mines", "#chain", "#guess"} {
				waitWidget(t, ctx, id)
			}
			minesHelpers(t, ctx)
			view := eval[string](t, ctx, `(async () => { fire(cell(40), 'click'); return await until(() => /[0-8]/.test(view()) && view()); })()`)
			if strings.Count(view, "H") == len(view) {
				t.Errorf("the first click opened nothing: %s", view)
			}
			// The hint's explanation is markup too.
			why := eval[string](t, ctx, `(async () => { $m('.kz-mines-hint-btn').click(); return (await until(() => $m('.kz-mines-why'))).textContent; })()`)
			if why == "" {
				t.Error("the hint explains nothing")
			}
			if v := toStrings(eval[any](t, ctx, `violations`)); len(v) > 0 {
				t.Errorf("the browser reported %q", v)
			}
		})
	}
}

// On a right-to-left page (Arabic, Hebrew) the widgets, whose languages
// all read left to right, are not mirrored: CSS's all: initial leaves
// direction inherited, and the Minesweeper board's cells lay mirrored
// over its painted tiles, so a click opened the square opposite the one
// under the pointer.
func TestEmbedOnARightToLeftPage(t *testing.T) {
	ctx := tab(t)
	page := embedPage(t, "rtl.html", `<div id="mines" data-kibitz="mines" data-lang="en" data-mode="play"></div><div id="chain" data-kibitz="chain" data-lang="en"></div>`)
	navigate(t, ctx, page)
	eval[bool](t, ctx, `(document.documentElement.dir = 'rtl', true)`)
	waitWidget(t, ctx, "#mines")
	waitWidget(t, ctx, "#chain")
	minesHelpers(t, ctx)
	got := eval[map[string]any](t, ctx, `(() => {
		const x = e => e.getBoundingClientRect().left;
		const objects = [...document.getElementById('chain').shadowRoot.querySelectorAll('#kz-chain-row .kz-chain-obj')];
		return {direction: getComputedStyle(mz().querySelector('.kz')).direction,
			cells: x(cell(0)) < x(cell(1)), objects: objects.length > 1 && x(objects[0]) < x(objects[1]),
			misdrawn: misdrawn().length};
	})()`)
	if got["direction"] != "ltr" || got["cells"] != true || got["objects"] != true || got["misdrawn"] != 0.0 {
		t.Errorf("on a right-to-left page: %v; want ltr, the first square and object leftmost, nothing misdrawn", got)
	}
}

// A page that enforces Trusted Types and allows only other policies: the
// widgets cannot write their markup, and say so in the reader's
// language, with no retry. (They showed a Go stack dump.)
func TestEmbedWhereTrustedTypesRefuseKibitz(t *testing.T) {
	expectRefusal(t, `require-trusted-types-for 'script'; trusted-types other`, "Trusted Types", "trusted-types に kibitz を加える")
}

// A page whose old libraries add enumerable members to Object.prototype
// and Array.prototype (as MooTools-era scripts do): every for-in loop then
// meets them. The widgets play, hint and answer all the same. (The page
// sandbox copied such a member from a missing object and no widget came.)
func TestEmbedOnAPageThatExtendsPrototypes(t *testing.T) {
	server := serveEmbed(t, map[string]string{
		"extend.js": `window.errs = []; addEventListener('error', e => errs.push(e.message));
const consoleError = console.error; console.error = (...a) => { errs.push(a.map(String).join(' ')); consoleError(...a); };
Object.prototype.extended = function () { return 1; };
Array.prototype.each = function (fn) { for (var i = 0; i < this.length; i++) fn(this[i], i); };`,
		"post.html": blogPost(`<script src="extend.js"></script><div id="mines" data-kibitz="mines" data-lang="en" data-mode="play"></div>`, "kibitz-embed.js"),
	}, "", nil)
	ctx := tab(t)
	navigate(t, ctx, server.URL+"/post.html")
	waitWidget(t, ctx, "#mines")
	minesHelpers(t, ctx)
	got := eval[map[string]any](t, ctx, `(async () => {
		fire(cell(40), 'click');
		const v = await until(() => /[0-8]/.test(view()) && view());
		$m('.kz-mines-hint-btn').click();
		const why = (await until(() => $m('.kz-mines-why'))).textContent;
		const e = await Kibitz.createEngine({game: 'guess'});
		const left = (await e.call('guess.candidates', {history: [{guess: '0123', a: 1, b: 1}]})).candidates.length;
		await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
		return {opened: v.split('').filter(c => /[0-8]/.test(c)).length, why: why.length, left, misdrawn: misdrawn().length, errors: errs.length};
	})()`)
	if got["opened"].(float64) < 1 || got["why"].(float64) < 1 || got["left"].(float64) < 1 || got["misdrawn"] != 0.0 || got["errors"] != 0.0 {
		t.Errorf("on a page that extends the prototypes: %v", got)
	}
}
