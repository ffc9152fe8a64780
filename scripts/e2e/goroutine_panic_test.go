//go:build e2e

package e2e

import (
	"testing"
)

// clipboardHook holds the page's clipboard writes until the test settles
// them, so that "the copy finishes after its button is gone" is a state,
// not a race.
const clipboardHook = `<script>
Object.defineProperty(navigator, 'clipboard', {configurable: true, value: {
	writeText: () => new Promise((resolve, reject) => {
		window.settleCopy = ok => ok ? resolve() : reject(new DOMException('denied', 'NotAllowedError'));
	}),
}});
</script>`

// A copy that fails after its button has gone (the widget redrew it
// meanwhile) leaves every widget on the page working. Its goroutine put a
// text field in place of the button, under a parent it no longer had: a
// panic outside any handler, which ended the widgets' Go program and froze
// every widget on the page, with no word.
func TestACopyFinishingLateStopsNothing(t *testing.T) {
	ctx := tab(t)
	navigate(t, ctx, embedPage(t, "copy-late.html", clipboardHook+
		`<div id="guess" data-kibitz="guess" data-lang="en" data-mode="you"></div><div id="mines" data-kibitz="mines" data-lang="en" data-mode="play"></div>`))
	waitWidget(t, ctx, "#guess")
	waitWidget(t, ctx, "#mines")
	minesHelpers(t, ctx)
	eval[bool](t, ctx, `(async () => {
		const guess = document.getElementById('guess').shadowRoot;
		[...guess.querySelectorAll('button.kz-primary')].find(b => b.offsetParent).click(); // a fair game: its commitment has a Copy button
		const copy = await until(() => guess.querySelector('.kz-copy'));
		copy.click();
		await until(() => window.settleCopy);
		copy.remove();
		window.settleCopy(false);
		await new Promise(r => setTimeout(r, 300));
		return true;
	})()`)
	got := eval[map[string]any](t, ctx, `(async () => {
		fire(cell(40), 'click');
		const moved = await until(() => /[0-8]/.test(view()), 10000).then(() => true, () => false);
		const shown = [...document.getElementById('guess').shadowRoot.querySelectorAll('.kz-bad, [role=alert]')]
			.filter(e => e.offsetParent && e.textContent.trim()).map(e => e.textContent).join(' | ');
		return {moved, shown};
	})()`)
	if got["moved"] != true {
		t.Fatalf("after the late copy, the Minesweeper widget on the same page no longer plays: %v", got)
	}
	if got["shown"] != "" {
		t.Errorf("after the late copy the number-guessing widget says %q", got["shown"])
	}
}
