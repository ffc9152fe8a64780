//go:build e2e

package e2e

import (
	"strings"
	"testing"
)

// Known defects of the Minesweeper widget, each as a user meets it.

// A square edited on the board right after typing in the analyser's text
// box (before the typing pause has read the text) is edited on the
// position typed, and both stay: the late read of the text put the typed
// position over the board, and the edit was lost. The sequence is
// deterministic: the typing (an input event), a click that does not take
// the focus from the box (as on a touch screen whose tap leaves the
// keyboard up), then the read that follows (the box's change event, as
// its blur or the pause brings).
func TestAnalyserKeepsABoardEditMadeBeforeTheTypingWasRead(t *testing.T) {
	ctx := minesPage(t, "mines-an-type-click.html", "analyse")
	got := eval[map[string]any](t, ctx, `(async () => {
		await until(() => view().length === 81);
		$m('[data-brush="F"]').click();
		const ta = $m('#kz-mines-text');
		const rows = ta.value.split('\n');
		rows[2] = 'F' + rows[2].slice(1); // row 2, column 1 flagged, typed
		ta.value = rows.join('\n');
		ta.dispatchEvent(new InputEvent('input', {bubbles: true, composed: true, inputType: 'insertText', data: 'F'}));
		fire(cell(4), 'click'); // row 1, column 5 flagged, on the board
		ta.dispatchEvent(new Event('change', {bubbles: true, composed: true}));
		return {view: view(), text: ta.value};
	})()`)
	view, text := got["view"].(string), got["text"].(string)
	if view[4] != 'F' || view[9] != 'F' {
		t.Errorf("the board should have both the typed flag (square 9) and the clicked one (square 4): %q", view)
	}
	if lines := strings.Split(text, "\n"); len(lines) < 3 || lines[1][4] != 'F' || lines[2][0] != 'F' {
		t.Errorf("the text box should hold the board with both flags: %q", text)
	}
}

// A won game shows every mine flagged and the mine counter at 0, as
// classic Minesweeper does: the mines the player never flagged were shown
// as ✱ (as on a lost board) and the counter stayed where the flags left it.
func TestMinesWonGameFlagsEveryMine(t *testing.T) {
	ctx := minesPage(t, "mines-won-flags.html", "analyse")
	got := eval[map[string]any](t, ctx, `(async () => {
		const text = $m('#kz-mines-text');
		text.value = '?b=1&m=g'; // beginner, its one mine in the top left square
		text.dispatchEvent(new Event('change', {bubbles: true, composed: true}));
		(await until(() => $m('.kz-mines-link-note button'))).click();
		await until(() => $m('#kz-mines-tab-play').getAttribute('aria-selected') === 'true' && view() === 'H'.repeat(81));
		const before = $m('.kz-mines-counter').textContent;
		fire(cell(80), 'click'); // the bottom right: it opens every safe square
		await until(() => $m('.kz-mines-status').classList.contains('kz-win'));
		return {before, counter: $m('.kz-mines-counter').textContent, view: view()};
	})()`)
	if got["before"] != "1" {
		t.Fatalf("the game from the link should have one mine to find: %v", got)
	}
	if view := got["view"].(string); view[0] != 'F' || strings.ContainsAny(view, "H*") {
		t.Errorf("the won game should show its mine flagged: %q", view)
	}
	if got["counter"] != "0" {
		t.Errorf("the mine counter of a won game should be 0, not %v", got["counter"])
	}
}

// The clock counts the time the game is in view: a page hidden for three
// hours (another tab, a locked phone) showed the game at 3:00:01.23 when
// it came back. The page's clock is moved on three hours while hidden
// (performance.now, which the Go runtime reads for time.Now), so the test
// waits for no real hours.
func TestMinesClockStopsWhileThePageIsHidden(t *testing.T) {
	ctx := minesPage(t, "mines-clock-hidden.html", "play")
	got := eval[map[string]any](t, ctx, `(async () => {
		const now = performance.now.bind(performance);
		let skipped = 0;
		performance.now = () => now() + skipped;
		let hidden = false;
		Object.defineProperty(document, 'visibilityState', {configurable: true, get: () => hidden ? 'hidden' : 'visible'});
		const setHidden = h => { hidden = h; document.dispatchEvent(new Event('visibilitychange')); };
		const clock = () => $m('.kz-mines-clock').textContent;
		fire(cell(40), 'click');
		await until(() => view() !== 'H'.repeat(81) && clock() !== '0.00');
		setHidden(true);
		await new Promise(r => setTimeout(r, 100)); // past a tick of a clock still running
		const atHide = clock();
		skipped += 3 * 3600 * 1000;
		await new Promise(r => setTimeout(r, 200));
		const whileHidden = clock();
		setHidden(false);
		await until(() => clock() !== atHide);
		return {atHide, whileHidden, shown: clock()};
	})()`)
	if got["whileHidden"] != got["atHide"] {
		t.Errorf("the clock should stand still while the page is hidden: %v", got)
	}
	if shown := got["shown"].(string); strings.Contains(shown, ":") {
		t.Errorf("three hours in the background should not count as play: the clock reads %s (%v)", shown, got)
	}
}

// Auto-play that finishes a game the player played does not win it: the
// player won, and the moves Auto-play made are said ("You won in …;
// Auto-play made the last 5 moves."). It said "Auto-play won this game".
// The game is a JSMinesweeper link's 9×3 layout with a wall of mines in
// the fifth column: the player's click opens the left part, and
// Auto-play, with no guess to make, opens the right.
func TestMinesAutoPlayFinishingTheGameSaysThePlayerWon(t *testing.T) {
	ctx := minesPage(t, "mines-auto-finish.html", "analyse")
	got := eval[map[string]any](t, ctx, `(async () => {
		$m('.kz-settings').open = true;
		const pace = $m('#kz-mines-pace');
		pace.value = '60';
		pace.dispatchEvent(new Event('change', {bubbles: true, composed: true}));
		const text = $m('#kz-mines-text');
		text.value = '?b=0903&m=10204';
		text.dispatchEvent(new Event('change', {bubbles: true, composed: true}));
		(await until(() => $m('.kz-mines-link-note button'))).click();
		await until(() => $m('#kz-mines-tab-play').getAttribute('aria-selected') === 'true' && view() === 'H'.repeat(27));
		fire(cell(0), 'click');
		await until(() => view().startsWith('0002H'));
		$m('.kz-mines-auto').click();
		await until(() => /kz-(win|bad)/.test($m('.kz-mines-status').className), 60000);
		return {status: $m('.kz-mines-status').textContent, view: view()};
	})()`)
	status := got["status"].(string)
	if !strings.HasPrefix(status, "You won in ") || !strings.Contains(status, "Auto-play made the last ") || strings.Contains(status, "Auto-play won") {
		t.Errorf("the player won, Auto-play finishing: the status says %q (%v)", status, got)
	}
}
