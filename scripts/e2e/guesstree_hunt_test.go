//go:build e2e

package e2e

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// The number-guessing widget hunted again: the optimal strategy's tree
// for keyboard and screen-reader users, You guess's Undo, and the answer
// picker of Computer guesses.

// key presses one key where the focus is.
func key(t *testing.T, ctx context.Context, k string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.KeyEvent(k)); err != nil {
		t.Fatal(err)
	}
}

// treeFocusJS reads the tree's focus: the focused item's path (or "win",
// "leaf"), its level, whether it is open, its name, how many tab stops
// the tree has, and whether the focus is in the tree at all.
const treeFocusJS = `(() => {
	const tree = $('#kz-tree-n-root');
	const a = kz().activeElement;
	const item = a && a.closest('[role="treeitem"]');
	return {
		role: tree ? tree.getAttribute('role') || '' : '',
		inTree: !!(a && tree && tree.contains(a)),
		path: item ? (item.dataset.path || (item.classList.contains('kz-tree-win') ? 'win' : 'leaf')) : '',
		level: item ? item.getAttribute('aria-level') || '' : '',
		expanded: item ? item.getAttribute('aria-expanded') || '' : '',
		label: item ? accName(item) : '',
		stops: tree ? [...tree.querySelectorAll('button, [tabindex="0"]')].filter(e => !e.closest('ul[hidden]')).length : -1,
	};
})()`

// The optimal strategy's tree is a tree for the keyboard and a screen
// reader (the WAI-ARIA tree pattern): one tab stop, Up and Down move,
// Right opens a branch and then goes to its first answer, Left goes back
// up and closes, Home and End, Enter opens or closes; each item's name
// says the way to it after what it shows ("0A1B 5678 12 secrets · avg
// 4.92 · worst 6. Guess 3, after 0123 answered 1A2B, then 4567 answered
// 0A1B."), in every language. Every branch was a button of its
// own, walked with Tab only (5,040 leaves deep), the arrows did nothing,
// and a branch's name gave its answer but not the guesses before it.
func TestTreeIsAKeyboardTree(t *testing.T) {
	ctx := guessPage(t)
	eval[bool](t, ctx, treeHelpersJS)
	eval[bool](t, ctx, `(async () => {
		choose('#kz-preset', '1a2b-4');
		$('#kz-tab-tree').click();
		await until(treeReady, 60000);
		const stop = $('#kz-tree-n-root [tabindex="0"]') || $('#kz-tree-n-root button');
		stop.focus();
		return true;
	})()`)
	state := func() map[string]any { return eval[map[string]any](t, ctx, treeFocusJS) }
	got := state()
	if got["role"] != "tree" || got["stops"] != 1.0 || got["path"] != "win" || got["level"] != "1" {
		t.Errorf("the tree: %v; want role tree, one tab stop, on its first item (the win, level 1)", got)
	}
	if !regexp.MustCompile(`^4A0B found at guess 1\. \d{4} is the secret\.$`).MatchString(got["label"].(string)) {
		t.Errorf("the win's name: %q", got["label"])
	}
	key(t, ctx, kb.ArrowDown)
	if got = state(); got["path"] != "0" || got["expanded"] != "false" {
		t.Errorf("Down goes to the first branch: %v", got)
	}
	key(t, ctx, kb.End)
	last := state()
	key(t, ctx, kb.Home)
	if got = state(); got["path"] != "win" || last["path"] == "win" || last["path"] == "" || last["level"] != "1" {
		t.Errorf("End then Home: %v then %v", last, got)
	}
	key(t, ctx, kb.ArrowDown)
	key(t, ctx, kb.ArrowRight)
	if got = state(); got["path"] != "0" || got["expanded"] != "true" {
		t.Errorf("Right opens the branch and stays on it: %v", got)
	}
	key(t, ctx, kb.ArrowRight)
	got = state()
	if got["level"] != "2" || got["inTree"] != true || got["stops"] != 1.0 {
		t.Errorf("Right again goes to the branch's first answer: %v", got)
	}
	// Its name says the way to it: the answer, the guess it answers, and
	// the first guess with its answer.
	if !regexp.MustCompile(`^\dA\dB .+\. .+, after \d{4} answered \dA\dB\.$`).MatchString(got["label"].(string)) {
		t.Errorf("a second-level item's name: %q, want the way to it", got["label"])
	}
	key(t, ctx, kb.ArrowLeft)
	if got = state(); got["path"] != "0" || got["expanded"] != "true" {
		t.Errorf("Left goes up to the branch: %v", got)
	}
	key(t, ctx, kb.ArrowLeft)
	if got = state(); got["path"] != "0" || got["expanded"] != "false" {
		t.Errorf("Left again closes it: %v", got)
	}
	pressEnter(t, ctx)
	if got = state(); got["path"] != "0" || got["expanded"] != "true" {
		t.Errorf("Enter opens it: %v", got)
	}
	// One tab stop: Tab leaves the tree.
	key(t, ctx, kb.Tab)
	if got = state(); got["inTree"] != false {
		t.Errorf("Tab from the tree should leave it, and goes to %v", got)
	}

	// In Japanese the way is said too (the branch stays open across the
	// change of language).
	guessLanguage(t, ctx, "ja")
	eval[bool](t, ctx, treeHelpersJS)
	label := eval[string](t, ctx, `(async () => {
		await until(treeReady, 60000);
		const item = await until(() => $('#kz-tree-n-0 [role="treeitem"]'), 10000).catch(() => null);
		return item ? accName(item) : '';
	})()`)
	if !regexp.MustCompile(`^\dA\dB .+。答えは \d{4}（\d{4} への判定 \dA\dB の後）。$`).MatchString(label) {
		t.Errorf("a second-level item's name in Japanese: %q", label)
	}
}

