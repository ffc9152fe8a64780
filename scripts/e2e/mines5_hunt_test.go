//go:build e2e

package e2e

import (
	"strings"
	"testing"
	"time"
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

// A level or board number chosen while the first game was still being
// dealt (a first visit, a slow phone: the settings answer at once) was
// lost: the game came as the settings were before, and the settings said
// Intermediate and board 5 over a beginner board of another number. The
// board not yet clicked is dealt again as the settings now say.
func TestMinesSettingsChosenBeforeTheFirstDealApply(t *testing.T) {
	ctx := minesWithTheDealHeld(t, "mines-early-settings.html")
	eval[bool](t, ctx, minesActiveJS)
	poll[bool](t, ctx, `held('mines.new') > 0 && !!$m('#kz-mines-level')`, 30*time.Second)
	eval[bool](t, ctx, `(set('#kz-mines-level', 'intermediate'), set('#kz-mines-seed', '5'), true)`)
	eval[bool](t, ctx, `release('mines.new').then(() => true)`)
	got := poll[map[string]any](t, ctx, `(() => {
		const no = $m('.kz-mines-board-no').textContent;
		return !$m('.kz-mines-info').classList.contains('kz-mines-pending') && view().length === 256 && no === 'Board 5' &&
			{cells: view().length, no, status: $m('.kz-mines-status').textContent};
	})()`+` || (Date.now() - (window.__t0 = window.__t0 || Date.now()) > 20000 && {cells: view().length, no: $m('.kz-mines-board-no').textContent, status: $m('.kz-mines-status').textContent})`, 40*time.Second)
	if got["cells"] != 256.0 || got["no"] != "Board 5" {
		t.Fatalf("the settings chosen before the first deal should make the game: %v", got)
	}
	// So does a level chosen while New game deals after a game begun.
	eval[bool](t, ctx, `(async () => {
		fire(cell(0), 'click');
		await until(() => view()[0] !== 'H');
		set('#kz-mines-seed', '');
		hold('mines.new');
		$m('[data-on-click="mines.new"]').click();
		await until(() => held('mines.new') > 0 || !$m('.kz-confirm').hidden);
		if (!$m('.kz-confirm').hidden) $m('[data-on-click="mines.discard"]').click();
		await until(() => held('mines.new') > 0);
		set('#kz-mines-level', 'expert');
		return true;
	})()`)
	eval[bool](t, ctx, `release('mines.new').then(() => (window.__t0 = 0, true))`)
	got = poll[map[string]any](t, ctx, `(view().length === 480 && view() === 'H'.repeat(480) && {cells: 480})`+
		` || (Date.now() - (window.__t0 = window.__t0 || Date.now()) > 20000 && {cells: view().length, status: $m('.kz-mines-status').textContent})`, 40*time.Second)
	if got["cells"] != 480.0 {
		t.Errorf("the level chosen while New game dealt should make the game: %v", got)
	}
}

// A board with too many mines for an opening in the middle may still
// have room for one by the edges (9×9 with 75 mines: a square on the edge
// keeps 6 clear, and 75 are left) or in a corner (76 mines: a corner keeps
// 4). The settings and the status said "there is no room for an opening:
// only the first square you click is kept safe", while the hint (whose
// first click is the corner there) said, rightly, that it opens an area,
// and it did. They say where an opening fits now.
func TestMinesCrowdedBoardSaysWhereAnOpeningFits(t *testing.T) {
	ctx := minesPage(t, "mines-crowded.html", "play")
	eval[bool](t, ctx, minesActiveJS)
	got := eval[map[string]any](t, ctx, `(async () => {
		await until(() => !$m('.kz-mines-info').classList.contains('kz-mines-pending') && !$m('.kz-mines-info').hidden);
		$m('.kz-settings').open = true;
		set('#kz-mines-level', 'custom');
		set('#kz-mines-count', '75');
		const out = {edge: $m('#kz-mines-settings-note').textContent};
		set('#kz-mines-count', '76');
		await until(() => $m('.kz-mines-status').textContent.includes('76 mines') && $m('.kz-mines-counter').textContent === '76');
		out.status = $m('.kz-mines-status').textContent;
		out.note = $m('#kz-mines-settings-note').textContent;
		$m('.kz-mines-hint-btn').click();
		out.hint = (await until(() => $m('.kz-mines-play-hint') && $m('.kz-mines-hint-box'))).textContent;
		fire(cell(0), 'click');
		await until(() => view()[0] !== 'H');
		out.opened = view().split('').filter(c => c >= '0' && c <= '8').length;
		return out;
	})()`)
	if got["edge"] != "With 75 mines an opening fits only along the edges: click inside the board and only that square is kept safe." {
		t.Errorf("the settings should say an opening fits only along the edges: %v", got)
	}
	const corner = "With 76 mines an opening fits only in a corner: click anywhere else and only that square is kept safe."
	if s := got["status"].(string); !strings.Contains(s, corner) || strings.Contains(s, "no room") {
		t.Errorf("the status should say an opening fits only in a corner: %v", got)
	}
	if got["note"] != corner {
		t.Errorf("the settings should say an opening fits only in a corner: %v", got)
	}
	// Not every first click opens an area here: the hint does not say
	// one does "wherever it is" (the opening rule's sentence where one
	// fits everywhere), but that this square is where one opens.
	if h := got["hint"].(string); !strings.HasPrefix(h, "Start at row 1, column 1") || strings.Contains(h, "wherever") || !strings.Contains(h, "likeliest to open an area") {
		t.Errorf("the hint should start in the corner, where an area opens: %v", got)
	}
	if got["opened"].(float64) < 4 {
		t.Errorf("the corner should open an area: %v", got)
	}
}
