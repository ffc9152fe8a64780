//go:build e2e

package e2e

import (
	"context"
	"maps"
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
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"kibitz/scripts/internal/builder"
)

// The embed as a single-page blog and its readers use it: elements kept
// from one post to the next, widgets whose module did not come.

// widgetTitles reads, for each widget of the page by id, the title it
// shows ("" while it loads or when it shows nothing) and its language.
const widgetTitles = `(() => {
	const got = {};
	for (const host of document.querySelectorAll('[id]')) {
		const root = host.shadowRoot;
		if (!root) continue;
		const box = root.querySelector('.kz'), title = box && box.querySelector('h1, h2');
		const failed = root.querySelector('.kz-failed');
		got[host.id] = failed ? 'failed: ' + failed.textContent : title ? title.textContent + ' (' + box.getAttribute('lang') + ')' : '';
	}
	return got;
})()`

// A single-page blog keeps the element of one post's widget and sets the
// next post's game on it, or adds an element and sets its data-kibitz
// after; a widget follows its element's attributes: another game, another
// language, a name fixed after a typo, and no widget once data-kibitz is
// gone. (The first post's Minesweeper stayed under data-kibitz="chain",
// and an element given its data-kibitz late stayed empty.)
func TestEmbedFollowsItsElementsAttributes(t *testing.T) {
	server := serveEmbed(t, map[string]string{
		"post.html": blogPost(`<div id="box"><div id="w" data-kibitz="mines" data-lang="en"></div></div>`, "kibitz-embed.js"),
	}, "", nil)
	ctx := tab(t)
	navigate(t, ctx, server.URL+"/post.html")
	waitWidget(t, ctx, "#w")
	var now string // the step under way
	defer func() {
		if t.Failed() {
			t.Logf("after %s, the widgets show %q", now, eval[map[string]string](t, ctx, widgetTitles))
		}
	}()
	step := func(what, js, id, want string) {
		t.Helper()
		now = what
		eval[bool](t, ctx, `(() => { `+js+`; return true; })()`)
		poll[bool](t, ctx, widgetTitles+`[`+jsString(id)+`] === `+jsString(want), 30*time.Second)
	}
	step("another game", `document.getElementById('w').setAttribute('data-kibitz', 'chain')`, "w", "Chain game (en)")
	step("another language", `document.getElementById('w').setAttribute('data-lang', 'ja')`, "w", "チェーンゲーム (ja)")
	step("data-kibitz set late", `const d = document.createElement('div'); d.id = 'late'; document.getElementById('box').append(d);
		setTimeout(() => d.setAttribute('data-kibitz', 'guess'), 50)`, "late", "Number guessing (en)")
	step("no more game", `document.getElementById('late').removeAttribute('data-kibitz')`, "late", "")
	// A script that sets the language first and the game after, in one
	// task: the batch's first record was data-lang, and the element,
	// unmounted, waited for a data-kibitz record it had skipped.
	step("language, then game, at once", `const d = document.getElementById('late');
		setTimeout(() => { d.setAttribute('data-lang', 'ja'); d.setAttribute('data-kibitz', 'guess'); }, 50)`, "late", "数当てゲーム (ja)")
	step("a typo", `document.getElementById('w').setAttribute('data-kibitz', 'minez')`, "w",
		"failed: Kibitz に「minez」というゲームはありません。あるのは chain, guess, mines です。")
	step("the typo fixed", `document.getElementById('w').setAttribute('data-kibitz', 'mines')`, "w", "マインスイーパー (ja)")
}

