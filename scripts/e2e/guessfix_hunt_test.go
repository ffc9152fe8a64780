//go:build e2e

package e2e

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
)

// The number-guessing widget's known defects, each as a reader met it.

// helperFill clears the Helper and types rows (guess, first count,
// second count each) into it, leaving the last one, then waits for the
// analysis: it returns the error under the table's rows, if any, and the
// heading of the results.
func helperFill(t *testing.T, ctx context.Context, preset string, rows [][3]string) map[string]string {
	t.Helper()
	js := `(async () => {
		choose('#kz-preset', ` + jsString(preset) + `);
		$('#kz-tab-helper').click();
		$('[data-on-click="help.clear"]').click();
		const rows = ` + jsonOf(t, rows) + `;
		rows.forEach((row, i) => {
			if (i > 0) $('[data-on-click="help.add"]').click();
			type('[data-row="'+i+'"][data-field="guess"]', row[0]);
			type('[data-row="'+i+'"][data-field="a"]', row[1]);
			const b = $('[data-row="'+i+'"][data-field="b"]');
			if (b) type('[data-row="'+i+'"][data-field="b"]', row[2]);
			(b || $('[data-row="'+i+'"][data-field="a"]')).blur();
		});
		await until(() => $('#kz-panel-helper tr.kz-row-error') ||
			($('#kz-panel-helper .kz-analysis h3') && !$('#kz-panel-helper .kz-analysis.kz-stale')), 30000);
		const error = $('#kz-panel-helper tr.kz-row-error');
		const heading = $('#kz-panel-helper .kz-analysis h3');
		return {
			error: error ? error.textContent : '',
			errorAfter: error ? error.previousElementSibling.getAttribute('data-row') : '',
			heading: heading && !$('#kz-panel-helper .kz-analysis.kz-stale') ? heading.textContent : '',
		};
	})()`
	return eval[map[string]string](t, ctx, js)
}

// A row typed after the winning one (0123 answered 4A, then 4567 0 0)
// read as a game still going, since 0123 answers 4567 with 0A0B: "1 code
// is still possible. Suggested next guess: 0123". The game ended at the
// win: the later row is an error, under it, naming the winning row, in
// every language.
func TestHelperRowAfterTheWinIsAnError(t *testing.T) {
	ctx := guessPage(t)
	want := map[string]string{
		"en":      "Row 2: The game ended at row 1",
		"ja":      "2 行目：1 行目の予想で答えが当たり",
		"zh-Hans": "第 2 行：第 1 行已经猜中答案",
		"zh-Hant": "第 2 列：第 1 列已經猜中答案",
	}
	for _, lang := range []string{"en", "ja", "zh-Hans", "zh-Hant"} {
		guessLanguage(t, ctx, lang)
		got := helperFill(t, ctx, "1a2b-4", [][3]string{{"0123", "4", "0"}, {"4567", "0", "0"}})
		if !strings.HasPrefix(got["error"], want[lang]) || got["errorAfter"] != "1" {
			t.Errorf("%s: a row after the win should be an error under it starting %q: got error %q (under row %q), results %q",
				lang, want[lang], got["error"], got["errorAfter"], got["heading"])
		}
	}
	// The win as the last row is still the game solved.
	guessLanguage(t, ctx, "en")
	if got := helperFill(t, ctx, "1a2b-4", [][3]string{{"4567", "0", "0"}, {"0123", "4", "0"}}); got["error"] != "" || !strings.HasPrefix(got["heading"], "Solved") {
		t.Errorf("a win as the last row: error %q, results %q", got["error"], got["heading"])
	}
}

