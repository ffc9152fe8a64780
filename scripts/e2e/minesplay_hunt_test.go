//go:build e2e

package e2e

import (
	"strings"
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
		await until(() => view() === 'H'.repeat(81), 20000).catch(() => {});
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

// N or F2 on a square deals the next game with the focus still on the
// board, even when the settings changed its size (the old squares went,
// and the focus with them); the New-game question's "Start a new game"
// gives the focus back as Keep playing does: to the square it was asked
// from, or to New game.
func TestMinesNewGameByKeyKeepsTheFocus(t *testing.T) {
	ctx := minesPage(t, "mines-new-focus.html", "play")
	eval[bool](t, ctx, minesActiveJS)
	got := eval[map[string]any](t, ctx, `(async () => {
		const out = {};
		const cells = () => panel().querySelectorAll('.kz-mines-cell').length;
		await until(() => cells() === 81 && view() === 'H'.repeat(81));
		// A game under way, the board focused; the level changed for the next game.
		fire(cell(40), 'click');
		await until(() => view()[40] !== 'H');
		$m('.kz-settings').open = true;
		set('#kz-mines-level', 'intermediate');
		cell(40).focus();
		key(cell(40), 'F2');
		await until(() => !$m('.kz-confirm').hidden);
		out.asked = active();
		$m('[data-on-click="mines.discard"]').focus();
		$m('[data-on-click="mines.discard"]').click();
		await until(() => cells() === 256 && view() === 'H'.repeat(256));
		out.afterDiscard = active();
		// A finished game (no question), N on a square, a new size again.
		set('#kz-mines-level', 'custom');
		set('#kz-mines-width', '3');
		set('#kz-mines-height', '3');
		set('#kz-mines-count', '8');
		await until(() => cells() === 9);
		fire(cell(4), 'click');
		await until(() => /won/.test($m('.kz-mines-status').textContent));
		set('#kz-mines-level', 'beginner');
		cell(4).focus();
		key(cell(4), 'n');
		await until(() => cells() === 81 && view() === 'H'.repeat(81));
		out.afterN = active();
		// The question asked from New game gives the focus back to it.
		fire(cell(40), 'click');
		await until(() => view()[40] !== 'H');
		$m('[data-on-click="mines.new"]').focus();
		$m('[data-on-click="mines.new"]').click();
		await until(() => !$m('.kz-confirm').hidden);
		$m('[data-on-click="mines.discard"]').focus();
		$m('[data-on-click="mines.discard"]').click();
		await until(() => view() === 'H'.repeat(81));
		out.afterButton = active();
		return out;
	})()`)
	if got["asked"] != "mines.keep" {
		t.Fatalf("F2 on a game under way should ask, with the focus on Keep playing: %v", got)
	}
	for _, k := range []string{"afterDiscard", "afterN"} {
		if s, _ := got[k].(string); !strings.HasPrefix(s, "cell ") {
			t.Errorf("%s: the focus should stay on the board: %v", k, got)
		}
	}
	if got["afterButton"] != "mines.new" {
		t.Errorf("Start a new game asked from New game should give the focus back to New game: %v", got)
	}
}

// A hint proved by one number names it alone: "the number at row 1,
// column 2 alone settles it", not "the numbers at row 1, column 2 settle
// it, one after another" (a local proof's usual case in a game: a 1
// touching a flag). The analyser writes the same sentence as Play's hint.
func TestMinesProofByOneNumberSaysSo(t *testing.T) {
	ctx := minesPage(t, "mines-proof-one.html", "analyse")
	for _, c := range []struct{ board, want string }{
		{"2x2x1\\nF1\\nHH", "Why: the number at row 1, column 2 alone settles it (highlighted on the board)."},
		{"4x1x1\\nH1HH", "Why: the number at row 1, column 2, with the count of mines left, settles it (highlighted on the board)."},
	} {
		got := eval[string](t, ctx, `(async () => {
			const ta = $m('#kz-mines-text'), before = $m('.kz-mines-result').textContent;
			ta.value = '`+c.board+`';
			ta.dispatchEvent(new InputEvent('input', {bubbles: true, composed: true, inputType: 'insertFromPaste'}));
			await until(() => $m('.kz-mines-result').textContent !== before && $m('.kz-mines-result .kz-mines-proof-note'));
			return $m('.kz-mines-result .kz-mines-proof-note').textContent;
		})()`)
		if got != c.want {
			t.Errorf("%s: %q, want %q", c.board, got, c.want)
		}
	}
}

// A game won with Auto-play's help has no 3BV/s or efficiency, on the
// line under the board or in the history: they measure the player's
// clicks, and one click with Auto-play for the rest read "3BV 26 · 3BV/s
// 5.42 · 1 click · efficiency 2600%".
func TestMinesStatsLeaveAutoPlayOut(t *testing.T) {
	ctx := minesPage(t, "mines-auto-stats.html", "play")
	eval[bool](t, ctx, minesActiveJS)
	got := eval[map[string]any](t, ctx, `(async () => {
		$m('.kz-settings').open = true;
		set('#kz-mines-rule', 'noguess'); // Auto-play wins without a guess
		set('#kz-mines-seed', '5');
		set('#kz-mines-pace', '60');
		await until(() => $m('.kz-mines-board-no').textContent.includes('5') && view() === 'H'.repeat(81));
		fire(cell(40), 'click');
		await until(() => view()[40] !== 'H');
		$m('.kz-mines-auto').click();
		await until(() => !/^9×9/.test($m('.kz-mines-status').textContent), 60000);
		const row = [...mz().querySelectorAll('.kz-mines-history tbody tr')][0];
		const cellOf = label => row.querySelector('[data-label="' + label + '"]').textContent;
		return {status: $m('.kz-mines-status').textContent, stats: $m('.kz-mines-stats').textContent,
			result: cellOf('Result'), perSec: cellOf('3BV/s'), eff: cellOf('Efficiency'), clicks: cellOf('Clicks')};
	})()`)
	if !strings.Contains(got["status"].(string), "won") {
		t.Fatalf("a no-guess game should be won with Auto-play's help: %v", got)
	}
	stats := got["stats"].(string)
	if strings.Contains(stats, "efficiency") || strings.Contains(stats, "3BV/s") || !strings.Contains(stats, "1 click") || !strings.Contains(stats, "by Auto-play") {
		t.Errorf("the stats of a game Auto-play helped should count the click and Auto-play's moves, without 3BV/s or efficiency: %q", stats)
	}
	if got["perSec"] != "–" || got["eff"] != "–" || got["clicks"] != "1" {
		t.Errorf("the history row of a game Auto-play helped should have no 3BV/s or efficiency: %v", got)
	}
}

// Hint pauses Auto-play, as a click on the board does: Auto-play's next
// move took the hint away a moment after it came, so Hint seemed to do
// nothing. Auto-play's call is held in the engine, so Hint is clicked
// while Auto-play is choosing its move.
func TestMinesHintPausesAutoPlay(t *testing.T) {
	ctx := minesPage(t, "mines-hint-pauses.html", "play")
	eval[bool](t, ctx, minesActiveJS)
	installHold(t, ctx)
	got := eval[map[string]any](t, ctx, `(async () => {
		const out = {};
		$m('.kz-settings').open = true;
		set('#kz-mines-seed', '11');
		await until(() => $m('.kz-mines-board-no').textContent.includes('11') && view() === 'H'.repeat(81));
		fire(cell(40), 'click');
		await until(() => view()[40] !== 'H');
		const before = view();
		hold('mines.autoplay');
		$m('.kz-mines-auto').click();
		await until(() => held('mines.autoplay') > 0);
		$m('.kz-mines-hint-btn').click();
		out.pressed = $m('.kz-mines-auto').getAttribute('aria-pressed');
		// The hint waits for the move Auto-play is choosing, which is
		// dropped once it comes: it was chosen after the pause.
		await release('mines.autoplay');
		await until(() => $m('.kz-mines-play-hint'), 10000).catch(() => {});
		await new Promise(r => setTimeout(r, 1000)); // a next Auto-play move, had there been one, is shown by now
		out.hint = !!$m('.kz-mines-play-hint');
		out.moved = view() !== before;
		return out;
	})()`)
	if got["pressed"] != "false" || got["hint"] != true || got["moved"] != false {
		t.Errorf("Hint should pause Auto-play and stay shown: %v", got)
	}
}
