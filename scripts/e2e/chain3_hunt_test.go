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
