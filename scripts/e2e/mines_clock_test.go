//go:build e2e

package e2e

import (
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"
)

// The Minesweeper clock runs between moves, and a game is saved at moves:
// the time since the last move must be written down when the reader may
// be leaving. Before, a reload showed the clock of the last move (0.00
// after a first click), and a change of language put it back as far.
func TestMinesClockSurvivesReloadAndLanguage(t *testing.T) {
	ctx := minesPage(t, "mines-clock.html", "play")
	clock := func() float64 {
		t.Helper()
		text := eval[string](t, ctx, `$m('.kz-mines-clock').textContent`)
		s, err := strconv.ParseFloat(text, 64)
		if err != nil {
			t.Fatalf("the clock reads %q", text)
		}
		return s
	}
	// Start a game, then let the clock run past a second with no move.
	eval[bool](t, ctx, `(async () => {
		fire(cell(40), 'click');
		await until(() => view() !== 'H'.repeat(81));
		return true;
	})()`)
	poll[bool](t, ctx, `parseFloat($m('.kz-mines-clock').textContent) >= 1.2`, 10e9)
	before := clock()

	if err := chromedp.Do(ctx, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	waitWidget(t, ctx, "#mines")
	minesHelpers(t, ctx)
	if after := clock(); after < before {
		t.Fatalf("the clock went back on a reload: %.2f before, %.2f after", before, after)
	}

	poll[bool](t, ctx, `parseFloat($m('.kz-mines-clock').textContent) >= `+strconv.FormatFloat(before+1, 'f', 2, 64), 10e9)
	before = clock()
	eval[bool](t, ctx, `(() => {
		const s = $m('#kz-lang');
		s.value = 'ja';
		s.dispatchEvent(new Event('change', {bubbles: true, composed: true}));
		return true;
	})()`)
	poll[bool](t, ctx, `$m('.kz')?.getAttribute('lang') === 'ja'`, 10e9)
	if after := clock(); after < before {
		t.Fatalf("the clock went back on a change of language: %.2f before, %.2f after", before, after)
	}

	// Taken out of the page (unmounted) and put back (mounted again), the
	// game keeps its time too.
	poll[bool](t, ctx, `parseFloat($m('.kz-mines-clock').textContent) >= `+strconv.FormatFloat(before+1, 'f', 2, 64), 10e9)
	before = clock()
	eval[bool](t, ctx, `(async () => {
		const host = document.getElementById('mines'), parent = host.parentNode, next = host.nextSibling;
		host.remove();
		await until(() => !host.shadowRoot.querySelector('.kz-body > *'));
		parent.insertBefore(host, next);
		await until(() => host.shadowRoot.querySelector('.kz-mines-clock')?.textContent);
		return true;
	})()`)
	if after := clock(); after < before {
		t.Fatalf("the clock went back on an unmount: %.2f before, %.2f after", before, after)
	}
}
