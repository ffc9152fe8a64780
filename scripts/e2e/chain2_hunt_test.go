//go:build e2e

package e2e

import (
	"strings"
	"testing"
	"time"
)

// chainFieldErrorJS reads the analyser's field and the error beside it.
const chainFieldErrorJS = `({value: $c('#kz-chain-pos').value, err: $c('#kz-chain-pos-error').textContent,
	invalid: $c('#kz-chain-pos').getAttribute('aria-invalid') || ''})`

// An error about the position stays through a change of language and a
// reload, said again in the new language: the text typed was kept, but
// its error went until the next Solve, and the reader was left with a bad
// position and no word of what was wrong with it.
func TestChain2PositionErrorSurvivesALanguageChange(t *testing.T) {
	ctx := chainPage(t)
	eval[bool](t, ctx, chainSolveJS)
	got := eval[map[string]any](t, ctx, `chainSolve('XX?X', false).then(() => `+chainFieldErrorJS+`)`)
	if !strings.Contains(got["err"].(string), "character 3") || got["invalid"] != "true" {
		t.Fatalf("XX?X should be faulted at character 3: %v", got)
	}
	chainLanguage(t, ctx, "ja")
	eval[bool](t, ctx, `($c('#kz-chain-tab-analyse').click(), true)`)
	got = poll[map[string]any](t, ctx, `$c('#kz-chain-pos-error').textContent !== '' && `+chainFieldErrorJS, 20*time.Second)
	if got["value"] != "XX?X" || !strings.Contains(got["err"].(string), "3 文字目") || got["invalid"] != "true" {
		t.Errorf("after a change to Japanese the error should be said again, in Japanese: %v", got)
	}
	ctx = chainReload(t, ctx)
	eval[bool](t, ctx, `($c('#kz-chain-tab-analyse').click(), true)`)
	got = poll[map[string]any](t, ctx, `$c('#kz-chain-pos-error').textContent !== '' && `+chainFieldErrorJS, 20*time.Second)
	if got["value"] != "XX?X" || !strings.Contains(got["err"].(string), "3 文字目") {
		t.Errorf("after a reload the error should still be there: %v", got)
	}
	// An edit takes the error away, and it does not come back with the
	// next change of language.
	eval[bool](t, ctx, `(() => { const pos = $c('#kz-chain-pos'); pos.value = 'XX?XX'; pos.dispatchEvent(new Event('input', {bubbles: true, composed: true})); return true; })()`)
	chainLanguage(t, ctx, "en")
	eval[bool](t, ctx, `($c('#kz-chain-tab-analyse').click(), true)`)
	if got := eval[map[string]any](t, ctx, `new Promise(r => setTimeout(() => r(`+chainFieldErrorJS+`), 1000))`); got["err"] != "" || got["value"] != "XX?XX" {
		t.Errorf("a position edited after its error was faulted without a Solve: %v", got)
	}
}
