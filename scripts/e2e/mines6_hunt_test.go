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
