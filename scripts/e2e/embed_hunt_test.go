//go:build e2e

package e2e

import (
	"context"
	"math"
	"path/filepath"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// The embed as a blogger pastes it: posts in other languages, dark
// blogs, blogs with aggressive stylesheets.

// preferScheme makes the tab's reader prefer a light or a dark system.
func preferScheme(t *testing.T, ctx context.Context, scheme string) {
	t.Helper()
	prefer := emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}}
	if err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, target *chromedp.Target) error {
		_, err := cdp.Call(ctx, target, emulation.SetEmulatedMedia, prefer)
		return err
	})); err != nil {
		t.Fatal(err)
	}
}

// widgetLangs is the language each widget of the page, by id, shows:
// its placeholder's while loading, its own once mounted.
const widgetLangs = `(() => {
	const got = {};
	for (const host of document.querySelectorAll('[data-kibitz]')) {
		const box = host.shadowRoot && host.shadowRoot.querySelector('.kz, .kz-loading');
		got[host.id] = box ? box.getAttribute('lang') : '';
	}
	return got;
})()`

// A widget in a post speaks the post's language: <html lang="ja">, or
// the lang of the section it is in, when data-lang names none; data-lang
// still wins, and a page in a language Kibitz does not have leaves it
// to the reader's browser (English here). (The reader's browser decided
// alone: a Japanese post's widget spoke English to most of its readers.)
func TestEmbedSpeaksThePostsLanguage(t *testing.T) {
	server := serveEmbed(t, map[string]string{
		"ja.html": `<!doctype html><html lang="ja"><head><meta charset="utf-8"></head><body>
<p>数当てゲームの記事。</p>
<div id="post" data-kibitz="guess"></div>
<section lang="zh-TW"><div id="section" data-kibitz="mines"></div></section>
<div id="fixed" data-kibitz="chain" data-lang="en"></div>
<script src="kibitz-embed.js"></script></body></html>`,
		"fr.html": `<!doctype html><html lang="fr"><head><meta charset="utf-8"></head><body>
<div id="post" data-kibitz="guess"></div><script src="kibitz-embed.js"></script></body></html>`,
	}, "", nil)
	ctx := tab(t)
	if lang := eval[string](t, ctx, `navigator.language`); lang[:2] != "en" {
		t.Fatalf("the test's browser should prefer English, not %q", lang)
	}
	navigate(t, ctx, server.URL+"/ja.html")
	for _, id := range []string{"#post", "#section", "#fixed"} {
		waitWidget(t, ctx, id)
	}
	want := map[string]string{"post": "ja", "section": "zh-Hant", "fixed": "en"}
	got := eval[map[string]string](t, ctx, widgetLangs)
	for id, w := range want {
		if got[id] != w {
			t.Errorf("in a Japanese post, the widget #%s speaks %q, want %q", id, got[id], w)
		}
	}
	navigate(t, ctx, server.URL+"/fr.html")
	waitWidget(t, ctx, "#post")
	if got := eval[map[string]string](t, ctx, widgetLangs)["post"]; got != "en" {
		t.Errorf("in a French post, the widget speaks %q, want the browser's English", got)
	}
}

// A widget takes the page's colour scheme when data-theme names none: a
// dark blog (color-scheme: dark) gets a dark widget and a light-only one
// (<meta name="color-scheme" content="light">) a light widget, whatever
// the reader's system prefers; a page that allows both, and data-theme
// "auto", leave it to the system. (A white box glared on a dark blog for
// every reader whose system was light.)
func TestEmbedTakesThePagesColourScheme(t *testing.T) {
	server := serveEmbed(t, map[string]string{
		"dark.html": `<!doctype html><html lang="en"><head><meta charset="utf-8">
<style>:root { color-scheme: dark; } body { background: #111; color: #eee; }</style></head><body>
<div id="page" data-kibitz="guess"></div><div id="light" data-kibitz="guess" data-theme="light"></div>
<div id="system" data-kibitz="guess" data-theme="auto"></div>
<script src="kibitz-embed.js"></script></body></html>`,
		"light.html": `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="color-scheme" content="light"></head><body>
<div id="page" data-kibitz="guess"></div><script src="kibitz-embed.js"></script></body></html>`,
		"both.html": `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="color-scheme" content="light dark"></head><body>
<div id="page" data-kibitz="guess"></div><script src="kibitz-embed.js"></script></body></html>`,
	}, "", nil)
	white, navy := "rgb(255, 255, 255)", "rgb(15, 23, 42)"
	cases := []struct {
		page, system string
		want         map[string]string
	}{
		{"dark.html", "light", map[string]string{"page": navy, "light": white, "system": white}},
		{"light.html", "dark", map[string]string{"page": white}},
		{"both.html", "dark", map[string]string{"page": navy}},
	}
	for _, c := range cases {
		ctx := tab(t)
		preferScheme(t, ctx, c.system)
		navigate(t, ctx, server.URL+"/"+c.page)
		for id, want := range c.want {
			waitWidget(t, ctx, "#"+id)
			got := eval[string](t, ctx, `getComputedStyle(document.getElementById(`+jsString(id)+`).shadowRoot.querySelector('.kz')).backgroundColor`)
			if got != want {
				t.Errorf("%s, the reader's system %s: the widget #%s is %s, want %s", c.page, c.system, id, got, want)
			}
		}
	}
}

