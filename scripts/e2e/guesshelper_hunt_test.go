//go:build e2e

package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The Helper and the charts as a reader meets them in every language:
// what the charts say to a screen reader, what a wrong guess is told.

// A chart's text alternative (its figcaption, which a screen reader
// reads) is punctuated as the language is: in Chinese and Japanese with
// a full-width full stop, colons and list separators. They were English:
// "…の分布. 0A0B: 360; 0A1B: 1,440".
func TestChartCaptionsUseTheLanguagesPunctuation(t *testing.T) {
	ctx := guessPage(t)
	want := map[string][3]string{ // full stop, colon, separator
		"ja":      {"。", "：", "、"},
		"zh-Hans": {"。", "：", "；"},
		"zh-Hant": {"。", "：", "；"},
		"en":      {". ", ": ", "; "},
	}
	for _, lang := range []string{"ja", "zh-Hans", "zh-Hant", "en"} {
		guessLanguage(t, ctx, lang)
		caption := eval[string](t, ctx, `(async () => {
			choose('#kz-preset', '1a2b-4');
			$('#kz-tab-helper').click();
			$('[data-on-click="help.clear"]').click();
			type('[data-row="0"][data-field="guess"]', '0123');
			type('[data-row="0"][data-field="a"]', '1');
			type('[data-row="0"][data-field="b"]', '2');
			$('[data-row="0"][data-field="b"]').blur();
			const fig = await until(() => !$('#kz-panel-helper .kz-analysis.kz-stale') && $('#kz-panel-helper .kz-suggest figcaption'));
			return fig.textContent;
		})()`)
		w := want[lang]
		title, items, ok := strings.Cut(caption, w[0])
		if !ok || title == "" || !strings.Contains(items, w[1]) || !strings.Contains(items, w[2]) {
			t.Errorf("%s: the histogram's caption should read title%sanswer%scount%s…: %q", lang, w[0], w[1], w[2], caption)
		}
		if lang != "en" && strings.ContainsAny(caption, ":;") {
			t.Errorf("%s: English punctuation in the caption: %q", lang, caption)
		}
	}
}

// thinkingHeldJS, inside an async function on computerPage, starts a
// game, answers the first guess for the secret 5678, and holds the
// computer's thinking of its next guess (installHold).
const thinkingHeldJS = `
		$('#kz-panel-computer .kz-current button').click();
		const code = await until(cur, 30000);
		hold('guess.suggest');
		const [a, b] = fb('5678', code);
		answerWith(a, b);
		await until(() => held('guess.suggest') > 0 && $('#kz-panel-computer .kz-thinking'), 30000);
`

// A reload while the computer thinks of its next guess stops the
// thinking: the page came back with Think again and no word why. Now it
// says the page was reloaded while it thought. A thinking the reader
// stopped is no reload's doing: after a reload it is still called stopped.
func TestComputerSaysAReloadStoppedItsThinking(t *testing.T) {
	ctx := computerPage(t, "1a2b-4")
	installHold(t, ctx)
	startThinking := `(async () => {` + thinkingHeldJS + `return true; })()`
	afterReload := func() map[string]any {
		t.Helper()
		if err := chromedp.Do(withTimeout(t, ctx, 60*time.Second), chromedp.Reload()); err != nil {
			t.Fatal(err)
		}
		installHelpers(t, ctx)
		eval[bool](t, ctx, computerJS)
		return eval[map[string]any](t, ctx, `(async () => {
			$('#kz-tab-computer').click();
			const retry = await until(() => $('#kz-panel-computer [data-on-click="comp.retry"]'));
			return {note: $('#kz-panel-computer .kz-think-note').textContent, retry: retry.textContent};
		})()`)
	}
	eval[bool](t, ctx, startThinking)
	got := afterReload()
	if !strings.Contains(got["note"].(string), "reloaded") {
		t.Errorf("after a reload in the middle of its thinking, the computer should say so beside %q: note %q", got["retry"], got["note"])
	}
	// Think again: it thinks and guesses; the note goes.
	eval[bool](t, ctx, `(async () => {
		$('#kz-panel-computer [data-on-click="comp.retry"]').click();
		await until(cur, 30000);
		return true;
	})()`)
	if note := eval[string](t, ctx, `$('#kz-panel-computer .kz-think-note').textContent`); note != "" {
		t.Errorf("once it has guessed again, the note should go: %q", note)
	}
	// Stopped by the reader, then reloaded: no word of a reload.
	installHold(t, ctx)
	eval[bool](t, ctx, `(async () => {
		hold('guess.suggest');
		const code = cur();
		const [a, b] = fb('5678', code);
		answerWith(a, b);
		await until(() => held('guess.suggest') > 0 && $('#kz-panel-computer .kz-thinking'), 30000);
		$('#kz-panel-computer .kz-busy button').click(); // Stop
		await until(() => $('#kz-panel-computer [data-on-click="comp.retry"]'));
		await release('guess.suggest');
		return true;
	})()`)
	// Stopped, it says so still: the reader's Stop, not the reload.
	if got := afterReload(); got["note"] != "Stopped." {
		t.Errorf("a thinking the reader stopped was not stopped by the reload: note %q, want %q", got["note"], "Stopped.")
	}
}

