//go:build e2e

package e2e

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// hostilePostCSS is a blog's stylesheet at its messiest: rules on every
// div (the element the snippet pastes is one) that would pass on by
// inheritance into the widget, and rules of the post's own for the
// widget's box.
const hostilePostCSS = `<style>
div { line-height: 3; letter-spacing: .3em; word-spacing: 1em; text-transform: uppercase; text-align: justify;
	white-space: nowrap; font-style: italic; font-variant: small-caps; text-indent: 2em; color: #0f0; cursor: wait;
	-webkit-text-fill-color: red; text-shadow: 2px 2px red; font-size: 24px; }
.post-widget { max-width: 480px; margin: 24px auto; }
.folded { display: none; }
.faded { visibility: hidden; }
</style>`

// The post places and sizes the widget's box: its own rules for the
// element it pasted (a width, centring margins, display: none to fold
// it away, visibility: hidden on a section around it) hold after the
// widget mounts, while nothing the page passes on by inheritance reaches
// the widget's text. (The widget's :host rule reset every property of
// the box with !important: the widget spread over the whole column and
// no class or inline style could hide it.) The reserving min-height of
// the snippet gives way to the widget's own height once it is there.
func TestEmbedKeepsThePostsRulesForTheWidgetsBox(t *testing.T) {
	server := serveEmbed(t, map[string]string{
		"post.html": blogPost(hostilePostCSS+
			`<div id="guess" class="post-widget" style="min-height: 775px" data-kibitz="guess" data-lang="en"></div>
<div id="mines" class="folded" data-kibitz="mines" data-lang="en"></div>
<div id="inline" style="display: none" data-kibitz="chain" data-lang="en"></div>
<section class="faded"><div id="chain" data-kibitz="chain" data-lang="en"></div></section>`, "kibitz-embed.js"),
	}, "", nil)
	ctx := tab(t)
	navigate(t, ctx, server.URL+"/post.html")
	for _, id := range []string{"#guess", "#mines", "#inline", "#chain"} {
		waitWidget(t, ctx, id)
	}
	got := eval[map[string]any](t, ctx, `(() => {
		const host = document.getElementById('guess'), column = document.body.getBoundingClientRect();
		const box = host.getBoundingClientRect(), kz = host.shadowRoot.querySelector('.kz');
		const text = getComputedStyle(kz);
		const chain = document.getElementById('chain').shadowRoot.querySelector('.kz');
		return {
			width: Math.round(box.width), centred: Math.abs((box.left - column.left) - (column.right - box.right)) <= 1,
			heightOverWidget: Math.round(box.height - kz.getBoundingClientRect().height),
			folded: document.getElementById('mines').getBoundingClientRect().height,
			inlineNone: document.getElementById('inline').getBoundingClientRect().height,
			fadedVisibility: getComputedStyle(chain).visibility,
			text: [text.lineHeight, text.letterSpacing, text.wordSpacing, text.textTransform, text.whiteSpace, text.fontStyle,
				text.fontVariantCaps, text.textIndent, text.webkitTextFillColor === text.color, text.textShadow, text.fontSize, text.cursor].join(' '),
		};
	})()`)
	want := map[string]any{
		"width": 480.0, "centred": true, "heightOverWidget": 0.0, "folded": 0.0, "inlineNone": 0.0, "fadedVisibility": "hidden",
		"text": "22.5px normal 0px none normal normal normal 0px true none 15px auto",
	}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("%s = %v, want %v", k, got[k], w)
		}
	}
}

// Pasted where the page sizes boxes by their content, in a table's cell,
// as an item of a flex row beside a sidebar, or in a float, each widget
// takes a widget's width: the room there is, up to about 720 px on a
// wide page, and at least 260 px, which fits a 320 px phone beside a
// narrow column. (The widget measures its own width for its narrow
// layouts, which made its content count for no width at all there:
// each came out a column 42 px wide and thousands of pixels tall.)
func TestEmbedTakesAWidgetsWidthWhereThePageFitsItsContent(t *testing.T) {
	server := serveEmbed(t, map[string]string{
		"post.html": `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<style>body { font: 18px/1.7 Georgia, serif; max-width: 640px; margin: 2rem auto; padding: 0 8px; } .row { display: flex; gap: 8px; } .float { float: left; }</style></head><body>
<table><tr><td>1.</td><td><div id="cell" data-kibitz="mines" data-lang="en"></div></td></tr></table>
<div class="row"><span>Side</span><div id="item" data-kibitz="guess" data-lang="en"></div></div>
<div class="float"><div id="float" data-kibitz="chain" data-lang="en"></div></div>
<script src="kibitz-embed.js"></script></body></html>`,
	}, "", nil)
	for _, width := range []int64{1280, 320} {
		ctx := tab(t)
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(width, 900)); err != nil {
			t.Fatal(err)
		}
		navigate(t, ctx, server.URL+"/post.html")
		ids := []string{"cell", "item", "float"}
		for _, id := range ids {
			waitWidget(t, ctx, "#"+id)
		}
		got := eval[map[string]float64](t, ctx, `(() => {
			const got = {pageOverflow: document.documentElement.scrollWidth - innerWidth};
			for (const id of ['cell', 'item', 'float']) got[id] = Math.round(document.getElementById(id).shadowRoot.querySelector('.kz').getBoundingClientRect().width);
			return got;
		})()`)
		least := 480.0
		if width == 320 {
			least = 260
		}
		for _, id := range ids {
			if got[id] < least {
				t.Errorf("at %d px, the widget in the %s is %v px wide, want %v or more", width, id, got[id], least)
			}
		}
		if got["pageOverflow"] > 0 {
			t.Errorf("at %d px, the page is %v px wider than the window", width, got["pageOverflow"])
		}
	}
}
