//go:build e2e

package e2e

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// A reader who leaves a post and comes back with Back finds the widget as
// they left it, and working: Chromium keeps the page whole in its
// back/forward cache, workers and all, and the engine answers again.
func TestEmbedComesBackWithBack(t *testing.T) {
	server := serveEmbed(t, map[string]string{
		"post.html":  blogPost(`<div id="mines" data-kibitz="mines" data-lang="en" data-mode="play"></div>`, "kibitz-embed.js"),
		"other.html": `<!doctype html><meta charset="utf-8"><p>Another page of the blog.</p>`,
	}, "", nil)
	ctx := tab(t)
	navigate(t, ctx, server.URL+"/post.html")
	waitWidget(t, ctx, "#mines")
	minesHelpers(t, ctx)
	before := eval[string](t, ctx, `(async () => {
		addEventListener('pageshow', e => { window.cameBack = e.persisted; });
		cell(40).click();
		await until(() => !/^H+$/.test(view()));
		return view();
	})()`)
	navigate(t, ctx, server.URL+"/other.html")
	eval[bool](t, ctx, `(history.back(), true)`)
	// The page changes under the evaluation: ask again until it is back.
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		back, err := chromedp.Run(withTimeout(t, ctx, 5*time.Second), chromedp.Evaluate[bool](`location.pathname === '/post.html' && document.readyState === 'complete'`))
		if err == nil && back {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("Back did not bring the post back: %v", err)
		}
	}
	if !eval[bool](t, ctx, `window.cameBack === true`) {
		t.Fatal("the post was loaded anew, not kept by the back/forward cache: this test checks the kept page")
	}
	if after := eval[string](t, ctx, `view()`); after != before {
		t.Errorf("the board came back as\n%s\nwant\n%s", after, before)
	}
	hint := eval[map[string]any](t, ctx, `(async () => {
		$m('.kz-mines-hint-btn').click();
		const hinted = await until(() => panel().querySelector('.kz-mines-hint'));
		return {cell: +hinted.getAttribute('data-i'), levels: await Kibitz.createEngine({game: 'mines'}).then(e => e.call('mines.levels', {})).then(r => r.levels.length)};
	})()`)
	if hint["levels"] != 3.0 {
		t.Errorf("after Back: %v; want a hint and an engine's answer", hint)
	}
}