// jsonOf writes v as JSON, a JavaScript literal.
func jsonOf(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// An empty first-count box with the second filled was told "The answer
// is missing.", as if nothing had been typed; an empty second box is
// named ("The second count is missing."). Now the first is named too, in
// every language.
func TestHelperNamesTheMissingFirstCount(t *testing.T) {
	ctx := guessPage(t)
	want := map[string][2]string{ // first box empty, second box empty
		"en":      {"Row 1: The first count is missing.", "Row 1: The second count is missing."},
		"ja":      {"1 行目：1 つ目の数が未入力です。", "1 行目：2 つ目の数が未入力です。"},
		"zh-Hans": {"第 1 行：还没填第一个数字。", "第 1 行：还没填第二个数字。"},
		"zh-Hant": {"第 1 列：還沒填第一個數字。", "第 1 列：還沒填第二個數字。"},
	}
	for _, lang := range []string{"en", "ja", "zh-Hans", "zh-Hant"} {
		guessLanguage(t, ctx, lang)
		for i, row := range [][3]string{{"0123", "", "2"}, {"0123", "1", ""}} {
			if got := helperFill(t, ctx, "1a2b-4", [][3]string{row}); got["error"] != want[lang][i] {
				t.Errorf("%s: %q: got %q (results %q), want %q", lang, row, got["error"], got["heading"], want[lang][i])
			}
		}
	}
}

// In Japanese a guess of the wrong length was told "「1234567」は 7 桁です。
// このゲームの数は 4 桁です。" in every game: digits and a number, where
// Mastermind's codes are pegs of colours. It counts symbols now, as the
// English does, in Mastermind and 1A2B alike.
func TestJapaneseWrongLengthCountsSymbols(t *testing.T) {
	ctx := guessPage(t)
	guessLanguage(t, ctx, "ja")
	for preset, guess := range map[string]string{"mastermind": "1234567", "1a2b-4": "01234"} {
		got := helperFill(t, ctx, preset, [][3]string{{guess, "1", "0"}})
		if want := "1 行目：「" + guess + "」は記号が " + string(rune('0'+len(guess))) + " 個あります。このゲームでは 4 個です。"; got["error"] != want {
			t.Errorf("%s: got %q, want %q", preset, got["error"], want)
		}
	}
	// A symbol out of place is counted by its place, not by its "digit"
	// (桁目), which a Mastermind peg is not.
	for preset, c := range map[string][2]string{"mastermind": {"1237", "1 行目：4 番目の「7」はこのゲームの記号ではありません。"}, "1a2b-4": {"0120", "1 行目：「0」はすでに 1 番目にあります。このゲームは重複なしです。"}} {
		if got := helperFill(t, ctx, preset, [][3]string{{c[0], "1", "0"}}); got["error"] != c[1] {
			t.Errorf("%s %s: got %q, want %q", preset, c[0], got["error"], c[1])
		}
	}
}

// The codes-left chart labelled its axis "10k" and "100k" in every
// language; Chinese and Japanese count large numbers in ten thousands:
// 1万 and 10万 (1萬 and 10萬 in Traditional Chinese).
func TestCodesLeftAxisUsesTheLanguagesUnits(t *testing.T) {
	ctx := startYouGame(t, "1a2b-10")
	eval[bool](t, ctx, `(async () => {
		type('#kz-you-guess', '0123456789');
		$('#kz-panel-you form button[type=submit]').click();
		await until(() => $('#kz-panel-you .kz-history tbody') && $('#kz-panel-you .kz-history tbody').children.length === 1, 20000);
		const box = $('#kz-panel-you .kz-actions input[type=checkbox]');
		if (!box.checked) box.click();
		await until(() => $('#kz-panel-you .kz-yaxis span'));
		return true;
	})()`)
	want := map[string]string{"en": "1 10 100 1k 10k 100k", "ja": "1 10 100 1000 1万 10万", "zh-Hans": "1 10 100 1000 1万 10万", "zh-Hant": "1 10 100 1000 1萬 10萬"}
	for _, lang := range []string{"en", "ja", "zh-Hans", "zh-Hant"} {
		guessLanguage(t, ctx, lang)
		got := eval[string](t, ctx, `(async () => {
			await until(() => $('#kz-panel-you .kz-yaxis span'));
			return [...kz().querySelectorAll('#kz-panel-you .kz-yaxis span:not(.kz-axis-top):not(.kz-axis-sizer)')].map(s => s.textContent).join(' ');
		})()`)
		if got != want[lang] {
			t.Errorf("%s: the codes-left axis reads %q, want %q", lang, got, want[lang])
		}
	}
}

// Computer guesses, stopped while it thinks: "Stopped." beside Think
// again. A change of language then dropped the note, and Think again
// stood alone with no word why. The note is kept, in the new language.
func TestComputerStoppedNoteSurvivesALanguageChange(t *testing.T) {
	ctx := computerPage(t, "1a2b-4")
	installHold(t, ctx)
	before := eval[string](t, ctx, `(async () => {`+thinkingHeldJS+`
		$('#kz-panel-computer .kz-busy button').click(); // Stop
		await until(() => $('#kz-panel-computer [data-on-click="comp.retry"]'));
		await release('guess.suggest');
		return $('#kz-panel-computer .kz-think-note').textContent;
	})()`)
	if before != "Stopped." {
		t.Fatalf("after Stop, the note reads %q, want %q", before, "Stopped.")
	}
	guessLanguage(t, ctx, "ja")
	got := eval[map[string]string](t, ctx, `(async () => {
		const retry = await until(() => $('#kz-panel-computer [data-on-click="comp.retry"]'));
		return {note: $('#kz-panel-computer .kz-think-note').textContent, retry: retry.textContent};
	})()`)
	if got["note"] != "停止しました。" {
		t.Errorf("after a change of language, the note beside %q reads %q, want %q", got["retry"], got["note"], "停止しました。")
	}
	// Think again: the note goes with the thinking.
	if note := eval[string](t, ctx, `(async () => {
		$('#kz-panel-computer [data-on-click="comp.retry"]').click();
		await until(cur, 30000);
		return $('#kz-panel-computer .kz-think-note').textContent;
	})()`); note != "" {
		t.Errorf("once it has guessed again, the note should go: %q", note)
	}
}
