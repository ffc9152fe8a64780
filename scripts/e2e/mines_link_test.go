//go:build e2e

package e2e

import (
	"strconv"
	"strings"
	"testing"

	"kibitz/engine/mines"
)

// JSMinesweeper links pasted into the analyser: an analysis= link shows
// its position's probabilities at once (the engine's own, as for the same
// .mine text) and can be copied back; a broken link is named in place with
// the text kept; a b= and m= link is a game, played on exactly its layout.
func TestMinesLink(t *testing.T) {
	ctx := minesPage(t, "mines-link.html", "analyse")
	// A flag JSMinesweeper takes off its numbers (the 3 and 2 beside it).
	const board = "9x9x10\nHHHHHHHHH\nHHHHHHHHF\nHHHHHHH32\nHHHHH2110\nHHHH21000\nHHHH10000\nHH3210000\nHH1000000\nHH1000000\n"
	b, err := mines.Parse(board)
	if err != nil {
		t.Fatal(err)
	}
	link, err := b.Link()
	if err != nil {
		t.Fatal(err)
	}
	got := eval[map[string]any](t, ctx, `(async () => {
		const board = `+jsString(board)+`, link = `+jsString(link)+`;
		const text = $m('#kz-mines-text');
		text.value = 'Look: ' + link + '&utm=x \n';
		text.dispatchEvent(new Event('input', {bubbles: true, composed: true}));
		await until(() => text.value === board && !$m('.kz-mines-result').classList.contains('kz-stale') && $m('.kz-mines-result h3'));
		const engine = await Kibitz.createEngine();
		const r = await engine.call('mines.analyze', {board});
		const byLink = await engine.call('mines.analyze', {link});
		const pct = p => p <= 0 ? '0' : p >= 1 ? '100' : p < 0.01 ? '<1' : p > 0.99 ? '>99' : String(Math.round(p * 100));
		const wrong = [];
		let hidden = 0;
		for (let y = 0; y < 9; y++) for (let x = 0; x < 9; x++) {
			const c = cell(y * 9 + x), p = r.prob[y][x];
			const shown = c.getAttribute('data-p');
			if (byLink.prob[y][x] !== p) wrong.push([x, y, p, 'by link', byLink.prob[y][x]]);
			if (p === null) { if (shown !== null) wrong.push([x, y, 'revealed', shown]); continue; }
			if (view()[y * 9 + x] === 'F') continue; // a flag is a known mine, shown as a flag
			hidden++;
			if (shown !== pct(p)) wrong.push([x, y, p, shown]);
		}
		const copy = $m('.kz-mines-copy-link');
		return {wrong, hidden, view: view(), linkBoard: byLink.board, note: $m('.kz-mines-link-note').textContent,
			error: $m('#kz-mines-text-error').textContent, copy: copy.dataset.copy, copyLabel: copy.textContent,
			result: $m('.kz-mines-result').textContent, solutions: BigInt(r.solutions).toLocaleString('en-US')};
	})()`)
	want := strings.ReplaceAll(strings.Join(strings.Split(board, "\n")[1:], ""), "\n", "")
	if w := got["wrong"].([]any); len(w) > 0 || got["hidden"].(float64) != 43 || got["view"] != want {
		t.Fatalf("the link's probabilities differ from the engine's on its board: %v", got)
	}
	if got["linkBoard"] != board || got["error"] != "" || !containsAll(got["note"].(string), "held a position", "9×9", "10 mines") {
		t.Fatalf("what the link held: %v", got)
	}
	if got["copy"] != link || got["copyLabel"] != "Copy JSMinesweeper link" || !containsAll(got["result"].(string), got["solutions"].(string)+" arrangements") {
		t.Fatalf("the copy button and the result: %v", got)
	}
	// Copy JSMinesweeper link: on the clipboard, or in a field to copy
	// from where the clipboard is closed.
	copied := eval[string](t, ctx, `(async () => {
		$m('.kz-mines-copy-link').click();
		return await until(() => { const f = $m('.kz-copy-field'); return f ? f.value : ($m('.kz-mines-copy-link').textContent === 'Copied' && 'Copied'); });
	})()`)
	if copied != link && copied != "Copied" {
		t.Fatalf("copying the link: %q", copied)
	}

	// A broken link: the error in place, with the character at fault; the
	// text stays as pasted and the board as it was.
	broken := link[:len(link)-20] + "~" + link[len(link)-19:]
	bad := eval[map[string]any](t, ctx, `(async () => {
		const text = $m('#kz-mines-text'), broken = `+jsString(broken)+`;
		text.value = broken;
		text.dispatchEvent(new Event('change', {bubbles: true, composed: true}));
		const error = await until(() => $m('#kz-mines-text-error').textContent);
		return {error, kept: text.value === broken, view: view()};
	})()`)
	col := strings.IndexByte(broken, '~') + 1
	if !containsAll(bad["error"].(string), "character "+strconv.Itoa(col)+" (analysis=)", "“~”", "cannot appear") || bad["kept"] != true || bad["view"] != want {
		t.Fatalf("a broken link: %v", bad)
	}
	short := eval[map[string]any](t, ctx, `(async () => {
		const text = $m('#kz-mines-text'), cut = `+jsString(link[:len(link)-6])+`;
		text.value = cut;
		text.dispatchEvent(new Event('change', {bubbles: true, composed: true}));
		const error = await until(() => $m('#kz-mines-text-error').textContent.includes('cut short') && $m('#kz-mines-text-error').textContent);
		return {error, kept: text.value === cut};
	})()`)
	if short["kept"] != true {
		t.Fatalf("a link cut short: %v", short)
	}

	// A b= and m= link: expert with its 99 mines in the first 99 cells
	// (19 digits of 11111, then 11110). The analyser says what it holds and
	// offers to play it; the game is that layout.
	game := "https://llamasweeper.com/#/game/zini-explorer?b=3&m=" + strings.Repeat("v", 19) + "u"
	offer := eval[map[string]any](t, ctx, `(async () => {
		const text = $m('#kz-mines-text'), game = `+jsString(game)+`;
		text.value = game;
		text.dispatchEvent(new Event('change', {bubbles: true, composed: true}));
		const play = await until(() => $m('.kz-mines-link-note button'));
		return {note: $m('.kz-mines-link-note').textContent, kept: text.value === game, error: $m('#kz-mines-text-error').textContent, button: play.textContent};
	})()`)
	if !containsAll(offer["note"].(string), "holds a game", "30×16", "99 mines") || offer["kept"] != true || offer["error"] != "" || offer["button"] != "Play this game" {
		t.Fatalf("the offer of a game: %v", offer)
	}
	played := eval[map[string]any](t, ctx, `(async () => {
		const start = async () => {
			$m('#kz-mines-tab-analyse').click();
			$m('.kz-mines-link-note button').click();
			await until(() => $m('#kz-mines-tab-play').getAttribute('aria-selected') === 'true' && view() === 'H'.repeat(480) && !$m('.kz-mines-status').classList.contains('kz-win'));
		};
		await start();
		const rows = panel().querySelectorAll('.kz-mines-row');
		const before = {counter: $m('.kz-mines-counter').textContent, status: $m('.kz-mines-status').textContent,
			rows: rows.length, cols: rows[0].querySelectorAll('.kz-mines-cell').length};
		fire(cell(479), 'click'); // the bottom right, far from the mines: it opens every safe cell
		await until(() => $m('.kz-mines-status').classList.contains('kz-win'));
		const won = view();
		await start(); // the same layout again
		fire(cell(0), 'click'); // the first cell is a mine of the layout: no first-click protection
		await until(() => $m('.kz-mines-status').classList.contains('kz-bad'));
		return {before, won, lost: view()};
	})()`)
	before := played["before"].(map[string]any)
	if before["counter"] != "99" || before["rows"].(float64) != 16 || before["cols"].(float64) != 30 ||
		!containsAll(before["status"].(string), "30×16", "99 mines", "JSMinesweeper link") {
		t.Fatalf("the game from the link: %v", before)
	}
	if won := played["won"].(string); won[:99] != strings.Repeat("F", 99) || strings.ContainsAny(won[99:], "HF*") {
		t.Fatalf("revealing far from the layout's mines wins: %q", won)
	}
	if lost := played["lost"].(string); lost[0] != 'X' || lost[1:99] != strings.Repeat("*", 98) || lost[99:] != strings.Repeat("H", 381) {
		t.Fatalf("the layout shown at the end: %q", lost)
	}
}
