//go:build e2e

package e2e

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// The Minesweeper widget as a finished product (issue 16): the board fits
// the column it is in and zooms.

// An expert board (30×16) in a 600 px blog column fits without sideways
// scrolling, at 18 px a cell or more; the zoom buttons and Ctrl + wheel
// make it larger (it then pans) and smaller; a wider column gets larger
// cells, up to 30 px, and a narrower one keeps 18 px cells and pans, with
// its edges faded where the board goes on (it showed no sign of it).
func TestMinesBoardFitsItsColumn(t *testing.T) {
	ctx := tab(t)
	navigate(t, ctx, embedPage(t, "mines-column.html", `<div id="col" style="width: 600px"><div id="mines" data-kibitz="mines" data-lang="en" data-mode="play" data-preset="expert"></div></div>`))
	waitWidget(t, ctx, "#mines")
	minesHelpers(t, ctx)
	got := eval[map[string]any](t, ctx, `(async () => {
		const scroll = () => panel().querySelector('.kz-mines-scroll'), size = () => cell(0).offsetWidth;
		const fits = () => scroll().scrollWidth <= scroll().clientWidth;
		await until(() => panel().querySelectorAll('.kz-mines-cell').length === 480 && fits());
		const out = {fit: size(), fits: fits(), gridRight: panel().querySelector('.kz-mines-grid').getBoundingClientRect().right <= scroll().getBoundingClientRect().right};
		const fit = size();
		panel().querySelector('.kz-mines-zoom [data-by="1"]').click();
		await until(() => size() > fit);
		out.zoomedIn = size(); out.pans = scroll().scrollWidth > scroll().clientWidth;
		panel().querySelector('.kz-mines-zoom [data-by="-1"]').click();
		await until(() => size() === fit);
		panel().querySelector('.kz-mines-zoom [data-by="-1"]').click();
		await until(() => size() < fit);
		out.zoomedOut = size();
		const wheel = new WheelEvent('wheel', {deltaY: -100, ctrlKey: true, bubbles: true, cancelable: true, composed: true});
		cell(5).dispatchEvent(wheel);
		await until(() => size() === fit);
		out.wheelPrevented = wheel.defaultPrevented;
		document.getElementById('col').style.width = '1100px';
		await until(() => size() === 30);
		document.getElementById('col').style.width = '400px';
		await until(() => size() === 18);
		out.narrowPans = scroll().scrollWidth > scroll().clientWidth;
		// Where the board goes on, that edge fades, and lets taps through.
		const frame = scroll().parentElement, fade = () => getComputedStyle(frame, '::after').backgroundImage;
		await until(() => frame.dataset.more === 'right');
		out.narrowMore = frame.dataset.more; out.narrowFade = fade();
		const r = scroll().getBoundingClientRect();
		out.tapThrough = mz().elementFromPoint(r.right - 8, r.top + 20)?.classList.contains('kz-mines-cell');
		scroll().scrollLeft = scroll().scrollWidth;
		await until(() => frame.dataset.more === 'left');
		out.endMore = frame.dataset.more;
		// A square the focus moves to stays clear of the fade.
		scroll().scrollLeft = 0;
		await until(() => frame.dataset.more === 'right');
		const edge = scroll().getBoundingClientRect().right;
		let x = 0;
		while (cell(x + 1).getBoundingClientRect().right < edge - 30) x++;
		cell(x).focus();
		for (let k = 0; k < 3; k++) {
			const at = mz().activeElement;
			at.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight', bubbles: true, composed: true, cancelable: true}));
			await until(() => mz().activeElement !== at);
			await new Promise(r => requestAnimationFrame(r));
		}
		out.focusClear = Math.round(edge - mz().activeElement.getBoundingClientRect().right);
		document.getElementById('col').style.width = '1100px';
		await until(() => size() === 30 && frame.dataset.more === '');
		out.wideFade = fade();
		return out;
	})()`)
	t.Logf("%v", got)
	if fit := got["fit"].(float64); fit < 18 || got["fits"] != true || got["gridRight"] != true {
		t.Errorf("in a 600 px column the expert board should fit at 18 px a cell or more: %v", got)
	}
	if got["pans"] != true || got["zoomedOut"].(float64) >= got["fit"].(float64) || got["wheelPrevented"] != true {
		t.Errorf("zooming: %v", got)
	}
	if got["narrowPans"] != true {
		t.Errorf("a 400 px column should keep 18 px cells and pan: %v", got)
	}
	if got["narrowMore"] != "right" || !strings.Contains(got["narrowFade"].(string), "gradient") || got["tapThrough"] != true ||
		got["endMore"] != "left" || strings.Contains(got["wideFade"].(string), "gradient") || got["focusClear"].(float64) < 24 {
		t.Errorf("a board that pans should fade the edges where it goes on (and only then), and let taps through: %v", got)
	}
}