// A dark blog that declares no color-scheme (most dark themes only paint
// the page dark) gets dark widgets, and so does a widget in a dark box of
// a light post; a light post still follows the reader's system, and a
// page switched to dark by a class follows. (A white box glared on every
// such dark blog for the readers whose system is light.)
func TestEmbedTakesADarkPagesBackground(t *testing.T) {
	server := serveEmbed(t, map[string]string{
		"dark.html": `<!doctype html><html lang="en"><head><meta charset="utf-8">
<style>body { background: #121212; color: #ddd; } body.light { background: #fafafa; color: #222; }</style></head><body>
<div id="page" data-kibitz="guess"></div>
<script src="kibitz-embed.js"></script></body></html>`,
		"light.html": `<!doctype html><html lang="en"><head><meta charset="utf-8">
<style>body { background: #fff; } .callout { background: rgb(30, 41, 59); padding: 1rem; } body.dark { background: #000; }</style></head><body>
<div id="page" data-kibitz="guess"></div>
<div class="callout"><div id="callout" data-kibitz="chain"></div></div>
<script src="kibitz-embed.js"></script></body></html>`,
	}, "", nil)
	white, navy := "rgb(255, 255, 255)", "rgb(15, 23, 42)"
	ctx := tab(t)
	preferScheme(t, ctx, "light")
	expect := func(when string, want map[string]string) {
		t.Helper()
		for id := range want {
			waitWidget(t, ctx, "#"+id)
		}
		js := `(() => { const got = ` + themeOf + `; return Object.entries(` + mapJSON(want) + `).every(([id, bg]) => got[id] === bg); })()`
		deadline := time.Now().Add(10 * time.Second)
		for !eval[bool](t, ctx, js) {
			if time.Now().After(deadline) {
				t.Fatalf("%s: the widgets' backgrounds are %v, want %v", when, eval[map[string]string](t, ctx, themeOf), want)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	navigate(t, ctx, server.URL+"/dark.html")
	expect("a dark blog, a light system", map[string]string{"page": navy})
	eval[any](t, ctx, `document.body.classList.add('light')`)
	expect("the blog switched to light", map[string]string{"page": white})

	navigate(t, ctx, server.URL+"/light.html")
	expect("a light post with a dark callout, a light system", map[string]string{"page": white, "callout": navy})
	eval[any](t, ctx, `document.body.classList.add('dark')`)
	expect("the post switched to dark", map[string]string{"page": navy, "callout": navy})

	ctx = tab(t)
	preferScheme(t, ctx, "dark")
	navigate(t, ctx, server.URL+"/light.html")
	expect("a light post, a dark system", map[string]string{"page": navy, "callout": navy})
}

// mapJSON writes a map of strings as a JS object literal.
func mapJSON(m map[string]string) string {
	parts := make([]string, 0, len(m))
	for _, k := range slices.Sorted(maps.Keys(m)) {
		parts = append(parts, strconv.Quote(k)+": "+strconv.Quote(m[k]))
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// A reader who opens a post while the connection is down (a train in a
// tunnel) is told so, and the widget loads by itself once the browser is
// back online, with no Try again to find. (It said to try again, and
// stayed so until the reader pressed the button.)
func TestEmbedLoadsOnceTheReaderIsBackOnline(t *testing.T) {
	server := serveEmbed(t, map[string]string{
		"post.html": blogPost(`<div id="box"></div>`, "kibitz-embed.js"),
	}, "", nil)
	ctx := tab(t)
	navigate(t, ctx, server.URL+"/post.html")
	poll[bool](t, ctx, `!!window.Kibitz`, 30*time.Second)
	setNetwork(t, ctx, false)
	eval[any](t, ctx, `document.getElementById('box').innerHTML = '<div id="w" data-kibitz="mines" data-lang="en"></div>'`)
	said := poll[string](t, ctx, widgetTitles+`.w`, 30*time.Second)
	if want := "failed: The solver could not load: the connection failed or was cut off. Check the connection and try again."; said != want {
		t.Fatalf("offline, the widget says %q; want %q", said, want)
	}
	setNetwork(t, ctx, true)
	if got := poll[string](t, ctx, `(() => { const w = `+widgetTitles+`.w; return w && !w.startsWith('failed') && w; })()`, 60*time.Second); got != "Minesweeper (en)" {
		t.Errorf("back online, the widget shows %q; want Minesweeper", got)
	}
}

// setNetwork cuts the tab's requests off the network, or lets them
// through again, and tells the page (navigator.onLine, and the offline
// or online event).
func setNetwork(t *testing.T, ctx context.Context, online bool) {
	t.Helper()
	set := func(ctx context.Context, target *chromedp.Target) (chromedp.Void, error) {
		if _, err := cdp.Call(ctx, target, network.Enable, network.EnableParams{}); err != nil {
			return chromedp.Void{}, err
		}
		// Network.emulateNetworkConditions, which cdproto no longer has:
		// Chromium 148 takes no rule of the newer command's.
		conditions := cdp.Command[network.OverrideNetworkStateParams, cdp.Empty]{Method: "Network.emulateNetworkConditions"}
		_, err := cdp.Call(ctx, target, conditions, network.OverrideNetworkStateParams{Offline: !online, DownloadThroughput: -1, UploadThroughput: -1})
		return chromedp.Void{}, err
	}
	if _, err := chromedp.Run(ctx, set); err != nil {
		t.Fatal(err)
	}
	if got := eval[bool](t, ctx, `navigator.onLine`); got != online {
		t.Fatalf("the page thinks it is online: %v, want %v", got, online)
	}
}

// The usual blog reads the module from its classic script, the embed's
// files being on another origin that sends no CORS header. A script that
// comes damaged (cut short by a proxy, or a broken upload) is said to be
// damaged, naming it, and Try again fetches it whole. (It said that the
// connection failed: the reader checked a connection that worked.)
func TestEmbedSaysAModulesScriptCameDamaged(t *testing.T) {
	dir := filepath.Join(dist, "embed")
	files := builder.SiteHandler(dir)
	var whole atomic.Bool
	host := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, ".wasm.js") && !whole.Load() {
			script, err := os.ReadFile(filepath.Join(dir, filepath.Base(r.URL.Path)))
			if err != nil {
				http.NotFound(w, r)
				return
			}
			w.Header().Set("Content-Type", "text/javascript")
			w.Write(script[:len(script)/2])
			return
		}
		files.ServeHTTP(w, r)
	}))
	t.Cleanup(host.Close)
	blog := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/post.html" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(blogPost(`<div id="w" data-kibitz="mines" data-lang="en"></div>`, host.URL+"/kibitz-embed.js")))
	}))
	t.Cleanup(blog.Close)
	ctx := tab(t)
	navigate(t, ctx, strings.Replace(blog.URL, "127.0.0.1", "localhost", 1)+"/post.html") // another origin than the files'
	said := poll[string](t, ctx, widgetTitles+`.w`, 30*time.Second)
	if want := "failed: The solver's file kibitz-mines.wasm.js arrived damaged, so it cannot run. Try again; if this keeps happening, the copy on this site is damaged."; said != want {
		t.Errorf("with its script damaged, the widget says %q;\nwant %q", said, want)
	}
	whole.Store(true)
	eval[bool](t, ctx, `(document.getElementById('w').shadowRoot.querySelector('.kz-loading button').click(), true)`)
	if got := poll[string](t, ctx, `(() => { const w = `+widgetTitles+`.w; return w && !w.startsWith('failed') && w; })()`, 60*time.Second); got != "Minesweeper (en)" {
		t.Errorf("after Try again, the widget shows %q; want Minesweeper", got)
	}
}

