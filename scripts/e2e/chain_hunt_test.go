//go:build e2e

package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// chainStart sets Play's form and starts a game: n objects, the direct
// or reverse game, the reader or the computer first, the first-move rule.
func chainStart(t *testing.T, ctx context.Context, n int, game, first string, single bool) {
	t.Helper()
	eval[bool](t, ctx, fmt.Sprintf(`(async () => {
		const set = (sel, v) => { const e = $c(sel); if (e.type === 'checkbox') e.checked = v; else e.value = String(v); e.dispatchEvent(new Event('change', {bubbles: true, composed: true})); };
		set('#kz-chain-n', %d); set('#kz-chain-game', %q); set('#kz-chain-start', %q); set('#kz-chain-rule', %v);
		$c('#kz-chain-new').click();
		await until(() => $c('#kz-chain-row').dataset.row === 'X'.repeat(%[1]d) && $c('#kz-chain-status').dataset.turn === 'you');
		return true;
	})()`, n, game, first, single))
}

// A reader who, while the computer answers, goes on to the number of
// objects to type the next game's keeps the focus there: it was moved to
// the row when the computer's move ended, so the next key typed landed
// on the row, and a 2 took two objects.
func TestChainComputersMoveLeavesTheFocusWhereTheReaderIs(t *testing.T) {
	ctx := chainPage(t)
	chainStart(t, ctx, 9, "direct", "you", true)
	eval[bool](t, ctx, `(() => {
		$c('[data-i="4"]').click();
		const n = $c('#kz-chain-n');
		n.focus();
		n.select();
		return true;
	})()`)
	poll[bool](t, ctx, `$c('#kz-chain-status').dataset.turn === 'you' && $c('#kz-chain-row').dataset.moves === '2'`, 30*time.Second)
	if at := eval[string](t, ctx, `cz().activeElement ? (cz().activeElement.id || cz().activeElement.className) : 'nothing'`); at != "kz-chain-n" {
		t.Errorf("after the computer's move the focus is on %s, not on the number of objects the reader went to", at)
	}
	if err := chromedp.Do(ctx, chromedp.KeyEvent("2")); err != nil {
		t.Fatal(err)
	}
	got := eval[map[string]any](t, ctx, `new Promise(r => setTimeout(() => r({n: $c('#kz-chain-n').value, moves: $c('#kz-chain-row').dataset.moves}), 300))`)
	if got["n"] != "2" || got["moves"] != "2" {
		t.Errorf("a 2 typed then should go into the number of objects (%v), and play nothing (%v moves, want 2)", got["n"], got["moves"])
	}
}

// Settings changed in a game say that they apply to the next game, and
// still say so after a reload: the note went, and the form showed a
// game's settings that were not the game's on screen.
func TestChainSettingsForTheNextGameSaySoAfterAReload(t *testing.T) {
	ctx := chainPage(t)
	chainStart(t, ctx, 9, "direct", "you", true)
	note := `(() => { const n = $c('#kz-chain-settings-note'); return n.hidden ? 'hidden' : n.textContent; })()`
	eval[bool](t, ctx, `(() => {
		const n = $c('#kz-chain-n');
		n.value = '12';
		n.dispatchEvent(new Event('change', {bubbles: true, composed: true}));
		return true;
	})()`)
	if got := eval[string](t, ctx, note); got == "hidden" {
		t.Fatal("a changed number of objects should say it applies to the next game")
	}
	ctx = chainReload(t, ctx)
	got := eval[map[string]any](t, ctx, `({n: $c('#kz-chain-n').value, row: $c('#kz-chain-row').dataset.row, note: `+note+`})`)
	if got["n"] != "12" || got["row"] != "XXXXXXXXX" || got["note"] == "hidden" {
		t.Errorf("after a reload, the form's 12 beside the game of 9 should say it applies to the next game: %v", got)
	}
}

// The analyser's game and first-move rule are kept as chosen, as its
// position is: a reload, or a change of language, put back the ones of
// the last Solve.
func TestChainAnalyserKeepsItsGameAndRule(t *testing.T) {
	ctx := chainPage(t)
	eval[bool](t, ctx, `(() => {
		$c('#kz-chain-tab-analyse').click();
		const game = $c('#kz-chain-an-game'), rule = $c('#kz-chain-an-rule');
		game.value = 'reverse';
		game.dispatchEvent(new Event('change', {bubbles: true, composed: true}));
		rule.checked = false;
		rule.dispatchEvent(new Event('change', {bubbles: true, composed: true}));
		return true;
	})()`)
	ctx = chainReload(t, ctx)
	got := eval[map[string]any](t, ctx, `({game: $c('#kz-chain-an-game').value, rule: $c('#kz-chain-an-rule').checked})`)
	if got["game"] != "reverse" || got["rule"] != false {
		t.Errorf("after a reload the analyser should keep the reverse game and no first-move rule: %v", got)
	}
}

