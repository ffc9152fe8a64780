//go:build e2e

package e2e

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// The optimal strategy, as a reader meets it: strategy perfect with an
// objective in Settings, the Optimal strategy tab with the proof's
// figures, branches opened one at a time (by mouse and keyboard), the
// Helper's position as the start, and the text export with one line per
// secret, copied or downloaded.

// treeHelpers defines, in the page:
//
//	proof()      the proof's figures by label, {Secrets: '504', ...}
//	treeReady()  the tree view once it shows a tree and nothing is pending
//	exportText() presses Export and resolves to {text, name, href, blob}
const treeHelpersJS = `(() => {
	window.proof = () => {
		const out = {};
		const dl = $('#kz-panel-tree .kz-tree-figs');
		if (!dl) return null;
		const dts = dl.querySelectorAll('dt');
		for (const dt of dts) out[dt.textContent] = dt.nextElementSibling.textContent;
		out.source = $('#kz-panel-tree .kz-tree-source').dataset.source;
		return out;
	};
	window.treeReady = () => {
		const v = $('#kz-panel-tree .kz-tree-view');
		return v && !v.classList.contains('kz-stale') && $('#kz-panel-tree .kz-tree-root') && v;
	};
	window.exportText = async () => {
		$('#kz-panel-tree [data-on-click="tree.export"]').click();
		const field = await until(() => $('#kz-tree-text'), 60000);
		const a = $('#kz-panel-tree .kz-tree-download');
		const blob = await (await fetch(a.href)).text();
		return {text: field.value, name: a.getAttribute('download'), href: a.href, blob,
			copy: $('#kz-panel-tree .kz-tree-export-out .kz-copy').dataset.copy.length, readonly: field.readOnly};
	};
	// accName approximates the name a tree item gets from its content:
	// its text, the aria-label of a code drawn in boxes, without what is
	// aria-hidden, with the words for screen readers (.kz-sr).
	window.accName = e => {
		const walk = n => n.nodeType === 3 ? n.textContent :
			n.nodeType !== 1 || n.getAttribute('aria-hidden') === 'true' ? '' :
			n.hasAttribute('aria-label') ? ' ' + n.getAttribute('aria-label') + ' ' : [...n.childNodes].map(walk).join('');
		return walk(e).replace(/\s+/g, ' ').trim();
	};
	return true;
})()`

