//go:build e2e

package e2e

import (
	"testing"
)

// Minesweeper widgets played, hidden (display: none, as a closed tab or
// a collapsed section is) and then removed let go of their boards: a board
// gone while hidden gets no event to tell it, and its listeners on the
// window's media queries (theme, contrast, pixel density) kept it, canvas
// and all, for the life of the page.
func TestMinesBoardsRemovedWhileHiddenGo(t *testing.T) {
	ctx := tab(t)
	navigate(t, ctx, embedPage(t, "mines-hidden.html", `<div id="slot"></div>`))
	queries := func() int { return liveObjects(t, ctx, "MediaQueryList.prototype") }
	var counts []int
	for i := range 5 {
		mountMinesInSlot(t, ctx, i)
		eval[bool](t, ctx, `(async () => {
			fire(cell(40), 'click');
			await until(() => /[0-8]/.test(view()));
			document.getElementById('wrap').style.display = 'none';
			await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
			document.getElementById('wrap').remove();
			await new Promise(r => setTimeout(r, 300));
			return true;
		})()`)
		counts = append(counts, queries())
	}
	if counts[4] > counts[0] {
		t.Errorf("live media queries after each widget played, hidden and removed: %v; want no growth", counts)
	}
}
