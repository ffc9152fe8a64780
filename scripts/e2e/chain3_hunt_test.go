//go:build e2e

package e2e

import (
	"strings"
	"testing"
	"time"
)

// The note under the table after Stop ("Stopped: the table holds N = 1
// to 40; Compute takes it up from there.") stays through a change of
// language and a reload, said in the new language: it went, and the
// reader saw 40 rows and a button reading "Compute N = 41 to 80" with no
// word of why. Compute takes the note away.
func TestChain3TableStoppedNoteSurvivesALanguageChange(t *testing.T) {
	ctx := chainPage(t)
	installHold(t, ctx)
	got := eval[string](t, ctx, `(async () => {
		`+chainTableHeldAfterFirstJS+`
		$c('[data-on-click="chain.table-stop"]').click();
		const msg = await until(() => $c('#kz-chain-table-msg').textContent);
		await release('chain.table');
		return msg;
	})()`)
	if !strings.HasPrefix(got, "Stopped: the table holds N = 1 to 40") {
		t.Fatalf("Stop after the first call: %q", got)
	}
	note := `$c('#kz-chain-table-msg').textContent + ' | ' + $c('#kz-chain-table-msg').className`
	chainLanguage(t, ctx, "ja")
	eval[bool](t, ctx, `($c('#kz-chain-tab-analyse').click(), true)`)
	if got := eval[string](t, ctx, note); !strings.Contains(got, "40") || !strings.Contains(got, "kz-note") || strings.Contains(got, "Stopped") {
		t.Errorf("after a change to Japanese the table's note should say, in Japanese, that it stopped at 40: %q", got)
	}
	ctx = chainReload(t, ctx)
	eval[bool](t, ctx, `($c('#kz-chain-tab-analyse').click(), true)`)
	if got := eval[string](t, ctx, note); !strings.Contains(got, "40") || strings.Contains(got, "Stopped") {
		t.Errorf("after a reload the note should still be there: %q", got)
	}
	// Compute takes the table up, and the note goes for good.
	eval[bool](t, ctx, `($c('#kz-chain-table-go').click(), true)`)
	poll[bool](t, ctx, `$c('#kz-chain-table').tBodies[0].rows.length === 60`, 120*time.Second)
	chainLanguage(t, ctx, "en")
	eval[bool](t, ctx, `($c('#kz-chain-tab-analyse').click(), true)`)
	if got := eval[string](t, ctx, `$c('#kz-chain-table-msg').textContent`); strings.HasPrefix(got, "Stopped: the table holds N = 1 to 40") {
		t.Errorf("the note of a stop taken up came back: %q", got)
	}
}

// A big row's question asked again after a change of language (the
// analyser's, and the table's past N = 60) does not take the focus from
// the language menu the reader just used, outside the widget, nor scroll
// the page to itself: both questions pulled the focus to their Build
// button, so the next arrow key on the menu went to the question.
func TestChain3QuestionAskedAgainLeavesTheFocusOutside(t *testing.T) {
	ctx := chainPage(t)
	eval[bool](t, ctx, `(async () => {
		`+askBigRowJS+`
		await until(() => $c('#kz-chain-result .kz-chain-big-text'));
		$c('#kz-chain-table-go').click();
		await until(() => $c('#kz-chain-table-big .kz-chain-big-text'), 120000);
		return true;
	})()`)
	// The reader goes to the app's language menu, out of the widget, and
	// changes the language there.
	before := eval[float64](t, ctx, `(() => {
		const app = document.querySelector('[data-kibitz="app"]').shadowRoot;
		app.querySelector('#kz-lang').focus();
		window.scrollTo(0, 0);
		return window.scrollY;
	})()`)
	chainLanguage(t, ctx, "ja")
	eval[bool](t, ctx, `($c('#kz-chain-tab-analyse').click(), true)`)
	poll[bool](t, ctx, `!!($c('#kz-chain-result .kz-chain-big-text') && $c('#kz-chain-table-big .kz-chain-big-text') && $c('#kz-chain-result .kz-chain-big-text').textContent.startsWith('70 マス'))`, 60*time.Second)
	got := eval[map[string]any](t, ctx, `new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => {
		const app = document.querySelector('[data-kibitz="app"]').shadowRoot;
		const a = app.activeElement;
		const w = cz().activeElement;
		r({app: a ? (a.id || a.tagName) : 'none', widget: w ? (w.getAttribute('data-on-click') || w.id || w.tagName) : 'none', scrollY: window.scrollY});
	})))`)
	if got["app"] != "kz-lang" || got["widget"] != "none" {
		t.Errorf("the questions asked again took the focus from the language menu: app %v, widget %v", got["app"], got["widget"])
	}
	if got["scrollY"] != before {
		t.Errorf("the questions asked again scrolled the page from %v to %v", before, got["scrollY"])
	}
	// Asked from the widget, a question still takes the focus.
	got = eval[map[string]any](t, ctx, `(async () => {
		$c('#kz-chain-result [data-on-click="chain.big-no"]').click();
		await until(() => !$c('#kz-chain-result .kz-chain-big'));
		const pos = $c('#kz-chain-pos');
		pos.value = 'X'.repeat(71); pos.dispatchEvent(new Event('input', {bubbles: true, composed: true}));
		$c('#kz-chain-solve').focus();
		$c('#kz-chain-solve').click();
		await until(() => $c('#kz-chain-result .kz-chain-big-text'));
		const w = cz().activeElement;
		return {widget: w ? (w.getAttribute('data-on-click') || w.id || w.tagName) : 'none'};
	})()`)
	if got["widget"] != "chain.big-yes" {
		t.Errorf("a question asked from Solve should take the focus to Build: %v", got["widget"])
	}
}

