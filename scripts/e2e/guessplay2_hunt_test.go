//go:build e2e

package e2e

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// Computer guesses and the optimal strategy, hunted again: what an answer
// that contradicts the others names, how the answer picker fits a phone,
// the keyboard's Undo, and the branches a reader opened.

// An answer that contradicts an earlier one names that answer, by its
// guess's number, the code and the answer given, in the reader's
// language. It said "your earlier ones (the rows marked in the table)":
// a pink row that a screen reader does not read, and on a phone the
// table can be out of view.
func TestComputerContradictionNamesTheAnswers(t *testing.T) {
	want := map[string]string{
		"en":      "This answer contradicts what you answered to guess 1 (%s: 0A0B), marked in the table",
		"ja":      "この判定は、1 回目（%s：0A0B）の判定と矛盾しています",
		"zh-Hans": "这次的回答与你对第 1 次（%s：0A0B）的回答互相矛盾",
		"zh-Hant": "這次的回答與你對第 1 次（%s：0A0B）的回答互相矛盾",
	}
	for _, lang := range []string{"en", "ja", "zh-Hans", "zh-Hant"} {
		ctx := computerPage(t, "1a2b-4")
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(320, 700)); err != nil {
			t.Fatal(err)
		}
		if lang != "en" {
			guessLanguage(t, ctx, lang)
			eval[bool](t, ctx, computerJS)
		}
		got := eval[map[string]any](t, ctx, `(async () => {
			$('#kz-panel-computer .kz-current button').click();
			const first = await until(cur, 30000);
			answerWith(0, 0);
			await until(() => cur() && cur() !== first, 30000);
			answerWith(0, 0); // two answers of 0A0B: two digits are left for four places
			const note = await until(() => $('#kz-panel-computer .kz-think-note').textContent && $('#kz-panel-computer .kz-think-note'), 30000);
			return {first, note: note.textContent, bad: note.classList.contains('kz-bad'), alert: note.getAttribute('role'),
				marked: [...kz().querySelectorAll('#kz-panel-computer .kz-history tbody tr.kz-conflict')].map(r => r.cells[0].textContent).join(',')};
		})()`)
		first := got["first"].(string)
		if w := fmt.Sprintf(want[lang], first); !strings.Contains(got["note"].(string), w) {
			t.Errorf("%s: the note reads %q, want it to name the answer it contradicts: %q", lang, got["note"], w)
		}
		if got["bad"] != true || got["alert"] != "alert" || got["marked"] != "1" {
			t.Errorf("%s: the note is an error, said at once, and the row is marked: %v", lang, got)
		}
	}
}

// pickLinesJS lists, for each cell of the answer picker, its text as the
// lines it is drawn on, "0A|2B" or "0A2B", read from where each character
// sits.
const pickLinesJS = `(() => [...kz().querySelectorAll('#kz-comp-picker .kz-pick')].map(cell => {
	const lines = [];
	let top = null;
	const walk = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
	for (let n = walk.nextNode(); n; n = walk.nextNode()) {
		for (let i = 0; i < n.data.length; i++) {
			const r = document.createRange();
			r.setStart(n, i); r.setEnd(n, i + 1);
			const box = r.getBoundingClientRect();
			if (!box.width) continue;
			if (top === null || box.top > top + box.height / 2) { lines.push(''); top = box.top; }
			lines[lines.length - 1] += n.data[i];
		}
	}
	return lines.join('|');
}))()`

// At 320 px the answer picker of a long code (1A2B with 6 digits: seven
// columns) has narrow cells, and an answer broke wherever the cell
// ended: "0A2" over "B", in every cell. It breaks, if it must, between
// its two counts ("0A" over "2B"); a 5-digit code's fit on one line.
func TestComputerPickerAnswersBreakBetweenTheirCounts(t *testing.T) {
	for _, c := range []struct{ lang, preset string }{{"en", "1a2b-6"}, {"zh-Hans", "1a2b-6"}, {"ja", "1a2b-7"}, {"en", "1a2b-5"}} {
		ctx := computerPage(t, c.preset)
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(320, 700)); err != nil {
			t.Fatal(err)
		}
		if c.lang != "en" {
			guessLanguage(t, ctx, c.lang)
			eval[bool](t, ctx, computerJS)
		}
		cells := eval[[]string](t, ctx, `(async () => {
			$('#kz-panel-computer .kz-current button').click();
			await until(cur, 30000);
			await until(() => $('#kz-comp-picker .kz-pick'));
			return `+pickLinesJS+`;
		})()`)
		if len(cells) == 0 {
			t.Fatalf("%s %s: no answers in the picker", c.lang, c.preset)
		}
		// An answer is its first count, its second count: each whole on
		// its line ("0A", "2B", "0公", "2母"), or both on one.
		count := regexp.MustCompile(`^[0-9]+\D+$`)
		for _, cell := range cells {
			lines := strings.Split(cell, "|")
			if len(lines) == 1 {
				continue
			}
			if len(lines) != 2 || !count.MatchString(lines[0]) || !count.MatchString(lines[1]) {
				t.Errorf("%s %s at 320 px: an answer drawn as %q, broken inside a count (all: %v)", c.lang, c.preset, cell, cells)
				break
			}
		}
		if c.preset == "1a2b-5" && strings.Contains(strings.Join(cells, " "), "|") {
			t.Errorf("%s %s at 320 px: the answers fit on one line, and are drawn as %v", c.lang, c.preset, cells)
		}
	}
}

