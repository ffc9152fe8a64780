//go:build e2e

package e2e

import (
	"context"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"kibitz/scripts/internal/builder"
)

// What every widget inherits from the shared frame and the loader: the
// placeholder while loading, a failed load with a retry, an unknown game,
// the theme, the language (Simplified Chinese included) and the embed's
// options.

// embedPage writes a blog page holding body and the embed script into the
// build's embed/, and returns its file:// URL: the loader reads the module
// it needs from the classic script beside it.
func embedPage(t *testing.T, name, body string) string {
	t.Helper()
	page := `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<style>body { font: 18px/1.7 Georgia, serif; max-width: 40rem; margin: 2rem auto; }</style></head><body>
<p>Before the widget.</p>` + body + `<p id="after">After the widget.</p>
<script src="kibitz-embed.js"></script></body></html>`
	path := filepath.Join(dist, "embed", name)
	if err := os.WriteFile(path, []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	return fileURL(path)
}

// gatedSite serves the hosted site, holding back kibitz.wasm while gate
// is 0 (503 when fail is set, else it waits) and serving it once gate is 1.
func gatedSite(t *testing.T, gate *atomic.Int32, fail bool) *httptest.Server {
	t.Helper()
	files := builder.SiteHandler(filepath.Join(dist, "site"))
	server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, ".wasm") {
			for gate.Load() == 0 {
				if fail {
					http.Error(w, "the test holds the engine back", http.StatusServiceUnavailable)
					return
				}
				time.Sleep(20 * time.Millisecond)
			}
		}
		files.ServeHTTP(w, r)
	}))
	t.Cleanup(server.Close)
	return server
}

// Before the engine is ready the widget holds its place with a sized
// "Loading the solver…" box and progress, in the reader's language; when
// it arrives the page does not jump by hundreds of pixels.
func TestLoadingPlaceholderHoldsThePlace(t *testing.T) {
	var gate atomic.Int32
	server := gatedSite(t, &gate, false)
	page := `<!doctype html><html lang="en"><head><meta charset="utf-8"></head><body style="width: 640px">
<div data-kibitz="guess" data-lang="ja"></div><p id="after">after</p><script src="kibitz.js"></script></body></html>`
	if err := os.WriteFile(filepath.Join(dist, "site", "placeholder.html"), []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Remove(filepath.Join(dist, "site", "placeholder.html")) })
	ctx := tab(t)
	navigate(t, ctx, server.URL+"/placeholder.html")
	loading := poll[map[string]any](t, ctx, `(() => {
		const root = document.querySelector('[data-kibitz="guess"]').shadowRoot;
		const box = root && root.querySelector('.kz-loading');
		return box && {text: box.textContent, progress: !!box.querySelector('progress'), lang: box.getAttribute('lang'),
			after: document.getElementById('after').getBoundingClientRect().top};
	})()`, 20*time.Second)
	if !strings.Contains(loading["text"].(string), "ソルバーを読み込み中") || loading["progress"] != true || loading["lang"] != "ja" {
		t.Errorf("the placeholder should say it is loading, in Japanese, with progress: %v", loading)
	}
	gate.Store(1)
	waitWidget(t, ctx, `[data-kibitz="guess"]`)
	after := eval[float64](t, ctx, `document.getElementById('after').getBoundingClientRect().top`)
	if jump := math.Abs(after - loading["after"].(float64)); jump > 150 {
		t.Errorf("the page jumped %.0f px when the widget replaced its placeholder (%.0f → %.0f)", jump, loading["after"], after)
	}
	t.Logf("the text after the widget moved from %.0f to %.0f px", loading["after"], after)
}

// A load that fails says why in the widget's place and offers a retry
// that works.
func TestFailedLoadOffersRetry(t *testing.T) {
	var gate atomic.Int32
	server := gatedSite(t, &gate, true)
	page := `<!doctype html><html lang="en"><head><meta charset="utf-8"></head><body>
<div data-kibitz="guess" data-lang="en"></div><script src="kibitz.js"></script></body></html>`
	if err := os.WriteFile(filepath.Join(dist, "site", "failing.html"), []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Remove(filepath.Join(dist, "site", "failing.html")) })
	ctx := tab(t)
	navigate(t, ctx, server.URL+"/failing.html")
	message := poll[string](t, ctx, `(() => {
		const root = document.querySelector('[data-kibitz="guess"]').shadowRoot;
		const p = root && root.querySelector('.kz-failed');
		return p && root.querySelector('.kz-loading button') && p.textContent;
	})()`, 20*time.Second)
	if !strings.Contains(message, "could not load") || !strings.Contains(message, "503") {
		t.Errorf("the failure should say the solver could not load and why: %q", message)
	}
	gate.Store(1)
	eval[bool](t, ctx, `(document.querySelector('[data-kibitz="guess"]').shadowRoot.querySelector('.kz-loading button').click(), true)`)
	waitWidget(t, ctx, `[data-kibitz="guess"]`)
}