// The small defects of issue 16, each as the reader meets it: the readout
// says what to do until the first click, then follows the cell it
// describes when it opens; a level change on a board
// not yet clicked deals at once; the New-game question puts the focus on
// Keep and Escape closes it; a custom size that is out of range is said
// once, with its field marked; an opening that cannot hold is said; a game
// Auto-play wins says so; big counts use a raised power; Japanese
// sentences join with no space after 。.
func TestMinesSmallDefects(t *testing.T) {
	ctx := minesPage(t, "mines-defects.html", "play")
	got := eval[map[string]any](t, ctx, `(async () => {
		const set = (sel, v) => { const e = $m(sel); e.value = v; e.dispatchEvent(new Event('change', {bubbles: true, composed: true})); };
		const status = () => $m('.kz-mines-status').textContent, out = {};
		set('#kz-mines-level', 'beginner');
		set('#kz-mines-rule', 'opening');
		set('#kz-mines-seed', '60');
		await until(() => view() === 'H'.repeat(81) && $m('.kz-mines-readout').textContent.includes('Click any square'));
		// The readout, before and after the cell under the pointer opens.
		fire(cell(40), 'mouseover');
		out.readoutBefore = $m('.kz-mines-readout').textContent;
		fire(cell(40), 'click');
		await until(() => view()[40] === '0');
		out.readoutAfter = $m('.kz-mines-readout').textContent;
		// New game on a started game asks; the focus is on Keep; Escape closes.
		$m('[data-on-click="mines.new"]').click();
		await until(() => !$m('.kz-confirm').hidden);
		out.focused = mz().activeElement && mz().activeElement.getAttribute('data-on-click');
		mz().activeElement.dispatchEvent(new KeyboardEvent('keydown', {key: 'Escape', bubbles: true, composed: true, cancelable: true}));
		await until(() => $m('.kz-confirm').hidden);
		out.refocused = mz().activeElement && mz().activeElement.getAttribute('data-on-click');
		out.kept = view()[40] === '0';
		// A level change on a board not yet clicked applies at once.
		$m('[data-on-click="mines.new"]').click();
		await until(() => !$m('.kz-confirm').hidden);
		$m('[data-on-click="mines.discard"]').click();
		await until(() => view() === 'H'.repeat(81));
		set('#kz-mines-seed', '');
		set('#kz-mines-level', 'intermediate');
		await until(() => panel().querySelectorAll('.kz-mines-cell').length === 256);
		// A custom size out of range: said once, the field marked, and
		// New game puts the focus on it.
		set('#kz-mines-level', 'custom');
		set('#kz-mines-width', '0');
		const note = $m('.kz-settings > .kz-note');
		out.note = note.textContent;
		out.widthInvalid = $m('#kz-mines-width').getAttribute('aria-invalid');
		out.heightInvalid = $m('#kz-mines-height').getAttribute('aria-invalid');
		$m('[data-on-click="mines.new"]').click();
		await until(() => mz().activeElement === $m('#kz-mines-width'));
		out.said = [...mz().querySelectorAll('*')].filter(e => e.children.length === 0 && e.textContent === note.textContent).length;
		// No whole number is as wrong as 0: it kept the last width, and
		// New game dealt a board the field did not show.
		set('#kz-mines-width', '12');
		const fine = note.textContent;
		set('#kz-mines-width', '2.5');
		out.half = {note: note.textContent, invalid: $m('#kz-mines-width').getAttribute('aria-invalid'), fine};
		// An opening with no room.
		set('#kz-mines-width', '10'); set('#kz-mines-height', '10'); set('#kz-mines-count', '99');
		out.noRoom = note.textContent;
		out.widthFixed = $m('#kz-mines-width').getAttribute('aria-invalid');
		await until(() => panel().querySelectorAll('.kz-mines-cell').length === 100);
		out.noRoomStatus = status();
		// Auto-play to the end of a beginner game from a safe first click.
		set('#kz-mines-level', 'beginner'); set('#kz-mines-rule', 'noguess'); set('#kz-mines-seed', '7'); set('#kz-mines-pace', '60');
		await until(() => view() === 'H'.repeat(81));
		$m('.kz-mines-auto').click();
		await until(() => $m('.kz-mines-status').classList.contains('kz-win') || $m('.kz-mines-status').classList.contains('kz-bad'), 60000);
		out.autoEnd = status();
		out.autoWon = $m('.kz-mines-status').classList.contains('kz-win');
		return out;
	})()`)
	t.Logf("%v", got)
	if r := got["readoutAfter"].(string); got["readoutBefore"] != "Click any square to start." || strings.Contains(r, "hidden") || !strings.Contains(r, "empty") {
		t.Errorf("the readout should follow the cell as it opens: %q then %q", got["readoutBefore"], r)
	}
	if got["focused"] != "mines.keep" || got["refocused"] != "mines.new" || got["kept"] != true {
		t.Errorf("the New-game question: focus on %v, after Escape on %v, game kept %v", got["focused"], got["refocused"], got["kept"])
	}
	if got["widthInvalid"] != "true" || got["heightInvalid"] != nil || got["said"].(float64) != 1 {
		t.Errorf("a bad width should be said once (%v times: %q) with the width marked (%v, height %v)", got["said"], got["note"], got["widthInvalid"], got["heightInvalid"])
	}
	if half := got["half"].(map[string]any); half["note"] != got["note"] || half["invalid"] != "true" || half["fine"] == got["note"] {
		t.Errorf("a width of 2.5 should be said to be wrong, as 0 is: %v (0 said %q)", half, got["note"])
	}
	if !strings.Contains(got["noRoom"].(string), "no room for an opening") || !strings.Contains(got["noRoomStatus"].(string), "no room for an opening") || got["widthFixed"] != nil {
		t.Errorf("an opening that cannot hold should be said: %q / %q", got["noRoom"], got["noRoomStatus"])
	}
	if got["autoWon"] == true && !strings.HasPrefix(got["autoEnd"].(string), "Auto-play won") {
		t.Errorf("a game Auto-play won should say so: %q", got["autoEnd"])
	}
	if got["autoWon"] != true {
		t.Errorf("a no-guess game should be won by Auto-play: %q", got["autoEnd"])
	}

	// Japanese: no space after 。 where two sentences meet.
	ja := tab(t)
	navigate(t, ja, embedPage(t, "mines-defects-ja.html", `<div id="mines" data-kibitz="mines" data-lang="ja" data-mode="play"></div>`))
	waitWidget(t, ja, "#mines")
	minesHelpers(t, ja)
	text := poll[string](t, ja, `$m('.kz-mines-status').textContent.includes('クリック') && $m('.kz-mines-status').textContent`, 30*time.Second)
	if strings.Contains(text, "。 ") || strings.Contains(text, "」 ") {
		t.Errorf("a stray space after CJK punctuation: %q", text)
	}
}

// The count of solutions on a big board is written with a raised power
// (10⁹⁰), not a caret.
func TestMinesSolutionsUseASuperscript(t *testing.T) {
	ctx := minesPage(t, "mines-sci.html", "analyse")
	board := "30x16x99\n" + strings.Repeat(strings.Repeat("H", 30)+"\n", 15) + "H1" + strings.Repeat("0", 28) + "\n"
	got := eval[string](t, ctx, `(async () => {
		const text = $m('#kz-mines-text');
		text.value = `+jsString(board)+`;
		text.dispatchEvent(new Event('change', {bubbles: true, composed: true}));
		await until(() => $m('.kz-mines-result') && !$m('.kz-mines-result').classList.contains('kz-stale') && $m('.kz-mines-result').textContent.includes('× 10'));
		return $m('.kz-mines-result').textContent;
	})()`)
	if strings.Contains(got, "^") || !regexp.MustCompile(`× 10[⁰¹²³⁴⁵⁶⁷⁸⁹]+`).MatchString(got) {
		t.Errorf("the count of solutions should read 10 with a raised power: %q", got)
	}
}

