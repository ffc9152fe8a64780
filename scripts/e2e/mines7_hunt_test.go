//go:build e2e

package e2e

import (
	"strconv"
	"strings"
	"testing"
)

// Minesweeper's Play for speedrunners and keyboard users (hunt 7):
// records, statistics, the keyboard's F, Auto-play on a big board.

// Best times were kept per level only: a no-guess win and a safe-first-
// square win raced for one time, and the history did not say which rule
// each game was played under. Each rule now has its own best; an old
// record's best goes to its rule when its game is in the history, and is
// said to be of an unknown rule when it is not.
func TestMinesBestTimesAreKeptPerRule(t *testing.T) {
	ctx := minesPage(t, "mines-best-per-rule.html", "play")
	eval[bool](t, ctx, minesActiveJS)
	url := eval[string](t, ctx, `location.href`)
	eval[bool](t, ctx, `(async () => {
		set('#kz-mines-level', 'beginner');
		set('#kz-mines-rule', 'opening');
		await until(() => view() === 'H'.repeat(81) && /opens an area/.test($m('.kz-mines-status').textContent));
		return true;
	})()`)
	navigate(t, ctx, embedPage(t, "mines-best-per-rule-away.html", ""))
	eval[bool](t, ctx, `(() => {
		const key = Object.keys(localStorage).find(k => k.startsWith('kibitz/mines/') && !k.endsWith('#lang'));
		const state = JSON.parse(localStorage.getItem(key));
		if (state.settings.rule !== 'opening') throw new Error('saved: ' + JSON.stringify(state.settings));
		const game = (ms, rule) => ({at: 1700000000000, ms, won: true, bbbv: 10, bbbvDone: 10, clicks: 12, seed: 7, rule});
		// Records as saved before the rules were kept apart: one best per level.
		state.records = {
			beginner: {bestMs: 5000, history: [game(9000, 'opening'), game(5000, 'sfar')]},
			intermediate: {bestMs: 30000, history: [game(41000, 'noguess')]},
		};
		localStorage.setItem(key, JSON.stringify(state));
		return true;
	})()`)
	navigate(t, ctx, url)
	waitWidget(t, ctx, "#mines")
	minesHelpers(t, ctx)
	eval[bool](t, ctx, minesActiveJS)
	got := eval[map[string]any](t, ctx, `(async () => {
		const best = () => [...mz().querySelectorAll('.kz-mines-best')].map(p => p.textContent).join(' | ');
		const out = {};
		await until(() => !$m('.kz-mines-records').hidden);
		out.opening = best();
		out.heads = [...mz().querySelectorAll('.kz-mines-history th')].map(th => th.textContent).join(',');
		out.rows = [...mz().querySelectorAll('.kz-mines-history tbody tr')].map(tr => tr.textContent).join(' | ');
		set('#kz-mines-rule', 'sfar');
		await until(() => /safe square/.test($m('.kz-mines-status').textContent));
		out.sfar = best();
		set('#kz-mines-level', 'intermediate');
		set('#kz-mines-rule', 'noguess');
		await until(() => /no guessing/.test($m('.kz-mines-status').textContent) && view().length === 256);
		out.noguess = best();
		return out;
	})()`)
	t.Logf("%v", got)
	if got["opening"] != "Best time on Beginner, 9×9, 10 mines (first click: opens an area): 9.00" {
		t.Errorf("the best under the opening rule should be the opening game's, not the safe-square one's: %q", got["opening"])
	}
	if got["sfar"] != "Best time on Beginner, 9×9, 10 mines (first click: safe square): 5.00" {
		t.Errorf("the old best should go to the rule of its game: %q", got["sfar"])
	}
	if got["noguess"] != "Best time on Intermediate, 16×16, 40 mines (first click: no guessing needed): 41.00 | Best time on Intermediate, 16×16, 40 mines, from before best times were kept per first-click rule: 30.00" {
		t.Errorf("an old best whose game has left the history should be said to be of an unknown rule: %q", got["noguess"])
	}
	if heads := got["heads"].(string); !strings.Contains(heads, "First click") || !strings.Contains(got["rows"].(string), "safe square") {
		t.Errorf("the history should show each game's rule: %v", got)
	}
}

// Clicks that changed nothing (a chord short of flags, a click on an
// empty square, a flag tried on a number) were not counted, so the
// efficiency read higher than Arbiter or minesweeper.online give for the
// same game: their efficiency is 3BV over all the clicks. Every click on
// the board during the game now counts.
func TestMinesEveryClickCounts(t *testing.T) {
	ctx := minesPage(t, "mines-every-click.html", "play")
	eval[bool](t, ctx, minesActiveJS)
	got := eval[map[string]any](t, ctx, `(async () => {
		set('#kz-mines-level', 'beginner');
		set('#kz-mines-rule', 'opening');
		set('#kz-mines-seed', '60');
		await until(() => view() === 'H'.repeat(81) && $m('.kz-mines-board-no').textContent === 'Board 60');
		const status = $m('.kz-mines-status');
		fire(cell(40), 'click');
		await until(() => view()[40] === '0');
		let clicks = 1;
		const number = view().split('').findIndex(c => c >= '1' && c <= '8');
		// Three clicks that change nothing: the empty square again, a chord
		// on a number with no flag by it, a flag on the number.
		const wasted = [() => fire(cell(40), 'click'), () => fire(cell(number), 'click'), () => fire(cell(number), 'contextmenu')];
		for (const click of wasted) {
			click();
			clicks++;
		}
		// Then hidden squares one by one until a mine goes off.
		for (let i = 0; i < 81 && !status.classList.contains('kz-bad'); i++) {
			if (view()[i] !== 'H') continue;
			fire(cell(i), 'click');
			clicks++;
			await until(() => view()[i] !== 'H');
		}
		await until(() => status.classList.contains('kz-bad') && $m('.kz-mines-stats').textContent);
		const row = mz().querySelector('.kz-mines-history tbody tr');
		return {clicks, stats: $m('.kz-mines-stats').textContent, row: row && row.querySelector('[data-label="Clicks"]').textContent};
	})()`)
	want := int(got["clicks"].(float64))
	if s := got["stats"].(string); !strings.HasSuffix(s, " · "+strconv.Itoa(want)+" clicks") || got["row"] != strconv.Itoa(want) {
		t.Errorf("every click should count, %d in all: %v", want, got)
	}
}