// Science-3 (504 codes) is searched in the page: choosing perfect shows
// the objective, the view proves 2,337 guesses for the average, a branch
// opens to its answers, the Helper's position starts the view where the
// game stands, and the export has a line per secret.
func TestGuessTreeScience3(t *testing.T) {
	start := time.Now()
	ctx := guessPage(t)
	eval[bool](t, ctx, treeHelpersJS)
	got := eval[map[string]any](t, ctx, `(async () => {
		$('.kz-settings').open = true;
		choose('#kz-preset', 'science-3');
		$('#kz-tab-computer').click();
		const hiddenBefore = $('#kz-objective').hidden;
		choose('#kz-strategy', 'perfect');
		const shown = !$('#kz-objective').hidden && !$('#kz-objective-doc').hidden;
		const options = [...$('#kz-objective').options].map(o => o.value + '=' + o.textContent);
		// The computer plays perfect with the objective chosen.
		choose('#kz-objective', 'worst-then-average');
		$('#kz-panel-computer .kz-current button').click();
		const played = await until(() => { const c = $('#kz-panel-computer .kz-current .kz-code'); return c && c.getAttribute('aria-label'); }, 60000);
		const playedError = $('#kz-panel-computer .kz-think-note').textContent;
		choose('#kz-objective', 'average');
		const doc = $('#kz-objective-doc').textContent;
		$('#kz-tab-tree').click();
		const objectiveInTree = $('#kz-tree-objective').value;
		const strategyHidden = $('#kz-strategy').hidden;
		await until(treeReady, 60000);
		const p = proof();
		const rootText = $('#kz-panel-tree .kz-tree-root').textContent;
		// Lazy: only the first level is drawn.
		const drawnBefore = kz().querySelectorAll('#kz-panel-tree .kz-tree-list li').length;
		const firstLevel = kz().querySelectorAll('#kz-tree-n-root > li').length;
		const toggle = $('#kz-tree-n-root .kz-tree-toggle');
		const label = accName(toggle);
		toggle.click();
		const list = $('#' + toggle.getAttribute('aria-controls'));
		const opened = toggle.getAttribute('aria-expanded') + ' ' + !list.hidden;
		const childCount = list.querySelectorAll(':scope > li').length;
		toggle.click();
		const closed = toggle.getAttribute('aria-expanded') + ' ' + list.hidden;
		const e = await exportText();
		return {hiddenBefore, shown, played, playedError, options, doc, objectiveInTree, strategyHidden, p, rootText, drawnBefore, firstLevel,
			label, opened, childCount, closed, ...e, textLines: e.text.trim().split('\n').length};
	})()`)
	t.Logf("science-3: proof %v, root %q, first branch %q", got["p"], got["rootText"], got["label"])
	if got["played"] != "123" || got["playedError"] != "" {
		t.Errorf("Computer guesses plays perfect with an objective: %v", got)
	}
	if got["hiddenBefore"] != true || got["shown"] != true {
		t.Errorf("the objective shows only with strategy perfect: %v", got)
	}
	if opts := strings.Join(toStrings(got["options"]), " | "); opts != "average=Fewest guesses on average | worst-then-average=Smallest worst case, then average | fewest-worst=Fewest games at the worst case" {
		t.Errorf("objectives: %q", opts)
	}
	if !strings.Contains(got["doc"].(string), "fewest guesses in total") || got["objectiveInTree"] != "average" || got["strategyHidden"] != true {
		t.Errorf("objective doc and view: %v", got)
	}
	p := got["p"].(map[string]any)
	if p["Guesses in all"] != "2,337" || p["Secrets"] != "504" || p["Average"] != "4.6369" || p["Worst case"] != "6 guesses" ||
		p["Secrets at the worst case"] != "55" || p["source"] != "search" || p["Objective"] != "Fewest guesses on average" {
		t.Errorf("science-3 average proof: %v", p)
	}
	if !strings.HasSuffix(p["Time"].(string), "s of search") {
		t.Errorf("the time of the search: %v", p)
	}
	if got["drawnBefore"] != got["firstLevel"] {
		t.Errorf("only the first level should be drawn before a branch opens: %v drawn, %v at the first level", got["drawnBefore"], got["firstLevel"])
	}
	if got["opened"] != "true true" || got["closed"] != "false true" || got["childCount"].(float64) < 2 {
		t.Errorf("a branch opens and closes: %v", got)
	}
	// Its name is what it shows, then the way to it for screen readers.
	if !regexp.MustCompile(`^\dA\dB \d{3} [\d,]+ secrets · avg [\d.]+ · worst \d\. Guess 2, after \d{3} answered \dA\dB\.$`).MatchString(got["label"].(string)) {
		t.Errorf("the branch's name: %q", got["label"])
	}
	checkExport(t, got, 504, "science-3-average.txt")

	// From the Helper's position: one row typed, then "Optimal strategy
	// from here".
	got = eval[map[string]any](t, ctx, `(async () => {
		$('#kz-tab-helper').click();
		type('[data-row="0"][data-field="guess"]', '123');
		type('[data-row="0"][data-field="a"]', '0');
		type('[data-row="0"][data-field="b"]', '1');
		$('[data-row="0"][data-field="b"]').blur();
		await until(() => !$('#kz-panel-helper .kz-analysis.kz-stale') && $('#kz-panel-helper .kz-tree-open'), 60000);
		const count = $('#kz-panel-helper .kz-analysis h3').textContent;
		$('#kz-panel-helper .kz-tree-open').click();
		const selected = $('[role=tab][aria-selected=true]').id;
		const focused = kz().activeElement && kz().activeElement.id;
		await until(() => treeReady() && /Guess 2/.test($('#kz-panel-tree .kz-tree-root').textContent), 60000);
		const e = await exportText();
		return {count, selected, focused, fromHelper: $('#kz-tree-from-helper').checked, rows: $('#kz-panel-tree .kz-tree-from').textContent,
			p: proof(), root: $('#kz-panel-tree .kz-tree-root').textContent, name: e.name, textLines: e.text.trim().split('\n').length,
			first: e.text.split('\n')[0]};
	})()`)
	t.Logf("science-3 after 123 0A1B: %v", got)
	p = got["p"].(map[string]any)
	if got["selected"] != "kz-tab-tree" || got["focused"] != "kz-tree-title" || got["fromHelper"] != true || !strings.Contains(got["rows"].(string), "(1 row)") {
		t.Errorf("Optimal strategy from here opens the view on the Helper's position: %v", got)
	}
	if !strings.HasPrefix(got["count"].(string), p["Secrets"].(string)+" codes") {
		t.Errorf("the view's secrets should be the Helper's count: %q vs %v", got["count"], p["Secrets"])
	}
	if got["name"] != "science-3-average-after-123-0A1B.txt" || got["textLines"] != mustFloat(p["Secrets"]) ||
		!regexp.MustCompile(`^(\d{3}): (\d{3} )*(\d{3})$`).MatchString(got["first"].(string)) {
		t.Errorf("the export from the Helper's position: %v", got)
	}

	// Mastermind is searched live, for seconds: its progress and Stop
	// show where the tree will appear, and Stop says so, with a way to
	// search again. The search is held in the engine (hold_test.go) until
	// Stop, so it lasts on any machine.
	installHold(t, ctx)
	got = eval[map[string]any](t, ctx, `(async () => {
		hold('guess.tree');
		$('#kz-tree-from-start').click();
		choose('#kz-preset', 'mastermind');
		const busy = await until(() => { const b = $('#kz-panel-tree .kz-busy-inline:not([hidden])'); return held('guess.tree') > 0 && b; }, 30000);
		const stale = !!$('#kz-panel-tree .kz-tree-view.kz-stale');
		busy.querySelector('button').click();
		const note = await until(() => $('#kz-panel-tree .kz-think-note').textContent, 30000);
		await release('guess.tree');
		return {note, stale, retry: !!$('#kz-panel-tree [data-on-click="tree.retry"]'), bad: $('#kz-panel-tree .kz-think-note').classList.contains('kz-bad'),
			busyHidden: busy.hidden, tree: !!$('#kz-panel-tree .kz-tree-root')};
	})()`)
	if got["note"] != "Stopped. Search again" || got["retry"] != true || got["bad"] != false || got["busyHidden"] != true || got["tree"] != false || got["stale"] != true {
		t.Errorf("Stop in the optimal strategy view: %v", got)
	}
	t.Logf("TestGuessTreeScience3 took %v", time.Since(start))
}

