//go:build e2e

package e2e

import (
	"context"
	"encoding/json"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/accessibility"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/chromedp"
)

// The number-guessing widget's strategy tree hunted a third time: for
// assistive technology and for numbers.

// treeItemNames reads the names Chromium gives the tree items a reader
// can reach (its accessibility tree: those in a closed branch are not in
// it). An open branch's answers come after the branches beside it.
func treeItemNames(t *testing.T, ctx context.Context) []string {
	t.Helper()
	var names []string
	if err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, target *chromedp.Target) error {
		res, err := cdp.Call(ctx, target, accessibility.GetFullAXTree, accessibility.GetFullAXTreeParams{})
		if err != nil {
			return err
		}
		for _, n := range res.Nodes {
			var role, name string
			if n.Role != nil {
				_ = json.Unmarshal(n.Role.Value, &role)
			}
			if n.Ignored || role != "treeitem" {
				continue
			}
			if n.Name != nil {
				_ = json.Unmarshal(n.Name.Value, &name)
			}
			names = append(names, strings.Join(strings.Fields(name), " "))
		}
		return nil
	})); err != nil {
		t.Fatal(err)
	}
	return names
}

// Every item of the tree shows its answer, the next guess and figures
// ("1A2B → 0245 180 secrets · avg 3.92 · worst 5"), and was named
// otherwise ("Answer 1A2B to 0123: guess 2 is 0245; 180 secrets, 3.92
// guesses on average, 5 at worst."): a reader who says what they see
// ("click 1A2B → 0245", "click 180 secrets") named nothing, and axe
// flagged every item (label-content-name-mismatch, WCAG 2.5.3). Each
// item's name now begins with what it shows, then says the way to it for
// screen readers.
func TestTreeItemsAreNamedByWhatTheyShow(t *testing.T) {
	ctx := guessPage(t)
	eval[bool](t, ctx, treeHelpersJS)
	shown := eval[[]any](t, ctx, `(async () => {
		choose('#kz-preset', '1a2b-4');
		$('#kz-tab-tree').click();
		await until(treeReady, 60000);
		$('#kz-tree-n-root .kz-tree-toggle[data-path="0"]').click();
		await until(() => $('#kz-tree-n-0 [role="treeitem"]'), 10000);
		// What each reachable item shows: its text, without what is
		// hidden from sight (the words for screen readers) or from
		// screen readers (the caret, the arrow).
		const visible = e => {
			const walk = n => n.nodeType === 3 ? n.textContent :
				n.nodeType !== 1 || n.getAttribute('aria-hidden') === 'true' || n.classList.contains('kz-sr') ? '' :
				[...n.childNodes].map(walk).join('');
			return walk(e).replace(/\s+/g, ' ').trim();
		};
		return [...$('#kz-tree-n-root').querySelectorAll('[role="treeitem"]')].filter(e => !e.closest('ul[hidden]')).map(visible);
	})()`)
	names := treeItemNames(t, ctx)
	if len(names) != len(shown) || len(names) < 10 {
		t.Fatalf("%d items in the accessibility tree, %d on screen: %q", len(names), len(shown), names)
	}
	// Chromium sets the words for screen readers apart (" . ").
	left := append([]string{}, names...)
	for _, s := range shown {
		s := s.(string)
		at := slices.IndexFunc(left, func(name string) bool { return s != "" && strings.HasPrefix(name, s+" ") })
		if at < 0 {
			t.Errorf("an item shows %q, and no item's name begins with it: %q", s, left)
			continue
		}
		left = slices.Delete(left, at, at+1)
	}
	last := names[len(names)-1]
	t.Logf("the win: %q; a branch: %q; an answer in the open one: %q", names[0], names[1], last)
	for _, c := range []struct{ what, name, want string }{
		{"the win", names[0], `^4A0B found at guess 1 \. (\d{4}) is the secret\.$`},
		{"a branch", names[1], `^\dA\dB \d{4} [\d,]+ secrets · avg [\d.]+ · worst \d \. Guess 2, after 0123 answered \dA\dB\.$`},
		{"an answer in the open branch", last, `^\dA\dB (\d{4} [\d,]+ secrets · avg [\d.]+ · worst \d|\d{4} found at guess 3) \. .+, after 0123 answered 0A0B, then 4567 answered \dA\dB\.$`},
	} {
		if !regexp.MustCompile(c.want).MatchString(c.name) {
			t.Errorf("%s is named %q; want %s", c.what, c.name, c.want)
		}
	}
}

// The branches that hold some of the worst case had figures in another
// colour (darker on light, lighter on dark), and nothing said what that
// meant; colour alone said it. They are in bold too, and the legend says
// what it means, with the worst case's guess.
func TestTreeLegendSaysWhatBoldFiguresMean(t *testing.T) {
	ctx := guessPage(t)
	eval[bool](t, ctx, treeHelpersJS)
	got := eval[map[string]any](t, ctx, `(async () => {
		choose('#kz-preset', '1a2b-4');
		$('#kz-tab-tree').click();
		await until(treeReady, 60000);
		const worst = parseInt(proof()['Worst case']);
		const branches = [...kz().querySelectorAll('#kz-tree-n-root > li > .kz-tree-toggle')].map(b => {
			const figs = b.querySelector('.kz-tree-figs-line');
			return {marked: b.classList.contains('kz-tree-worst-branch'), bold: +getComputedStyle(figs).fontWeight >= 600,
				atWorst: figs.textContent.endsWith('worst ' + worst), text: figs.textContent};
		});
		return {worst, legend: $('#kz-panel-tree .kz-tree > .kz-note').textContent, branches};
	})()`)
	worst := int(got["worst"].(float64))
	legend := got["legend"].(string)
	if want := "Figures in bold: some secrets in that branch are found only at guess " + strconv.Itoa(worst) + ", the worst case."; !strings.HasSuffix(legend, want) {
		t.Errorf("the legend: %q; want it to end %q", legend, want)
	}
	marked := 0
	for _, b := range got["branches"].([]any) {
		b := b.(map[string]any)
		if b["marked"] != b["atWorst"] || b["bold"] != b["marked"] {
			t.Errorf("a branch's figures %q: %v; want bold exactly when they reach the worst case, guess %d", b["text"], b, worst)
		}
		if b["marked"] == true {
			marked++
		}
	}
	if marked == 0 {
		t.Errorf("no branch holds the worst case, guess %d: %v", worst, got["branches"])
	}
}