// A game link typed into the analyser, then "Play this game" pressed with
// the mouse: one click plays it. (The press takes the focus from the text
// box, whose change event used to rebuild the note and its button under
// the pointer, so the click fell on nothing.)
func TestMinesPlayLinkInOneClick(t *testing.T) {
	ctx := minesPage(t, "mines-one-click.html", "analyse")
	game := "https://llamasweeper.com/#/game/zini-explorer?b=3&m=" + strings.Repeat("v", 19) + "u"
	at := eval[map[string]any](t, ctx, `(async () => {
		const text = $m('#kz-mines-text');
		text.focus();
		text.select();
		document.execCommand('insertText', false, `+jsString(game)+`);
		const play = await until(() => $m('.kz-mines-link-note button'));
		const r = play.getBoundingClientRect();
		return {x: r.left + r.width / 2, y: r.top + r.height / 2, focused: mz().activeElement === text};
	})()`)
	if at["focused"] != true {
		t.Fatalf("the text box should still have the focus: %v", at)
	}
	x, y := at["x"].(float64), at["y"].(float64)
	if err := chromedp.Do(ctx, chromedp.MouseClickXY(x, y, chromedp.ButtonType(input.MouseButtonLeft))); err != nil {
		t.Fatal(err)
	}
	poll[bool](t, ctx, `$m('#kz-mines-tab-play').getAttribute('aria-selected') === 'true' && view() === 'H'.repeat(480)`, 30*time.Second)
}

// The analyser keeps what the reader enters: text with a mistake, and a
// game link, come back after a reload; a click on the board while the
// text has a mistake keeps the text (and offers to replace it), and the
// analysis says it is of the board, not the text; a pasted mistake puts
// the cursor on its character, and "Show where" does too.
func TestMinesAnalyserKeepsTheText(t *testing.T) {
	ctx := minesPage(t, "mines-keep-text.html", "analyse")
	const bad = "9x9x10\nHHHHHHHHH\nHHHHQHHHH\n"
	got := eval[map[string]any](t, ctx, `(async () => {
		const text = $m('#kz-mines-text'), bad = `+jsString(bad)+`, out = {};
		await until(() => $m('.kz-mines-result h3'));
		const board = view();
		text.focus();
		text.value = bad;
		text.setSelectionRange(0, 0);
		text.dispatchEvent(new InputEvent('input', {bubbles: true, composed: true, inputType: 'insertFromPaste'}));
		out.error = await until(() => $m('#kz-mines-text-error').textContent);
		out.cursor = [text.selectionStart, text.selectionEnd];
		out.focused = mz().activeElement === text;
		out.staleShown = !$m('.kz-mines-stale-note').hidden;
		// A click on the board: the board changes, the text stays.
		fire(cell(0), 'click');
		await until(() => view() !== board);
		out.textKept = text.value === bad;
		out.differs = !$m('.kz-mines-text-differs').hidden;
		// Show where, from elsewhere.
		text.setSelectionRange(0, 0);
		cell(0).focus();
		$m('.kz-mines-goto').click();
		out.cursorAgain = [text.selectionStart, text.selectionEnd];
		return out;
	})()`)
	t.Logf("%v", got)
	want := strings.Index(bad, "Q")
	if c := got["cursor"].([]any); c[0].(float64) != float64(want) || c[1].(float64) != float64(want+1) || got["focused"] != true {
		t.Errorf("a pasted mistake should put the cursor on %d: %v", want, got)
	}
	if c := got["cursorAgain"].([]any); c[0].(float64) != float64(want) {
		t.Errorf("Show where should put the cursor on %d: %v", want, got)
	}
	if got["textKept"] != true || got["differs"] != true || got["staleShown"] != true || !strings.Contains(got["error"].(string), "Q") {
		t.Errorf("a click on the board should keep the typed text and say the analysis is the board's: %v", got)
	}

	// After a reload: the text with its mistake, and the error.
	navigate(t, ctx, embedPage(t, "mines-keep-text.html", `<div id="mines" data-kibitz="mines" data-lang="en" data-mode="analyse"></div>`))
	waitWidget(t, ctx, "#mines")
	minesHelpers(t, ctx)
	reloaded := eval[map[string]any](t, ctx, `(async () => {
		const text = $m('#kz-mines-text');
		await until(() => $m('#kz-mines-text-error').textContent);
		const out = {kept: text.value === `+jsString(bad)+`, error: $m('#kz-mines-text-error').textContent};
		// The board button puts the board in the box.
		$m('[data-on-click="mines.an-write"]').click();
		await until(() => text.value.startsWith('9x9x10') && !$m('#kz-mines-text-error').textContent);
		out.written = $m('.kz-mines-text-differs').hidden && $m('.kz-mines-stale-note').hidden;
		// A game link, kept too.
		text.value = 'https://llamasweeper.com/#/game/zini-explorer?b=1&m=' + 'v'.repeat(2);
		text.dispatchEvent(new Event('input', {bubbles: true, composed: true}));
		text.dispatchEvent(new Event('change', {bubbles: true, composed: true}));
		await until(() => $m('.kz-mines-link-note button'));
		return out;
	})()`)
	if reloaded["kept"] != true || reloaded["written"] != true {
		t.Errorf("after a reload: %v", reloaded)
	}
	navigate(t, ctx, embedPage(t, "mines-keep-text.html", `<div id="mines" data-kibitz="mines" data-lang="en" data-mode="analyse"></div>`))
	waitWidget(t, ctx, "#mines")
	minesHelpers(t, ctx)
	link := poll[string](t, ctx, `$m('.kz-mines-link-note button') && $m('#kz-mines-text').value`, 30*time.Second)
	if !strings.HasPrefix(link, "https://llamasweeper.com/") {
		t.Errorf("a game link should come back after a reload, offered to play: %q", link)
	}
}

