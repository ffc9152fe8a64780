//go:build e2e

package e2e

import (
	"regexp"
	"strings"
	"testing"
	"time"
)

// The Minesweeper widget as a finished product (issue 16): the board fits
// the column it is in and zooms.

// An expert board (30×16) in a 600 px blog column fits without sideways
// scrolling, at 18 px a cell or more; the zoom buttons and Ctrl + wheel
// make it larger (it then pans) and smaller; a wider column gets larger
// cells, up to 30 px, and a narrower one keeps 18 px cells and pans.
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
}

// The small defects of issue 16, each as the reader meets it: the readout
// follows the cell it describes when it opens; a level change on a board
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
		await until(() => view() === 'H'.repeat(81) && status().includes('Click any square'));
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
		// An opening with no room.
		set('#kz-mines-width', '10'); set('#kz-mines-height', '10'); set('#kz-mines-count', '99');
		out.noRoom = note.textContent;
		out.widthFixed = $m('#kz-mines-width').getAttribute('aria-invalid');
		await until(() => panel().querySelectorAll('.kz-mines-cell').length === 100);
		out.noRoomStatus = status();
		// Auto-play to the end of a beginner game from a safe first click.
		set('#kz-mines-level', 'beginner'); set('#kz-mines-rule', 'noguess'); set('#kz-mines-seed', '7'); set('#kz-mines-pace', '60');
		await until(() => panel().querySelectorAll('.kz-mines-cell').length === 81 && status().includes('Click any square'));
		$m('.kz-mines-auto').click();
		await until(() => $m('.kz-mines-status').classList.contains('kz-win') || $m('.kz-mines-status').classList.contains('kz-bad'), 60000);
		out.autoEnd = status();
		out.autoWon = $m('.kz-mines-status').classList.contains('kz-win');
		return out;
	})()`)
	t.Logf("%v", got)
	if r := got["readoutAfter"].(string); !strings.Contains(got["readoutBefore"].(string), "hidden") || strings.Contains(r, "hidden") || !strings.Contains(r, "empty") {
		t.Errorf("the readout should follow the cell as it opens: %q then %q", got["readoutBefore"], r)
	}
	if got["focused"] != "mines.keep" || got["refocused"] != "mines.new" || got["kept"] != true {
		t.Errorf("the New-game question: focus on %v, after Escape on %v, game kept %v", got["focused"], got["refocused"], got["kept"])
	}
	if got["widthInvalid"] != "true" || got["heightInvalid"] != nil || got["said"].(float64) != 1 {
		t.Errorf("a bad width should be said once (%v times: %q) with the width marked (%v, height %v)", got["said"], got["note"], got["widthInvalid"], got["heightInvalid"])
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