// 1a2b-4's strategies ship with the engine: the view is instant, proves
// 26,274 guesses and a worst case of 7, opens its 5,040-leaf tree one
// branch at a time (by keyboard too), exports 5,040 lines, keeps the
// objective across a reload (an old saved state gets the default), says
// plainly when a game is too big to search here, and fits a phone.
func TestGuessTree1a2b4(t *testing.T) {
	start := time.Now()
	ctx := guessPage(t)
	eval[bool](t, ctx, treeHelpersJS)
	got := eval[map[string]any](t, ctx, `(async () => {
		$('.kz-settings').open = true;
		choose('#kz-preset', '1a2b-4');
		$('#kz-tab-helper').click();
		choose('#kz-strategy', 'perfect');
		choose('#kz-objective', 'average');
		$('#kz-tab-tree').click();
		await until(treeReady, 60000);
		const p = proof();
		const firstLevel = kz().querySelectorAll('#kz-tree-n-root > li').length;
		const drawn = kz().querySelectorAll('#kz-panel-tree li').length;
		return {p, firstLevel, drawn, root: $('#kz-panel-tree .kz-tree-root').textContent};
	})()`)
	t.Logf("1a2b-4 average: %v", got)
	p := got["p"].(map[string]any)
	if p["Guesses in all"] != "26,274" || p["Worst case"] != "7 guesses" || p["Secrets"] != "5,040" || p["Average"] != "5.2131" || p["source"] != "shipped" {
		t.Errorf("1a2b-4 average proof: %v", p)
	}
	if !strings.HasPrefix(got["root"].(string), "First guess") || got["firstLevel"] != got["drawn"] || got["drawn"].(float64) > 20 {
		t.Errorf("the first guess and only its answers are drawn: %v", got)
	}

	// The 0A0B branch: 360 secrets; opened by keyboard.
	eval[bool](t, ctx, `(() => { [...kz().querySelectorAll('#kz-tree-n-root > li > .kz-tree-toggle')].find(b => b.querySelector('.kz-tree-answer').textContent === '0A0B').focus(); return true; })()`)
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Enter)); err != nil {
		t.Fatal(err)
	}
	got = eval[map[string]any](t, ctx, `(async () => {
		const b = kz().activeElement;
		const list = await until(() => { const l = $('#' + b.getAttribute('aria-controls')); return l && !l.hidden && l; });
		let sum = 0;
		for (const t of list.querySelectorAll(':scope > li > .kz-tree-toggle .kz-tree-figs-line')) sum += Number(/^(\d[\d,]*) secrets/.exec(t.textContent)[1].replace(/,/g, ''));
		const leaves = list.querySelectorAll(':scope > li.kz-tree-leaf:not(.kz-tree-win)').length;
		const win = list.querySelectorAll(':scope > li.kz-tree-win').length;
		return {expanded: b.getAttribute('aria-expanded'), text: b.textContent, sum: sum + leaves + win,
			drawn: kz().querySelectorAll('#kz-panel-tree li').length};
	})()`)
	t.Logf("1a2b-4 0A0B branch: %v", got)
	if got["expanded"] != "true" || !strings.Contains(got["text"].(string), "360 secrets") || got["sum"] != 360.0 {
		t.Errorf("the 0A0B branch opens by keyboard, with its 360 secrets in its answers: %v", got)
	}

	e := eval[map[string]any](t, ctx, `(async () => { const e = await exportText(); return {...e, textLines: e.text.trim().split('\n').length}; })()`)
	checkExport(t, e, 5040, "1a2b-4-average.txt")

	// The other objectives ship too: worst-then-average has the same
	// total, fewest-worst the published 50 secrets at the 7th guess.
	got = eval[map[string]any](t, ctx, `(async () => {
		choose('#kz-tree-objective', 'worst-then-average');
		await until(() => treeReady() && proof() && proof().Objective === 'Smallest worst case, then average', 60000);
		const wta = proof();
		choose('#kz-tree-objective', 'fewest-worst');
		await until(() => treeReady() && proof() && proof().Objective === 'Fewest games at the worst case', 60000);
		const fw = proof();
		const e = await exportText();
		return {wta, fw, settings: $('#kz-objective').value, name: e.name, lines: e.text.trim().split('\n').length};
	})()`)
	t.Logf("1a2b-4 worst-then-average and fewest-worst: %v", got)
	wta, fw := got["wta"].(map[string]any), got["fw"].(map[string]any)
	if wta["Guesses in all"] != "26,274" || wta["Worst case"] != "7 guesses" {
		t.Errorf("1a2b-4 worst-then-average proof: %v", wta)
	}
	if fw["Worst case"] != "7 guesses" || fw["Secrets at the worst case"] != "50" || mustFloat(fw["Guesses in all"]) <= 26274 || fw["source"] != "shipped" {
		t.Errorf("1a2b-4 fewest-worst proof: %v", fw)
	}
	if got["settings"] != "fewest-worst" || got["name"] != "1a2b-4-fewest-worst.txt" || got["lines"] != 5040.0 {
		t.Errorf("the objective chosen in the view is the settings' one, and names the export: %v", got)
	}

	// 1a2b-5 (30,240 secrets) is too big to search in the page: the view
	// says so, and shows no stale tree.
	got = eval[map[string]any](t, ctx, `(async () => {
		choose('#kz-preset', '1a2b-5');
		const note = await until(() => $('#kz-panel-tree .kz-think-note').textContent, 60000);
		const out = {note, tree: !!$('#kz-panel-tree .kz-tree-root'), exportShown: !$('#kz-panel-tree .kz-tree-export-out').hidden};
		choose('#kz-preset', '1a2b-4');
		await until(() => treeReady() && proof() && proof().Secrets === '5,040', 60000);
		return out;
	})()`)
	if got["note"] != "30,240 secrets are possible here, and the perfect search in the page starts from at most 1,500. Narrow the game down in the Helper first, or choose a smaller game." ||
		got["tree"] != false || got["exportShown"] != false {
		t.Errorf("1a2b-5 is too big: %v", got)
	}
	if err := chromedp.Do(withTimeout(t, ctx, 60*time.Second), chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	installHelpers(t, ctx)
	eval[bool](t, ctx, treeHelpersJS)
	if got := eval[string](t, ctx, `$('#kz-tree-objective').value + ' ' + $('[role=tab][aria-selected=true]').id`); got != "fewest-worst kz-tab-tree" {
		t.Errorf("after a reload the objective and the view stay: %q", got)
	}
	// A state saved before the objective existed loads with the default.
	got = eval[map[string]any](t, ctx, `(() => {
		const keys = Object.keys(localStorage).filter(k => { try { return JSON.parse(localStorage.getItem(k)).settings.objective; } catch (e) { return false; } });
		for (const k of keys) { const s = JSON.parse(localStorage.getItem(k)); delete s.settings.objective; delete s.tree; localStorage.setItem(k, JSON.stringify(s)); }
		return {keys: keys.length, all: Object.keys(localStorage)};
	})()`)
	if got["keys"].(float64) < 1 {
		t.Fatalf("no saved state found: %v", got)
	}
	if err := chromedp.Do(withTimeout(t, ctx, 60*time.Second), chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	installHelpers(t, ctx)
	eval[bool](t, ctx, treeHelpersJS)
	got = eval[map[string]any](t, ctx, `(async () => {
		await until(treeReady, 60000);
		return {objective: $('#kz-objective').value, tree: $('#kz-tree-objective').value, total: proof()['Guesses in all'], start: $('#kz-tree-from-start').checked};
	})()`)
	if got["objective"] != "average" || got["tree"] != "average" || got["total"] != "26,274" || got["start"] != true {
		t.Errorf("an old saved state loads with the default objective: %v", got)
	}

	// A phone: nothing scrolls sideways, three levels deep.
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(320, 640)); err != nil {
		t.Fatal(err)
	}
	got = eval[map[string]any](t, ctx, `(async () => {
		for (const path of ['0', '0-0', '0-0-0']) {
			const b = $('[data-path="' + path + '"]');
			if (b.getAttribute('aria-expanded') !== 'true') b.click();
		}
		await new Promise(r => setTimeout(r, 100));
		const panel = $('#kz-panel-tree').getBoundingClientRect();
		let worst = 0;
		for (const e of kz().querySelectorAll('#kz-panel-tree .kz-tree-toggle, #kz-panel-tree .kz-tree-leaf, #kz-panel-tree .kz-tree-figs dd')) {
			if (e.offsetParent) worst = Math.max(worst, e.getBoundingClientRect().right - panel.right);
		}
		return {worst, overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth};
	})()`)
	if got["worst"].(float64) > 1 || got["overflow"].(float64) > 0 {
		t.Errorf("at 320 px the tree fits: %v", got)
	}
	t.Logf("TestGuessTree1a2b4 took %v", time.Since(start))
}