// The hint is honest and explains itself. In the analyser: a safe square
// proved by a 1-2-1 names and marks the three numbers; a dead 50/50 is
// called a forced 50/50. In a game: the table of guesses shows the chance
// of surviving two moves as a probability (never above the chance of
// surviving the guess) and the score apart, as a plain number; no
// percentage breaks across lines, in Japanese at 1280 px; in a narrow
// column the table stacks; Auto-play labels its guesses with their risk.
func TestMinesHintIsHonest(t *testing.T) {
	ctx := minesPage(t, "mines-honest.html", "analyse")
	an := eval[map[string]any](t, ctx, `(async () => {
		const text = $m('#kz-mines-text'), out = {};
		const show = async board => {
			text.value = board;
			text.dispatchEvent(new Event('change', {bubbles: true, composed: true}));
			await until(() => $m('.kz-mines-result h3') && !$m('.kz-mines-result').classList.contains('kz-stale') && panel().querySelectorAll('.kz-mines-cell').length === board.split('\n')[0].split('x').slice(0, 2).reduce((a, b) => a * b, 1));
		};
		await show('3x2x2\nHHH\n121\n');
		out.proved = [...panel().querySelectorAll('.kz-mines-proof')].map(c => +c.dataset.i);
		out.proofNote = $m('.kz-mines-proof-note') && $m('.kz-mines-proof-note').textContent;
		await show('3x1x1\nH1H\n');
		out.forced = $m('.kz-mines-forced') && $m('.kz-mines-forced').textContent;
		out.provedAfter = panel().querySelectorAll('.kz-mines-proof').length;
		return out;
	})()`)
	t.Logf("%v", an)
	if p := an["proved"].([]any); len(p) != 3 || p[0].(float64) != 3 || !strings.Contains(an["proofNote"].(string), "taken together") {
		t.Errorf("the 1-2-1 should mark and name its three numbers: %v", an)
	}
	if f, _ := an["forced"].(string); !strings.Contains(f, "forced 50/50") || an["provedAfter"].(float64) != 0 {
		t.Errorf("a dead 50/50 should be called forced: %v", an)
	}

	// A game, in Japanese, played by the hints until one is a guess.
	ja := tab(t)
	navigate(t, ja, embedPage(t, "mines-honest-ja.html", `<div id="col" style="width: 1240px"><div id="mines" data-kibitz="mines" data-lang="ja" data-mode="play"></div></div>`))
	waitWidget(t, ja, "#mines")
	minesHelpers(t, ja)
	got := eval[map[string]any](t, ja, `(async () => {
		const set = (sel, v) => { const e = $m(sel); e.value = v; e.dispatchEvent(new Event('change', {bubbles: true, composed: true})); };
		set('#kz-mines-level', 'beginner'); set('#kz-mines-rule', 'opening'); set('#kz-mines-seed', '60');
		await until(() => view() === 'H'.repeat(81) && $m('.kz-mines-status').textContent.includes('クリック'));
		fire(cell(40), 'click');
		await until(() => view()[40] === '0');
		const out = {};
		for (let step = 0; step < 80 && !$m('.kz-mines-reveals'); step++) {
			const before = view();
			$m('.kz-mines-hint-btn').click();
			const play = await until(() => $m('.kz-mines-play-hint'));
			if ($m('.kz-mines-proof-note')) out.proofSeen = panel().querySelectorAll('.kz-mines-proof').length;
			if ($m('.kz-mines-reveals')) break;
			play.click();
			await until(() => view() !== before && !$m('.kz-mines-play-hint'));
		}
		const table = $m('.kz-mines-reveals');
		if (!table) return out;
		out.rows = [...table.querySelectorAll('tbody tr')].map(tr => [...tr.querySelectorAll('td')].map(td => td.textContent));
		out.heads = table.querySelectorAll('thead th').length;
		// Every figure on one line.
		out.broken = [...$m('.kz-mines-hint-box').querySelectorAll('.kz-mines-show, .kz-mines-alts li')].filter(e => {
			const r = document.createRange(); r.selectNodeContents(e);
			const lines = new Set([...r.getClientRects()].map(q => Math.round(q.top)));
			return e.classList.contains('kz-mines-show') && lines.size > 1;
		}).map(e => e.textContent);
		out.percents = ($m('.kz-mines-hint-box').textContent.match(/\d+\s+%/g) || []);
		out.stray = ($m('.kz-mines-hint-box').textContent.match(/[。、」）：] /g) || []);
		// Narrow: the table stacks.
		document.getElementById('col').style.width = '360px';
		await until(() => getComputedStyle(table.querySelector('td')).display === 'grid');
		out.stacked = true;
		// Auto-play from here: its first move is this guess, labelled with its risk.
		$m('.kz-mines-auto').click();
		out.autoNote = await until(() => $m('.kz-mines-auto-note').textContent);
		out.autoGuess = $m('.kz-mines-auto-note').classList.contains('kz-mines-auto-guess');
		$m('.kz-mines-auto').click();
		return out;
	})()`)
	t.Logf("%v", got)
	rows, _ := got["rows"].([]any)
	// Five columns, six when a guess may settle a 50/50 that could form.
	if heads := got["heads"].(float64); len(rows) == 0 || heads != 5 && heads != 6 {
		t.Fatalf("a hint with a table of guesses: %v", got)
	}
	pct := func(s string) float64 {
		s = strings.NewReplacer("\u2060", "", "%", "", "<", "", ">", "").Replace(s)
		f, err := strconv.ParseFloat(s, 64)
		if err != nil {
			t.Fatalf("not a percentage: %q", s)
		}
		return f
	}
	for _, r := range rows {
		cells := r.([]any)
		mine, survive, score := pct(cells[0].(string)), pct(cells[2].(string)), cells[len(cells)-1].(string)
		if survive > 100-mine+0.5 {
			t.Errorf("survive two moves %v%% is more than surviving the guess, %v%%: %v", survive, 100-mine, cells)
		}
		if strings.Contains(score, "%") || !regexp.MustCompile(`^[01]\.\d{3}$`).MatchString(score) {
			t.Errorf("the score should stand apart, a plain number: %q", score)
		}
	}
	if b := got["broken"].([]any); len(b) > 0 || len(got["percents"].([]any)) > 0 {
		t.Errorf("figures broken across lines %v, or split from their %% sign %v", b, got["percents"])
	}
	if len(got["stray"].([]any)) > 0 {
		t.Errorf("a space after CJK punctuation in the hint: %v", got["stray"])
	}
	if n, _ := got["autoNote"].(string); got["autoGuess"] != true || !strings.Contains(n, "地雷の確率は") || !strings.Contains(n, "%") {
		t.Errorf("Auto-play's guess should be labelled with its risk: %q", n)
	}
	if got["stacked"] != true {
		t.Errorf("the table should stack in a narrow column")
	}
}