// The branches a reader opened in the optimal strategy stay open when
// the view is built again: a change of language (which builds the
// widget anew) and a reload closed them all, and a reader three levels
// down had to find the way again. Another question's tree starts closed.
// treeOpenJS lists the tree's open branches on show, by path.
const treeOpenJS = `[...kz().querySelectorAll('#kz-panel-tree .kz-tree-toggle[aria-expanded="true"]')]
	.filter(b => b.offsetParent && !$('#' + b.getAttribute('aria-controls')).hidden).map(b => b.dataset.path).sort().join(' ')`

// treeToggleJS defines toggle(path, to), which clicks a branch and waits
// for it to be open ('true') or closed ('false').
const treeToggleJS = `window.toggle = async (path, to) => {
	const b = await until(() => $('#kz-panel-tree .kz-tree-toggle[data-path="' + path + '"]'));
	b.click();
	await until(() => b.getAttribute('aria-expanded') === to);
}; true`

func TestTreeKeepsItsOpenBranches(t *testing.T) {
	const openJS = treeOpenJS
	ctx := guessPage(t)
	eval[bool](t, ctx, treeHelpersJS)
	eval[bool](t, ctx, treeToggleJS)
	opened := eval[string](t, ctx, `(async () => {
		choose('#kz-preset', '1a2b-4');
		$('#kz-tab-tree').click();
		await until(treeReady, 60000);
		await toggle('3', 'true'); await toggle('3-0', 'true'); await toggle('5', 'true');
		await toggle('5', 'false'); // and closed again
		return `+openJS+`;
	})()`)
	if opened != "3 3-0" {
		t.Fatalf("the branches opened are %q, want %q", opened, "3 3-0")
	}
	guessLanguage(t, ctx, "ja")
	eval[bool](t, ctx, treeHelpersJS)
	if got := eval[string](t, ctx, `(async () => { await until(treeReady, 60000); await until(() => `+openJS+`, 20000).catch(() => ''); return `+openJS+`; })()`); got != opened {
		t.Errorf("after a change of language the open branches are %q, want %q", got, opened)
	}
	if err := chromedp.Do(ctx, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	installHelpers(t, ctx)
	eval[bool](t, ctx, treeHelpersJS)
	if got := eval[string](t, ctx, `(async () => { await until(treeReady, 60000); await until(() => `+openJS+`, 20000).catch(() => ''); return `+openJS+`; })()`); got != opened {
		t.Errorf("after a reload the open branches are %q, want %q", got, opened)
	}
	// Another objective is another tree: it starts closed.
	if got := eval[string](t, ctx, `(async () => {
		const objective = () => $('#kz-panel-tree .kz-tree-figs dd').textContent;
		const before = objective();
		choose('#kz-tree-objective', 'worst-then-average');
		await until(() => treeReady() && objective() !== before, 60000);
		return `+openJS+`;
	})()`); got != "" {
		t.Errorf("another objective's tree opens %q, want none open", got)
	}
}

// A branch opened inside one that was then closed opens with it again
// after a reload, as it does while the page lasts: the reader who opens
// the outer branch by hand finds the inner one as it was left. It showed
// closed, and the next change of language opened it.
func TestTreeReopensTheBranchesInsideABranchOpenedAgain(t *testing.T) {
	ctx := guessPage(t)
	eval[bool](t, ctx, treeHelpersJS)
	eval[bool](t, ctx, treeToggleJS)
	eval[bool](t, ctx, `(async () => {
		choose('#kz-preset', '1a2b-4');
		$('#kz-tab-tree').click();
		await until(treeReady, 60000);
		await toggle('3', 'true'); await toggle('3-0', 'true'); await toggle('3', 'false');
		return true;
	})()`)
	if err := chromedp.Do(ctx, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	installHelpers(t, ctx)
	eval[bool](t, ctx, treeHelpersJS)
	eval[bool](t, ctx, treeToggleJS)
	if got := eval[string](t, ctx, `(async () => {
		await until(treeReady, 60000);
		await toggle('3', 'true');
		return `+treeOpenJS+`;
	})()`); got != "3 3-0" {
		t.Errorf("the outer branch opened again by hand after a reload shows %q open, want %q", got, "3 3-0")
	}
	guessLanguage(t, ctx, "ja")
	eval[bool](t, ctx, treeHelpersJS)
	if got := eval[string](t, ctx, `(async () => { await until(treeReady, 60000); await until(() => `+treeOpenJS+` === '3 3-0', 20000).catch(() => ''); return `+treeOpenJS+`; })()`); got != "3 3-0" {
		t.Errorf("after a change of language the open branches are %q, want %q", got, "3 3-0")
	}
}

// ctrlZ presses Ctrl+Z (or ⌘Z) where the focus is, as a keyboard does.
func ctrlZ(t *testing.T, ctx context.Context, mod chromedp.Modifier) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.KeyEvent("z", chromedp.KeyModifiers(mod))); err != nil {
		t.Fatal(err)
	}
}

