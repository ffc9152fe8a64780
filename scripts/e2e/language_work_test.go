//go:build e2e

package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// A change of language builds the widget again over its saved state, and
// the work the reader set going went with the old one, without a word:
// Minesweeper's auto-play stopped, and the chain's table stopped half
// computed. Now the widget built in the new language carries on with it.

func TestLanguageChangeKeepsAutoPlayPlaying(t *testing.T) {
	ctx := minesPage(t, "mines-lang-auto.html", "play")
	got := eval[map[string]any](t, ctx, `(async () => {
		const set = (sel, v) => { const e = $m(sel); e.value = v; e.dispatchEvent(new Event('change', {bubbles: true, composed: true})); };
		set('#kz-mines-level', 'expert');
		set('#kz-mines-seed', '7');
		set('#kz-mines-pace', '400');
		$m('.kz-mines-bar .kz-primary').click();
		await until(() => !view().includes('?'));
		$m('.kz-mines-auto').click();
		await until(() => view().split('').some(c => c !== 'H'), 20000);
		const s = $m('#kz-lang');
		s.value = 'ja';
		s.dispatchEvent(new Event('change', {bubbles: true, composed: true}));
		await until(() => $m('.kz') && $m('.kz').getAttribute('lang') === 'ja' && $m('.kz-mines-auto'));
		const auto = $m('.kz-mines-auto');
		const after = view();
		// It plays on: the board changes with no click.
		const moved = await until(() => view() !== after, 20000).then(() => true, () => false);
		return {pressed: auto.getAttribute('aria-pressed'), button: auto.textContent, moved};
	})()`)
	if got["pressed"] != "true" || got["button"] != "一時停止" || got["moved"] != true {
		t.Errorf("auto-play must play on in the new language, its button saying Pause there: %v", got)
	}
}

func TestLanguageChangeKeepsTheChainTableComputing(t *testing.T) {
	ctx := chainPage(t)
	installHold(t, ctx)
	// The language changes while the table is half computed.
	eval[bool](t, ctx, `(async () => {`+chainTableHeldAfterFirstJS+` return true; })()`)
	chainLanguage(t, ctx, "ja")
	got := eval[map[string]any](t, ctx, `(async () => {
		$c('#kz-chain-tab-analyse').click();
		// The table's next call, asked again by the new widget.
		await until(() => held('chain.table') > 0 && !$c('#kz-chain-progress-row').hidden, 20000);
		const during = {rows: $c('#kz-chain-table').tBodies[0].rows.length, stopped: $c('#kz-chain-table-msg').textContent};
		await release('chain.table');
		// On to 60; past it the table asks first, in Japanese.
		const ask = await until(() => $c('#kz-chain-table-big .kz-chain-big-text'), 120000);
		return {during, ask: ask.textContent, rows: $c('#kz-chain-table').tBodies[0].rows.length};
	})()`)
	during := got["during"].(map[string]any)
	if during["rows"] != 40.0 || during["stopped"] != "" || got["rows"] != 60.0 || !strings.Contains(got["ask"].(string), "MB") || strings.Contains(got["ask"].(string), "memory") {
		t.Errorf("the table must go on computing in the new language: %v", got)
	}
}

