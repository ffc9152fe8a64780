//go:build e2e

package e2e

import (
	"testing"
)

// The Minesweeper widget as a finished product (issue 16): the board fits
// the column it is in and zooms.

// An expert board (30×16) in a 600 px blog column fits without sideways
// scrolling, at 18 px a cell or more; the zoom buttons and Ctrl + wheel
// make it larger (it then pans) and smaller; a wider column gets larger
// cells, up to 30 px, and a narrower one keeps 18 px cells and pans.
func TestMinesBoardFitsItsColumn(t *testing.T) {
	ctx := tab(t)
	navigate(t, ctx, embedPage(t, "mines-column.html", `<div id="col" style="width: 600px"><div id="mines" data-kibitz="mines" data-lang="en" data-mode="play" data-preset="expert"></div></div>`))
	waitWidget(t, ctx, "#mines")
	minesHelpers(t, ctx)
	got := eval[map[string]any](t, ctx, `(async () => {
		const scroll = () => panel().querySelector('.kz-mines-scroll'), size = () => cell(0).offsetWidth;
		const fits = () => scroll().scrollWidth <= scroll().clientWidth;
		await until(() => panel().querySelectorAll('.kz-mines-cell').length === 480 && fits());
		const out = {fit: size(), fits: fits(), gridRight: panel().querySelector('.kz-mines-grid').getBoundingClientRect().right <= scroll().getBoundingClientRect().right};
		const fit = size();
		panel().querySelector('.kz-mines-zoom [data-by="1"]').click();
		await until(() => size() > fit);
		out.zoomedIn = size(); out.pans = scroll().scrollWidth > scroll().clientWidth;
		panel().querySelector('.kz-mines-zoom [data-by="-1"]').click();
		await until(() => size() === fit);
		panel().querySelector('.kz-mines-zoom [data-by="-1"]').click();
		await until(() => size() < fit);
		out.zoomedOut = size();
		const wheel = new WheelEvent('wheel', {deltaY: -100, ctrlKey: true, bubbles: true, cancelable: true, composed: true});
		cell(5).dispatchEvent(wheel);
		await until(() => size() === fit);
		out.wheelPrevented = wheel.defaultPrevented;
		document.getElementById('col').style.width = '1100px';
		await until(() => size() === 30);
		document.getElementById('col').style.width = '400px';
		await until(() => size() === 18);
		out.narrowPans = scroll().scrollWidth > scroll().clientWidth;
		return out;
	})()`)
	t.Logf("%v", got)
	if fit := got["fit"].(float64); fit < 18 || got["fits"] != true || got["gridRight"] != true {
		t.Errorf("in a 600 px column the expert board should fit at 18 px a cell or more: %v", got)
	}
	if got["pans"] != true || got["zoomedOut"].(float64) >= got["fit"].(float64) || got["wheelPrevented"] != true {
		t.Errorf("zooming: %v", got)
	}
	if got["narrowPans"] != true {
		t.Errorf("a 400 px column should keep 18 px cells and pan: %v", got)
	}
}
