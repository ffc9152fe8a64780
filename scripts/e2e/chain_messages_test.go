//go:build e2e

package e2e

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// TestChainMessagesInPlace: at 360 px, every message of the chain widget
// sits next to the control at fault and inside the viewport: under a row
// of 60 objects taller than the screen, beside the Objects field, beside
// the position; and New game, or a success, clears it.
func TestChainMessagesInPlace(t *testing.T) {
	ctx := chainPage(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(360, 640)); err != nil {
		t.Fatal(err)
	}
	got := eval[map[string]any](t, ctx, `(async () => {
		const set = (sel, v) => { const e = $c(sel); if (e.type === 'checkbox') e.checked = v; else e.value = String(v); e.dispatchEvent(new Event('change', {bubbles: true, composed: true})); };
		const visible = e => { const r = e.getBoundingClientRect(); return e.textContent !== '' && r.height > 0 && r.top >= -1 && r.bottom <= innerHeight + 1; }; // a pixel for rounding
		const below = (msg, control) => { const m = msg.getBoundingClientRect(), c = control.getBoundingClientRect(); return m.top >= c.bottom - 1 && m.top - c.bottom < 60; };
		const out = {};
		set('#kz-chain-n', 60); set('#kz-chain-game', 'direct'); set('#kz-chain-start', 'you'); set('#kz-chain-rule', true);
		$c('#kz-chain-new').click();
		await until(() => $c('#kz-chain-status').dataset.turn === 'you');
		out.rowTallerThanScreen = $c('#kz-chain-row').getBoundingClientRect().height > innerHeight / 2;
		// The first object, scrolled to the top of the screen; "2" there
		// breaks the first-move rule, and the message under the row comes
		// into view.
		const first = $c('[data-i="0"]');
		first.scrollIntoView({block: 'start'});
		first.focus();
		first.dispatchEvent(new KeyboardEvent('keydown', {key: '2', bubbles: true, composed: true}));
		const rowMsg = $c('#kz-chain-row-msg');
		out.rowMsgVisible = visible(rowMsg);
		out.rowMsgBelowRow = below(rowMsg, $c('#kz-chain-row'));
		$c('#kz-chain-new').click();
		out.clearedByNew = rowMsg.textContent === '';
		// Objects out of range: beside the field, in view.
		$c('details.kz-settings').open = true;
		set('#kz-chain-n', 99);
		window.scrollTo(0, document.body.scrollHeight);
		$c('#kz-chain-new').click();
		out.nErrorVisible = visible($c('#kz-chain-n-error'));
		out.nErrorBelowField = below($c('#kz-chain-n-error'), $c('#kz-chain-n'));
		set('#kz-chain-n', 9);
		// The position: beside the field, in view; a success clears it.
		$c('#kz-chain-tab-analyse').click();
		const pos = $c('#kz-chain-pos');
		pos.value = 'XX.Y'; pos.dispatchEvent(new Event('input', {bubbles: true, composed: true}));
		window.scrollTo(0, document.body.scrollHeight);
		$c('#kz-chain-solve').click();
		await until(() => $c('#kz-chain-pos-error').textContent);
		out.posErrorVisible = visible($c('#kz-chain-pos-error'));
		out.posErrorNearField = (() => { const m = $c('#kz-chain-pos-error').getBoundingClientRect(), c = pos.getBoundingClientRect(); return m.top >= c.bottom && m.top - c.bottom < 160; })();
		pos.value = 'XX.X'; pos.dispatchEvent(new Event('input', {bubbles: true, composed: true}));
		$c('#kz-chain-solve').click();
		await until(() => $c('.kz-chain-line'));
		out.clearedBySuccess = $c('#kz-chain-pos-error').textContent === '' && !pos.hasAttribute('aria-invalid');
		// Nothing in the frame's message line above the title.
		const line = cz().querySelector('.kz-message');
		out.bannerEmpty = !line || line.textContent === '';
		return out;
	})()`)
	t.Logf("%v", got)
	for _, k := range []string{"rowTallerThanScreen", "rowMsgVisible", "rowMsgBelowRow", "clearedByNew", "nErrorVisible", "nErrorBelowField",
		"posErrorVisible", "posErrorNearField", "clearedBySuccess", "bannerEmpty"} {
		if got[k] != true {
			t.Fatalf("%s: %v", k, got)
		}
	}
}
