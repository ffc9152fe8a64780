//go:build e2e

package e2e

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// A post's text decoration stops at the widget. Underlines, overlines
// and strike-throughs are not inherited: the browser draws them across
// every in-flow box inside the decorated one, shadow trees included,
// and no property set inside can take them off. Only an atomic inline
// box (an inline-block) stops them, so the widget's box and the loading
// placeholder are inline boxes as wide as the host. (Both were blocks:
// under a post's "body { text-decoration: underline }" every word and
// button of the widget was underlined.) As the box is now on a line of
// the host, the host's text-indent would push it sideways: the widget
// clears it (a Chinese post indents its paragraphs' first lines by 2em,
// often on every div).
//
// The test draws the same widget twice on one page, in a plain section
// and in one that decorates and indents, and compares their pixels:
// first the placeholder, while the module is held back, then the widget.
func TestEmbedKeepsThePostsTextDecorationOut(t *testing.T) {
	var gate atomic.Int32
	server := serveEmbed(t, map[string]string{
		"post.html": blogPost(`<style>
.decorated { text-decoration: underline overline line-through 3px red; }
.decorated div { text-indent: 2em; }
</style>
<section class="plain"><div id="plain" data-kibitz="guess" data-lang="en" data-theme="light"></div></section>
<section class="decorated"><div id="decorated" data-kibitz="guess" data-lang="en" data-theme="light"></div></section>`, "kibitz-embed.js"),
	}, "", &gate)
	ctx := tab(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(800, 2400)); err != nil {
		t.Fatal(err)
	}
	navigate(t, ctx, server.URL+"/post.html")
	poll[bool](t, ctx, `['#plain', '#decorated'].every(s => { const h = document.querySelector(s); return h.shadowRoot && h.shadowRoot.querySelector('.kz-loading'); })`, 30*time.Second)
	if diff := pixelsDiffer(t, ctx, "#plain", "#decorated"); diff != "" {
		t.Errorf("the placeholder under a post's text decoration and indent differs from the plain one: %s", diff)
	}
	gate.Store(1)
	waitWidget(t, ctx, "#plain")
	waitWidget(t, ctx, "#decorated")
	if diff := pixelsDiffer(t, ctx, "#plain", "#decorated"); diff != "" {
		t.Errorf("the widget under a post's text decoration and indent differs from the plain one: %s", diff)
	}
}

// pixelsDiffer takes pictures of the elements a and b and says how they
// differ, or "" when every pixel is alike: within a few levels of each
// colour, as the rounded corners' smoothing differs by one or two where
// the two boxes lie at other fractions of a pixel down the page.
func pixelsDiffer(t *testing.T, ctx context.Context, a, b string) string {
	t.Helper()
	shot := func(sel string) image.Image {
		buf, err := chromedp.Run(ctx, chromedp.Screenshot(sel))
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(buf))
		if err != nil {
			t.Fatal(err)
		}
		return img
	}
	ia, ib := shot(a), shot(b)
	if ia.Bounds().Size() != ib.Bounds().Size() {
		return "sizes " + ia.Bounds().Size().String() + " and " + ib.Bounds().Size().String()
	}
	differ, first := 0, image.Point{-1, -1}
	size := ia.Bounds().Size()
	for y := 0; y < size.Y; y++ {
		for x := 0; x < size.X; x++ {
			if !alike(ia.At(ia.Bounds().Min.X+x, ia.Bounds().Min.Y+y), ib.At(ib.Bounds().Min.X+x, ib.Bounds().Min.Y+y)) {
				if differ == 0 {
					first = image.Point{x, y}
				}
				differ++
			}
		}
	}
	if differ == 0 {
		return ""
	}
	return fmt.Sprintf("%d pixels of %d, the first at %v", differ, size.X*size.Y, first)
}

// alike says whether two pixels differ by at most 4 levels in each
// channel. A decoration or a shifted letter differs by far more.
func alike(a, b color.Color) bool {
	ar, ag, ab, aa := a.RGBA()
	br, bg, bb, ba := b.RGBA()
	near := func(x, y uint32) bool { return max(x, y)-min(x, y) <= 4*0x101 }
	return near(ar, br) && near(ag, bg) && near(ab, bb) && near(aa, ba)
}