// While nothing can be measured yet (the usual blog, on another origin
// than the embed's files, reads the module from its classic script,
// which tells nothing until it has all come: 2 MB on a phone's slow
// line), the placeholder's bar moves as a bar that cannot tell how far;
// it shows how far once it can. (It stood at 0% all the while, as if
// stuck.)
func TestEmbedPlaceholderShowsItIsWorkingBeforeItCanMeasure(t *testing.T) {
	files := builder.SiteHandler(filepath.Join(dist, "embed"))
	release := make(chan struct{})
	var once sync.Once
	open := func() { once.Do(func() { close(release) }) }
	host := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, ".wasm.js") {
			<-release
		}
		files.ServeHTTP(w, r)
	}))
	t.Cleanup(host.Close)
	t.Cleanup(open) // before the server closes, which waits for its answers
	blog := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/post.html" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(blogPost(`<div id="box"></div>`, host.URL+"/kibitz-embed.js")))
	}))
	t.Cleanup(blog.Close)
	ctx := tab(t)
	navigate(t, ctx, strings.Replace(blog.URL, "127.0.0.1", "localhost", 1)+"/post.html")
	// The widget comes after the page's load, which a script held back
	// would otherwise hold back too.
	eval[any](t, ctx, `document.getElementById('box').innerHTML = '<div id="w" data-kibitz="mines" data-lang="en"></div>'`)
	const bar = `(() => {
		const root = document.getElementById('w').shadowRoot, bar = root && root.querySelector('.kz-loading progress');
		return bar ? {position: bar.position, label: bar.previousElementSibling.textContent} : null;
	})()`
	got := poll[map[string]any](t, ctx, bar, 30*time.Second)
	if got["position"] != -1.0 || got["label"] != "Loading the solver…" {
		t.Errorf("while the module's script comes, the placeholder shows %v; want an indeterminate bar (position -1) under Loading the solver…", got)
	}
	open()
	waitWidget(t, ctx, "#w")
}