// A table computed to the end has nothing left to compute: its Compute
// button goes (it read "Compute N = 1 to 80" again, and computed it all
// again). The rows past 60 take half a minute to build here, so the test
// computes to 60 and writes the rest into the saved state, as a finished
// table leaves it, then reloads.
func TestChainWholeTableHasNoComputeButton(t *testing.T) {
	ctx := chainPage(t)
	eval[bool](t, ctx, `(async () => {
		$c('#kz-chain-tab-analyse').click();
		$c('#kz-chain-table-go').click();
		const no = await until(() => $c('#kz-chain-table-big [data-on-click="chain.big-no"]'), 120000);
		no.click();
		await until(() => $c('#kz-chain-table-msg').textContent);
		const key = Object.keys(localStorage).find(k => k.startsWith('kibitz/chain/') && localStorage[k].includes('"table"'));
		if (!key) throw new Error('no saved table: ' + Object.keys(localStorage).join(', '));
		const state = JSON.parse(localStorage[key]);
		for (let n = 61; n <= 80; n++) state.table.push({n, direct: n, reverse: -n});
		localStorage[key] = JSON.stringify(state);
		return true;
	})()`)
	if err := chromedp.Do(withTimeout(t, ctx, 60*time.Second), chromedp.Reload()); err != nil {
		t.Fatalf("reload: %v", err)
	}
	ctx = chainPageReloaded(t, ctx)
	got := eval[map[string]any](t, ctx, `(() => {
		$c('#kz-chain-tab-analyse').click();
		return {rows: $c('#kz-chain-table').tBodies[0].rows.length, buttonShown: !$c('#kz-chain-table-go').closest('[hidden]')};
	})()`)
	if got["rows"] != 80.0 || got["buttonShown"] != false {
		t.Errorf("a whole table has no Compute button: %v", got)
	}
}

// A change of language while the table's big rows build (past N = 60,
// after the reader said Build the table): the widget built in the new
// language asked the question again, and the build, stopped with the old
// widget, was dropped by the engine, so a yes started it from 0%. Now the
// new widget shows the same build where it is, with its Stop. The reverse
// game's build is held in the engine (hold_test.go), so the direct one is
// done, half the bar, when the language changes.
func TestLanguageChangeKeepsTheBigTableBuilding(t *testing.T) {
	ctx := chainPage(t)
	installHold(t, ctx)
	before := eval[map[string]any](t, ctx, `(async () => {
		const base = window.__kibitzTestHold;
		window.__kibitzTestHold = (m, p, e, o) => m === 'chain.solve' && p.reverse ? base(m, p, e, o) : undefined;
		hold('chain.solve');
		$c('#kz-chain-tab-analyse').click();
		$c('#kz-chain-table-go').click();
		(await until(() => $c('#kz-chain-table-big [data-on-click="chain.big-yes"]'), 120000)).click();
		await until(() => held('chain.solve') > 0, 120000);
		// The held call reports no progress of its own: the bar stays at half.
		return {bar: await until(() => $c('#kz-chain-table-big progress').getAttribute('value') === '0.500' && '0.500')};
	})()`)
	chainLanguage(t, ctx, "ja")
	got := eval[map[string]any](t, ctx, `(async () => {
		$c('#kz-chain-tab-analyse').click();
		const box = await until(() => $c('#kz-chain-table-big .kz-chain-big-text') || $c('#kz-chain-table-big progress'), 20000);
		const out = {asked: box.tagName !== 'PROGRESS', bar: box.getAttribute('value'),
			note: $c('#kz-chain-table-big').textContent, calls: heldEver('chain.solve'), held: held('chain.solve')};
		const stop = $c('#kz-chain-table-big [data-on-click="chain.big-stop"]');
		if (stop) {
			stop.click();
			out.stopped = (await until(() => $c('.kz-chain-big-stopped'))).textContent;
			out.heldAfterStop = await until(() => held('chain.solve') === 0).then(() => 0);
		}
		await release('chain.solve');
		return out;
	})()`)
	t.Logf("before %v, after %v", before, got)
	if before["bar"] != "0.500" || got["asked"] != false || got["bar"] != "0.500" || got["calls"] != 1.0 || got["held"] != 1.0 {
		t.Errorf("the build must go on where it was in the new language, not be asked about again: %v", got)
	}
	if note, _ := got["note"].(string); !strings.Contains(note, "18,004,327") || !strings.Contains(note, "50%") || strings.Contains(note, "Building") {
		t.Errorf("the build's note in Japanese: %q", got["note"])
	}
	if stopped, _ := got["stopped"].(string); stopped == "" || strings.Contains(stopped, "Stopped") {
		t.Errorf("the new widget's Stop stops the build, and says so in Japanese: %v", got)
	}
}
