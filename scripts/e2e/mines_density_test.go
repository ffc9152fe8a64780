//go:build e2e

package e2e

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// densityHook keeps the listeners the page adds to resolution media
// queries, so the test can tell them the density changed: Chromium's
// emulated density (below) changes devicePixelRatio and what such a query
// matches, but sends no change event, nor a resize (measured), where a
// real move to another monitor does.
const densityHook = `<script>
window.__densityListeners = [];
const realMatchMedia = window.matchMedia.bind(window);
window.matchMedia = query => {
	const list = realMatchMedia(query);
	if (/resolution/.test(query)) {
		const add = list.addEventListener.bind(list);
		list.addEventListener = (type, fn, opts) => { window.__densityListeners.push({query, fn, list}); add(type, fn, opts); };
	}
	return list;
};
window.__densityChanged = () => {
	const live = window.__densityListeners.filter(l => !l.list.matches);
	window.__densityListeners = window.__densityListeners.filter(l => l.list.matches);
	live.forEach(l => l.fn(new Event('change')));
	return live.length;
};
</script>`

// When the screen's pixel density changes under the board (the window
// moved to another monitor, or a zoom that keeps the cells' size), the
// painter draws the board anew at the new density, with no scroll or
// resize to prompt it: it was left blurred (or, going the other way, with
// four times the pixels it needs) until the reader scrolled.
func TestMinesBoardFollowsThePixelDensity(t *testing.T) {
	ctx := tab(t)
	navigate(t, ctx, embedPage(t, "mines-density.html", densityHook+`<div id="mines" data-kibitz="mines" data-lang="en" data-mode="play"></div>`))
	waitWidget(t, ctx, "#mines")
	minesHelpers(t, ctx)
	density := func(scale float64) {
		t.Helper()
		override := func(ctx context.Context, target *chromedp.Target) (chromedp.Void, error) {
			_, err := cdp.Call(ctx, target, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{Width: 1000, Height: 900, DeviceScaleFactor: scale})
			return chromedp.Void{}, err
		}
		if _, err := chromedp.Run(ctx, override); err != nil {
			t.Fatal(err)
		}
	}
	// scales: each drawn tile's canvas pixels per CSS pixel.
	const scales = `[...panel().querySelectorAll('.kz-mines-tiles canvas')].filter(c => c.width).map(c => +(c.width / parseFloat(c.style.width)).toFixed(2))`
	drawnAt := func(scale string) string {
		return `(() => { const k = ` + scales + `; return k.length > 0 && k.every(x => x === ` + scale + `); })()`
	}
	density(1)
	poll[bool](t, ctx, drawnAt("1"), 10*time.Second)
	for _, scale := range []string{"2", "1"} {
		if scale == "2" {
			density(2)
		} else {
			density(1)
		}
		if n := eval[int](t, ctx, `__densityChanged()`); n == 0 {
			t.Fatalf("at density %s the board listens for no change of density", scale)
		}
		poll[bool](t, ctx, drawnAt(scale), 10*time.Second)
		if bad := eval[[]any](t, ctx, `misdrawn()`); len(bad) > 0 {
			t.Errorf("at density %s, cells painted unlike their state: %v", scale, bad)
		}
	}
}
