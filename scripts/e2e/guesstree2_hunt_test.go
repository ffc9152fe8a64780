//go:build e2e

package e2e

import (
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// The number-guessing widget's optimal strategy, charts, picker and
// explanations, hunted again.

// treeCheckJS defines checkTree() in the page: it opens every branch of
// the strategy on screen and checks each branch's figures ("84 secrets ·
// avg 4.21 · worst 5") against the guesses its leaves say they are found
// at ("found at guess 5"). It returns the branches that disagree (the
// first few), how many disagree and how many were checked.
const treeCheckJS = `(() => {
	window.checkTree = () => {
		let opened = true;
		while (opened) {
			opened = false;
			for (const b of kz().querySelectorAll('#kz-tree-n-root .kz-tree-toggle[aria-expanded=false]')) { b.click(); opened = true; }
		}
		const found = li => Number(/(\d+)\D*$/.exec(li.querySelector(':scope > .kz-note').textContent)[1]);
		const leavesOf = list => {
			let out = [];
			for (const li of list.querySelectorAll(':scope > li')) {
				if (li.classList.contains('kz-tree-leaf')) { out.push(found(li)); continue; }
				const t = li.querySelector(':scope > .kz-tree-toggle');
				out = out.concat(leavesOf($('#' + t.getAttribute('aria-controls'))));
			}
			return out;
		};
		const figures = s => { const m = /^([\d,]+)\D+([\d.]+)\D+(\d+)/.exec(s); return [Number(m[1].replace(/,/g, '')), Number(m[2]), Number(m[3])]; };
		const bad = [];
		const check = (name, figs, list) => {
			const l = leavesOf(list);
			const [n, avg, worst] = figures(figs);
			const sum = l.reduce((a, b) => a + b, 0), w = Math.max(...l);
			if (n !== l.length || Math.abs(avg - sum / l.length) > 0.006 || worst !== w) bad.push(name + ': "' + figs + '", its leaves ' + l.length + ' found at ' + (sum / l.length).toFixed(2) + ' on average, ' + w + ' at worst');
		};
		check('root', $('#kz-panel-tree .kz-tree-root .kz-tree-figs-line').textContent, $('#kz-tree-n-root'));
		const toggles = kz().querySelectorAll('#kz-tree-n-root .kz-tree-toggle');
		for (const t of toggles) check(t.dataset.path, t.querySelector('.kz-tree-figs-line').textContent, $('#' + t.getAttribute('aria-controls')));
		return {bad: bad.slice(0, 3), nbad: bad.length, branches: toggles.length};
	};
	return true;
})()`

// From the Helper's position the strategy's guesses are numbered as the
// game's ("Guess 2", "found at guess 5"), and so are its branches'
// figures now: after one row, a branch said "2 secrets · avg 3.50 ·
// worst 4" (counted from guess 2 as the first) over leaves found at
// guesses 4 and 5, and every branch of the tree was one guess short. The
// proof, which counts from here, says so.
func TestTreeFromAPositionCountsTheGamesGuesses(t *testing.T) {
	ctx := guessPage(t)
	eval[bool](t, ctx, treeHelpersJS)
	eval[bool](t, ctx, treeCheckJS)
	got := eval[map[string]any](t, ctx, `(async () => {
		$('.kz-settings').open = true;
		choose('#kz-preset', 'science-3');
		$('#kz-tab-tree').click();
		await until(treeReady, 60000);
		const start = checkTree();
		$('#kz-tab-helper').click();
		type('[data-row="0"][data-field="guess"]', '123');
		type('[data-row="0"][data-field="a"]', '0');
		type('[data-row="0"][data-field="b"]', '1');
		$('[data-row="0"][data-field="b"]').blur();
		await until(() => !$('#kz-panel-helper .kz-analysis.kz-stale') && $('#kz-panel-helper .kz-tree-open'), 60000);
		$('#kz-panel-helper .kz-tree-open').click();
		await until(() => treeReady() && /Guess 2/.test($('#kz-panel-tree .kz-tree-root').textContent), 60000);
		const label = accName($('#kz-tree-n-root .kz-tree-toggle'));
		const here = checkTree();
		return {start, here, label, p: proof(), note: $('#kz-panel-tree .kz-tree-proof .kz-note').textContent,
			root: $('#kz-panel-tree .kz-tree-root').textContent};
	})()`)
	t.Logf("root from the Helper's position: %q; proof %v", got["root"], got["p"])
	for name, from := range map[string]string{"start": "the start of the game", "here": "the Helper's position"} {
		c := got[name].(map[string]any)
		if c["nbad"] != 0.0 || c["branches"].(float64) < 10 {
			t.Errorf("from %s: %v of the root and its %v branches disagree with their leaves: %v", from, c["nbad"], c["branches"], c["bad"])
		}
	}
	// The proof counts from here (the engine's figures), and says so.
	p := got["p"].(map[string]any)
	if p["Secrets"] != "180" || p["Guesses in all"] != "705" {
		t.Errorf("the proof from 123 0A1B: %v", p)
	}
	if note := got["note"].(string); !strings.Contains(note, "count the guesses from here on, guess 2 as the first") {
		t.Errorf("the proof's note from the Helper's position: %q", note)
	}
}

// The chart of the codes still possible labels the last guess, at any
// width: it labels every turn up to 10 on a wide widget and every other
// one or more beyond (at most 5 steps on a phone), and the last always.
// After 7 guesses a phone labelled start, 2, 4 and 6, not 7; after 11,
// start and 6 alone, and a wide widget up to 10, not 11.
func TestCountsChartLabelsTheLastGuess(t *testing.T) {
	ctx := guessPage(t)
	eval[bool](t, ctx, `(async () => {
		$('.kz-settings').open = true;
		choose('#kz-preset', 'mastermind');
		choose('#kz-host', 'adversarial'); // it never lets a guess win while another secret fits
		$('#kz-tab-you').click();
		const box = $('[data-on-change="you.analysis"]');
		if (!box.checked) box.click();
		$('#kz-you-start').click();
		await until(() => !$('#kz-you-guess').disabled);
		window.playTo = async (n) => {
			const guesses = ['1111', '2222', '3333', '4444', '5555', '1212', '2121', '3434', '4343', '5656', '6565'];
			const rows = () => $('#kz-panel-you .kz-history tbody') ? $('#kz-panel-you .kz-history tbody').children.length : 0;
			while (rows() < n) {
				const i = rows();
				type('#kz-you-guess', guesses[i]);
				$('#kz-panel-you form button[type=submit]').click();
				await until(() => rows() === i + 1, 30000);
			}
			return true;
		};
		window.ticks = (n) => until(() => {
			const spans = [...kz().querySelectorAll('#kz-panel-you .kz-counts .kz-xaxis span')];
			if (spans.length === 0 || !spans.some(s => s.textContent === 'start') || spans.length < 2 || !kz().querySelector('#kz-panel-you .kz-counts')) return '';
			const points = kz().querySelectorAll('#kz-panel-you .kz-counts .kz-pt').length;
			return points === n + 1 && spans.filter(s => getComputedStyle(s).display !== 'none').map(s => s.textContent).join(' ');
		}, 30000);
		return true;
	})()`)
	width := func(w int64) {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(w, 900)); err != nil {
			t.Fatal(err)
		}
	}
	for _, n := range []int{7, 11} {
		eval[bool](t, ctx, `playTo(`+strconv.Itoa(n)+`)`)
		last := strconv.Itoa(n)
		for _, w := range []int64{1280, 320} {
			width(w)
			got := eval[string](t, ctx, `ticks(`+last+`)`)
			if labels := strings.Fields(got); len(labels) < 3 || labels[0] != "start" || labels[len(labels)-1] != last {
				t.Errorf("after %d guesses at %d px the turns labelled are %q; want start … %s", n, w, got, last)
			}
		}
		width(1280)
	}
}

