//go:build e2e

package e2e

import (
	"testing"
)

// The embed as a blogger pastes it: posts in other languages, dark
// blogs, blogs with aggressive stylesheets.

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