// In an endgame the hint proves the chance of winning. A game link
// played: the first click leaves 6×3 with four mines and 36 ways they can
// lie; the hint names the square the exact search picks (not called the
// lowest risk, which it need not be) and says best play wins on 23 of
// them, 64%.
func TestMinesHintShowsTheChanceToWin(t *testing.T) {
	ctx := minesPage(t, "mines-win-chance.html", "analyse")
	got := eval[map[string]any](t, ctx, `(async () => {
		const text = $m('#kz-mines-text');
		text.value = 'https://davidnhill.github.io/JSMinesweeper/index.html?b=63&m=6030';
		text.dispatchEvent(new Event('change', {bubbles: true, composed: true}));
		(await until(() => $m('.kz-mines-link-note button'))).click();
		await until(() => view() === 'H'.repeat(18));
		fire(cell(0), 'click');
		await until(() => view().startsWith('01HHHH13HHHHHHHHHH'));
		$m('.kz-mines-hint-btn').click();
		await until(() => $m('.kz-mines-play-hint'));
		const win = $m('.kz-mines-win');
		return {win: win && win.textContent, move: $m('.kz-mines-why strong').textContent,
			hinted: +panel().querySelector('.kz-mines-hint').getAttribute('data-i')};
	})()`)
	t.Logf("%v", got)
	win, _ := got["win"].(string)
	if !strings.Contains(win, "64\u2060%") || !strings.Contains(win, "23 of the 36 ways") {
		t.Errorf("the hint should prove a 64%% chance, 23 of 36 placements: %v", got)
	}
	if move := got["move"].(string); !strings.Contains(move, "exact search") || strings.Contains(move, "lowest") {
		t.Errorf("the endgame's move should say why it was chosen: %q", move)
	}
}

// What puzzle-site players expect: a seeded game played by the hints
// shows its board number, a clock in hundredths, and at the end its
// statistics (3BV, 3BV/s, clicks, efficiency), its best time and history;
// Replay this board deals the same board; N asks before discarding a game
// under way; the safe-squares overlay marks certain cells without the heat
// map; and the analyser opens and saves .mine files.
func TestMinesPlayersFeatures(t *testing.T) {
	ctx := minesPage(t, "mines-players.html", "play")
	got := eval[map[string]any](t, ctx, `(async () => {
		const set = (sel, v) => { const e = $m(sel); e.value = v; e.dispatchEvent(new Event('change', {bubbles: true, composed: true})); };
		const status = $m('.kz-mines-status'), out = {};
		set('#kz-mines-level', 'beginner'); set('#kz-mines-rule', 'opening'); set('#kz-mines-seed', '60');
		await until(() => view() === 'H'.repeat(81) && $m('.kz-mines-readout').textContent.includes('Click any square') && $m('.kz-mines-board-no').textContent === 'Board 60');
		out.boardNo = $m('.kz-mines-board-no').textContent;
		// The safe-squares overlay, with the heat map off.
		$m('#kz-mines-safe').click();
		fire(cell(40), 'click');
		await until(() => view()[40] === '0');
		out.opening = view();
		out.clock = $m('.kz-mines-clock').textContent;
		out.heat = !!panel().querySelector('.kz-mines-heat');
		out.marked = 0;
		// Follow the hints to the end.
		for (let step = 0; step < 100 && !status.classList.contains('kz-win') && !status.classList.contains('kz-bad'); step++) {
			const old = view();
			$m('.kz-mines-hint-btn').click();
			const play = await until(() => $m('.kz-mines-play-hint'));
			const i = +panel().querySelector('.kz-mines-hint').dataset.i;
			if (play.dataset.action === 'flag') fire(cell(i), 'contextmenu'); else fire(cell(i), 'click');
			await until(() => view() !== old);
			await until(() => !$m('.kz-mines-play-hint'));
			// The overlay marks the certain cells, and shows no other odds.
			if (status.classList.contains('kz-win') || status.classList.contains('kz-bad')) break;
			await until(() => panel().querySelectorAll('[data-p]').length > 0 || true);
			out.marked = Math.max(out.marked, panel().querySelectorAll('.kz-mines-safe, .kz-mines-sure').length);
			out.overlayPercents = (out.overlayPercents || 0) + [...panel().querySelectorAll('[data-p]')].map(c => c.dataset.p).filter(p => p !== '0' && p !== '100').length;
		}
		out.won = status.classList.contains('kz-win');
		out.stats = $m('.kz-mines-stats').textContent;
		out.records = !$m('.kz-mines-records').hidden && $m('.kz-mines-records').textContent;
		out.history = panel().querySelectorAll('.kz-mines-history tbody tr').length;
		// Replay this board: the same board, the same opening.
		$m('[data-on-click="mines.replay"]').click();
		await until(() => view() === 'H'.repeat(81));
		out.replayNo = $m('.kz-mines-board-no').textContent;
		fire(cell(40), 'click');
		await until(() => view()[40] === '0');
		out.sameOpening = view() === out.opening;
		// N on the board asks before discarding the game.
		cell(40).focus();
		cell(40).dispatchEvent(new KeyboardEvent('keydown', {key: 'n', bubbles: true, composed: true, cancelable: true}));
		await until(() => !$m('.kz-confirm').hidden);
		$m('[data-on-click="mines.discard"]').click();
		await until(() => view() === 'H'.repeat(81));
		// F2 on a button, with nothing to lose: a new game at once.
		$m('.kz-mines-hint-btn').dispatchEvent(new KeyboardEvent('keydown', {key: 'F2', bubbles: true, composed: true, cancelable: true}));
		out.f2Confirm = !$m('.kz-confirm').hidden;
		return out;
	})()`)
	t.Logf("%v", got)
	if got["boardNo"] != "Board 60" || got["replayNo"] != "Board 60" || got["sameOpening"] != true {
		t.Errorf("the board number and its replay: %v", got)
	}
	if !regexp.MustCompile(`^\d+\.\d\d$`).MatchString(got["clock"].(string)) {
		t.Errorf("the clock should show hundredths: %q", got["clock"])
	}
	if got["overlayPercents"].(float64) != 0 || got["heat"] != false || got["marked"].(float64) == 0 {
		t.Errorf("the safe-squares overlay should mark only certain cells, without the heat map: %v", got)
	}
	if got["won"] != true {
		t.Fatalf("the seeded game followed by the hints should be won: %v", got)
	}
	if s := got["stats"].(string); !regexp.MustCompile(`^3BV \d+ · 3BV/s \d+\.\d\d · \d+ clicks · efficiency \d+`).MatchString(s) {
		t.Errorf("the statistics of a won game: %q", s)
	}
	if r, _ := got["records"].(string); !strings.Contains(r, "Best time on Beginner") || got["history"].(float64) != 1 {
		t.Errorf("the best time and history: %q, %v rows", r, got["history"])
	}
	if got["f2Confirm"] != false {
		t.Errorf("F2 on a board not yet clicked should not ask")
	}

	// .mine files in the analyser: opened into the box, saved from the board.
	files := eval[map[string]any](t, ctx, `(async () => {
		$m('#kz-mines-tab-analyse').click();
		const board = '4x3x2\nHHHH\n1221\n0000\n', out = {};
		const input = $m('.kz-mines-file'), dt = new DataTransfer();
		dt.items.add(new File([board], 'b.mine', {type: 'text/plain'}));
		input.files = dt.files;
		input.dispatchEvent(new Event('change', {bubbles: true, composed: true}));
		await until(() => $m('#kz-mines-text').value === board && panel().querySelectorAll('.kz-mines-cell').length === 12);
		out.opened = true;
		let saved = null, name = null;
		const create = URL.createObjectURL, click = HTMLAnchorElement.prototype.click;
		URL.createObjectURL = b => { saved = b; return create.call(URL, b); };
		HTMLAnchorElement.prototype.click = function () { name = this.download; };
		fire(cell(1), 'click'); // the brush (1) on a hidden square: the board changes
		await until(() => view()[1] === '1');
		$m('[data-on-click="mines.an-save"]').click();
		URL.createObjectURL = create; HTMLAnchorElement.prototype.click = click;
		out.name = name;
		out.saved = saved && await saved.text();
		return out;
	})()`)
	if files["opened"] != true || files["name"] != "kibitz-4x3x2.mine" || files["saved"] != "4x3x2\nH1HH\n1221\n0000\n" {
		t.Errorf(".mine files: %v", files)
	}
}