// F on an open number did nothing and said nothing: a screen reader
// user heard no reply and could not tell a key missed from a move
// refused. F on an open square, Enter on a flag and Enter on an empty
// square now say why nothing happened.
func TestMinesKeysThatDoNothingSayWhy(t *testing.T) {
	ctx := minesPage(t, "mines-keys-say-why.html", "play")
	eval[bool](t, ctx, minesActiveJS)
	got := eval[map[string]any](t, ctx, `(async () => {
		const said = () => mz().querySelector('.kz-said').textContent, out = {};
		set('#kz-mines-level', 'beginner');
		set('#kz-mines-rule', 'opening');
		set('#kz-mines-seed', '60');
		await until(() => view() === 'H'.repeat(81) && $m('.kz-mines-board-no').textContent === 'Board 60');
		cell(40).focus();
		key(cell(40), 'Enter');
		await until(() => view()[40] === '0');
		const number = view().split('').findIndex(c => c >= '1' && c <= '8'), hidden = view().indexOf('H');
		const press = async (name, i, k) => {
			const s = said();
			cell(i).focus();
			key(cell(i), k);
			await until(() => said() !== s, 5000).catch(() => {});
			out[name] = said();
		};
		await press('flagNumber', number, 'f');
		key(cell(hidden), 'f');
		await until(() => view()[hidden] === 'F');
		await press('openFlag', hidden, 'Enter');
		await press('openEmpty', 40, 'Enter');
		out.number = number; out.hidden = hidden;
		return out;
	})()`)
	t.Logf("%v", got)
	for name, want := range map[string]string{"flagNumber": "Only hidden squares take a flag: row ", "openFlag": "A flag keeps row ", "openEmpty": "Nothing to open at row 5, column 5"} {
		if s, _ := got[name].(string); !strings.HasPrefix(s, want) {
			t.Errorf("%s: the live line should say why nothing happened (%q…): %q", name, want, s)
		}
	}
}

// On a board larger than its box (100×100), Auto-play's moves soon left
// the view and the box stayed where it was: the reader watched a still
// corner. The box now follows the last move while Auto-play runs, until
// the reader scrolls it themselves; then it stays where they put it.
func TestMinesAutoPlayFollowsItsMovesOnABigBoard(t *testing.T) {
	ctx := minesPageIn(t, "mines-auto-follows.html", "en")
	got := eval[map[string]any](t, ctx, `(async () => {
		$m('.kz-settings').open = true;
		set('#kz-mines-level', 'custom');
		set('#kz-mines-width', '100');
		set('#kz-mines-height', '100');
		set('#kz-mines-count', '800');
		set('#kz-mines-seed', '5');
		set('#kz-mines-pace', '60');
		await until(() => view() === 'H'.repeat(10000) && $m('.kz-mines-board-no').textContent === 'Board 5');
		$m('.kz-settings').open = false;
		const box = panel().querySelector('.kz-mines-scroll'), auto = $m('.kz-mines-auto');
		box.scrollIntoView({block: 'start'});
		box.scrollTo(0, 0);
		const over = () => /kz-(win|bad)/.test($m('.kz-mines-status').className);
		const last = () => { const c = panel().querySelector('.kz-mines-last'); return c ? +c.dataset.i : -1; };
		const moves = async n => {
			const seen = new Set();
			await until(() => { seen.add(last()); return seen.size > n || over(); }, 120000);
		};
		const pause = async () => {
			if (auto.getAttribute('aria-pressed') === 'true') auto.click();
			await until(() => auto.getAttribute('aria-pressed') !== 'true');
		};
		const inView = i => {
			const c = cell(i).getBoundingClientRect(), b = box.getBoundingClientRect();
			return c.left >= b.left && c.right <= b.right && c.top >= b.top && c.bottom <= b.bottom;
		};
		const out = {bigger: box.scrollWidth > box.clientWidth && box.scrollHeight > box.clientHeight};
		auto.click();
		await moves(12);
		await pause();
		out.last = last();
		out.followed = inView(out.last);
		out.over = over();
		if (!out.over) {
			// Auto-play again; the reader scrolls the box to the far corner,
			// away from its moves.
			auto.click();
			await moves(2);
			box.scrollTo(box.scrollWidth, box.scrollHeight);
			const corner = [box.scrollLeft, box.scrollTop];
			await moves(8);
			await pause();
			out.kept = box.scrollLeft === corner[0] && box.scrollTop === corner[1];
			out.last2 = last();
		}
		return out;
	})()`)
	t.Logf("%v", got)
	if got["bigger"] != true {
		t.Fatalf("the board should be larger than its box: %v", got)
	}
	if got["followed"] != true {
		t.Errorf("Auto-play's last move should be in the box's view: %v", got)
	}
	if got["over"] == true {
		t.Fatalf("the game should go on long enough to scroll away from Auto-play: %v", got)
	}
	if got["kept"] != true {
		t.Errorf("the box the reader scrolled should stay where they put it: %v", got)
	}
}
