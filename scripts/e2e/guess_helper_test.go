//go:build e2e

package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The Helper keeps everything typed: every change can be undone and
// redone, across a reload; it stays quiet while a row is being typed; it
// reads the history forms people paste; and it fits a phone.

// helperRows returns the Helper's rows as "guess a b on" strings.
const helperRowsJS = `[...kz().querySelectorAll('#kz-panel-helper tbody tr[data-row]')].map(tr =>
	[...tr.querySelectorAll('input[type=text]')].map(i => i.value).join(' ') + (tr.querySelector('[data-field="on"]').checked ? '' : ' off'))`

func TestHelperUndoRedoSurvivesReload(t *testing.T) {
	ctx := guessPage(t)
	steps := eval[[]string](t, ctx, `(async () => {
		$('#kz-tab-helper').click();
		const rows = () => `+helperRowsJS+`.join(' | ');
		const seen = [rows()];
		const fill = (i, g, a, b) => { type('[data-row="'+i+'"][data-field="guess"]', g); type('[data-row="'+i+'"][data-field="a"]', a); type('[data-row="'+i+'"][data-field="b"]', b); };
		fill(0, '0123', '1', '2'); seen.push(rows());
		$('[data-on-click="help.add"]').click(); fill(1, '4567', '0', '1'); seen.push(rows());
		$('[data-row="1"][data-field="on"]').click(); seen.push(rows());
		$('[data-row="0"][data-field="remove"]').click(); seen.push(rows());
		$('[data-on-click="help.clear"]').click(); seen.push(rows());
		return seen;
	})()`)
	t.Logf("states: %q", steps)
	// Undo walks back through every state, one per change (typing in one
	// field is one change), and survives a reload.
	undo := func() string {
		return eval[string](t, ctx, `(async () => { $('[data-on-click="help.undo"]').click(); return `+helperRowsJS+`.join(' | '); })()`)
	}
	redo := func() string {
		return eval[string](t, ctx, `(async () => { $('[data-on-click="help.redo"]').click(); return `+helperRowsJS+`.join(' | '); })()`)
	}
	if got := undo(); got != steps[4] {
		t.Fatalf("undoing Clear: got %q, want %q", got, steps[4])
	}
	if got := undo(); got != steps[3] {
		t.Fatalf("undoing the removal: got %q, want %q", got, steps[3])
	}
	// Reload in the middle: the undo and redo history is kept.
	if err := chromedp.Do(withTimeout(t, ctx, 60*time.Second), chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	installHelpers(t, ctx)
	eval[bool](t, ctx, `(async () => { $('#kz-tab-helper').click(); await until(() => $('#kz-panel-helper tbody tr')); return true; })()`)
	if got := undo(); got != steps[2] {
		t.Fatalf("after a reload, undoing the switch: got %q, want %q", got, steps[2])
	}
	if got := undo(); !strings.HasPrefix(got, "0123 1 2 | 4567") || got == steps[2] {
		t.Fatalf("undoing the typing of row 2: got %q", got)
	}
	for range 3 {
		undo()
	}
	if got := redo(); got == "" {
		t.Fatal("redo did nothing")
	}
	final := eval[string](t, ctx, `(async () => { for (let i = 0; i < 10; i++) $('[data-on-click="help.redo"]').click(); return `+helperRowsJS+`.join(' | '); })()`)
	if final != steps[5] {
		t.Fatalf("redoing everything should end where we were: got %q, want %q", final, steps[5])
	}
	if !eval[bool](t, ctx, `$('[data-on-click="help.redo"]').disabled && !$('[data-on-click="help.undo"]').disabled`) {
		t.Error("with nothing to redo, Redo is disabled and Undo is not")
	}
}

// While a row is being typed the Helper says nothing about it and keeps
// the last analysis; leaving the half-typed row names what is wrong,
// under that row, and the analysis stays, marked out of date.
func TestHelperIsQuietWhileTyping(t *testing.T) {
	ctx := guessPage(t)
	got := eval[map[string]string](t, ctx, `(async () => {
		$('#kz-tab-helper').click();
		type('[data-row="0"][data-field="guess"]', '0123');
		type('[data-row="0"][data-field="a"]', '1');
		type('[data-row="0"][data-field="b"]', '2');
		const fresh = () => !$('#kz-panel-helper .kz-analysis.kz-stale') && $('#kz-panel-helper .kz-suggest');
		await until(fresh);
		const before = $('#kz-panel-helper .kz-analysis h3').textContent;
		$('[data-on-click="help.add"]').click();
		type('[data-row="1"][data-field="guess"]', '78');
		// Typing marks the analysis out of date at once; it is fresh again
		// once the Helper has looked at the rows, whenever that is.
		await until(() => $('#kz-panel-helper .kz-analysis.kz-stale'));
		await until(fresh);
		const whileTyping = kz().querySelector('#kz-panel-helper .kz-row-error, #kz-panel-helper .kz-field-error:not(:empty)');
		const during = $('#kz-panel-helper .kz-analysis h3').textContent;
		// Leave the row half typed.
		$('[data-row="1"][data-field="guess"]').blur();
		const err = await until(() => kz().querySelector('#kz-panel-helper tr.kz-row-error'));
		return {before, during, whileTyping: whileTyping ? whileTyping.textContent : '', error: err.textContent,
			errorAfterRow: String(err.previousElementSibling && err.previousElementSibling.dataset.row),
			stale: String(!!$('#kz-panel-helper .kz-analysis.kz-stale')), after: $('#kz-panel-helper .kz-analysis h3').textContent,
			note: $('#kz-panel-helper .kz-stale-note').textContent};
	})()`)
	if got["whileTyping"] != "" {
		t.Errorf("the Helper complained while a row was typed: %q", got["whileTyping"])
	}
	if got["during"] != got["before"] || got["after"] != got["before"] {
		t.Errorf("the last analysis should stay on screen: %v", got)
	}
	if got["error"] != "Row 2: “78” has 2 symbols; a code in this game has 4." || got["errorAfterRow"] != "1" {
		t.Errorf("leaving a half-typed row should say what is wrong, under it: %v", got)
	}
	if got["stale"] != "true" || !strings.Contains(got["note"], "Out of date") {
		t.Errorf("the kept analysis should be marked out of date: %v", got)
	}
	// After a reload the same: the error under its row, and the last good
	// analysis beside it, out of date.
	if err := chromedp.Do(withTimeout(t, ctx, 60*time.Second), chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	installHelpers(t, ctx)
	again := eval[map[string]string](t, ctx, `(async () => {
		$('#kz-tab-helper').click();
		const err = await until(() => kz().querySelector('#kz-panel-helper tr.kz-row-error'));
		const h3 = await until(() => $('#kz-panel-helper .kz-analysis.kz-stale h3'));
		return {error: err.textContent, analysis: h3.textContent, note: $('#kz-panel-helper .kz-stale-note').textContent,
			suggest: String(!!$('#kz-panel-helper .kz-analysis .kz-suggest'))};
	})()`)
	if again["error"] != got["error"] || again["analysis"] != got["before"] || !strings.Contains(again["note"], "Out of date") || again["suggest"] != "true" {
		t.Errorf("after a reload, the last good analysis should be back, out of date, beside the error: %v (before %q)", again, got["before"])
	}
}

// The paste reader takes the forms people write, each game's own
// notation, and quotes the line it cannot read.
func TestHelperReadsPastedVariants(t *testing.T) {
	ctx := guessPage(t)
	read := func(preset, text string) map[string]any {
		return eval[map[string]any](t, ctx, `(async () => {
			choose('#kz-preset', `+jsString(preset)+`);
			$('#kz-tab-helper').click();
			$('[data-on-click="help.clear"]').click();
			$('[data-on-click="help.paste-open"]').click();
			type('#kz-paste', `+jsString(text)+`);
			$('[data-on-click="help.paste-read"]').click();
			await until(() => $('#kz-paste-error').textContent || $('.kz-paste').hidden);
			return {rows: `+helperRowsJS+`, error: $('#kz-paste-error').textContent, paste: $('#kz-paste').value};
		})()`)
	}
	got := read("1a2b-4", "5678: 0A1B\n1234 → 1A2B\n0123 1A2B.\n")
	if rows := strings.Join(toStrings(got["rows"]), " | "); rows != "5678 0 1 | 1234 1 2 | 0123 1 2 |   " {
		t.Errorf("the variants should read as three rows: %q (error %q)", rows, got["error"])
	}
	got = read("numeron", "012 0E1B\n")
	if rows := strings.Join(toStrings(got["rows"]), " | "); rows != "012 0 1 |   " {
		t.Errorf("Numeron's 0E1B should read as 0 EAT 1 BITE: %q (error %q)", rows, got["error"])
	}
	// A history pasted from a chat: turns run together on a line, a code
	// written with spaces between its symbols.
	got = read("1a2b-4", "0123 1A2B 4567 0A0B, 8901 1A1B\n5 6 7 8 0A1B\n")
	if rows := strings.Join(toStrings(got["rows"]), " | "); rows != "0123 1 2 | 4567 0 0 | 8901 1 1 | 5678 0 1 |   " {
		t.Errorf("turns on one line and a spaced code should read as four rows: %q (error %q)", rows, got["error"])
	}
	got = read("1a2b-4", "0123 1A2B 4567\n")
	// The error names the line and the column at fault, with a button
	// that selects it.
	if got["error"] != "Line 1, column 11: The guess “4567” has no answer. Write its answer after it, like 1A2B. Show where" {
		t.Errorf("a guess with no answer should be named: %q", got["error"])
	}
	got = read("1a2b-4", "0123 1A2B\n45x7 0A1B\n")
	if got["error"] != "Line 2, column 3: “x” at position 3 is not a symbol of this game. Show where" {
		t.Errorf("a bad line should be called a line, with the column at fault: %q", got["error"])
	}
	if got["paste"] != "0123 1A2B\n45x7 0A1B\n" {
		t.Errorf("the pasted text must stay as it was: %q", got["paste"])
	}
}

// A history table copied from You guess pastes into the Helper as it is:
// its codes copy as "0123" (not one symbol a line), its turn numbers and
// header are skipped, and the count of codes left stays out of the copy.
// A paste with no guess in it says so, and keeps the text.
func TestYouTableCopiesIntoTheHelper(t *testing.T) {
	ctx := startYouGame(t, "1a2b-4")
	got := eval[map[string]any](t, ctx, `(async () => {
		const turns = () => $('#kz-panel-you .kz-history tbody') ? $('#kz-panel-you .kz-history tbody').children.length : 0;
		$('#kz-panel-you input[type=checkbox][data-on-change="you.analysis"]').click();
		for (const g of ['0123', '4567']) {
			const n = turns();
			type('#kz-you-guess', g);
			$('#kz-you-guess').form.requestSubmit();
			await until(() => turns() === n + 1);
		}
		await until(() => $('#kz-panel-you .kz-history th:nth-child(4)'));
		const range = document.createRange();
		range.selectNodeContents($('#kz-panel-you .kz-history table'));
		const sel = getSelection();
		sel.removeAllRanges();
		sel.addRange(range);
		const copied = sel.toString();
		sel.removeAllRanges();
		const answers = [...kz().querySelectorAll('#kz-panel-you .kz-history tbody tr')].map(tr => tr.children[1].textContent + ' ' + tr.children[2].textContent.replace(/[AB]/g, ' ').trim());
		$('#kz-tab-helper').click();
		$('[data-on-click="help.clear"]').click();
		$('[data-on-click="help.paste-open"]').click();
		type('#kz-paste', copied);
		$('[data-on-click="help.paste-read"]').click();
		await until(() => $('#kz-paste-error').textContent || $('.kz-paste').hidden);
		const rows = `+helperRowsJS+`, error = $('#kz-paste-error').textContent;
		$('[data-on-click="help.paste-open"]').click();
		type('#kz-paste', '# only a note\n\n// and another\n');
		$('[data-on-click="help.paste-read"]').click();
		await until(() => $('#kz-paste-error').textContent || $('.kz-paste').hidden);
		return {copied, answers, rows, error, empty: $('#kz-paste-error').textContent, kept: $('#kz-paste').value, invalid: $('#kz-paste').getAttribute('aria-invalid'),
			open: !$('.kz-paste').hidden, rowsAfter: `+helperRowsJS+`};
	})()`)
	copied := got["copied"].(string)
	if !strings.Contains(copied, "\t0123\t") || strings.Contains(copied, "Your guesses") || strings.Contains(copied, "…") {
		t.Errorf("the table should copy one turn a line, without the hidden caption or the codes left: %q", copied)
	}
	want := strings.Join(append(toStrings(got["answers"]), "  "), " | ")
	if rows := strings.Join(toStrings(got["rows"]), " | "); rows != want || got["error"] != "" {
		t.Errorf("the copied table should paste as its turns: %q, want %q (error %q, copied %q)", rows, want, got["error"], copied)
	}
	if got["empty"] != "No guess in the text: every line is blank or a note (# …). Write one guess and its answer a line." ||
		got["kept"] != "# only a note\n\n// and another\n" || got["open"] != true || got["invalid"] != "true" {
		t.Errorf("a paste with no guess should say so and keep the text: %v", got)
	}
	if strings.Join(toStrings(got["rowsAfter"]), " | ") != want {
		t.Errorf("a paste with no guess must leave the rows: %v", got["rowsAfter"])
	}
}

// An empty Helper on a huge game says how many codes there are instead
// of listing 100 of them, and lists some when asked.
func TestEmptyHelperOnAHugeGame(t *testing.T) {
	ctx := guessPage(t)
	got := eval[map[string]any](t, ctx, `(async () => {
		choose('#kz-preset', '1a2b-10');
		$('#kz-tab-helper').click();
		const h = await until(() => { const h = $('#kz-panel-helper .kz-analysis h3'); return h && h.textContent.includes('3,628,800') && h; });
		const chipsBefore = kz().querySelectorAll('#kz-panel-helper .kz-chip').length;
		$('[data-on-click="help.show-some"]').focus();
		$('[data-on-click="help.show-some"]').click();
		await until(() => kz().querySelectorAll('#kz-panel-helper .kz-chip').length > 0, 30000);
		const active = kz().activeElement;
		return {text: h.textContent, chipsBefore, chipsAfter: kz().querySelectorAll('#kz-panel-helper .kz-chip').length,
			focus: active ? active.className + ' ' + active.textContent : 'body', first: kz().querySelector('#kz-panel-helper .kz-chip') === active};
	})()`)
	if got["chipsBefore"] != 0.0 || got["chipsAfter"] != 100.0 {
		t.Errorf("no codes should be listed until asked, then 100: %v", got)
	}
	if got["first"] != true {
		t.Errorf("Show some, gone with the results it replaced, should leave the focus on the first code: %v", got["focus"])
	}
}

// At 320 px, in every language, the Helper's remove column is visible and
// the mode tabs fit or scroll as tabs; nothing scrolls the page sideways.
func TestHelperFitsAPhoneInEveryLanguage(t *testing.T) {
	ctx := tab(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(320, 640)); err != nil {
		t.Fatal(err)
	}
	for _, lang := range []string{"en", "zh-Hant", "zh-Hans", "ja"} {
		navigate(t, ctx, embedPage(t, "phone-"+lang+".html", `<div data-kibitz="guess" data-lang="`+lang+`"></div>`))
		waitWidget(t, ctx, `[data-kibitz="guess"]`)
		got := eval[map[string]any](t, ctx, `(async () => {
			const root = document.querySelector('[data-kibitz="guess"]').shadowRoot;
			const $ = s => root.querySelector(s);
			$('#kz-tab-helper').click();
			await new Promise(r => setTimeout(r, 100));
			const shell = $('#kz-panel-helper .kz-history').getBoundingClientRect(); // the table scrolls inside it
			const x = $('#kz-panel-helper [data-field="remove"]').getBoundingClientRect();
			const tabs = $('[role=tablist]');
			const tabsFit = tabs.scrollWidth <= tabs.clientWidth + 1 || getComputedStyle(tabs).overflowX === 'auto';
			const tops = [...tabs.children].map(t => Math.round(t.getBoundingClientRect().top));
			return {xRight: x.right, shellRight: shell.right, xWidth: x.width, tabsOneLine: new Set(tops).size === 1, tabsFit,
				overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth};
		})()`)
		if got["xRight"].(float64) > got["shellRight"].(float64) || got["xWidth"].(float64) < 10 {
			t.Errorf("%s: the remove button is clipped: %v", lang, got)
		}
		if got["tabsOneLine"] != true || got["tabsFit"] != true {
			t.Errorf("%s: the mode tabs should sit on one line and fit or scroll: %v", lang, got)
		}
		if got["overflow"].(float64) > 0 {
			t.Errorf("%s: the page scrolls sideways by %v px", lang, got["overflow"])
		}
	}
}

// Long thinking shows its progress next to the analysis it computes, and
// Stop there says "Stopped.", not an error. The analysis's calls are held
// in the engine (hold_test.go) until Stop, so it is long on any machine.
func TestHelperThinkingShowsProgressInPlaceAndStops(t *testing.T) {
	ctx := guessPage(t)
	installHold(t, ctx)
	got := eval[map[string]any](t, ctx, `(async () => {
		choose('#kz-preset', '1a2b-10');
		choose('#kz-budget', '15000');
		$('#kz-tab-helper').click();
		hold('guess.candidates');
		hold('guess.suggest');
		type('[data-row="0"][data-field="guess"]', '0123456789');
		type('[data-row="0"][data-field="a"]', '2');
		$('[data-row="0"][data-field="a"]').blur();
		const busy = await until(() => { const b = kz().querySelector('#kz-panel-helper .kz-busy-inline:not([hidden])'); return (held('guess.candidates') + held('guess.suggest')) > 0 && b && /%/.test(b.textContent) && b; }, 30000);
		const progress = busy.textContent;
		const topBar = !kz().querySelector('.kz > .kz-busy-bar').hidden;
		busy.querySelector('button').click();
		await until(() => busy.hidden && $('#kz-panel-helper .kz-stale-note').textContent);
		await Promise.all([release('guess.candidates'), release('guess.suggest')]);
		return {progress, topBar, note: $('#kz-panel-helper .kz-stale-note').textContent,
			red: kz().querySelector('.kz-message.kz-error, #kz-panel-helper .kz-row-error') ? 'yes' : 'no'};
	})()`)
	if got["topBar"] != false {
		t.Errorf("the progress should sit by the analysis, not in the top bar: %v", got)
	}
	if got["note"] != "Stopped." || got["red"] != "no" {
		t.Errorf("Stop should say Stopped., with no error: %v", got)
	}
	t.Logf("progress while thinking: %q", got["progress"])
}

// Removing a row leaves the focus on the neighbouring row, so the next
// key press acts there.
func TestHelperFocusAfterRemove(t *testing.T) {
	ctx := guessPage(t)
	got := eval[map[string]string](t, ctx, `(async () => {
		$('#kz-tab-helper').click();
		$('[data-on-click="help.paste-open"]').click();
		type('#kz-paste', '0123 1A1B\n4567 0A2B\n8901 1A0B\n');
		$('[data-on-click="help.paste-read"]').click();
		await until(() => $('.kz-paste').hidden);
		$('[data-row="1"][data-field="remove"]').focus();
		$('[data-row="1"][data-field="remove"]').click();
		await until(() => kz().activeElement && kz().activeElement.dataset.field === 'remove');
		const a = kz().activeElement;
		return {row: a.dataset.row, guess: $('[data-row="' + a.dataset.row + '"][data-field="guess"]').value};
	})()`)
	if got["row"] != "1" || got["guess"] != "8901" {
		t.Errorf("after removing row 2, the focus should be on the row that took its place: %v", got)
	}
}

// The first guess of a 10-digit game is a fixed opening, given at once
// without a search.
func TestTenDigitOpeningIsFixed(t *testing.T) {
	ctx := guessPage(t)
	got := eval[map[string]string](t, ctx, `(async () => {
		choose('#kz-preset', '1a2b-10');
		$('#kz-tab-helper').click();
		const s = await until(() => $('#kz-panel-helper .kz-suggest'));
		return {guess: s.querySelector('.kz-code').getAttribute('aria-label'), text: s.textContent};
	})()`)
	if got["guess"] != "0123456789" || !strings.Contains(got["text"], "all first guesses are alike") {
		t.Errorf("the 10-digit opening should be the fixed first code, explained as such: %v", got)
	}
}

// A history whose last row guessed the secret is a game over: the Helper
// says it is solved and what the secret is, not that one code "is still
// possible" with a button to add it as another row, and suggests nothing.
func TestHelperSaysASolvedGameIsSolved(t *testing.T) {
	ctx := guessPage(t)
	got := eval[map[string]any](t, ctx, `(async () => {
		$('#kz-tab-helper').click();
		$('[data-on-click="help.paste-open"]').click();
		type('#kz-paste', '0123 0A3B\n1234 4A0B\n');
		$('[data-on-click="help.paste-read"]').click();
		await until(() => $('#kz-panel-helper .kz-analysis h3') && !$('#kz-panel-helper .kz-analysis.kz-stale'));
		await new Promise(r => setTimeout(r, 300));
		const panel = $('#kz-panel-helper');
		return {heading: panel.querySelector('.kz-analysis h3').textContent,
			addButtons: panel.querySelectorAll('.kz-analysis [data-on-click="help.use"]').length,
			suggest: !!panel.querySelector('.kz-suggest'),
			said: kz().querySelector('.kz-said').textContent};
	})()`)
	if got["heading"] != "Solved: the secret is 1234." || got["said"] != got["heading"] || got["addButtons"].(float64) != 0 || got["suggest"] != false {
		t.Errorf("a solved history must say so, with no code to add and no suggestion: %v", got)
	}
}

// The answer boxes take what people type there: counts with their
// letters ("1a" and "2b") read as 1A2B (B was dropped, and 1A0B gave 480
// codes with no word), full-width digits as a Chinese or Japanese
// keyboard types them read as digits (they were "not an answer"), and a
// count below 0 says so (it said the two counts add up to at most 4).
func TestHelperAnswerBoxesReadWhatIsTyped(t *testing.T) {
	ctx := guessPage(t)
	eval[bool](t, ctx, `($('#kz-tab-helper').click(), true)`)
	row := func(a, b string) map[string]any {
		return eval[map[string]any](t, ctx, `(async () => {
			$('[data-on-click="help.clear"]').click();
			await until(() => $('[data-row="0"][data-field="guess"]'));
			type('[data-row="0"][data-field="guess"]', '0123');
			type('[data-row="0"][data-field="a"]', `+jsString(a)+`);
			type('[data-row="0"][data-field="b"]', `+jsString(b)+`);
			$('[data-row="0"][data-field="b"]').blur();
			await until(() => kz().querySelector('#kz-panel-helper tr.kz-row-error') ||
				(!$('#kz-panel-helper .kz-analysis.kz-stale') && $('#kz-panel-helper .kz-analysis h3') && $('#kz-panel-helper .kz-analysis h3').textContent.startsWith('216')) , 20000).catch(() => null);
			await new Promise(r => setTimeout(r, 300));
			const err = kz().querySelector('#kz-panel-helper tr.kz-row-error');
			return {error: err ? err.textContent : '', count: $('#kz-panel-helper .kz-analysis h3') ? $('#kz-panel-helper .kz-analysis h3').textContent : ''};
		})()`)
	}
	for _, c := range [][2]string{{"1a", "2b"}, {"1A", "2B"}, {"１", "２"}, {"1", "2"}} {
		if got := row(c[0], c[1]); got["error"] != "" || !strings.HasPrefix(got["count"].(string), "216 codes are still possible.") {
			t.Errorf("A %q, B %q must read as 1A2B, 216 codes: %v", c[0], c[1], got)
		}
	}
	if got := row("-1", "2"); got["error"] != "Row 1: A count is 0 to 4, not “-1”." {
		t.Errorf("a count below 0: %v", got)
	}
	if got := row("1", "2b"); !strings.Contains(got["error"].(string), "“1 2b”") {
		t.Errorf("a count with a letter next to one without must be quoted, not dropped: %v", got)
	}
}

// 1a2b-4's shipped strategy opens with 0123, but a reader may open with
// any code: every first guess is 0123 up to a relabelling of the digits,
// so the Helper's perfect move after 1234 0A1B comes from the shipped
// strategy, relabelled. It went to a live search of 1,440 codes, which
// gave no answer within minutes.
func TestHelperPerfectAfterAnyFirstGuess(t *testing.T) {
	ctx := guessPage(t)
	eval[bool](t, ctx, treeHelpersJS)
	got := eval[map[string]any](t, ctx, `(async () => {
		$('.kz-settings').open = true;
		choose('#kz-preset', '1a2b-4');
		choose('#kz-strategy', 'perfect');
		choose('#kz-objective', 'average');
		$('#kz-tab-helper').click();
		type('[data-row="0"][data-field="guess"]', '1234');
		type('[data-row="0"][data-field="a"]', '0');
		type('[data-row="0"][data-field="b"]', '1');
		$('[data-row="0"][data-field="b"]').blur();
		const found = await until(() => !$('#kz-panel-helper .kz-analysis.kz-stale') && $('#kz-panel-helper .kz-suggest'), 30000).catch(() => null);
		if (!found) return {suggest: 'none within 30 s'};
		const suggest = $('#kz-panel-helper .kz-suggest').textContent;
		$('#kz-panel-helper .kz-tree-open').click();
		await until(() => treeReady() && /Guess 2/.test($('#kz-panel-tree .kz-tree-root').textContent), 30000);
		return {suggest, proof: proof(), root: $('#kz-panel-tree .kz-tree-root').textContent,
			notes: [...kz().querySelectorAll('#kz-panel-tree .kz-tree-proof .kz-note')].map(n => n.textContent)};
	})()`)
	t.Logf("1a2b-4 after 1234 0A1B: %v", got)
	if !strings.HasPrefix(got["suggest"].(string), "Suggested next guess") {
		t.Fatalf("the Helper must suggest a perfect move after 1234 0A1B: %v", got)
	}
	p := got["proof"].(map[string]any)
	if p["source"] != "shipped" || p["Secrets"] != "1,440" {
		t.Errorf("the move comes from the shipped strategy, from the 1,440 codes left: %v", p)
	}
	if notes := fmt.Sprint(got["notes"]); !strings.Contains(notes, "This position follows the strategy for the whole game: 26,274 guesses in all") {
		t.Errorf("the proof says the position follows the whole game's strategy: %v", notes)
	}
}

// The codes still possible are known at once, but the suggestion can take
// seconds or minutes (a perfect search off the shipped strategy). The
// Helper showed nothing but "Thinking…" until both were done; now the
// codes show while the suggestion is worked out, Stop keeps them (they
// are up to date) and says no suggestion came, with a way to think again.
// The suggestion is held in the engine so the wait lasts on any machine.
func TestHelperShowsTheCodesWhileItThinks(t *testing.T) {
	ctx := guessPage(t)
	installHold(t, ctx)
	got := eval[map[string]any](t, ctx, `(async () => {
		hold('guess.suggest');
		$('#kz-tab-helper').click();
		type('[data-row="0"][data-field="guess"]', '0123');
		type('[data-row="0"][data-field="a"]', '1');
		type('[data-row="0"][data-field="b"]', '2');
		$('[data-row="0"][data-field="b"]').blur();
		const panel = $('#kz-panel-helper');
		await until(() => held('guess.suggest') > 0 && panel.querySelector('.kz-analysis h3') && !panel.querySelector('.kz-analysis.kz-stale'), 30000);
		const busy = panel.querySelector('.kz-busy-inline:not([hidden])');
		const during = {count: panel.querySelector('.kz-analysis h3').textContent, chips: panel.querySelectorAll('.kz-candidates .kz-chip').length,
			suggest: !!panel.querySelector('.kz-suggest'), busy: !!busy};
		busy.querySelector('button').click();
		const stopped = await until(() => panel.querySelector('.kz-suggest-error'), 30000);
		const after = {text: stopped.textContent, stale: !!panel.querySelector('.kz-analysis.kz-stale'),
			chips: panel.querySelectorAll('.kz-candidates .kz-chip').length, focus: kz().activeElement && kz().activeElement.textContent,
			said: kz().querySelector('.kz-said').textContent};
		await release('guess.suggest');
		stopped.querySelector('button').focus();
		stopped.querySelector('button').click();
		await until(() => panel.querySelector('.kz-suggest'), 30000);
		const again = {error: !!panel.querySelector('.kz-suggest-error'), focus: kz().activeElement && kz().activeElement.textContent,
			suggest: panel.querySelector('.kz-suggest h3').textContent};
		// Without a wait, the codes and the suggestion come in one piece.
		type('[data-row="0"][data-field="b"]', '1');
		$('[data-row="0"][data-field="b"]').blur();
		await until(() => !panel.querySelector('.kz-analysis.kz-stale') && /^\d+ codes/.test(panel.querySelector('.kz-analysis h3').textContent) &&
			!panel.querySelector('.kz-analysis h3').textContent.startsWith('216') && panel.querySelector('.kz-suggest'), 30000);
		return {during, after, again, last: panel.querySelector('.kz-analysis h3').textContent};
	})()`)
	t.Logf("while the suggestion is held: %v", got)
	during, after, again := got["during"].(map[string]any), got["after"].(map[string]any), got["again"].(map[string]any)
	if !strings.HasPrefix(during["count"].(string), "216 codes are still possible.") || during["chips"].(float64) != 100 || during["suggest"] != false || during["busy"] != true {
		t.Errorf("the codes must show while the suggestion is worked out, under its busy line: %v", during)
	}
	if after["text"] != "Stopped before a suggestion. The codes above are up to date. Think again" || after["stale"] != false || after["chips"].(float64) != 100 ||
		after["said"] != "Stopped before a suggestion. The codes above are up to date." || after["focus"] != "Think again" {
		t.Errorf("Stop must keep the codes, fresh, and say no suggestion came: %v", after)
	}
	if again["error"] != false || again["focus"] != "Add it as the next row" || !strings.HasPrefix(again["suggest"].(string), "Suggested next guess") {
		t.Errorf("Think again must bring the suggestion, with the focus on it: %v", again)
	}
}
