//go:build e2e

package e2e

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"kibitz/engine/mines"
)

// Minesweeper's hint and Auto-play as a player who wants to learn from
// them: every claim the hint makes holds for the position, in every
// language, and the hint stays on screen as long as its position does.

// minesLang switches the widget's language with its menu and waits for
// the widget built again in that language.
func minesLang(t *testing.T, ctx context.Context, lang string) {
	t.Helper()
	eval[bool](t, ctx, `(async () => {
		const s = $m('#kz-lang');
		s.value = '`+lang+`';
		s.dispatchEvent(new Event('change', {bubbles: true, composed: true}));
		await until(() => $m('.kz') && $m('.kz').getAttribute('lang') === '`+lang+`' && $m('.kz-mines-auto'));
		return true;
	})()`)
}

// A hint on screen stays through a change of language, said again in the
// new one, and through a reload: it went with the widget built before,
// and the player had to ask again (the board's outline of the square and
// of the numbers that prove it went too).
func TestMinesHintOutlivesALanguageChangeAndAReload(t *testing.T) {
	ctx := minesPageIn(t, "mines-hint-lang.html", "en")
	hinted := `(async () => {
		const box = await until(() => $m('.kz-mines-play-hint') && $m('.kz-mines-hint-box'), 20000).catch(() => null);
		return {text: box ? box.querySelector('strong').textContent : '', button: box ? $m('.kz-mines-play-hint').textContent : '',
			hint: [...panel().querySelectorAll('.kz-mines-hint')].map(e => e.getAttribute('data-i')).join(' '),
			proof: panel().querySelectorAll('.kz-mines-proof').length};
	})()`
	eval[bool](t, ctx, `(async () => {
		$m('.kz-settings').open = true;
		set('#kz-mines-seed', '11');
		await until(() => $m('.kz-mines-board-no').textContent.includes('11') && view() === 'H'.repeat(81));
		fire(cell(40), 'click');
		await until(() => view()[40] !== 'H');
		$m('.kz-mines-hint-btn').click();
		return true;
	})()`)
	before := eval[map[string]any](t, ctx, hinted)
	if before["text"] != "Reveal row 2, column 3: it is certainly safe." || before["hint"] != "11" || before["proof"] == 0.0 {
		t.Fatalf("the hint on this board: %v", before)
	}
	minesLang(t, ctx, "ja")
	after := eval[map[string]any](t, ctx, hinted)
	if after["text"] != "2 行 3 列を開く：確実に安全です。" || after["button"] != "開く" || after["hint"] != "11" || after["proof"] != before["proof"] {
		t.Errorf("the hint should stay on screen in Japanese after the change of language: %v", after)
	}
	navigate(t, ctx, embedPage(t, "mines-hint-lang.html", `<div id="mines" data-kibitz="mines" data-mode="play"></div>`))
	waitWidget(t, ctx, "#mines")
	minesHelpers(t, ctx)
	reloaded := eval[map[string]any](t, ctx, hinted)
	if reloaded["hint"] != "11" || reloaded["proof"] != before["proof"] || reloaded["text"] == "" {
		t.Errorf("the hint should be on screen after a reload: %v", reloaded)
	}
}

// layoutLink is the JSMinesweeper game link of a layout drawn as rows,
// '*' a mine.
func layoutLink(rows ...string) string {
	l := &mines.Layout{Width: len(rows[0]), Height: len(rows)}
	for _, r := range rows {
		for _, c := range r {
			l.Mine = append(l.Mine, c == '*')
			if c == '*' {
				l.Mines++
			}
		}
	}
	return l.Link()
}

// playLink deals the game of a width×height layout's link in Play mode,
// with the analyser's Play this game, as a player does.
func playLink(t *testing.T, ctx context.Context, link string, width, height int) {
	t.Helper()
	eval[bool](t, ctx, `(async () => {
		$m('#kz-mines-tab-analyse').click();
		const text = await until(() => $m('#kz-mines-text'));
		text.focus();
		text.select();
		document.execCommand('insertText', false, `+jsString(link)+`);
		const play = await until(() => text.value === `+jsString(link)+` && $m('.kz-mines-link-note').textContent.includes('`+strconv.Itoa(width)+`×`+strconv.Itoa(height)+`') &&
			$m('.kz-mines-link-note button'));
		play.click();
		await until(() => $m('#kz-mines-tab-play').getAttribute('aria-selected') === 'true' && view() === 'H'.repeat(`+strconv.Itoa(width*height)+`));
		return true;
	})()`)
}