// An unknown game says so in the div, not only in the console.
func TestUnknownGameIsShown(t *testing.T) {
	ctx := tab(t)
	navigate(t, ctx, embedPage(t, "unknown.html", `<div data-kibitz="chess" data-lang="en"></div>`))
	text := poll[string](t, ctx, `(() => { const r = document.querySelector('[data-kibitz="chess"]').shadowRoot; const p = r && r.querySelector('.kz-failed'); return p && p.textContent; })()`, 60*time.Second)
	if !strings.Contains(text, "no game called “chess”") || !strings.Contains(text, "guess") {
		t.Errorf("an unknown game should be named, with the games there are: %q", text)
	}
}

// data-theme fixes the widget's colours whatever the reader's system
// prefers; without it, the system decides.
func TestThemeFollowsTheEmbed(t *testing.T) {
	ctx := tab(t)
	url := embedPage(t, "themes.html", `<div id="light" data-kibitz="guess" data-theme="light"></div>
<div id="dark" data-kibitz="guess" data-theme="dark"></div><div id="auto" data-kibitz="guess"></div>`)
	background := func() map[string]string {
		return eval[map[string]string](t, ctx, `(() => {
			const bg = id => getComputedStyle(document.getElementById(id).shadowRoot.querySelector('.kz')).backgroundColor;
			return {light: bg('light'), dark: bg('dark'), auto: bg('auto')};
		})()`)
	}
	for _, scheme := range []string{"light", "dark"} {
		prefer := emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}}
		if err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, target *chromedp.Target) error {
			_, err := cdp.Call(ctx, target, emulation.SetEmulatedMedia, prefer)
			return err
		})); err != nil {
			t.Fatal(err)
		}
		navigate(t, ctx, url)
		for _, id := range []string{"light", "dark", "auto"} {
			waitWidget(t, ctx, "#"+id)
		}
		got := background()
		white, navy := "rgb(255, 255, 255)", "rgb(15, 23, 42)"
		want := map[string]string{"light": white, "dark": navy, "auto": map[string]string{"light": white, "dark": navy}[scheme]}
		for id, w := range want {
			if got[id] != w {
				t.Errorf("system %s: the %s widget's background is %s, want %s", scheme, id, got[id], w)
			}
		}
	}
}

// data-mode opens a mode and data-preset fixes the game, for a blog post
// about one game; data-lang="zh-CN" gives Simplified Chinese.
func TestEmbedOptionsAndSimplifiedChinese(t *testing.T) {
	ctx := tab(t)
	navigate(t, ctx, embedPage(t, "numeron.html", `<div data-kibitz="guess" data-mode="you" data-preset="numeron" data-lang="zh-CN"></div>`))
	waitWidget(t, ctx, `[data-kibitz="guess"]`)
	got := eval[map[string]any](t, ctx, `(() => {
		const r = document.querySelector('[data-kibitz="guess"]').shadowRoot;
		const preset = r.querySelector('#kz-preset');
		return {lang: r.querySelector('.kz').getAttribute('lang'), title: r.querySelector('.kz-title').textContent,
			mode: r.querySelector('#kz-tab-you').getAttribute('aria-selected'), preset: preset.value, fixed: preset.disabled,
			menu: [...r.querySelectorAll('#kz-lang option')].map(o => o.textContent),
			region: r.querySelector('.kz').getAttribute('role') + ': ' + r.getElementById(r.querySelector('.kz').getAttribute('aria-labelledby'))?.textContent};
	})()`)
	if got["lang"] != "zh-Hans" || got["title"] != "猜数字" {
		t.Errorf("data-lang=zh-CN should give a Simplified Chinese widget: %v", got)
	}
	if got["region"] != "region: 猜数字" {
		t.Errorf("an embedded widget should be a region named by its title, for a screen reader's landmarks: %v", got["region"])
	}
	if got["mode"] != "true" || got["preset"] != "numeron" || got["fixed"] != true {
		t.Errorf("data-mode=you and data-preset=numeron should open You guess on a fixed Numeron: %v", got)
	}
	menu := toStrings(got["menu"])
	if strings.Join(menu, "|") != "English|繁體中文|简体中文|日本語" {
		t.Errorf("the language menu should name each language in itself: %v", menu)
	}
}