// The histogram of a guess's answers says what it counts, over its bars,
// in every language: its bars and their numbers stood under "Why this
// guess" with the title only in the figure's accessible name.
func TestGuessHistogramShowsItsTitle(t *testing.T) {
	ctx := guessPage(t)
	read := `(async () => {
		const fig = await until(() => $('#kz-panel-computer .kz-explain .kz-hist'), 60000);
		const name = fig.getAttribute('aria-label');
		const shown = [...fig.querySelectorAll('*')].filter(e => !e.closest('figcaption') && e.getClientRects().length > 0 &&
			[...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()) && parseFloat(getComputedStyle(e).fontSize) >= 11);
		return {name, shown: shown.some(e => e.textContent === name), first: shown.length ? shown[0].textContent : ''};
	})()`
	got := eval[map[string]any](t, ctx, `(async () => {
		$('.kz-settings').open = true;
		choose('#kz-preset', 'science-3');
		$('#kz-tab-computer').click();
		$('#kz-panel-computer .kz-current button').click();
		return `+read+`;
	})()`)
	if got["name"] != "How the 504 possible codes answer 123" || got["shown"] != true {
		t.Errorf("the histogram's title: %v; want it shown over the bars", got)
	}
	guessLanguage(t, ctx, "zh-Hant")
	got = eval[map[string]any](t, ctx, read)
	if got["shown"] != true || !strings.Contains(got["name"].(string), "504") {
		t.Errorf("the histogram's title in Chinese: %v", got)
	}
}