// checkExport checks the text export: one line per secret, "secret:
// guesses", ending with the secret; a read-only field; Copy holds it;
// the download is a Blob with the same text and a file name that says
// what it is.
func checkExport(t *testing.T, got map[string]any, secrets int, name string) {
	t.Helper()
	text := got["text"].(string)
	lines := strings.Split(strings.TrimSpace(text), "\n")
	if len(lines) != secrets || got["textLines"] != float64(secrets) {
		t.Errorf("the export has %d lines, want one per secret: %d", len(lines), secrets)
	}
	seen := map[string]bool{}
	line := regexp.MustCompile(`^(\S+): (\S+(?: \S+)*)$`)
	for _, l := range lines {
		m := line.FindStringSubmatch(l)
		if m == nil || !strings.HasSuffix(m[2], m[1]) || seen[m[1]] {
			t.Errorf("export line %q: want the secret, a colon, then the guesses ending with it, each secret once", l)
			break
		}
		seen[m[1]] = true
	}
	if got["name"] != name || !strings.HasPrefix(got["href"].(string), "blob:") || got["blob"] != text || got["readonly"] != true || got["copy"] != float64(len(text)) {
		t.Errorf("export: name %v (want %s), href %v, blob same %v, read-only %v, copy %v of %d", got["name"], name, got["href"], got["blob"] == text, got["readonly"], got["copy"], len(text))
	}
}