// youStateJS reads You guess: the turns in the table, the guess box, the
// focus, and what the mode's live line says.
const youStateJS = `({turns: $('#kz-panel-you .kz-history tbody') ? $('#kz-panel-you .kz-history tbody').children.length : 0,
	box: $('#kz-you-guess').value, inBox: kz().activeElement === $('#kz-you-guess'),
	said: $('#kz-panel-you .kz-sr[role="status"]').textContent})`

// In You guess, Ctrl+Z (⌘Z) undoes the last guess as Undo does, from an
// empty guess box, from the guess Undo put back there (again and
// again), and from the mode's buttons; the box keeps its own undo of
// what the reader typed. Undo says what it undid, in the reader's
// language. The keys did nothing, and Undo said nothing.
// youTwoGuessesJS guesses 0123 and 4567 in You guess, and leaves the
// focus in the emptied guess box.
const youTwoGuessesJS = `(async () => {
	for (const g of ['0123', '4567']) {
		type('#kz-you-guess', g);
		$('#kz-you-guess').form.requestSubmit();
		await until(() => ` + youStateJS + `.turns === (g === '0123' ? 1 : 2));
	}
	$('#kz-you-guess').focus();
	return true;
})()`

func TestYouCtrlZUndoesTheLastGuess(t *testing.T) {
	ctx := startYouGame(t, "1a2b-4")
	eval[bool](t, ctx, youTwoGuessesJS)
	state := func(want string) map[string]any {
		return eval[map[string]any](t, ctx, `until(() => { const s = `+youStateJS+`; return `+want+` && s; }, 20000).catch(() => `+youStateJS+`)`)
	}
	// Typed in the box: Ctrl+Z is the box's own.
	key(t, ctx, "8")
	key(t, ctx, "9")
	ctrlZ(t, ctx, chromedp.ModifierCtrl)
	if got := state(`s.box !== '89'`); got["turns"] != 2.0 || got["box"] == "89" {
		t.Errorf("Ctrl+Z with 89 typed in the box should undo the typing, not a guess: %v", got)
	}
	eval[bool](t, ctx, `(() => { type('#kz-you-guess', ''); return true; })()`)
	// The box empty: Ctrl+Z undoes guess 2, and puts it back in the box.
	ctrlZ(t, ctx, chromedp.ModifierCtrl)
	got := state(`s.turns === 1`)
	if got["turns"] != 1.0 || got["box"] != "4567" || got["inBox"] != true ||
		!regexp.MustCompile(`^Undone: guess 2, 4567 \(\dA\dB\)\. It is back in the box\.$`).MatchString(got["said"].(string)) {
		t.Errorf("Ctrl+Z in the empty box: %v; want 1 turn, 4567 back in the box, and said what was undone", got)
	}
	// Pressed again, with the guess as Undo put it back: guess 1 goes.
	ctrlZ(t, ctx, chromedp.ModifierMeta)
	if got = state(`s.turns === 0`); got["turns"] != 0.0 || got["box"] != "0123" || !strings.HasPrefix(got["said"].(string), "Undone: guess 1, 0123 (") {
		t.Errorf("⌘Z again: %v; want no turns and 0123 back in the box", got)
	}
	// From a button, in Japanese.
	guessLanguage(t, ctx, "ja")
	eval[bool](t, ctx, `(async () => {
		$('#kz-you-guess').form.requestSubmit();
		await until(() => `+youStateJS+`.turns === 1);
		$('[data-on-click="you.hint"]').focus();
		return true;
	})()`)
	ctrlZ(t, ctx, chromedp.ModifierCtrl)
	if got = state(`s.turns === 0`); got["turns"] != 0.0 || !strings.HasPrefix(got["said"].(string), "元に戻しました：1 回目の予想 0123（") {
		t.Errorf("Ctrl+Z on Hint, in Japanese: %v", got)
	}
}