// A wrong answer given by keyboard is taken back by keyboard: Ctrl+Z (⌘Z
// on a Mac) undoes the last answer from the picker or the mode's buttons,
// as Undo does, and says what it undid and which guess waits for an
// answer again. The keys did nothing, and Undo said nothing of what it
// undid. The computer then plays on from the answer corrected.
func TestComputerCtrlZUndoesTheLastAnswer(t *testing.T) {
	ctx := computerPage(t, "1a2b-4")
	guesses := eval[[]string](t, ctx, `(async () => {
		$('#kz-panel-computer .kz-current button').click();
		const first = await until(cur, 30000);
		answerWith(0, 1);
		const second = await until(() => cur() && cur() !== first && cur(), 30000);
		answerWith(1, 2); // meant 2A1B
		const third = await until(() => cur() && cur() !== second && cur(), 30000);
		await until(() => kz().activeElement && kz().activeElement.closest('#kz-comp-picker'));
		return [first, second, third];
	})()`)
	ctrlZ(t, ctx, chromedp.ModifierCtrl)
	// state reads the game: the turns in the table, the guess waiting,
	// the answer chosen in the picker, and the live line.
	const state = `({turns: kz().querySelectorAll('#kz-panel-computer .kz-history tbody tr').length, cur: cur(),
		chosen: ($('#kz-comp-picker [aria-checked="true"]') || {}).title || '', said: $('.kz-said').textContent,
		focus: !!(kz().activeElement && kz().activeElement.closest('#kz-comp-picker'))})`
	got := eval[map[string]any](t, ctx, `until(() => cur() === `+jsString(guesses[1])+` && `+state+`, 10000).catch(() => `+state+`)`)
	want := "Undone: your answer 1A2B to guess 2. My guess 2: " + guesses[1] + "."
	if got["turns"] != 1.0 || got["cur"] != guesses[1] || got["chosen"] != "1A2B" || !strings.HasPrefix(got["said"].(string), want) || got["focus"] != true {
		t.Errorf("Ctrl+Z in the picker: %v; want 1 turn, guess %s waiting with 1A2B chosen, the focus on the picker, and said %q", got, guesses[1], want)
	}
	// The corrected answer: the computer thinks again from it.
	third := eval[string](t, ctx, `(async () => { answerWith(2, 1); return await until(() => cur() && cur() !== `+jsString(guesses[1])+` && cur(), 30000); })()`)
	if n := eval[float64](t, ctx, `kz().querySelectorAll('#kz-panel-computer .kz-history tbody tr').length`); n != 2 {
		t.Errorf("after the corrected answer the table has %v turns, want 2", n)
	}
	// ⌘Z from the mode's Undo button takes back the one before.
	eval[bool](t, ctx, `(() => { $('#kz-panel-computer [data-on-click="comp.undo"]').focus(); return true; })()`)
	ctrlZ(t, ctx, chromedp.ModifierMeta)
	got = eval[map[string]any](t, ctx, `until(() => cur() === `+jsString(guesses[1])+` && `+state+`, 10000).catch(() => `+state+`)`)
	if got["turns"] != 1.0 || got["chosen"] != "2A1B" {
		t.Errorf("⌘Z on Undo after guess %s: %v; want 1 turn and 2A1B chosen again", third, got)
	}
}