func mustFloat(v any) float64 {
	s := strings.ReplaceAll(v.(string), ",", "")
	var n float64
	for _, c := range s {
		n = n*10 + float64(c-'0')
	}
	return n
}

// Stopped, the search leaves nothing to export, and Export says so (not
// "wait"); a new game's search shows nothing of the old game's proof,
// while another objective in the same game keeps its tree, dimmed. The
// searches are held in the engine (hold_test.go), so each state is
// looked at while it lasts, on any machine.
func TestGuessTreeStopAndNewGame(t *testing.T) {
	ctx := guessPage(t)
	installHold(t, ctx)
	eval[bool](t, ctx, treeHelpersJS)
	got := eval[map[string]any](t, ctx, `(async () => {
		choose('#kz-preset', 'science-3');
		hold('guess.tree');
		$('#kz-tab-tree').click();
		await until(() => held('guess.tree') === 1);
		const exportOut = () => $('#kz-panel-tree .kz-tree-export-out');
		$('#kz-panel-tree [data-on-click="tree.export"]').click();
		const whileSearching = exportOut().hidden ? '' : exportOut().textContent;
		$('#kz-panel-tree .kz-busy-inline [data-on-click="frame.stop-lane"]').click();
		const note = await until(() => $('#kz-panel-tree .kz-think-note').textContent);
		await release('guess.tree');
		$('#kz-panel-tree [data-on-click="tree.export"]').click();
		const afterStop = exportOut().hidden ? '' : exportOut().textContent;
		return {whileSearching, note, afterStop, tree: !!$('#kz-panel-tree .kz-tree-root')};
	})()`)
	if got["whileSearching"] != "Wait for the strategy to be shown first." {
		t.Errorf("Export during the search asks to wait: %v", got)
	}
	if got["note"] != "Stopped. Search again" || got["tree"] != false {
		t.Errorf("Stop ends the search with a way to search again: %v", got)
	}
	if got["afterStop"] != "The search was stopped, so there is no strategy to export. Press “Search again” first." {
		t.Errorf("after Stop, Export says the search was stopped: %v", got)
	}

	got = eval[map[string]any](t, ctx, `(async () => {
		$('#kz-panel-tree [data-on-click="tree.retry"]').click();
		await until(() => treeReady() && proof() && proof().Secrets === '504', 60000);
		const before = proof()['Guesses in all'];
		// Another objective, same game: the tree stays, dimmed.
		hold('guess.tree');
		choose('#kz-tree-objective', 'fewest-worst');
		await until(() => held('guess.tree') === 1);
		const sameGame = {stale: $('#kz-panel-tree .kz-tree-view').classList.contains('kz-stale'), proof: !!proof()};
		// Another game: the old proof goes at once.
		choose('#kz-preset', '1a2b-4');
		await until(() => heldEver('guess.tree') === 2 && held('guess.tree') === 1);
		const newGame = {proof: !!proof(), tree: !!$('#kz-panel-tree .kz-tree-root'), text: $('#kz-panel-tree .kz-tree-view').textContent};
		await release('guess.tree');
		await until(() => treeReady() && proof() && proof().Secrets === '5,040', 60000);
		return {before, sameGame, newGame, after: proof().Secrets};
	})()`)
	if got["before"] != "2,337" {
		t.Errorf("science-3's proof: %v", got)
	}
	if same := got["sameGame"].(map[string]any); same["stale"] != true || same["proof"] != true {
		t.Errorf("another objective in the same game keeps the tree, dimmed: %v", got)
	}
	if ng := got["newGame"].(map[string]any); ng["proof"] != false || ng["tree"] != false || ng["text"] != "" {
		t.Errorf("a new game's search shows nothing of the old game's proof: %v", got)
	}
}