// The loading placeholder holds the place of the screen the widget opens
// on: a mode of its own (data-mode="helper", "analyse"), a larger board
// (data-preset="expert"), the game a returning reader left in the app.
// (It was sized for each game's first mode, and the app's for its
// welcome: the post jumped by up to 600 px when the widget came.)
func TestEmbedPlaceholderHoldsTheFirstScreensPlace(t *testing.T) {
	var gate atomic.Int32
	server := serveEmbed(t, map[string]string{
		"blank.html": `<!doctype html><html lang="en"><head><meta charset="utf-8"></head><body></body></html>`,
		"post.html": `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="width: 1000px; margin: 8px">
<div id="helper" data-kibitz="guess" data-mode="helper"></div>
<div id="analyse" data-kibitz="mines" data-mode="analyse"></div>
<div id="expert" data-kibitz="mines" data-preset="expert"></div>
<div id="chain" data-kibitz="chain" data-mode="analyse"></div>
<div id="app" data-kibitz="app"></div>
<script src="kibitz-embed.js"></script></body></html>`,
	}, "", &gate)
	ctx := tab(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 900)); err != nil {
		t.Fatal(err)
	}
	navigate(t, ctx, server.URL+"/blank.html")
	eval[any](t, ctx, `localStorage.setItem('kibitz/app/app', JSON.stringify({game: 'mines'}))`)
	navigate(t, ctx, server.URL+"/post.html")
	const heights = `(() => {
		const got = {};
		for (const host of document.querySelectorAll('[data-kibitz]')) got[host.id] = host.getBoundingClientRect().height;
		return got;
	})()`
	ids := []string{"helper", "analyse", "expert", "chain", "app"}
	poll[bool](t, ctx, `[...document.querySelectorAll('[data-kibitz]')].every(h => h.shadowRoot && h.shadowRoot.querySelector('.kz-loading'))`, 20*time.Second)
	loading := eval[map[string]float64](t, ctx, heights)
	gate.Store(1)
	for _, id := range ids {
		waitWidget(t, ctx, "#"+id)
	}
	// A widget's first build is not its last: the Helper fills its rows
	// after its first frame (on a loaded machine the suite read it at
	// 421 px, half its height). The heights are read once they hold
	// still for a quarter of a second.
	up := eval[map[string]float64](t, ctx, stableJS(heights))
	for _, id := range ids {
		if jump := up[id] - loading[id]; math.Abs(jump) > 60 {
			t.Errorf("the widget #%s is %.0f px tall, its placeholder was %.0f: the post jumped %+.0f px", id, up[id], loading[id], jump)
		}
	}
}

// The hosted site's browser bar (theme-color) is the site's blue on a
// light system and the page's own dark background on a dark one. (It was
// the light theme's bright blue over the dark page.)
func TestSiteBarFollowsTheDarkPage(t *testing.T) {
	server := serve(t, filepath.Join(dist, "site"))
	want := map[string][]string{"light": {"#1d4ed8", "rgb(241, 245, 249)"}, "dark": {"#0b1220", "rgb(11, 18, 32)"}}
	for _, scheme := range []string{"light", "dark"} {
		ctx := tab(t)
		preferScheme(t, ctx, scheme)
		navigate(t, ctx, server.URL+"/index.html")
		got := eval[[]string](t, ctx, `(() => {
			const bar = [...document.querySelectorAll('meta[name="theme-color"]')].find(m => !m.media || matchMedia(m.media).matches);
			return [bar ? bar.content : '', getComputedStyle(document.body).backgroundColor];
		})()`)
		if !slices.Equal(got, want[scheme]) {
			t.Errorf("on a %s system the bar and the page are %q, want %q", scheme, got, want[scheme])
		}
	}
}

// stableJS reads expr (JSON-able) every quarter second until it reads the
// same twice, for up to ten seconds, and returns it: widgets fill in
// after their first build, so a height read once may be a step on the
// way.
func stableJS(expr string) string {
	return `(async () => {
		const read = () => ` + expr + `;
		let last = JSON.stringify(read());
		for (let i = 0; i < 40; i++) {
			await new Promise(r => setTimeout(r, 250));
			const now = JSON.stringify(read());
			if (now === last) break;
			last = now;
		}
		return JSON.parse(last);
	})()`
}