// The guess Undo put back in the box still stands for Undo after a change
// of language (and a reload): Ctrl+Z there undoes the guess before it. It
// was kept in memory only, so the rebuilt widget took Ctrl+Z for the box's
// own undo, which had nothing to undo: the key did nothing.
func TestYouCtrlZStillUndoesAfterALanguageChange(t *testing.T) {
	ctx := startYouGame(t, "1a2b-4")
	eval[bool](t, ctx, youTwoGuessesJS)
	ctrlZ(t, ctx, chromedp.ModifierCtrl)
	if got := eval[map[string]any](t, ctx, `until(() => { const s = `+youStateJS+`; return s.turns === 1 && s; }, 10000).catch(() => `+youStateJS+`)`); got["box"] != "4567" {
		t.Fatalf("Ctrl+Z in the empty box: %v; want 4567 back in the box", got)
	}
	guessLanguage(t, ctx, "ja")
	eval[bool](t, ctx, `(() => { $('#kz-you-guess').focus(); return true; })()`)
	ctrlZ(t, ctx, chromedp.ModifierCtrl)
	if got := eval[map[string]any](t, ctx, `until(() => { const s = `+youStateJS+`; return s.turns === 0 && s; }, 10000).catch(() => `+youStateJS+`)`); got["turns"] != 0.0 || got["box"] != "0123" {
		t.Errorf("Ctrl+Z in the box holding the guess Undo put back, after a change of language: %v; want no turns and 0123 in the box", got)
	}
}

// compConflictJS reads Computer guesses' contradiction: the note beside
// the answer, whether it is an error, the rows marked, and the answer
// chosen in the picker.
const compConflictJS = `(() => {
	const note = $('#kz-panel-computer .kz-think-note');
	return {note: note ? note.textContent : '', bad: !!(note && note.classList.contains('kz-bad')),
		marked: [...kz().querySelectorAll('#kz-panel-computer .kz-history tbody tr.kz-conflict')].map(r => r.cells[0].textContent).join(','),
		chosen: ($('#kz-comp-picker [aria-checked="true"]') || {}).title || ''};
})()`

