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

// askBigRowJS solves a row of 70 objects in Analyse (the direct game),
// which asks first whether to build its table (JS statements, inside an
// async function).
const askBigRowJS = `$c('#kz-chain-tab-analyse').click();
		const pos = $c('#kz-chain-pos');
		pos.value = 'X'.repeat(70); pos.dispatchEvent(new Event('input', {bubbles: true, composed: true}));
		$c('#kz-chain-an-game').value = 'direct'; $c('#kz-chain-an-game').dispatchEvent(new Event('change', {bubbles: true, composed: true}));
		$c('#kz-chain-solve').click();`

// A big row's question in Analyse, and the build the reader agreed to,
// go on through a change of language: the question is asked again in the
// new language, and the build is taken up where it was, its answer shown
// when it ends, without asking again. Both went: the result box came back
// empty, and the answer of the build, which ran on in the engine, never
// came. A question answered Not now is not asked again.
func TestChain2BigQuestionAndBuildSurviveALanguageChange(t *testing.T) {
	ctx := chainPage(t)
	installHold(t, ctx)
	eval[bool](t, ctx, `(async () => {
		`+askBigRowJS+`
		await until(() => $c('#kz-chain-result .kz-chain-big-text'));
		return true;
	})()`)
	chainLanguage(t, ctx, "ja")
	eval[bool](t, ctx, `($c('#kz-chain-tab-analyse').click(), true)`)
	asked := poll[string](t, ctx, `$c('#kz-chain-result .kz-chain-big-text') && $c('#kz-chain-result .kz-chain-big-text').textContent`, 20*time.Second)
	if !strings.HasPrefix(asked, "70 マスの列です。") {
		t.Fatalf("after a change to Japanese the question should be asked again, in Japanese: %q", asked)
	}
	// Build, held in the engine; the language changes mid-build.
	eval[bool](t, ctx, `(async () => {
		hold('chain.solve');
		$c('#kz-chain-result [data-on-click="chain.big-yes"]').click();
		await until(() => held('chain.solve') > 0);
		return true;
	})()`)
	chainLanguage(t, ctx, "en")
	eval[bool](t, ctx, `($c('#kz-chain-tab-analyse').click(), true)`)
	building := poll[string](t, ctx, `$c('#kz-chain-result .kz-chain-big-progress') && $c('#kz-chain-result .kz-chain-big-progress').textContent`, 20*time.Second)
	if !strings.HasPrefix(building, "Building the table") {
		t.Errorf("after a change to English the build should show, in English: %q", building)
	}
	eval[bool](t, ctx, `release('chain.solve').then(() => true)`)
	answer := poll[string](t, ctx, `$c('#kz-chain-result .kz-big') && $c('.kz-chain-line') !== null && $c('#kz-chain-result .kz-big').textContent`, 120*time.Second)
	if !strings.HasPrefix(answer, "The side to move wins in ") {
		t.Errorf("the build taken up should end in the answer, in English: %q", answer)
	}
	// Not now, then a change of language: nothing is asked again.
	eval[bool](t, ctx, `(async () => {
		const pos = $c('#kz-chain-pos');
		pos.value = 'X'.repeat(72); pos.dispatchEvent(new Event('input', {bubbles: true, composed: true}));
		$c('#kz-chain-solve').click();
		await until(() => $c('#kz-chain-result [data-on-click="chain.big-no"]'));
		$c('#kz-chain-result [data-on-click="chain.big-no"]').click();
		await until(() => !$c('#kz-chain-result .kz-chain-big'));
		return true;
	})()`)
	chainLanguage(t, ctx, "zh-Hans")
	eval[bool](t, ctx, `($c('#kz-chain-tab-analyse').click(), true)`)
	// What is known without the table (the direct game's outcome) is
	// said again; the question is not (the box was left empty).
	if got := eval[string](t, ctx, `new Promise(r => setTimeout(() => r($c('#kz-chain-result .kz-chain-big') ? 'asked: ' + $c('#kz-chain-result').textContent : $c('#kz-chain-no-table') ? '' : 'no answer'), 1500))`); got != "" {
		t.Errorf("a question answered Not now was asked again after a change of language, or its answer without the table went: %q", got)
	}
}

// Play's number of objects, typed out of range, stays as typed through a
// change of language and a reload, and is said wrong again in the new
// language: the field went back to the last good number and its error
// went, so the reader's 200 was lost, and with it the word on why.
func TestChain2NumberOfObjectsErrorSurvivesALanguageChange(t *testing.T) {
	ctx := chainPage(t)
	field := `({value: $c('#kz-chain-n').value, err: $c('#kz-chain-n-error').textContent, invalid: $c('#kz-chain-n').getAttribute('aria-invalid') || ''})`
	got := eval[map[string]any](t, ctx, `(() => {
		$c('#kz-chain-tab-play').click();
		$c('.kz-settings').open = true;
		const n = $c('#kz-chain-n');
		n.value = '200'; n.dispatchEvent(new Event('change', {bubbles: true, composed: true}));
		return `+field+`;
	})()`)
	if !strings.HasPrefix(got["err"].(string), "200 is out of range") {
		t.Fatalf("200 objects should be said out of range: %v", got)
	}
	chainLanguage(t, ctx, "ja")
	eval[bool](t, ctx, `($c('#kz-chain-tab-play').click(), true)`)
	got = eval[map[string]any](t, ctx, field)
	if got["value"] != "200" || !strings.HasPrefix(got["err"].(string), "200 は範囲外です") || got["invalid"] != "true" {
		t.Errorf("after a change to Japanese the 200 typed should be kept, and said out of range in Japanese: %v", got)
	}
	ctx = chainReload(t, ctx)
	if got := eval[map[string]any](t, ctx, field); got["value"] != "200" || !strings.HasPrefix(got["err"].(string), "200 は範囲外です") {
		t.Errorf("after a reload the 200 typed and its error should be there: %v", got)
	}
	// Put right, the number is the settings' again, with no error.
	eval[bool](t, ctx, `(() => { const n = $c('#kz-chain-n'); n.value = '12'; n.dispatchEvent(new Event('change', {bubbles: true, composed: true})); return true; })()`)
	chainLanguage(t, ctx, "en")
	if got := eval[map[string]any](t, ctx, field); got["value"] != "12" || got["err"] != "" || got["invalid"] != "" {
		t.Errorf("a number put right should stay right after a change of language: %v", got)
	}
}