// The hint the reader asked for stays on the row through a change of
// language and a reload, as the game does: it went, and the reader had to
// ask again.
func TestChainHintStaysThroughALanguageChangeAndAReload(t *testing.T) {
	ctx := chainPage(t)
	chainStart(t, ctx, 9, "direct", "you", true)
	hint := `(async () => {
		await until(() => $c('.kz-chain-value') && $c('#kz-chain-hint-box').textContent, 20000).catch(() => null);
		return {values: [...$c('#kz-chain-row').querySelectorAll('.kz-chain-obj .kz-chain-value')].map(e => e.textContent).join(' '),
			said: $c('#kz-chain-hint-box p') ? $c('#kz-chain-hint-box p').textContent : ''};
	})()`
	eval[bool](t, ctx, `($c('#kz-chain-hint').click(), true)`)
	want := "−8 −8 −8 −8 +7 −8 −8 −8 −8"
	if got := eval[map[string]any](t, ctx, hint); got["values"] != want {
		t.Fatalf("the hint of N = 9: %v", got)
	}
	chainLanguage(t, ctx, "ja")
	if got := eval[map[string]any](t, ctx, hint); got["values"] != want || !strings.Contains(got["said"].(string), "5") || strings.Contains(got["said"].(string), "Best") {
		t.Errorf("after a change to Japanese the hint should be on the row, said in Japanese: %v", got)
	}
	ctx = chainReload(t, ctx)
	if got := eval[map[string]any](t, ctx, hint); got["values"] != want {
		t.Errorf("after a reload the hint should be on the row: %v", got)
	}
	// A move takes the hint away, for good.
	eval[bool](t, ctx, `($c('[data-i="4"]').click(), true)`)
	poll[bool](t, ctx, `$c('#kz-chain-status').dataset.turn === 'you' && $c('#kz-chain-row').dataset.moves === '2'`, 30*time.Second)
	ctx = chainReload(t, ctx)
	if got := eval[float64](t, ctx, `new Promise(r => setTimeout(() => r($c('#kz-chain-row').querySelectorAll('.kz-chain-value').length), 1000))`); got != 0 {
		t.Errorf("the hint of an earlier turn came back after a reload: %v values on the row", got)
	}
}

// chainReload reloads the page and waits for the chain widget, with the
// page's helpers (cz, $c, until) defined again.
func chainReload(t *testing.T, ctx context.Context) context.Context {
	t.Helper()
	if err := chromedp.Do(withTimeout(t, ctx, 60*time.Second), chromedp.Reload()); err != nil {
		t.Fatalf("reload: %v", err)
	}
	ctx = chainPageReloaded(t, ctx)
	eval[bool](t, ctx, `(() => {
		window.until = (fn, ms = 60000) => new Promise((resolve, reject) => {
			const start = Date.now();
			const tick = () => { let v; try { v = fn(); } catch (e) {} if (v) resolve(v); else if (Date.now() - start > ms) reject(new Error('timed out: ' + fn)); else setTimeout(tick, 25); };
			tick();
		});
		return true;
	})()`)
	return ctx
}

// The analyser's answer stays through a change of language and a reload,
// said in the new language: it went, and the reader had to Solve again.
// A position edited after its answer is not solved behind the reader's
// back.
func TestChainAnalyserAnswerStaysThroughALanguageChangeAndAReload(t *testing.T) {
	ctx := chainPage(t)
	answer := `(async () => {
		await until(() => $c('#kz-chain-result .kz-big'), 20000).catch(() => null);
		const big = $c('#kz-chain-result .kz-big');
		return {said: big ? big.textContent : '', lines: $c('.kz-chain-line') ? $c('.kz-chain-line').children.length : 0, pos: $c('#kz-chain-pos').value};
	})()`
	got := eval[map[string]any](t, ctx, `(async () => {
		$c('#kz-chain-tab-analyse').click();
		const pos = $c('#kz-chain-pos');
		pos.value = 'XXX.XX.XXXX';
		pos.dispatchEvent(new Event('input', {bubbles: true, composed: true}));
		$c('#kz-chain-solve').click();
		return `+answer+`;
	})()`)
	if got["lines"].(float64) < 3 || !strings.Contains(got["said"].(string), "side to move") {
		t.Fatalf("XXX.XX.XXXX solved: %v", got)
	}
	lines := got["lines"]
	chainLanguage(t, ctx, "zh-Hans")
	eval[bool](t, ctx, `($c('#kz-chain-tab-analyse').click(), true)`)
	if got := eval[map[string]any](t, ctx, answer); got["lines"] != lines || got["pos"] != "XXX.XX.XXXX" || strings.Contains(got["said"].(string), "side to move") || got["said"] == "" {
		t.Errorf("after a change to Chinese the answer should be there, in Chinese: %v", got)
	}
	ctx = chainReload(t, ctx)
	if got := eval[map[string]any](t, ctx, answer); got["lines"] != lines {
		t.Errorf("after a reload the answer should be there: %v", got)
	}
	eval[bool](t, ctx, `(() => {
		const pos = $c('#kz-chain-pos');
		pos.value = 'XXX.XX.XXXXX';
		pos.dispatchEvent(new Event('input', {bubbles: true, composed: true}));
		return true;
	})()`)
	ctx = chainReload(t, ctx)
	if got := eval[string](t, ctx, `new Promise(r => setTimeout(() => r($c('#kz-chain-result').textContent), 1000))`); got != "" {
		t.Errorf("a position edited after its answer was solved after a reload: %q", got)
	}
}