// A blog that loads the loader async, ahead of its own stylesheet: the
// loader ran before the page's CSS had come, saw a white page and kept
// the light theme once the CSS made the page dark (no attribute changed,
// so nothing told it). The page's load, which waits for its stylesheets,
// now has the theme looked at again.
func TestEmbedTakesADarkBackgroundThatCameLate(t *testing.T) {
	release := make(chan struct{})
	css := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		<-release
		w.Header().Set("Content-Type", "text/css")
		w.Write([]byte("body { background: #121212; color: #ddd; }"))
	}))
	defer css.Close()
	defer func() {
		select {
		case <-release:
		default:
			close(release)
		}
	}()
	server := serveEmbed(t, map[string]string{
		"late.html": `<!doctype html><html lang="en"><head><meta charset="utf-8">
<script async src="kibitz-embed.js"></script>
<link rel="stylesheet" href="` + css.URL + `/blog.css"></head><body>
<div id="page" data-kibitz="chain"></div></body></html>`,
	}, "", nil)
	ctx := tab(t)
	preferScheme(t, ctx, "light")
	// Not the harness's navigate, which waits for the page's load, and so
	// for the stylesheet held here.
	open := func(ctx context.Context, target *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, target, page.Navigate, page.NavigateParams{URL: server.URL + "/late.html"})
		return chromedp.Void{}, err
	}
	if _, err := chromedp.Run(ctx, open); err != nil {
		t.Fatal(err)
	}
	// The widget is built while the page's CSS is held.
	waitWidget(t, ctx, "#page")
	close(release)
	navy := "rgb(15, 23, 42)"
	deadline := time.Now().Add(10 * time.Second)
	for eval[map[string]string](t, ctx, themeOf)["page"] != navy {
		if time.Now().After(deadline) {
			t.Fatalf("the page's CSS made it dark after the loader ran: the widget's background is %v, want %s", eval[map[string]string](t, ctx, themeOf), navy)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// A post opened from disk whose folder lacks the module's classic script
// (a blogger who copied kibitz-embed.js alone): the placeholder said, in
// the reader's language, "could not load:" and then the loader's English
// ("Kibitz could not load its engine: could not read … beside the
// script"). It names the file missing, and what to do, in the reader's
// words.
func TestEmbedSaysAModulesFileIsMissing(t *testing.T) {
	dir := t.TempDir()
	loader, err := os.ReadFile(filepath.Join(dist, "embed", "kibitz-embed.js"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "kibitz-embed.js"), loader, 0o644); err != nil {
		t.Fatal(err)
	}
	post := filepath.Join(dir, "post.html")
	// The console's errors are counted: each failure is reported once
	// (the mount at DOMContentLoaded logged the one under way again).
	count := `<script>window.kibitzErrors = []; const was = console.error; console.error = function (...a) { kibitzErrors.push(String(a[0])); was.apply(console, a); };</script>`
	if err := os.WriteFile(post, []byte(blogPost(count+`<div id="ja" data-kibitz="chain" data-lang="ja"></div><div id="en" data-kibitz="chain" data-lang="en"></div>`, "kibitz-embed.js")), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx := tab(t)
	navigate(t, ctx, fileURL(post))
	said := poll[map[string]string](t, ctx, `(() => { const w = `+widgetTitles+`; return w.ja && w.en && w; })()`, 30*time.Second)
	want := map[string]string{
		"ja": "failed: ソルバーのファイル kibitz-chain.wasm.js を読み込めませんでした。このページの Kibitz のスクリプトと同じフォルダーに置いてください（Kibitz のファイルはすべて一緒に置きます）。",
		"en": "failed: The solver's file kibitz-chain.wasm.js could not be read. It belongs in the same folder as this page's Kibitz script (keep all of Kibitz's files together).",
	}
	for id, w := range want {
		if said[id] != w {
			t.Errorf("%s: with its module's file missing, the widget says %q;\nwant %q", id, said[id], w)
		}
	}
	if n := eval[int](t, ctx, `new Promise(r => setTimeout(() => r(kibitzErrors.filter(e => e.startsWith('Kibitz:')).length), 300))`); n != 2 {
		t.Errorf("two widgets failed, and the console has %d errors of Kibitz's, want one each", n)
	}
}