// In Mastermind, whose symbols are 1 to 6, seven pegs typed for four
// were refused as "“7” at position 7 is not a symbol of this game";
// now as seven pegs, in You guess and in the Helper alike.
func TestMastermindGuessTooLongIsSaidToBeTooLong(t *testing.T) {
	ctx := startYouGame(t, "mastermind")
	you := eval[string](t, ctx, `(async () => {
		type('#kz-you-guess', '1234567');
		$('#kz-you-guess').form.requestSubmit();
		return (await until(() => $('#kz-panel-you .kz-field-error:not(:empty)'))).textContent;
	})()`)
	if want := "“1234567” has 7 symbols; a code in this game has 4."; you != want {
		t.Errorf("You guess: got %q, want %q", you, want)
	}
	helper := eval[string](t, ctx, `(async () => {
		$('#kz-tab-helper').click();
		type('[data-row="0"][data-field="guess"]', '1234567');
		type('[data-row="0"][data-field="a"]', '1');
		type('[data-row="0"][data-field="b"]', '0');
		$('[data-row="0"][data-field="b"]').blur();
		return (await until(() => kz().querySelector('#kz-panel-helper tr.kz-row-error'))).textContent;
	})()`)
	if want := "Row 1: “1234567” has 7 symbols; a code in this game has 4."; helper != want {
		t.Errorf("Helper: got %q, want %q", helper, want)
	}
}

// The paste box's example is the game's own: its label and placeholder
// said "0123 1A2B" in every game, which is no turn of Mastermind (no 0
// among its colours 1 to 6), of Numeron (three digits) nor of the
// science fair's game (1 to 9), so a reader who wrote as shown was told
// "“0” at position 1 is not a symbol of this game". The example now
// reads as a row in each.
func TestHelperPasteExampleIsTheGames(t *testing.T) {
	ctx := guessPage(t)
	for _, preset := range []string{"mastermind", "numeron", "science-3", "bulls-cows", "1a2b-4"} {
		got := eval[map[string]any](t, ctx, `(async () => {
			choose('#kz-preset', `+jsString(preset)+`);
			$('#kz-tab-helper').click();
			$('[data-on-click="help.clear"]').click();
			$('[data-on-click="help.paste-open"]').click();
			const example = $('#kz-paste').placeholder;
			const label = $('label[for="kz-paste"]').textContent;
			type('#kz-paste', example);
			$('[data-on-click="help.paste-read"]').click();
			await until(() => $('#kz-paste-error').textContent || $('.kz-paste').hidden);
			return {example, label, error: $('#kz-paste-error').textContent, rows: `+helperRowsJS+`};
		})()`)
		example := got["example"].(string)
		if got["error"] != "" || !strings.Contains(got["label"].(string), example) {
			t.Errorf("%s: the example %q (label %q) should read as a row: error %q", preset, example, got["label"], got["error"])
		}
		t.Logf("%s: %q, rows %v", preset, got["label"], got["rows"])
	}
}