// From the Helper's position, the tree's spoken summary said "Proven
// optimal: at most 5 guesses, 3.92 on average." of the proof's figures,
// which count from there: the game's guesses so far were not in them,
// and nothing said so (the proof's note does). It says "from here" and
// "more guesses" now; from the start it is as it was.
func TestTreeSaysItCountsFromTheHelpersPosition(t *testing.T) {
	ctx := guessPage(t)
	eval[bool](t, ctx, treeHelpersJS)
	got := eval[map[string]any](t, ctx, `(async () => {
		const said = () => kz().querySelector('.kz-said')?.textContent || '';
		$('.kz-settings').open = true;
		choose('#kz-preset', 'science-3');
		$('#kz-tab-tree').click();
		await until(() => treeReady() && /^Proven optimal/.test(said()), 60000);
		const start = {said: said(), p: proof()};
		$('#kz-tab-helper').click();
		type('[data-row="0"][data-field="guess"]', '123');
		type('[data-row="0"][data-field="a"]', '0');
		type('[data-row="0"][data-field="b"]', '1');
		$('[data-row="0"][data-field="b"]').blur();
		await until(() => !$('#kz-panel-helper .kz-analysis.kz-stale') && $('#kz-panel-helper .kz-tree-open'), 60000);
		$('#kz-panel-helper .kz-tree-open').click();
		await until(() => treeReady() && /Guess 2/.test($('#kz-panel-tree .kz-tree-root').textContent) && /^Proven optimal/.test(said()), 60000);
		return {start, here: {said: said(), p: proof(), guess: $('#kz-panel-tree .kz-tree-root .kz-code').getAttribute('aria-label')}};
	})()`)
	start, here := got["start"].(map[string]any), got["here"].(map[string]any)
	sp, hp := start["p"].(map[string]any), here["p"].(map[string]any)
	if want := "Proven optimal: at most " + sp["Worst case"].(string) + ", " + sp["Average"].(string) + " on average. First guess: "; !strings.HasPrefix(start["said"].(string), want) {
		t.Errorf("from the start: said %q; want %q…", start["said"], want)
	}
	if want := "Proven optimal from here: at most " + strings.Fields(hp["Worst case"].(string))[0] + " more guesses, " +
		hp["Average"].(string) + " on average. Guess 2: " + here["guess"].(string) + "."; here["said"] != want {
		t.Errorf("from the Helper's position: said %q; want %q", here["said"], want)
	}
}

// "After the answer, 1.0 codes are left on average" was said of a guess
// that could be the secret and told the other code apart: the engine's
// Σ|c|²/n counts the secret, once found, as a code left. A win now leaves
// none, and the sentence says so ("0.5 codes … (none when it is the
// secret)"). Big averages read "931.4", "1,119,515.0": a count of codes
// left is whole from 100 up.
func TestExplanationCountsAWinAsNoCodeLeft(t *testing.T) {
	ctx := guessPage(t)
	got := eval[map[string]any](t, ctx, `(async () => {
		const left = () => [...kz().querySelectorAll('#kz-panel-helper .kz-explain-text p')].map(p => p.textContent).find(s => s.startsWith('After the answer')) || '';
		$('.kz-settings').open = true;
		choose('#kz-preset', '1a2b-4');
		$('#kz-tab-helper').click();
		const start = await until(() => !$('#kz-panel-helper .kz-analysis.kz-stale') && left(), 60000);
		choose('#kz-preset', 'science-3');
		await until(() => $('[data-row="0"][data-field="guess"]') && !$('#kz-panel-helper .kz-analysis.kz-stale') && left() && left() !== start, 60000);
		type('[data-row="0"][data-field="guess"]', '123');
		type('[data-row="0"][data-field="a"]', '0');
		type('[data-row="0"][data-field="b"]', '3');
		$('[data-row="0"][data-field="b"]').blur();
		// 231 and 312 are left; either tells them apart.
		await until(() => !$('#kz-panel-helper .kz-analysis.kz-stale') && /the 2 possible codes/.test($('#kz-panel-helper .kz-explain-text')?.textContent), 60000);
		return {start, two: left(), all: [...kz().querySelectorAll('#kz-panel-helper .kz-explain-text p')].map(p => p.textContent)};
	})()`)
	t.Logf("1a2b-4's first guess: %q; between 231 and 312: %v", got["start"], got["all"])
	if !regexp.MustCompile(`^After the answer, [1-9]\d{0,2}(,\d{3})* codes are left on average`).MatchString(got["start"].(string)) {
		t.Errorf("1a2b-4's first guess: %q; want a whole number of codes left", got["start"])
	}
	if want := "After the answer, 0.5 codes are left on average (none when it is the secret), 1 at worst."; got["two"] != want {
		t.Errorf("a guess between two codes: %q; want %q", got["two"], want)
	}
}
