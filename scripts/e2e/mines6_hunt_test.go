//go:build e2e

package e2e

import (
	"testing"
)

// Minesweeper's Play mode as a strong player uses it: one game after
// another at every level, hints on a board larger than the screen.

// loseJS clicks the hidden squares one by one, after a first click in the
// middle, until the game is lost.
const loseJS = `window.lose = async () => {
	fire(cell(40), 'click');
	await until(() => view()[40] !== 'H');
	window.firstView = view();
	for (let i = 0; i < 81 && !/Boom/.test($m('.kz-mines-status').textContent); i++) {
		if (view()[i] !== 'H') continue;
		fire(cell(i), 'click');
		await until(() => view()[i] !== 'H');
	}
	return $m('.kz-mines-status').textContent;
}; true`

// A game lost (or won) on beginner, then Expert chosen: the expert board
// comes at once, as after an unclicked board and as in every Minesweeper.
// The finished beginner board stayed on screen, under settings saying
// Expert, and nothing said the new settings waited for New game.
func TestMinesSettingsChosenAfterTheGameEndsApply(t *testing.T) {
	ctx := minesPageIn(t, "mines-settings-after-end.html", "en")
	eval[bool](t, ctx, loseJS)
	got := eval[map[string]any](t, ctx, `(async () => {
		$m('.kz-settings').open = true;
		set('#kz-mines-level', 'beginner');
		await until(() => view() === 'H'.repeat(81));
		const ended = await lose();
		set('#kz-mines-level', 'expert');
		await until(() => view() === 'H'.repeat(480), 20000).catch(() => {});
		return {ended, cells: view().length, status: $m('.kz-mines-status').textContent, note: $m('#kz-mines-settings-note').textContent};
	})()`)
	if got["ended"] != "Boom! That was a mine." {
		t.Fatalf("the beginner game should be lost: %v", got)
	}
	if got["cells"] != 480.0 || got["status"] != "30×16, 99 mines, first click: opens an area." {
		t.Errorf("Expert chosen after the game was lost should deal an expert board at once: %v", got)
	}
}

// A hint on a board larger than its box brings the square it names into
// the box's view, and leaves the page where it is: on a 100×100 board
// the player who had panned to a corner read "Reveal row 52, column 49"
// with the square and the numbers that prove it out of sight.
func TestMinesHintOnABigBoardShowsItsSquare(t *testing.T) {
	ctx := minesPageIn(t, "mines-hint-big.html", "en")
	got := eval[map[string]any](t, ctx, `(async () => {
		$m('.kz-settings').open = true;
		set('#kz-mines-level', 'custom');
		set('#kz-mines-width', '100');
		set('#kz-mines-height', '100');
		set('#kz-mines-count', '2000');
		set('#kz-mines-seed', '5');
		await until(() => view() === 'H'.repeat(10000) && $m('.kz-mines-board-no').textContent === 'Board 5');
		$m('.kz-settings').open = false;
		const box = panel().querySelector('.kz-mines-scroll');
		cell(5050).scrollIntoView({block: 'center', inline: 'center'});
		fire(cell(5050), 'click');
		await until(() => view()[5050] === '0');
		box.scrollTo(0, 0); // the player pans to the top left corner
		const button = $m('.kz-mines-hint-btn');
		button.scrollIntoView({block: 'center'});
		const page = scrollY;
		button.click();
		const text = (await until(() => $m('.kz-mines-play-hint') && $m('.kz-mines-hint-box strong'), 30000)).textContent;
		const i = +panel().querySelector('.kz-mines-hint').getAttribute('data-i');
		const c = cell(i).getBoundingClientRect(), b = box.getBoundingClientRect();
		return {text, i, inView: c.left >= b.left && c.right <= b.right && c.top >= b.top && c.bottom <= b.bottom,
			pageMoved: scrollY !== page, boxAt: [box.scrollLeft, box.scrollTop], boxSize: [box.clientWidth, box.scrollWidth]};
	})()`)
	if got["boxSize"].([]any)[0].(float64) >= got["boxSize"].([]any)[1].(float64) {
		t.Fatalf("the 100×100 board should be wider than its box: %v", got)
	}
	if got["inView"] != true || got["pageMoved"] != false {
		t.Errorf("the hinted square should be in the board's view, with the page where it was: %v", got)
	}
}

// Replay this board deals the board number again, but the engine lays
// the mines out from it and the first square clicked: the replay was
// another board unless the player remembered where they had started. The
// line under the board names that square, outlined, and from it the
// replay is the same board.
func TestMinesReplaySaysWhereTheBoardWasStarted(t *testing.T) {
	ctx := minesPageIn(t, "mines-replay-first.html", "en")
	eval[bool](t, ctx, loseJS)
	got := eval[map[string]any](t, ctx, `(async () => {
		$m('.kz-settings').open = true;
		set('#kz-mines-seed', '7');
		await until(() => $m('.kz-mines-board-no').textContent === 'Board 7' && view() === 'H'.repeat(81));
		$m('.kz-settings').open = false;
		await lose();
		const first = firstView;
		$m('[data-on-click="mines.replay"]').click();
		await until(() => view() === 'H'.repeat(81));
		const readout = $m('.kz-mines-readout').textContent;
		const outlined = [...panel().querySelectorAll('.kz-mines-hint')].map(e => e.getAttribute('data-i')).join(' ');
		// A flag before the first reveal keeps the replay's square (it
		// lost it: "Click any square to start.", nothing outlined).
		fire(cell(0), 'contextmenu');
		await until(() => view()[0] === 'F');
		const flagged = {readout: $m('.kz-mines-readout').textContent, outlined: [...panel().querySelectorAll('.kz-mines-hint')].map(e => e.getAttribute('data-i')).join(' ')};
		fire(cell(0), 'contextmenu');
		await until(() => view()[0] === 'H');
		fire(cell(40), 'click');
		await until(() => view()[40] !== 'H');
		return {readout, outlined, flagged, same: view() === first, after: panel().querySelectorAll('.kz-mines-hint').length};
	})()`)
	if f := got["flagged"].(map[string]any); f["readout"] != "Click row 5, column 5 first to play the same board: the mines are laid out from the board number and the first square clicked." || f["outlined"] != "40" {
		t.Errorf("a flag before the first reveal should keep the replay's square: %v", f)
	}
	want := "Click row 5, column 5 first to play the same board: the mines are laid out from the board number and the first square clicked."
	if got["readout"] != want || got["outlined"] != "40" {
		t.Errorf("the replay should name and outline the square the board was started from:\n%v\nwant %q", got, want)
	}
	if got["same"] != true || got["after"] != 0.0 {
		t.Errorf("the replay started from that square should be the same board, the outline gone: %v", got)
	}
}