// minesHintJS clicks the squares given, asks for a hint and reads it: its
// text and what the live line said.
func minesHintJS(clicks ...int) string {
	js := `(async () => {`
	for _, c := range clicks {
		i := strconv.Itoa(c)
		js += `fire(cell(` + i + `), 'click'); await until(() => view()[` + i + `] !== 'H');`
	}
	return js + `$m('.kz-mines-hint-btn').click();
		await until(() => $m('.kz-mines-play-hint'), 20000);
		return {text: $m('.kz-mines-hint-box').textContent, said: $m('.kz-said').textContent};
	})()`
}

// A forced 50/50 met in the endgame is called so: the hint gave the
// endgame search's sentence and its chance to win, 50%, and never said
// that the two squares left can never be told apart (the README's
// promise, and the endgame is where a game's forced 50/50s come); the
// screen reader hears it too. An endgame guess that is no forced 50/50
// does not say it.
func TestMinesEndgameForcedFiftyFiftyIsCalledSo(t *testing.T) {
	ctx := minesPageIn(t, "mines-hint-fifty.html", "en")
	const note = "A forced 50/50: this square is a coin toss, and no other square can tell it apart."
	// Two squares in a column, one mine, walled by the edge: the numbers
	// beside them see both alike.
	playLink(t, ctx, layoutLink(
		"*..",
		"..."), 3, 2)
	got := eval[map[string]any](t, ctx, minesHintJS(2))
	text, said := got["text"].(string), got["said"].(string)
	if !strings.Contains(text, "exact search to the end of the game") {
		t.Fatalf("the hint should come from the endgame search: %q", text)
	}
	if !strings.Contains(text, note) || !strings.Contains(said, note) {
		t.Errorf("the endgame's forced 50/50 should be called so, on screen and to a screen reader:\n%s\nsaid: %s", text, said)
	}
	// The untouched board of a game from a link: an endgame guess at 25%.
	playLink(t, ctx, layoutLink(
		"*.*.",
		"....",
		"*..."), 4, 3)
	got = eval[map[string]any](t, ctx, minesHintJS())
	if text := got["text"].(string); !strings.Contains(text, "exact search to the end of the game") || strings.Contains(text, "forced 50/50") {
		t.Errorf("an endgame guess that is no forced 50/50: %q", text)
	}
}

// On a board with no room for an opening (3×3 with 7 mines: the status
// says only the first square clicked is kept safe), the first click's
// hint does not promise one: it said "the first click is safe (opens an
// area), and this square is the likeliest to open an area", and the
// square it named showed a 7. It says the square will show a number, and
// it does; a board with room keeps the usual sentence.
func TestMinesFirstClickHintWithNoRoomForAnOpening(t *testing.T) {
	ctx := minesPageIn(t, "mines-hint-no-room.html", "en")
	got := eval[map[string]any](t, ctx, `(async () => {
		const out = {};
		$m('.kz-settings').open = true;
		const hint = async () => {
			$m('.kz-mines-hint-btn').click();
			return (await until(() => $m('.kz-mines-play-hint') && $m('.kz-mines-hint-box strong'), 20000)).textContent;
		};
		await until(() => view() === 'H'.repeat(81));
		out.beginner = await hint();
		set('#kz-mines-level', 'custom');
		set('#kz-mines-width', '3');
		set('#kz-mines-height', '3');
		set('#kz-mines-count', '7');
		await until(() => panel().querySelectorAll('.kz-mines-cell').length === 9 && view() === 'H'.repeat(9));
		out.status = $m('.kz-mines-status').textContent;
		out.noRoom = await hint();
		$m('.kz-mines-play-hint').click();
		await until(() => view() !== 'H'.repeat(9));
		out.shown = view()[0];
		return out;
	})()`)
	// Under the opening rule every first click opens an area: the square
	// is named for where an opening wins most, not as "the likeliest to
	// open an area" (it said so under every rule).
	if b := got["beginner"].(string); !strings.Contains(b, "the first click opens an area wherever it is, and an opening a few squares in from a corner wins most often") {
		t.Errorf("the first click on a beginner board: %q", b)
	}
	if !strings.Contains(got["status"].(string), "there is no room for an opening") {
		t.Fatalf("3×3 with 7 mines should have no room for an opening: %v", got)
	}
	want := "Start at row 1, column 1: the first square you click is never a mine. With 7 mines there is no room for an opening around it, so it will show a number."
	if got["noRoom"] != want {
		t.Errorf("the first click's hint with no room for an opening:\n%q\nwant\n%q", got["noRoom"], want)
	}
	if s, _ := got["shown"].(string); s < "1" || s > "8" {
		t.Errorf("the square the hint named should show a number: %v", got)
	}
}

