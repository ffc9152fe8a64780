//go:build e2e

package e2e

import (
	"testing"
)

// Minesweeper's Play and Analyse as a demanding user meets them (hunt 5).

// A game saved without its board number (a state from before games kept
// one, or cut short) showed "Board 0" after a reload, and Replay this
// board dealt board 0: another board. Now the number's line is not shown
// (it holds its place) and Replay waits, until the next move brings the
// number from the engine's sealed state.
func TestMinesGameSavedWithoutItsNumberShowsNone(t *testing.T) {
	ctx := minesPage(t, "mines-no-seed.html", "play")
	eval[bool](t, ctx, minesActiveJS)
	url := eval[string](t, ctx, `location.href`)
	seed := eval[string](t, ctx, `(async () => {
		set('#kz-mines-seed', '60'); // beginner, opening rule: the centre opens, the game goes on
		await until(() => view() === 'H'.repeat(81) && $m('.kz-mines-board-no').textContent === 'Board 60');
		cell(40).click();
		await until(() => view()[40] === '0');
		return $m('.kz-mines-board-no').textContent;
	})()`)
	if seed != "Board 60" {
		t.Fatalf("the game should be board 60: %q", seed)
	}
	// The widget saves as the page goes: the state is changed from
	// another page of the same origin.
	navigate(t, ctx, embedPage(t, "mines-no-seed-away.html", ""))
	eval[bool](t, ctx, `(() => {
		const key = Object.keys(localStorage).find(k => k.startsWith('kibitz/mines/') && !k.endsWith('#lang'));
		const state = JSON.parse(localStorage.getItem(key));
		if (state.game.seed !== 60) throw new Error('saved: ' + JSON.stringify(state.game.seed));
		delete state.game.seed;
		state.settings.seed = '';
		localStorage.setItem(key, JSON.stringify(state));
		return true;
	})()`)
	navigate(t, ctx, url)
	waitWidget(t, ctx, "#mines")
	minesHelpers(t, ctx)
	eval[bool](t, ctx, minesActiveJS)
	got := eval[map[string]any](t, ctx, `(async () => {
		await until(() => view()[40] === '0');
		const info = $m('.kz-mines-info'), replay = $m('[data-on-click="mines.replay"]');
		const seen = () => !info.hidden && getComputedStyle(info).visibility !== 'hidden';
		const out = {line: seen() ? $m('.kz-mines-board-no').textContent : '', replay: !replay.disabled && seen()};
		// The next move brings the number back.
		const i = view().split('').findIndex((c, i) => c === 'H');
		fire(cell(i), 'contextmenu'); // a flag: safe whatever the square holds
		await until(() => view()[i] === 'F');
		await until(() => seen() && $m('.kz-mines-board-no').textContent !== '', 10000).catch(() => {});
		out.after = seen() ? $m('.kz-mines-board-no').textContent : '';
		return out;
	})()`)
	if got["line"] != "" || got["replay"] != false {
		t.Errorf("a game saved without its number should show none and offer no replay: %v", got)
	}
	if got["after"] != "Board 60" {
		t.Errorf("the next move should bring the board number back: %v", got)
	}
}