// A big row (65 to 80 cells) whose table the reader would rather not
// build now (Not now) still gets, in the direct game, who wins, its
// Grundy value and a winning move, which chain.outcome gives at once with
// no table, and a button that builds the table for the move count (its
// question first); in the reverse game a plain word of what is missing
// and why. The result box was left empty. The answer stays through a
// change of language, without the question asked again.
func TestChain3NotNowStillAnswersTheDirectGame(t *testing.T) {
	ctx := chainPage(t)
	got := eval[map[string]any](t, ctx, `(async () => {
		const e = await Kibitz.createEngine();
		const want = await e.call('chain.outcome', {position: 'X'.repeat(70), reverse: false, firstMoveSingle: false});
		$c('#kz-chain-tab-analyse').click();
		const pos = $c('#kz-chain-pos');
		pos.value = 'X'.repeat(70); pos.dispatchEvent(new Event('input', {bubbles: true, composed: true}));
		$c('#kz-chain-an-game').value = 'direct'; $c('#kz-chain-an-game').dispatchEvent(new Event('change', {bubbles: true, composed: true}));
		$c('#kz-chain-an-rule').checked = false; $c('#kz-chain-an-rule').dispatchEvent(new Event('change', {bubbles: true, composed: true}));
		$c('#kz-chain-solve').click();
		await until(() => $c('#kz-chain-result [data-on-click="chain.big-no"]'));
		$c('#kz-chain-result [data-on-click="chain.big-no"]').click();
		await until(() => !$c('#kz-chain-result .kz-chain-big'));
		await until(() => $c('#kz-chain-result').textContent, 20000).catch(() => null);
		const o = $c('#kz-chain-outcome'), move = $c('#kz-chain-outcome-move');
		return {want: want.winner + ' ' + (want.move && want.move.text) + ' ' + want.grundy,
			shown: (o && o.dataset.winner) + ' ' + (move && move.dataset.take) + ' ' + ($c('#kz-chain-grundy') && $c('#kz-chain-grundy').textContent),
			result: $c('#kz-chain-result').textContent, build: !!$c('#kz-chain-result [data-on-click="chain.an-build"]')};
	})()`)
	t.Logf("%v", got)
	want := strings.Fields(got["want"].(string))
	if len(want) != 3 || got["shown"] != want[0]+" "+want[1]+" Grundy value "+want[2] ||
		!strings.Contains(got["result"].(string), "No move count: it needs the exact solver's table of this row") || got["build"] != true {
		t.Fatalf("after Not now the direct game's outcome, with a way to build the table, should show: %v", got)
	}
	chainLanguage(t, ctx, "ja")
	eval[bool](t, ctx, `($c('#kz-chain-tab-analyse').click(), true)`)
	ja := poll[string](t, ctx, `$c('#kz-chain-no-table') && $c('#kz-chain-result').textContent`, 20*time.Second)
	if !strings.Contains(ja, "手数は出せません") || !strings.Contains(ja, "Grundy 数") || eval[bool](t, ctx, `!!$c('#kz-chain-result .kz-chain-big')`) {
		t.Errorf("after a change to Japanese the answer without the table should be said again, in Japanese, and not asked again: %q", ja)
	}
	// Build it now: its question, then the exact answer.
	got = eval[map[string]any](t, ctx, `(async () => {
		$c('#kz-chain-result [data-on-click="chain.an-build"]').focus();
		$c('#kz-chain-result [data-on-click="chain.an-build"]').click();
		await until(() => $c('#kz-chain-result [data-on-click="chain.big-yes"]'));
		const focus = cz().activeElement && cz().activeElement.getAttribute('data-on-click');
		$c('#kz-chain-result [data-on-click="chain.big-yes"]').click();
		const big = await until(() => $c('.kz-chain-line') && $c('#kz-chain-result .kz-big'), 120000);
		return {focus, answer: big.textContent};
	})()`)
	if got["focus"] != "chain.big-yes" || !strings.Contains(got["answer"].(string), "手で") {
		t.Errorf("Build it now should ask, then give the move count: %v", got)
	}
	// The reverse game says what is missing, and why.
	rev := eval[string](t, ctx, `(async () => {
		const pos = $c('#kz-chain-pos');
		pos.value = 'X'.repeat(72); pos.dispatchEvent(new Event('input', {bubbles: true, composed: true}));
		$c('#kz-chain-an-game').value = 'reverse'; $c('#kz-chain-an-game').dispatchEvent(new Event('change', {bubbles: true, composed: true}));
		$c('#kz-chain-solve').click();
		await until(() => $c('#kz-chain-result [data-on-click="chain.big-no"]'));
		$c('#kz-chain-result [data-on-click="chain.big-no"]').click();
		return (await until(() => $c('#kz-chain-no-answer'), 20000)).textContent + ' | ' + !!$c('#kz-chain-result [data-on-click="chain.an-build"]');
	})()`)
	if !strings.Contains(rev, "逆形には勝敗を求める近道が知られていません") || !strings.HasSuffix(rev, "| true") {
		t.Errorf("the reverse game after Not now: %q", rev)
	}
}