// The hosted app's <html lang> follows the language the reader picks.
func TestAppLanguageSetsHTMLLang(t *testing.T) {
	ctx := openSingleFile(t)
	installHelpers(t, ctx)
	lang := eval[string](t, ctx, `(async () => {
		const app = document.querySelector('[data-kibitz="app"]').shadowRoot;
		const sel = app.querySelector('#kz-lang');
		sel.value = 'zh-Hans';
		sel.dispatchEvent(new Event('change', {bubbles: true, composed: true}));
		await until(() => document.documentElement.lang === 'zh-Hans' && $('.kz-panel'));
		return document.documentElement.lang + ' ' + $('.kz').getAttribute('lang');
	})()`)
	if lang != "zh-Hans zh-Hans" {
		t.Errorf("html lang and the widget's lang should follow the menu: %q", lang)
	}
}

// Reading a paste right after opening the Helper, while its background
// analysis runs, is never cancelled by it, whichever starts first; five
// times in a row. The analysis and the paste's reading are held in the
// engine (hold_test.go), so they overlap on any machine.
func TestPasteIsNeverCancelledByTheAnalysis(t *testing.T) {
	ctx := guessPage(t)
	installHold(t, ctx)
	eval[bool](t, ctx, `(choose('#kz-preset', '1a2b-10'), true)`)
	for try := 0; try < 5; try++ {
		got := eval[map[string]any](t, ctx, `(async () => {
			hold('guess.suggest');
			$('#kz-tab-computer').click();
			$('#kz-tab-helper').click();
			const rows = () => [...kz().querySelectorAll('#kz-panel-helper tbody tr')].length;
			const before = rows();
			// Read while the analysis is thinking...
			await until(() => held('guess.suggest') > 0 && kz().querySelector('#kz-panel-helper [data-working]'), 10000);
			hold('guess.parse');
			$('[data-on-click="help.paste-open"]').click();
			type('#kz-paste', '0123456789 4A\n9876543210 0A\n');
			$('[data-on-click="help.paste-read"]').click();
			await until(() => held('guess.parse') > 0, 10000);
			// ...and let a new analysis start while the paste is read
			// (switching back to the Helper starts one).
			const analyses = heldEver('guess.suggest');
			$('#kz-tab-computer').click();
			$('#kz-tab-helper').click();
			await until(() => heldEver('guess.suggest') > analyses && held('guess.suggest') > 0, 10000);
			await release('guess.parse');
			await until(() => rows() > before || /Stopped|Cancel/.test(kz().textContent), 20000).catch(() => null);
			const grew = rows() > before;
			// Then the analysis of the pasted rows runs to its end, and
			// nothing on the way says the paste was stopped.
			await release('guess.suggest');
			await until(() => !kz().querySelector('[data-working]') && $('#kz-panel-helper .kz-suggest') && !$('#kz-panel-helper .kz-analysis.kz-stale'), 30000);
			return {grew, text: kz().textContent};
		})()`)
		if got["grew"] != true || strings.Contains(got["text"].(string), "Stopped") || strings.Contains(got["text"].(string), "Cancel") {
			t.Fatalf("try %d: the paste was not read, or was cancelled: %v", try+1, short(got["text"].(string)))
		}
		eval[bool](t, ctx, `($('[data-on-click="help.clear"]').click(), true)`)
	}
}

// Errors are sentences with the specifics, next to the control at fault,
// in the reader's language with its own punctuation.
func TestErrorsAreSentencesNextToTheField(t *testing.T) {
	ctx := guessPage(t)
	got := eval[map[string]string](t, ctx, `(async () => {
		$('#kz-tab-you').click();
		$('[data-on-click="you.new"]').click();
		await until(() => !$('#kz-you-guess').disabled && $('[data-on-click="you.hint"]') && !$('[data-on-click="you.hint"]').disabled);
		type('#kz-you-guess', '1123');
		$('#kz-you-guess').form.requestSubmit();
		const err = await until(() => $('#kz-you-error').textContent.trim() && $('#kz-you-error'));
		return {text: err.textContent.trim(), near: String(err.previousElementSibling === $('#kz-you-guess').form)};
	})()`)
	if got["text"] != "“1” already appears at position 1, and this game has no repeats." {
		t.Errorf("the error should be a sentence with the specifics: %q", got["text"])
	}
	if got["near"] != "true" {
		t.Errorf("the error should sit next to the guess field")
	}
}
