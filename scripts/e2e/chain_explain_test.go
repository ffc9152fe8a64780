//go:build e2e

package e2e

import (
	"fmt"
	"strings"
	"testing"
)

// TestChainGamesExplainThemselves: the end says who won and why, in each
// of the four cases (who took the last object, direct or reverse); the
// status counts "1 object"; the hint says what a move count counts; and
// an Objects value out of range is said next to the field, kept as
// typed, and starts no game.
func TestChainGamesExplainThemselves(t *testing.T) {
	ctx := chainPage(t)
	end := func(reverse, cpuFirst bool) string {
		return eval[string](t, ctx, fmt.Sprintf(`(async () => {
			const set = (sel, v) => { const e = $c(sel); if (e.type === 'checkbox') e.checked = v; else e.value = String(v); e.dispatchEvent(new Event('change', {bubbles: true, composed: true})); };
			set('#kz-chain-n', 1); set('#kz-chain-game', %q); set('#kz-chain-start', %q); set('#kz-chain-rule', true);
			$c('#kz-chain-new').click();
			if (!%v) {
				await until(() => $c('#kz-chain-status').dataset.turn === 'you');
				$c('[data-i="0"]').click();
			}
			await until(() => $c('#kz-chain-status').dataset.winner);
			return $c('#kz-chain-status').textContent;
		})()`, map[bool]string{false: "direct", true: "reverse"}[reverse], map[bool]string{false: "you", true: "cpu"}[cpuFirst], cpuFirst))
	}
	for _, c := range []struct {
		reverse, cpuFirst bool
		want              string
	}{
		{false, false, "You won! You took the last object; in the direct game that wins."},
		{true, false, "The computer won. You took the last object; in the reverse game that loses."},
		{false, true, "The computer won. The computer took the last object; in the direct game that wins."},
		{true, true, "You won! The computer took the last object; in the reverse game that loses."},
	} {
		got := end(c.reverse, c.cpuFirst)
		t.Logf("%q", got)
		if !strings.HasPrefix(got, c.want) {
			t.Fatalf("reverse %v, computer first %v: the end reads %q, want %q", c.reverse, c.cpuFirst, got, c.want)
		}
		if !strings.Contains(got, "1 object, ") || !strings.Contains(got, "0 objects left") || strings.Contains(got, "1 objects") {
			t.Fatalf("the status counts wrongly: %q", got)
		}
	}

	got := eval[map[string]any](t, ctx, `(async () => {
		const set = (sel, v) => { const e = $c(sel); e.value = String(v); e.dispatchEvent(new Event('change', {bubbles: true, composed: true})); };
		const out = {};
		set('#kz-chain-n', 5); set('#kz-chain-game', 'direct'); set('#kz-chain-start', 'you');
		$c('#kz-chain-new').click();
		await until(() => $c('#kz-chain-status').dataset.turn === 'you');
		$c('#kz-chain-hint').click();
		out.hint = await until(() => $c('#kz-chain-hint-box').textContent);
		set('#kz-chain-n', 81);
		out.value81 = $c('#kz-chain-n').value;
		out.error81 = $c('#kz-chain-n-error').textContent;
		out.invalid = $c('#kz-chain-n').getAttribute('aria-invalid');
		$c('#kz-chain-new').click();
		out.rowAfterNew = $c('#kz-chain-row').dataset.row;
		set('#kz-chain-n', 0);
		out.error0 = $c('#kz-chain-n-error').textContent;
		set('#kz-chain-n', '');
		out.errorEmpty = $c('#kz-chain-n-error').textContent;
		set('#kz-chain-n', 7);
		out.errorGone = $c('#kz-chain-n-error').textContent === '' && !$c('#kz-chain-n').hasAttribute('aria-invalid');
		$c('#kz-chain-new').click();
		out.rowAfter7 = $c('#kz-chain-row').dataset.row;
		return out;
	})()`)
	t.Logf("%v", got)
	if !strings.Contains(got["hint"].(string), "both players' moves and this one included") {
		t.Fatalf("the hint does not say what a move count counts: %q", got["hint"])
	}
	if got["value81"] != "81" || got["error81"] != "81 is out of range: give a whole number from 1 to 80." || got["invalid"] != "true" || got["rowAfterNew"] != "XXXXX" {
		t.Fatalf("Objects 81: %v", got)
	}
	if !strings.HasPrefix(got["error0"].(string), "0 is out of range") || !strings.HasPrefix(got["errorEmpty"].(string), "Give the number of objects") {
		t.Fatalf("Objects 0 / empty: %v", got)
	}
	if got["errorGone"] != true || got["rowAfter7"] != "XXXXXXX" {
		t.Fatalf("Objects 7: %v", got)
	}
}