// An answer in Computer guesses that no secret fits is said, and its
// contradicted answers marked, across a reload and a change of language;
// they went, and the contradicting answer stayed chosen in the picker
// with no word of why. Another answer chosen takes the note down.
func TestComputerContradictionSurvivesReload(t *testing.T) {
	ctx := computerPage(t, "1a2b-4")
	first := eval[string](t, ctx, `(async () => {
		$('#kz-panel-computer .kz-current button').click();
		const first = await until(cur, 30000);
		answerWith(0, 0);
		await until(() => cur() && cur() !== first, 30000);
		answerWith(0, 0); // two answers of 0A0B: two digits are left for four places
		await until(() => $('#kz-panel-computer .kz-think-note').textContent, 30000);
		return first;
	})()`)
	want := "contradicts what you answered to guess 1 (" + first + ": 0A0B)"
	read := func(cond string) map[string]any {
		return eval[map[string]any](t, ctx, `until(() => { const s = `+compConflictJS+`; return (`+cond+`) && s; }, 10000).catch(() => `+compConflictJS+`)`)
	}
	if got := read(`s.note`); !strings.Contains(got["note"].(string), want) || got["marked"] != "1" {
		t.Fatalf("the contradiction: %v", got)
	}
	if err := chromedp.Do(ctx, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	installHelpers(t, ctx)
	eval[bool](t, ctx, computerJS)
	got := read(`s.note && s.marked`)
	if !strings.Contains(got["note"].(string), want) || got["bad"] != true || got["marked"] != "1" || got["chosen"] != "0A0B" {
		t.Errorf("after a reload: %v; want the note %q, as an error, row 1 marked, 0A0B chosen", got, want)
	}
	guessLanguage(t, ctx, "ja")
	eval[bool](t, ctx, computerJS)
	got = read(`s.note && s.marked`)
	if !strings.Contains(got["note"].(string), "1 回目（"+first+"：0A0B）の判定と矛盾しています") || got["marked"] != "1" {
		t.Errorf("after a change of language: %v", got)
	}
	// Another answer chosen: the note was of the one before.
	eval[bool](t, ctx, `(() => { $('#kz-comp-picker [data-a="1"][data-b="0"]').click(); return true; })()`)
	if got = read(`!s.note`); got["note"] != "" || got["marked"] != "" || got["chosen"] != "1A0B" {
		t.Errorf("another answer chosen: %v; want no note and no marks", got)
	}
}

// pickFitJS reads the answer picker: its answers, those that sit past
// its edges (to scroll to), and how far it scrolls sideways.
const pickFitJS = `(() => {
	const p = $('#kz-comp-picker');
	const box = p.getBoundingClientRect();
	const cells = [...p.querySelectorAll('.kz-pick')];
	const out = cells.filter(c => { const r = c.getBoundingClientRect(); return r.left < box.left - 0.5 || r.right > box.right + 0.5; });
	return {cells: cells.length, out: out.map(c => c.title).join(' '), scroll: p.scrollWidth - p.clientWidth,
		page: document.documentElement.scrollWidth - document.documentElement.clientWidth};
})()`

// At 320 px the answer picker of 1A2B with 7 to 9 digits shows every
// answer, in every language: such a game's answers have at least 4, 6 or
// 8 digits in common with the secret, a band across a grid of 8 to 10
// columns by B, and most sat past the right edge, to scroll to. Columns
// by A + B hold them in 4, 3 or 2. Up and Down keep to the column.
func TestComputerPickerShowsEveryAnswerAt320(t *testing.T) {
	for _, lang := range []string{"en", "zh-Hans", "zh-Hant", "ja"} {
		ctx := computerPage(t, "1a2b-7")
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(320, 800)); err != nil {
			t.Fatal(err)
		}
		if lang != "en" {
			guessLanguage(t, ctx, lang)
			eval[bool](t, ctx, computerJS)
		}
		for _, preset := range []string{"1a2b-7", "1a2b-8", "1a2b-9"} {
			got := eval[map[string]any](t, ctx, `(async () => {
				choose('#kz-preset', `+jsString(preset)+`);
				$('#kz-tab-computer').click();
				const b = $('#kz-panel-computer .kz-current button') || $('#kz-panel-computer [data-on-click="comp.new"]');
				b.click();
				await until(() => cur() && cur().length === `+preset[len(preset)-1:]+` && $('#kz-comp-picker .kz-pick'), 30000);
				return `+pickFitJS+`;
			})()`)
			if got["cells"].(float64) < 10 || got["out"] != "" || got["scroll"] != 0.0 || got["page"] != 0.0 {
				t.Errorf("%s %s at 320 px: %v; want every answer inside the picker, nothing to scroll", lang, preset, got)
			}
		}
	}
	// 1A2B with 9 digits: 0A9B is over 1A8B, 2A7B, … (9 in common).
	ctx := computerPage(t, "1a2b-9")
	eval[bool](t, ctx, `(async () => {
		$('#kz-panel-computer .kz-current button').click();
		await until(() => $('#kz-comp-picker .kz-pick'), 30000);
		$('#kz-comp-picker [data-a="0"][data-b="9"]').click();
		return true;
	})()`)
	var chosen []string
	for i := 0; i < 3; i++ {
		key(t, ctx, kb.ArrowDown)
		chosen = append(chosen, eval[string](t, ctx, `($('#kz-comp-picker [aria-checked="true"]') || {}).title || ''`))
	}
	if got := strings.Join(chosen, " "); got != "1A8B 2A7B 3A6B" {
		t.Errorf("Down from 0A9B chose %q, want 1A8B 2A7B 3A6B", got)
	}
}
