//go:build e2e

package e2e

import (
	"math"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The embed and the app shell as a demanding blogger and reader use
// them: a blog's dark-mode switch, a saved custom board, fragments typed
// into the app's address.

// themeOf reads, for each widget of the page by id, the background of
// what it shows: its placeholder while it loads, the widget once built.
const themeOf = `(() => {
	const got = {};
	for (const host of document.querySelectorAll('[data-kibitz]')) {
		const box = host.shadowRoot && host.shadowRoot.querySelector('.kz, .kz-loading');
		got[host.id] = box ? getComputedStyle(box).backgroundColor : '';
	}
	return got;
})()`

// boardPixel is the colour the Minesweeper board's canvas has painted in
// the middle of its first square (a square still to open), "" before it
// is drawn.
const boardPixel = `(() => {
	const root = document.getElementById('mines').shadowRoot;
	const canvas = root && root.querySelector('.kz-mines-tiles canvas');
	if (!canvas || !canvas.width) return '';
	const cell = root.querySelector('.kz-mines-cell').offsetWidth * devicePixelRatio;
	const [r, g, b] = canvas.getContext('2d').getImageData(cell / 2, cell / 2, 1, 1).data;
	return 'rgb(' + r + ', ' + g + ', ' + b + ')';
})()`

// A widget whose theme the page decides follows the page when it switches
// later, as a blog's dark-mode toggle does (a class on <html> that its CSS
// gives color-scheme: dark, or a rewritten <meta name="color-scheme">):
// the placeholder while the solver loads, the widget once built, the
// board's canvas, and the widget built again in another language. A
// widget with its own data-theme keeps it. (Every widget kept the theme
// the page had as it loaded: a white box on the blog switched to dark.)
func TestEmbedFollowsThePagesThemeSwitch(t *testing.T) {
	var gate atomic.Int32
	server := serveEmbed(t, map[string]string{
		"post.html": `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="color-scheme" content="light">
<style>html.dark { color-scheme: dark; } html.dark body { background: #111; }</style></head><body>
<div id="guess" data-kibitz="guess"></div>
<div id="mines" data-kibitz="mines"></div>
<div id="fixed" data-kibitz="chain" data-theme="light"></div>
<script src="kibitz-embed.js"></script></body></html>`,
	}, "", &gate)
	t.Cleanup(func() { gate.Store(1) }) // before the server closes: a failure may come while it holds the modules
	ctx := tab(t)
	preferScheme(t, ctx, "dark") // the page's choice, not the system's, decides
	navigate(t, ctx, server.URL+"/post.html")
	white, navy := "rgb(255, 255, 255)", "rgb(15, 23, 42)"
	expect := func(when string, want map[string]string) {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		for {
			got := eval[map[string]string](t, ctx, themeOf)
			ok := true
			for id, w := range want {
				ok = ok && got[id] == w
			}
			if ok {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: the widgets' backgrounds are %v, want %v", when, got, want)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	poll[bool](t, ctx, `[...document.querySelectorAll('[data-kibitz]')].every(h => h.shadowRoot && h.shadowRoot.querySelector('.kz-loading'))`, 20*time.Second)
	expect("a light page, loading", map[string]string{"guess": white, "mines": white, "fixed": white})
	eval[any](t, ctx, `document.documentElement.classList.add('dark')`)
	expect("the page switched to dark while the solver loads", map[string]string{"guess": navy, "mines": navy, "fixed": white})

	gate.Store(1)
	for _, id := range []string{"#guess", "#mines", "#fixed"} {
		waitWidget(t, ctx, id)
	}
	expect("built on the dark page", map[string]string{"guess": navy, "mines": navy, "fixed": white})
	darkSquare, lightSquare := "rgb(51, 65, 85)", "rgb(219, 227, 236)" // --kz-mines-hidden
	if got := poll[string](t, ctx, `(() => { const p = `+boardPixel+`; return p === `+jsString(darkSquare)+` ? p : ''; })()`, 10*time.Second); got != darkSquare {
		t.Fatalf("the board is painted %s on the dark page", got)
	}

	eval[any](t, ctx, `document.documentElement.classList.remove('dark')`)
	expect("the page switched back to light", map[string]string{"guess": white, "mines": white, "fixed": white})
	if got := poll[string](t, ctx, `(() => { const p = `+boardPixel+`; return p === `+jsString(lightSquare)+` ? p : ''; })()`, 10*time.Second); got != lightSquare {
		t.Fatalf("the board is painted %s once the page is light again", got)
	}

	eval[any](t, ctx, `document.querySelector('meta[name="color-scheme"]').content = 'dark'`)
	expect("the page's meta says dark", map[string]string{"guess": navy, "mines": navy, "fixed": white})

	// The widget built again in another language keeps the page's theme.
	eval[any](t, ctx, `(() => {
		const sel = document.getElementById('guess').shadowRoot.querySelector('#kz-lang');
		sel.value = 'ja';
		sel.dispatchEvent(new Event('change', { bubbles: true }));
	})()`)
	poll[bool](t, ctx, `document.getElementById('guess').shadowRoot.querySelector('.kz').getAttribute('lang') === 'ja'`, 10*time.Second)
	expect("in Japanese on the dark page", map[string]string{"guess": navy})
}

// The loading placeholder of a Minesweeper widget whose reader left a
// custom board holds that board's place, in a wide column and a phone's.
// (It held the beginner's board's: the post jumped by some 200 px when
// the widget came.)
func TestEmbedPlaceholderHoldsASavedCustomBoardsPlace(t *testing.T) {
	var gate atomic.Int32
	server := serveEmbed(t, map[string]string{
		"blank.html": `<!doctype html><html lang="en"><head><meta charset="utf-8"></head><body></body></html>`,
		"post.html": `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="margin: 8px">
<div id="wide" data-kibitz="mines" style="width: 700px"></div>
<div id="phone" data-kibitz="mines" style="width: 320px"></div>
<script src="kibitz-embed.js"></script></body></html>`,
	}, "", &gate)
	t.Cleanup(func() { gate.Store(1) })
	ctx := tab(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 900)); err != nil {
		t.Fatal(err)
	}
	navigate(t, ctx, server.URL+"/blank.html")
	eval[any](t, ctx, `(() => {
		const custom = (width, height, mines) => JSON.stringify({v: 1, mode: 'play', settings: {level: 'custom', width, height, mines, rule: 'opening', pace: 250}});
		localStorage.setItem('kibitz/mines/wide', custom(24, 20, 99));
		localStorage.setItem('kibitz/mines/phone', custom(12, 20, 40));
	})()`)
	navigate(t, ctx, server.URL+"/post.html")
	const heights = `(() => {
		const got = {};
		for (const host of document.querySelectorAll('[data-kibitz]')) got[host.id] = host.getBoundingClientRect().height;
		return got;
	})()`
	poll[bool](t, ctx, `[...document.querySelectorAll('[data-kibitz]')].every(h => h.shadowRoot && h.shadowRoot.querySelector('.kz-loading'))`, 20*time.Second)
	loading := eval[map[string]float64](t, ctx, heights)
	gate.Store(1)
	ids := []string{"wide", "phone"}
	for _, id := range ids {
		waitWidget(t, ctx, "#"+id)
		poll[bool](t, ctx, `!!document.getElementById(`+jsString(id)+`).shadowRoot.querySelector('.kz-mines-tiles canvas')`, 20*time.Second)
	}
	up := eval[map[string]float64](t, ctx, stableJS(heights))
	for _, id := range ids {
		if jump := up[id] - loading[id]; math.Abs(jump) > 60 {
			t.Errorf("the widget #%s with its saved custom board is %.0f px tall, its placeholder was %.0f: the post jumped %+.0f px", id, up[id], loading[id], jump)
		}
	}
}

// A fragment that names no screen, typed into the app's address later
// (#nonsense), leaves the screen on show and the address names it again,
// as a link with such a fragment does at the start. (The app went to the
// welcome and the address kept #nonsense, which a bookmark then kept.)
func TestAppAddressNamesTheScreenAfterAnUnknownFragment(t *testing.T) {
	ctx := tab(t)
	navigate(t, ctx, fileURL(filepath.Join(dist, "kibitz.html")))
	appHelpers(t, ctx)
	eval[any](t, ctx, `app().querySelector('#kz-app-open-mines').click()`)
	poll[bool](t, ctx, `location.hash === '#mines' && shown(app().querySelector('#kz-app-panel-mines'))`, 30*time.Second)
	eval[any](t, ctx, `(location.hash = 'nonsense', 0)`)
	got := poll[map[string]any](t, ctx, `(() => {
		const now = {hash: location.hash, welcome: shown(app().querySelector('.kz-app-welcome')), mines: shown(app().querySelector('#kz-app-panel-mines')), title: document.title};
		return now.hash !== '#nonsense' || now.welcome ? now : null;
	})()`, 10*time.Second)
	if got["hash"] != "#mines" || got["mines"] != true || got["welcome"] != false || got["title"] != "Minesweeper · Kibitz" {
		t.Errorf("after #nonsense was typed on Minesweeper: %v, want Minesweeper still shown, its address #mines and its title", got)
	}
	// The entry typed stays in the history, as #mines: Back goes to the
	// entry before it (Minesweeper too), and then to the welcome.
	eval[any](t, ctx, `history.back()`)
	poll[bool](t, ctx, `location.hash === '#mines' && shown(app().querySelector('#kz-app-panel-mines'))`, 10*time.Second)
	eval[any](t, ctx, `history.back()`)
	poll[bool](t, ctx, `location.hash === '' && shown(app().querySelector('.kz-app-welcome'))`, 10*time.Second)
}
