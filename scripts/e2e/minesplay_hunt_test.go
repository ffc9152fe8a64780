//go:build e2e

package e2e

import (
	"testing"
)

// Minesweeper's Play tab as a demanding player uses it: whole games by
// keyboard alone, with Auto-play and the New-game question, where the
// focus must never fall to the page (the next Tab started over from the
// top, and F2 or N, which the widget hears, did nothing).

// minesActiveJS names what has the focus in the widget: a square, a
// button by its action, or "body" when the focus fell out of the widget.
const minesActiveJS = `window.active = () => { const a = mz().activeElement; return a ? (a.hasAttribute('data-i') ? 'cell ' + a.getAttribute('data-i') : a.getAttribute('data-on-click') || a.id || a.tagName) : 'body'; };
	window.set = (sel, v) => { const i = $m(sel); i.value = v; i.dispatchEvent(new Event('change', {bubbles: true, composed: true})); };
	window.key = (on, k) => on.dispatchEvent(new KeyboardEvent('keydown', {key: k, bubbles: true, composed: true, cancelable: true}));
	true`

// Auto-play started from the keyboard disables itself when it ends the
// game, under the focus: the focus goes to New game, where Enter deals the
// next game, and N still works.
func TestMinesAutoPlayEndingTheGameKeepsTheFocus(t *testing.T) {
	ctx := minesPage(t, "mines-auto-focus.html", "play")
	eval[bool](t, ctx, minesActiveJS)
	got := eval[map[string]any](t, ctx, `(async () => {
		const out = {};
		$m('.kz-settings').open = true;
		set('#kz-mines-seed', '7');
		set('#kz-mines-pace', '60');
		await until(() => $m('.kz-mines-board-no').textContent.includes('7') && view() === 'H'.repeat(81));
		const auto = $m('.kz-mines-auto');
		auto.focus();
		auto.click();
		await until(() => /won|Boom/.test($m('.kz-mines-status').textContent), 60000);
		out.ended = $m('.kz-mines-status').textContent;
		out.disabled = auto.disabled;
		out.afterEnd = active();
		key(mz().activeElement || document.body, 'n');
		await until(() => view() === 'H'.repeat(81), 5000).catch(() => {});
		out.dealt = view() === 'H'.repeat(81);
		return out;
	})()`)
	if got["disabled"] != true {
		t.Fatalf("Auto-play should be disabled once the game is over: %v", got)
	}
	if got["afterEnd"] != "mines.new" || got["dealt"] != true {
		t.Errorf("when Auto-play ends the game the focus should go to New game, where N deals again: %v", got)
	}
}
