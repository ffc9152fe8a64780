//go:build e2e

package e2e

import (
	"strconv"
	"testing"
)

// Many games in one visit leave nothing behind: the boards Go replaces
// take their canvases, listeners and observers with them.
func TestMinesManyGamesLeaveNothingBehind(t *testing.T) {
	ctx := minesPage(t, "mines-many.html", "play")
	newGame := func(level string, seed int) {
		t.Helper()
		eval[bool](t, ctx, `(async () => {
			const set = (sel, v) => { const e = $m(sel); e.value = v; e.dispatchEvent(new Event('change', {bubbles: true, composed: true})); };
			set('#kz-mines-level', '`+level+`');
			set('#kz-mines-seed', '`+strconv.Itoa(seed)+`');
			$m('.kz-mines-bar .kz-primary').click();
			const discard = $m('.kz-confirm:not([hidden]) .kz-danger'); // a game in progress: start anew all the same
			if (discard) discard.click();
			await until(() => /^H+$/.test(view()) && view().length === {beginner: 81, intermediate: 256, expert: 480}['`+level+`']);
			cell(0).click();
			await until(() => !/^H+$/.test(view()));
			return true;
		})()`)
	}
	levels := []string{"expert", "beginner", "intermediate"}
	for i := range 60 {
		newGame(levels[i%3], 100+i)
	}
	// The board in view is intermediate's: one 16×16 tile and the sprite
	// its looks are drawn on. Measured: 2 canvases and about 730 divs
	// after 96 games and after 276 (401 in the page): the rest are old
	// boards' nodes that Go's own collector has not yet let go of, and
	// their number does not grow with the games. A board kept whole per
	// game would pass 1,200 within three games.
	canvases := liveObjects(t, ctx, "HTMLCanvasElement.prototype")
	divs := liveObjects(t, ctx, "HTMLDivElement.prototype")
	inPage := eval[int](t, ctx, `document.querySelectorAll('div').length + mz().querySelectorAll('div').length`)
	if canvases > 2 || divs > 3*inPage {
		t.Errorf("after 60 games the page holds %d canvases (want 2) and %d divs (%d in the page; want under %d)", canvases, divs, inPage, 3*inPage)
	}
}