// On a phone a leaf's "found on guess N" sits under its code, lined up
// with the answer as a branch's figures are; wrapped by the flex box in
// Japanese it fell under the caret.
func TestTreeLeafNoteLinesUpOnAPhone(t *testing.T) {
	ctx := guessPage(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(320, 900)); err != nil {
		t.Fatal(err)
	}
	got := eval[map[string]float64](t, ctx, `(async () => {
		const app = document.querySelector('[data-kibitz="app"]').shadowRoot;
		const sel = app.querySelector('#kz-lang');
		sel.value = 'ja';
		sel.dispatchEvent(new Event('change', {bubbles: true, composed: true}));
		await until(() => app.querySelector('.kz').getAttribute('lang') === 'ja' && $('.kz-panel'));
		$('#kz-tab-tree').click();
		await until(() => $('#kz-tree-n-root .kz-tree-toggle'), 60000);
		const open = list => {
			const toggle = list.querySelector(':scope > li > .kz-tree-toggle');
			toggle.click();
			return $('#' + toggle.getAttribute('aria-controls'));
		};
		let list = $('#kz-tree-n-root'), leaf;
		for (let depth = 0; depth < 6 && !(leaf = list.querySelector(':scope > li.kz-tree-leaf:not(.kz-tree-win)')); depth++) list = open(list);
		const x = sel => leaf.querySelector(sel).getBoundingClientRect();
		// Where the note's text starts: its box holds the indent.
		const note = x('.kz-note').left + parseFloat(getComputedStyle(leaf.querySelector('.kz-note')).paddingInlineStart);
		return {answer: x('.kz-tree-answer').left, note, code: x('.kz-code').top, noteTop: x('.kz-note').top,
			overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth};
	})()`)
	if d := got["note"] - got["answer"]; d < -2 || d > 2 || got["noteTop"] <= got["code"] {
		t.Errorf("the leaf's note should sit under the code, lined up with the answer: %v", got)
	}
	if got["overflow"] > 0 {
		t.Errorf("the tree scrolls sideways at 320 px: %v", got)
	}
}