// Under a contrast theme (Windows' forced colours) the board is painted in
// the reader's system colours: squares still to open, open squares and
// numbers each differ, and the painted cells match their state. (The
// painter's colours were all forced to the text colour: a blank board.)
func TestMinesBoardUnderForcedColors(t *testing.T) {
	for _, scheme := range []string{"light", "dark"} {
		t.Run(scheme, func(t *testing.T) {
			ctx := tab(t)
			forceColors(t, ctx, scheme)
			navigate(t, ctx, embedPage(t, "forced-"+scheme+".html", `<div id="mines" data-kibitz="mines" data-lang="en" data-mode="play"></div>`))
			waitWidget(t, ctx, "#mines")
			minesHelpers(t, ctx)
			got := eval[map[string]any](t, ctx, `(async () => {
				if (!matchMedia('(forced-colors: active)').matches) return {error: 'forced colours are not on'};
				fire(cell(40), 'click');
				const v = await until(() => /[0-8]/.test(view()) && view());
				await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
				const hidden = v.indexOf('H'), open = v.search(/[0-8]/);
				// What stands on a square still to open must stand out from it.
				const lum = rgb => { const [r, g, b] = rgb.split(',').map(x => { x = +x / 255; return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4; }); return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
				const contrast = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
				$m('.kz-mines-hint-btn').click();
				const hinted = await until(() => panel().querySelector('.kz-mines-cell.kz-mines-hint.kz-mines-h'));
				const outline = getComputedStyle(hinted).outlineColor.match(/[\d.]+/g).slice(0, 3).join(',');
				const on = {};
				for (const name of ['mark-mine', 'mark-safe', 'mark-fg']) on[name] = contrast(colour(name), colour('hidden'));
				on.hint = contrast(outline, colour('hidden'));
				on.blast = contrast(colour('blast-fg'), colour('bad'));
				return {hidden: painted(hidden), open: painted(open), colours: {hidden: colour('hidden'), open: colour('open'), n1: colour('n1')},
					misdrawn: misdrawn(), on};
			})()`)
			if got["error"] != nil {
				t.Fatal(got["error"])
			}
			colours := got["colours"].(map[string]any)
			if colours["hidden"] == colours["open"] || colours["open"] == colours["n1"] || got["hidden"] == got["open"] {
				t.Errorf("under forced colours the board cannot be read: %v", got)
			}
			if bad := got["misdrawn"].([]any); len(bad) > 0 {
				t.Errorf("%d cells are painted otherwise than their state: %v", len(bad), bad[:min(len(bad), 5)])
			}
			for what, ratio := range got["on"].(map[string]any) {
				if ratio.(float64) < 3 {
					t.Errorf("%s: the %s stands out from its square by %.1f:1 only", scheme, what, ratio)
				}
			}
			t.Logf("%s: hidden %v, open %v, numbers %v; contrast of what stands on a square to open: %v", scheme, colours["hidden"], colours["open"], colours["n1"], got["on"])
		})
	}
}

