//go:build e2e

package e2e

import (
	"testing"
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