// A Helper position inside 1a2b-4's shipped strategy gets that strategy's
// branch (a live search from there takes minutes), and the proof says what
// that proves from here: for average, the least total too; for an
// objective with a worst case, that it was not searched again. A position
// of a game searched live is searched from there.
func TestTreeSaysWhatABranchProves(t *testing.T) {
	ctx := guessPage(t)
	eval[bool](t, ctx, treeHelpersJS)
	got := eval[map[string]string](t, ctx, `(async () => {
		const note = () => [...kz().querySelectorAll('#kz-panel-tree .kz-tree-proof .kz-note')].map(p => p.textContent).join(' ');
		const fromHelper = async (preset, guess, a, b) => {
			$('.kz-settings').open = true;
			choose('#kz-preset', preset);
			$('#kz-tab-helper').click();
			$('[data-on-click="help.clear"]').click();
			type('[data-row="0"][data-field="guess"]', guess);
			type('[data-row="0"][data-field="a"]', a);
			type('[data-row="0"][data-field="b"]', b);
			$('[data-row="0"][data-field="b"]').blur();
			await until(() => !$('#kz-panel-helper .kz-analysis.kz-stale') && $('#kz-panel-helper .kz-tree-open'), 60000);
			$('#kz-panel-helper .kz-tree-open').click();
			await until(() => treeReady() && /Guess 2/.test($('#kz-panel-tree .kz-tree-root').textContent), 120000);
		};
		const out = {};
		await fromHelper('1a2b-4', '0123', '0', '2');
		choose('#kz-tree-objective', 'average');
		await until(() => treeReady() && note().includes('total'), 60000);
		out.average = note();
		choose('#kz-tree-objective', 'worst-then-average');
		await until(() => treeReady() && note().includes('searched again'), 60000);
		out.worst = note();
		await fromHelper('science-3', '123', '0', '1');
		out.science = note();
		return out;
	})()`)
	if !strings.Contains(got["average"], "follows the strategy for the whole game") || !strings.Contains(got["average"], "From here its total is the least possible too") {
		t.Errorf("average, inside the shipped strategy: %q", got["average"])
	}
	if !strings.Contains(got["worst"], "It is not searched again from here") {
		t.Errorf("worst-then-average, inside the shipped strategy: %q", got["worst"])
	}
	if !strings.Contains(got["science"], "Solved from this position") {
		t.Errorf("a position of a game searched live: %q", got["science"])
	}
}
