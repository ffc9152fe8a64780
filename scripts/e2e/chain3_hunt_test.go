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
		$c('#kz-chain-tab-analyse').click();
		const pos = $c('#kz-chain-pos');
		pos.value = 'X'.repeat(70); pos.dispatchEvent(new Event('input', {bubbles: true, composed: true}));
		$c('#kz-chain-an-game').value = 'direct'; $c('#kz-chain-an-game').dispatchEvent(new Event('change', {bubbles: true, composed: true}));
		$c('#kz-chain-solve').click();
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