// Play's custom size keeps what was typed across a reload, still said to
// be wrong: a width of 2.5 came back as 0.
func TestPlayCustomSizeKeepsWhatWasTyped(t *testing.T) {
	ctx := minesPage(t, "mines-custom-draft.html", "play")
	typed := eval[string](t, ctx, `(async () => {
		const set = (sel, v) => { const e = $m(sel); e.value = v; e.dispatchEvent(new Event('change', {bubbles: true, composed: true})); };
		set('#kz-mines-level', 'custom');
		set('#kz-mines-width', '2.5');
		return $m('.kz-settings > .kz-note').textContent;
	})()`)
	if err := chromedp.Do(ctx, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	waitWidget(t, ctx, "#mines")
	minesHelpers(t, ctx)
	got := eval[map[string]any](t, ctx, `({width: $m('#kz-mines-width').value, invalid: $m('#kz-mines-width').getAttribute('aria-invalid'),
		note: $m('.kz-settings > .kz-note').textContent})`)
	if got["width"] != "2.5" || got["invalid"] != "true" || got["note"] != typed {
		t.Errorf("after a reload the width should still read 2.5, said to be wrong (%q): %v", typed, got)
	}
}

// A first visit deals its game after the widget shows: the status line and
// the board number's line came then, and pushed the board 76 px down under
// the reader (at 320 px). Their place is now held from the first frame.
// So is the place of Replay this board, which the first click enables
// (it used to bring it out, and push the board 6 px down), and the status
// line's: "Click any square to start." ended it, and the first click took
// a line away on a phone; it is now said under the board.
func TestMinesBoardStaysPutWhenTheFirstGameIsDealt(t *testing.T) {
	ctx := tab(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(320, 800)); err != nil {
		t.Fatal(err)
	}
	navigate(t, ctx, embedPage(t, "mines-first-deal.html", `<script>
		window.tops = [];
		(function frame() {
			const host = document.getElementById('mines'), grid = host && host.shadowRoot && host.shadowRoot.querySelector('.kz-mines-grid');
			if (grid && grid.getClientRects().length) tops.push(Math.round(grid.getBoundingClientRect().top - host.getBoundingClientRect().top));
			requestAnimationFrame(frame);
		})();
	</script><div id="mines" data-kibitz="mines" data-lang="en" data-mode="play"></div>`))
	waitWidget(t, ctx, "#mines")
	minesHelpers(t, ctx)
	got := eval[map[string]any](t, ctx, `(async () => {
		await until(() => /Board [1-9]/.test($m('.kz-mines-board-no').textContent) && !$m('.kz-mines-info').classList.contains('kz-mines-pending'));
		await new Promise(r => setTimeout(r, 300));
		const dealt = {tops: [...new Set(tops)], frames: tops.length};
		// The first click enables Replay this board, and ends the line under
		// the board that says what to do.
		const before = $m('.kz-mines-readout').textContent;
		tops.length = 0;
		fire(cell(40), 'click');
		const replay = $m('[data-on-click="mines.replay"]');
		await until(() => view()[40] !== 'H' && !replay.disabled);
		await new Promise(r => setTimeout(r, 300));
		const after = $m('.kz-mines-readout').textContent;
		// A new game from the keyboard, the focus on a square: the line
		// says what to do again, and so does the live line.
		cell(40).focus();
		cell(40).dispatchEvent(new KeyboardEvent('keydown', {key: 'n', bubbles: true, composed: true, cancelable: true}));
		await until(() => !$m('.kz-confirm').hidden);
		$m('[data-on-click="mines.discard"]').click();
		await until(() => view() === 'H'.repeat(81));
		const again = $m('.kz-mines-readout').textContent, said = $m('.kz-said').textContent;
		return {dealt, clicked: {tops: [...new Set(tops)], frames: tops.length}, before, after, again, said};
	})()`)
	for _, when := range []string{"dealt", "clicked"} {
		moved := got[when].(map[string]any)
		if tops := moved["tops"].([]any); len(tops) != 1 {
			t.Errorf("the board moved when the first game was %s: its top went through %v px (%v frames)", when, tops, moved["frames"])
		}
	}
	if got["before"] != "Click any square to start." || got["after"] != "" || got["again"] != "Click any square to start." {
		t.Errorf("the line under the board should say what to do until the first click: %q, then %q, and after a new game with a square focused %q", got["before"], got["after"], got["again"])
	}
	if got["said"] != "Click any square to start." {
		t.Errorf("a screen reader should hear what to do when a game is dealt: %q", got["said"])
	}
	if got["dealt"].(map[string]any)["tops"].([]any)[0] != got["clicked"].(map[string]any)["tops"].([]any)[0] {
		t.Errorf("the board moved at the first click: %v", got)
	}
}

// On the heat map every tile stands out from an open square by 3:1 or
// more (WCAG's non-text contrast), in either theme, by its rim: the
// ramp's dark end (#00224e, for a safe square) was 1.1:1 against the dark
// theme's open squares, and its light end (#fee838) 1.3:1 against the
// light theme's. The rim is checked over all eleven steps, and read back
// from the painted board.
func TestMinesHeatMapTilesStandOut(t *testing.T) {
	for _, theme := range []string{"light", "dark"} {
		t.Run(theme, func(t *testing.T) {
			ctx := tab(t)
			navigate(t, ctx, embedPage(t, "heat-rim-"+theme+".html", `<div id="mines" data-kibitz="mines" data-lang="en" data-mode="play" data-theme="`+theme+`"></div>`))
			waitWidget(t, ctx, "#mines")
			minesHelpers(t, ctx)
			got := eval[map[string]any](t, ctx, `(async () => {
				const set = (sel, v) => { const e = $m(sel); e.value = v; e.dispatchEvent(new Event('change', {bubbles: true, composed: true})); };
				set('#kz-mines-level', 'beginner'); set('#kz-mines-rule', 'opening'); set('#kz-mines-seed', '60');
				await until(() => view() === 'H'.repeat(81) && $m('.kz-mines-board-no').textContent === 'Board 60');
				fire(cell(40), 'click');
				await until(() => view()[40] === '0');
				$m('#kz-mines-heat').click();
				const tile = await until(() => panel().querySelector('.kz-mines-heat') && panel().querySelector('.kz-mines-h[class*="kz-mines-q"]'));
				await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
				// The palette as the painter reads it, with the rim's alpha.
				const rgba = name => {
					const p = document.createElement('i');
					panel().querySelector('.kz-mines-tiles').appendChild(p);
					p.style.color = 'var(--kz-mines-' + name + ')';
					const c = getComputedStyle(p).color.match(/[\d.]+/g).map(Number);
					p.remove();
					return [c[0], c[1], c[2], c.length > 3 ? c[3] : 1];
				};
				const over = (top, under) => top.slice(0, 3).map((v, k) => Math.round(v * top[3] + under[k] * (1 - top[3])));
				const lum = c => { const [r, g, b] = c.map(x => { x /= 255; return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4; }); return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
				const contrast = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
				const open = rgba('open'), rim = rgba('heat-rim'), ratios = {};
				for (let q = 0; q <= 10; q++) ratios['q' + q] = Math.round(100 * contrast(over(rim, rgba('q' + q)), open)) / 100;
				// The painted rim, two pixels in from the tile's left edge at its middle.
				const grid = panel().querySelector('.kz-mines-grid'), w = grid.firstElementChild.children.length;
				const i = +tile.dataset.i, c = grid.firstElementChild.firstElementChild.offsetWidth, x = i % w, y = Math.floor(i / w);
				const canvas = grid.querySelectorAll('.kz-mines-tiles canvas')[Math.floor(y / 16) * Math.ceil(w / 16) + Math.floor(x / 16)];
				const k = canvas.width / parseFloat(canvas.style.width);
				const px = canvas.getContext('2d').getImageData(Math.floor(((x % 16) * c + 2) * k), Math.floor(((y % 16) * c + c / 2) * k), 1, 1).data;
				const step = [...tile.classList].find(n => /^kz-mines-q\d+$/.test(n)).slice(9);
				return {ratios, step, painted: [px[0], px[1], px[2]].join(','), want: over(rim, rgba(step)).join(',')};
			})()`)
			t.Logf("%s: rim against an open square, over each step: %v", theme, got["ratios"])
			for step, ratio := range got["ratios"].(map[string]any) {
				if ratio.(float64) < 3 {
					t.Errorf("%s: a %s tile's rim stands out from an open square by %.2f:1 only", theme, step, ratio)
				}
			}
			if !sameColour(got["painted"].(string), got["want"].(string), 3) {
				t.Errorf("%s: a %s tile's rim is painted %v, not %v", theme, got["step"], got["painted"], got["want"])
			}
		})
	}
}

// sameColour reports whether two "r,g,b" colours differ by no more than
// tolerance in any channel (a canvas rounds an alpha blend its own way).
func sameColour(a, b string, tolerance int) bool {
	x, y := strings.Split(a, ","), strings.Split(b, ",")
	if len(x) != 3 || len(y) != 3 {
		return false
	}
	for k := range x {
		p, _ := strconv.Atoi(x[k])
		q, _ := strconv.Atoi(y[k])
		if p-q > tolerance || q-p > tolerance {
			return false
		}
	}
	return true
}

// Nor does the board move when a game ends. The game's figures (3BV,
// clicks) appeared above it, and the won status is bold and larger, which
// made its room (the longest words it holds, unseen) wrap to more lines:
// at 320 px the board went 79 px down once won, 29 px once lost. The game
// is a linked layout (expert's 99 mines in its first 99 squares), won by
// one click far from them and then lost by a click on a mine, on a phone
// and on a wide page, where the status is one line.
func TestMinesBoardStaysPutWhenTheGameEnds(t *testing.T) {
	for _, width := range []int64{320, 1280} {
		t.Run(fmt.Sprint(width), func(t *testing.T) { boardStaysPutWhenTheGameEnds(t, width) })
	}
}

func boardStaysPutWhenTheGameEnds(t *testing.T, width int64) {
	ctx := tab(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(width, 800)); err != nil {
		t.Fatal(err)
	}
	navigate(t, ctx, embedPage(t, "mines-game-ends.html", `<style>body { max-width: none; margin: 8px; }</style><div id="mines" data-kibitz="mines" data-lang="en" data-mode="play"></div>`))
	waitWidget(t, ctx, "#mines")
	minesHelpers(t, ctx)
	game := "https://llamasweeper.com/#/game/zini-explorer?b=3&m=" + strings.Repeat("v", 19) + "u"
	got := eval[map[string]any](t, ctx, `(async () => {
		const host = document.getElementById('mines');
		const top = () => Math.round($m('.kz-mines-grid').getBoundingClientRect().top - host.getBoundingClientRect().top);
		const start = async () => {
			$m('#kz-mines-tab-analyse').click();
			const text = $m('#kz-mines-text');
			text.value = `+jsString(game)+`;
			text.dispatchEvent(new Event('change', {bubbles: true, composed: true}));
			(await until(() => $m('.kz-mines-link-note button'))).click();
			await until(() => $m('#kz-mines-tab-play').getAttribute('aria-selected') === 'true' && view() === 'H'.repeat(480) && !$m('.kz-mines-status').className.match(/kz-(win|bad)/));
			await new Promise(r => setTimeout(r, 100));
		};
		await start();
		const playing = top();
		fire(cell(479), 'click');
		await until(() => $m('.kz-mines-status').classList.contains('kz-win'));
		await new Promise(r => setTimeout(r, 100));
		const won = top();
		await start();
		fire(cell(0), 'click');
		await until(() => $m('.kz-mines-status').classList.contains('kz-bad'));
		await new Promise(r => setTimeout(r, 100));
		return {playing, won, lost: top(), lines: Math.round($m('.kz-mines-status').getBoundingClientRect().height / parseFloat(getComputedStyle($m('.kz-mines-status')).lineHeight))};
	})()`)
	if width > 1000 && got["lines"] != 1.0 {
		t.Fatalf("on a wide page the status should be one line: %v", got)
	}
	if got["won"] != got["playing"] || got["lost"] != got["playing"] {
		t.Errorf("the board moved when the game ended: its top was %v px while playing, %v px once won and %v px once lost", got["playing"], got["won"], got["lost"])
	}
}
