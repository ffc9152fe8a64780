//go:build e2e

package e2e

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// Minesweeper as a keyboard-only and screen-reader user meets it, and as
// a Chinese or Japanese input method types into it.

// imeType focuses a field of the widget and types text into it as an
// input method commits it (Input.insertText), then leaves the field with
// Tab, which fires its change.
func imeType(t *testing.T, ctx context.Context, sel, text string) {
	t.Helper()
	eval[bool](t, ctx, `(() => { const e = $m(`+jsString(sel)+`); e.focus(); e.select(); return true; })()`)
	if _, err := chromedp.Call(ctx, input.InsertText, input.InsertTextParams{Text: text}); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Tab)); err != nil {
		t.Fatal(err)
	}
}

// A board number and a custom size typed in full-width digits ("１２３",
// as a Chinese or Japanese input method types them) are the numbers they
// show: the board number was refused ("A board number is a whole number").
func TestMinesFullWidthDigitsInTheSettings(t *testing.T) {
	ctx := minesPage(t, "mines-full-width.html", "play")
	eval[bool](t, ctx, minesActiveJS)
	eval[bool](t, ctx, `(() => { $m('.kz-settings').open = true; set('#kz-mines-level', 'custom'); return true; })()`)
	imeType(t, ctx, "#kz-mines-width", "１２")
	imeType(t, ctx, "#kz-mines-height", "８")
	imeType(t, ctx, "#kz-mines-count", "１０")
	imeType(t, ctx, "#kz-mines-seed", "１２３")
	got := eval[map[string]any](t, ctx, `(async () => {
		await until(() => /123/.test($m('.kz-mines-board-no').textContent) && view().length === 96, 10000).catch(() => {});
		return {note: $m('#kz-mines-settings-note').textContent, boardNo: $m('.kz-mines-board-no').textContent,
			invalid: [...mz().querySelectorAll('[aria-invalid=true]')].map(e => e.id), cells: view().length};
	})()`)
	if got["boardNo"] != "Board 123" || got["cells"] != float64(96) {
		t.Fatalf("board number １２３ on a 12×8 board: %v", got)
	}
	if list, _ := got["invalid"].([]any); len(list) > 0 {
		t.Errorf("no field is wrong: %v", got)
	}
}

// minesLiveLogJS defines watchLive(): from then on, every change of a
// live region in the widget (aria-live, role=status) is logged in
// liveLog as [ms since the watch began, its text], what a screen reader
// is given to say.
const minesLiveLogJS = `window.watchLive = () => {
		const live = [...mz().querySelectorAll('[aria-live]:not([aria-live=off]), [role=status], [role=alert], [role=log]')];
		const t0 = performance.now();
		window.liveLog = [];
		const seen = new Map(live.map(e => [e, e.textContent]));
		const obs = new MutationObserver(() => {
			for (const e of live) if (seen.get(e) !== e.textContent) { seen.set(e, e.textContent); if (e.textContent) liveLog.push([performance.now() - t0, e.textContent]); }
		});
		for (const e of live) obs.observe(e, {subtree: true, childList: true, characterData: true});
	};
	true`

// Auto-play at the fast pace says its moves to a screen reader at the
// pace one can listen to: the moves are shown under the board one by
// one, but said at most about every 3 seconds, and none after the game's
// end, which is said. The note under the board was a live region
// rewritten at every move (75 sentences in 5 seconds on an intermediate
// board), which a screen reader queued and spoke for minutes.
func TestMinesAutoPlaySaysItsMovesAtAPaceToListenTo(t *testing.T) {
	ctx := minesPage(t, "mines-auto-said.html", "play")
	eval[bool](t, ctx, minesActiveJS)
	eval[bool](t, ctx, minesLiveLogJS)
	got := eval[map[string]any](t, ctx, `(async () => {
		$m('.kz-settings').open = true;
		set('#kz-mines-level', 'intermediate');
		set('#kz-mines-seed', '7');
		set('#kz-mines-pace', '60');
		await until(() => $m('.kz-mines-board-no').textContent === 'Board 7' && view() === 'H'.repeat(256), 60000)
			.catch(e => { throw new Error(e.message + ' board ' + $m('.kz-mines-board-no').textContent + ' ' + view().length + ' ' + $m('.kz-mines-status').textContent); });
		watchLive();
		$m('.kz-mines-auto').click();
		await until(() => /won|Boom/.test($m('.kz-mines-status').textContent), 120000);
		const ended = liveLog.length;
		// Long enough for a move held back to come out, if one would.
		await new Promise(r => setTimeout(r, 3500));
		const moves = liveLog.filter(([, s]) => /^Auto-play (revealed|flagged|made|guessed)/.test(s));
		let closest = 1e9;
		for (let i = 1; i < moves.length; i++) closest = Math.min(closest, moves[i][0] - moves[i - 1][0]);
		return {moves: moves.length, closest, end: liveLog.slice(0, ended).some(([, s]) => /won|Boom/.test(s)),
			after: liveLog.slice(ended).map(([, s]) => s).filter(s => /^Auto-play (revealed|flagged|made|guessed)/.test(s)),
			shown: $m('.kz-mines-auto-note').textContent, log: liveLog.slice(0, 6).map(([ms, s]) => Math.round(ms) + ' ' + s)};
	})()`)
	if got["moves"].(float64) < 1 || !strings.HasPrefix(got["shown"].(string), "Auto-play") {
		t.Fatalf("Auto-play's first move should be said, and its last shown: %v", got)
	}
	if got["closest"].(float64) < 2500 {
		t.Errorf("two of Auto-play's moves were said %.0f ms apart (%v said in all): %v", got["closest"], got["moves"], got["log"])
	}
	if got["end"] != true {
		t.Errorf("the game's end should be said: %v", got)
	}
	if after, _ := got["after"].([]any); len(after) > 0 {
		t.Errorf("a move was said after the game's end: %v", after)
	}
}