// In Japanese the list of the safest squares under a guess was headed
// 安全なマス (safe squares), over squares with an 88% chance of a mine:
// it is headed by what the list is, the squares least likely to hold a
// mine, as English and Chinese say it.
func TestMinesJapaneseHintListsTheSafestSquaresAsSuch(t *testing.T) {
	ctx := minesPageIn(t, "mines-hint-ja-alts.html", "ja")
	got := eval[map[string]any](t, ctx, `(async () => {
		$m('.kz-settings').open = true;
		set('#kz-mines-level', 'custom');
		set('#kz-mines-width', '3');
		set('#kz-mines-height', '3');
		set('#kz-mines-count', '7');
		await until(() => panel().querySelectorAll('.kz-mines-cell').length === 9 && view() === 'H'.repeat(9));
		fire(cell(4), 'click');
		await until(() => view()[4] !== 'H');
		$m('.kz-mines-hint-btn').click();
		const list = await until(() => $m('.kz-mines-hint-box .kz-mines-alts'), 20000);
		return {heading: list.previousElementSibling.textContent, first: list.firstElementChild.textContent};
	})()`)
	if first, _ := got["first"].(string); !strings.HasSuffix(first, "列：88\u2060%") || got["heading"] != "地雷の確率が低いマス：" {
		t.Errorf("the list of the safest squares, at 88%%, in Japanese: %v", got)
	}
}

// Hint on a board whose flags cannot all be right shows why there is no
// hint, under the buttons, and a screen reader hears it: the box is no
// live region, and the live line kept saying the last flag placed, so
// Hint seemed to do nothing.
func TestMinesHintErrorIsSaid(t *testing.T) {
	ctx := minesPageIn(t, "mines-hint-error.html", "en")
	got := eval[map[string]any](t, ctx, `(async () => {
		$m('.kz-settings').open = true;
		set('#kz-mines-seed', '11');
		await until(() => $m('.kz-mines-board-no').textContent.includes('11') && view() === 'H'.repeat(81));
		fire(cell(40), 'click');
		await until(() => view()[40] !== 'H');
		// Four flags on the top row, one too many for the numbers.
		for (const i of [0, 1, 2, 3]) {
			fire(cell(i), 'contextmenu');
			await until(() => view()[i] === 'F');
		}
		await until(() => /Flagged row 1, column 4/.test($m('.kz-said').textContent));
		$m('.kz-mines-hint-btn').click();
		const box = await until(() => $m('.kz-mines-hint-box.kz-bad') && $m('.kz-mines-hint-box').textContent && $m('.kz-mines-hint-box'), 20000);
		await until(() => $m('.kz-said').textContent === box.textContent, 20000).catch(() => {});
		return {shown: box.textContent, said: $m('.kz-said').textContent};
	})()`)
	shown := got["shown"].(string)
	if !strings.Contains(shown, "flags") {
		t.Fatalf("the hint should say the flags cannot all be right: %v", got)
	}
	if got["said"] != shown {
		t.Errorf("a screen reader should hear why there is no hint: %v", got)
	}
}

// The hint kept for a reload is not asked for, nor said, while the
// analyser is on show (the analyser says its own best move): it comes
// when Play is shown again.
func TestMinesKeptHintWaitsForPlay(t *testing.T) {
	ctx := minesPageIn(t, "mines-hint-kept.html", "en")
	eval[bool](t, ctx, `(async () => {
		$m('.kz-settings').open = true;
		set('#kz-mines-seed', '11');
		await until(() => $m('.kz-mines-board-no').textContent.includes('11') && view() === 'H'.repeat(81));
		fire(cell(40), 'click');
		await until(() => view()[40] !== 'H');
		$m('.kz-mines-hint-btn').click();
		await until(() => $m('.kz-mines-play-hint'), 20000);
		$m('#kz-mines-tab-analyse').click();
		await until(() => $m('#kz-mines-tab-analyse').getAttribute('aria-selected') === 'true');
		return true;
	})()`)
	navigate(t, ctx, embedPage(t, "mines-hint-kept.html", `<div id="mines" data-kibitz="mines" data-lang="en"></div>`))
	waitWidget(t, ctx, "#mines")
	minesHelpers(t, ctx)
	got := eval[map[string]any](t, ctx, `(async () => {
		const out = {};
		await until(() => $m('#kz-mines-tab-analyse').getAttribute('aria-selected') === 'true' && $m('.kz-mines-result h3'), 20000);
		await new Promise(r => setTimeout(r, 1000)); // a hint asked at the start would have come by now
		out.said = mz().querySelector('.kz-said').textContent;
		out.box = $m('.kz-mines-hint-box').textContent;
		$m('#kz-mines-tab-play').click();
		const hint = await until(() => $m('.kz-mines-play-hint') && $m('.kz-mines-hint-box strong'), 20000).catch(() => null);
		out.hint = hint ? hint.textContent : '';
		return out;
	})()`)
	if got["said"] == got["hint"] || got["box"] != "" || got["hint"] != "Reveal row 2, column 3: it is certainly safe." {
		t.Errorf("the hint kept should come when Play is shown, not be said over the analyser: %v", got)
	}
}
