//go:build e2e

package e2e

import (
	"context"
	"strconv"
	"testing"
)

// mountMinesInSlot mounts a fresh Minesweeper widget (saved under its
// own key, k<i>) in a wrapper #wrap inside the page's #slot, as a
// single-page site shows one, and defines minesHelpers for it.
func mountMinesInSlot(t *testing.T, ctx context.Context, i int) {
	t.Helper()
	eval[bool](t, ctx, `(() => {
		const wrap = document.createElement('div');
		wrap.id = 'wrap';
		wrap.innerHTML = '<div id="mines" data-kibitz="mines" data-lang="en" data-mode="play" data-kibitz-key="k`+strconv.Itoa(i)+`"></div>';
		document.getElementById('slot').appendChild(wrap);
		return true;
	})()`)
	waitWidget(t, ctx, "#mines")
	minesHelpers(t, ctx)
}

// A single-page site that shows a Minesweeper widget, lets the reader
// start a game (its clock runs) and moves on, again and again, keeps none
// of them: the clock's goroutine ended with the widget. It ran on for
// ever, 20 times a second, writing to the detached board and holding the
// whole widget, canvases and all (2 canvases and about 100 nodes more per
// widget); a new game also left the last clock's goroutine waiting.
func TestMinesWidgetsLeftMidGameGo(t *testing.T) {
	ctx := tab(t)
	navigate(t, ctx, embedPage(t, "mines-left.html", `<div id="slot"></div>`))
	var canvases []int
	for i := range 12 {
		mountMinesInSlot(t, ctx, i)
		eval[bool](t, ctx, `(async () => {
			fire(cell(40), 'click');
			await until(() => /[0-8]/.test(view()));
			document.getElementById('wrap').remove();
			await new Promise(r => setTimeout(r, 200));
			return true;
		})()`)
		if i == 3 || i == 11 {
			canvases = append(canvases, liveObjects(t, ctx, "HTMLCanvasElement.prototype"))
		}
	}
	if canvases[1] > canvases[0] {
		t.Errorf("live canvases after 4 and 12 widgets left mid-game: %v; want no growth", canvases)
	}
}
