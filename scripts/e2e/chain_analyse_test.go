//go:build e2e

package e2e

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// chainSolveJS types a position into Analyse (as input events), picks the
// game, solves, and waits for an answer or an error beside the field.
const chainSolveJS = `window.chainSolve = async (text, reverse) => {
	$c('#kz-chain-tab-analyse').click();
	const pos = $c('#kz-chain-pos');
	pos.value = text; pos.dispatchEvent(new Event('input', {bubbles: true, composed: true}));
	$c('#kz-chain-an-game').value = reverse ? 'reverse' : 'direct';
	$c('#kz-chain-an-rule').checked = false;
	$c('#kz-chain-result').textContent = ''; $c('#kz-chain-pos-error').textContent = '';
	$c('#kz-chain-solve').click();
	await until(() => $c('#kz-chain-result').textContent || $c('#kz-chain-pos-error').textContent);
	return {result: $c('#kz-chain-result').textContent, error: $c('#kz-chain-pos-error').textContent};
}; true`

// TestChainAnalyseAnswersEverything: past the exact solver's 80 cells the
// direct game gets who wins, its Grundy value and a winning move (the
// engine's chain.outcome), up to a million objects, and the reverse game
// a plain reason; full-width digits read; an error names the character at
// fault; the typed position survives a reload and a fresh one follows
// the game's N.
func TestChainAnalyseAnswersEverything(t *testing.T) {
	ctx := chainPage(t)
	eval[bool](t, ctx, chainSolveJS)
	got := eval[map[string]any](t, ctx, `(async () => {
		const e = await Kibitz.createEngine();
		const out = {};
		const want = await e.call('chain.outcome', {position: '{100}', reverse: false, firstMoveSingle: false});
		out.want = want.winner + ' ' + (want.move && want.move.text) + ' ' + want.grundy;
		out.hundred = (await chainSolve('{100}', false)).result;
		out.shown = $c('#kz-chain-outcome').dataset.winner + ' ' + ($c('#kz-chain-outcome-move') ? $c('#kz-chain-outcome-move').dataset.take : null);
		const lose = await e.call('chain.outcome', {position: '{70, 70}', reverse: false, firstMoveSingle: false});
		out.twins = (await chainSolve('70 70', false)).result;
		out.twinsWinner = lose.winner + ' ' + $c('#kz-chain-outcome').dataset.winner;
		out.million = (await chainSolve('1000000', false)).result;
		out.reverse = (await chainSolve('{100}', true)).result;
		out.fullWidth = (await chainSolve('３ １ ４', false)).result;
		out.negative = (await chainSolve('3 -1', false)).error;
		out.mixed = (await chainSolve('3,X', false)).error;
		// Typed, not solved: a reload keeps it.
		const pos = $c('#kz-chain-pos');
		pos.value = 'XX.XXX'; pos.dispatchEvent(new Event('input', {bubbles: true, composed: true}));
		return out;
	})()`)
	t.Logf("%v", got)
	want := strings.Fields(got["want"].(string))
	if !strings.HasPrefix(got["hundred"].(string), "The side to move wins.") || !strings.Contains(got["hundred"].(string), "Grundy value "+want[2]) ||
		got["shown"] != want[0]+" "+want[1] || !strings.Contains(got["hundred"].(string), "No move count: this position has 100 cells") {
		t.Fatalf("{100}: %q shown %v, engine %v", got["hundred"], got["shown"], got["want"])
	}
	if got["twinsWinner"] != "other other" || !strings.HasPrefix(got["twins"].(string), "The side to move loses") || !strings.Contains(got["twins"].(string), "Grundy value 0") {
		t.Fatalf("{70,70}: %q (%v)", got["twins"], got["twinsWinner"])
	}
	if !strings.Contains(got["million"].(string), "1,000,000 cells") || !strings.Contains(got["million"].(string), "Grundy value") {
		t.Fatalf("a million objects: %q", got["million"])
	}
	if !strings.HasPrefix(got["reverse"].(string), "No answer for the reverse game here") || !strings.Contains(got["reverse"].(string), "100 cells, past the solver's 80") {
		t.Fatalf("the reverse {100}: %q", got["reverse"])
	}
	if !strings.HasPrefix(got["fullWidth"].(string), "The side to move") {
		t.Fatalf("full-width digits: %q", got["fullWidth"])
	}
	if !strings.Contains(got["negative"].(string), "-") || !strings.Contains(got["negative"].(string), "character 3") || !strings.Contains(got["negative"].(string), "negative") {
		t.Fatalf("3 -1 must blame the minus sign: %q", got["negative"])
	}
	if !strings.Contains(got["mixed"].(string), "X") || !strings.Contains(got["mixed"].(string), "character 3") {
		t.Fatalf("3,X must blame the X: %q", got["mixed"])
	}
	if err := chromedp.Do(withTimeout(t, ctx, 60*time.Second), chromedp.Reload()); err != nil {
		t.Fatalf("reload: %v", err)
	}
	ctx = chainPageReloaded(t, ctx)
	if kept := eval[string](t, ctx, `$c('#kz-chain-pos').value`); kept != "XX.XXX" {
		t.Fatalf("after a reload the typed position is %q", kept)
	}
	// Emptied, the field follows the game's N again.
	follow := eval[string](t, ctx, `(async () => {
		const pos = $c('#kz-chain-pos');
		pos.value = ''; pos.dispatchEvent(new Event('input', {bubbles: true, composed: true}));
		$c('#kz-chain-tab-play').click();
		const n = $c('#kz-chain-n'); n.value = '12'; n.dispatchEvent(new Event('change', {bubbles: true, composed: true}));
		$c('#kz-chain-new').click();
		$c('#kz-chain-tab-analyse').click();
		return $c('#kz-chain-pos').value;
	})()`)
	if follow != strings.Repeat("X", 12) {
		t.Fatalf("an untyped position does not follow the game's N = 12: %q", follow)
	}
}

// TestChainLossUnderTheRuleSaysWhy: a direct row of a million objects
// with the first-move rule showed "loses" beside "Grundy value 1", and
// nothing said the rule was why (a non-zero Grundy value is a win
// without it). Now the Grundy value comes with the reason, past the exact
// solver (chain.outcome) and within it (a row of 4), in English and in
// Japanese; without the rule the plain value stays.
func TestChainLossUnderTheRuleSaysWhy(t *testing.T) {
	ctx := chainPage(t)
	solveJS := `(async () => {
		const solve = async (text, rule) => {
			$c('#kz-chain-tab-analyse').click();
			const pos = $c('#kz-chain-pos');
			pos.value = text; pos.dispatchEvent(new Event('input', {bubbles: true, composed: true}));
			$c('#kz-chain-an-game').value = 'direct';
			$c('#kz-chain-an-rule').checked = rule;
			$c('#kz-chain-result').textContent = '';
			$c('#kz-chain-solve').click();
			await until(() => $c('#kz-chain-result').textContent);
			return {big: $c('#kz-chain-result .kz-big').textContent, grundy: $c('#kz-chain-grundy') ? $c('#kz-chain-grundy').textContent : $c('#kz-chain-result').textContent};
		};
		return {million: await solve('1000000', true), four: await solve('XXXX', true), free: await solve('1000000', false)};
	})()`
	got := eval[map[string]map[string]any](t, ctx, solveJS)
	t.Logf("%v", got)
	for _, k := range []string{"million", "four"} {
		if !strings.HasPrefix(got[k]["big"].(string), "The side to move loses") || !strings.HasPrefix(got[k]["grundy"].(string), "Grundy value 1, a win without the rule") ||
			!strings.Contains(got[k]["grundy"].(string), "first move may take only one object") {
			t.Errorf("%s with the rule: %v", k, got[k])
		}
	}
	if got["free"]["grundy"] != "Grundy value 1" {
		t.Errorf("a million without the rule: %v", got["free"])
	}
	chainLanguage(t, ctx, "ja")
	got = eval[map[string]map[string]any](t, ctx, solveJS)
	t.Logf("ja: %v", got)
	if !strings.Contains(got["million"]["grundy"].(string), "最初の手は駒一つしか取れず") || !strings.Contains(got["four"]["grundy"].(string), "最初の手は駒一つしか取れず") {
		t.Errorf("in Japanese: %v", got)
	}
}

// TestChainBigQuestionSaysAnHonestTime: the question before a build of
// 70 cells said "It can take half a minute", where it takes about 2
// seconds in Chromium here (README: 2.2 to 2.5 million positions a
// second). Now it says about how many seconds in a desktop browser, from
// the positions, and up to how long on a slow phone; in Japanese too.
func TestChainBigQuestionSaysAnHonestTime(t *testing.T) {
	ctx := chainPage(t)
	askJS := `(async () => {
		const ask = async n => {
			$c('#kz-chain-tab-analyse').click();
			const pos = $c('#kz-chain-pos');
			pos.value = 'X'.repeat(n); pos.dispatchEvent(new Event('input', {bubbles: true, composed: true}));
			$c('#kz-chain-an-game').value = 'direct';
			$c('#kz-chain-solve').click();
			const text = (await until(() => $c('#kz-chain-result .kz-chain-big-text'))).textContent;
			$c('#kz-chain-result [data-on-click="chain.big-no"]').click();
			await until(() => !$c('#kz-chain-result .kz-chain-big'));
			return text;
		};
		return {n70: await ask(70), n80: await ask(80)};
	})()`
	got := eval[map[string]string](t, ctx, askJS)
	t.Logf("%v", got)
	if !strings.Contains(got["n70"], "It takes about 2 seconds in a desktop browser, and up to 15 seconds on a slow phone.") || strings.Contains(got["n70"], "half a minute") {
		t.Errorf("the time of a build of 70 cells (4.7 million positions): %q", got["n70"])
	}
	if !strings.Contains(got["n80"], "It takes about 8 seconds in a desktop browser, and up to 50 seconds on a slow phone.") {
		t.Errorf("the time of a build of 80 cells (18 million positions): %q", got["n80"])
	}
	chainLanguage(t, ctx, "ja")
	got = eval[map[string]string](t, ctx, askJS)
	t.Logf("ja: %v", got)
	if !strings.Contains(got["n70"], "デスクトップのブラウザーで 2 秒ほど、遅いスマートフォンでは最大 15 秒かかります。") {
		t.Errorf("in Japanese: %q", got["n70"])
	}
}

// chainTableHeldAfterFirstJS starts the table in Analyse and holds its
// calls after the first in the engine (hold_test.go), so a test acts on a
// table half computed (N = 1 to 40) on any machine.
const chainTableHeldAfterFirstJS = `
		const base = window.__kibitzTestHold;
		window.__kibitzTestHold = (m, p, e, o) => m === 'chain.table' && p.from > 1 ? base(m, p, e, o) : undefined;
		hold('chain.table');
		$c('#kz-chain-tab-analyse').click();
		$c('#kz-chain-table-go').click();
		await until(() => held('chain.table') > 0);`

// TestChainTableStopKeepsRows: Stop on the table keeps the rows already
// computed, a reload keeps them too, and Compute takes up from there to
// the seed's values. The call after the first is held in the engine
// (hold_test.go), so the Stop comes at the same point on any machine.
func TestChainTableStopKeepsRows(t *testing.T) {
	ctx := chainPage(t)
	installHold(t, ctx)
	got := eval[map[string]any](t, ctx, `(async () => {
		`+chainTableHeldAfterFirstJS+`
		const during = $c('#kz-chain-table').tBodies[0].rows.length;
		$c('[data-on-click="chain.table-stop"]').click();
		const msg = await until(() => $c('#kz-chain-table-msg').textContent);
		await release('chain.table');
		return {during, msg, after: $c('#kz-chain-table').tBodies[0].rows.length, hidden: $c('#kz-chain-progress-row').hidden};
	})()`)
	t.Logf("%v", got)
	if got["during"] != 40.0 || got["after"] != 40.0 || !strings.HasPrefix(got["msg"].(string), "Stopped: the table holds N = 1 to 40") {
		t.Fatalf("Stop after the first call: %v", got)
	}
	if err := chromedp.Do(withTimeout(t, ctx, 60*time.Second), chromedp.Reload()); err != nil {
		t.Fatalf("reload: %v", err)
	}
	ctx = chainPageReloaded(t, ctx)
	kept := eval[float64](t, ctx, `$c('#kz-chain-tab-analyse').click(), $c('#kz-chain-table').tBodies[0].rows.length`)
	if label := eval[string](t, ctx, `$c('#kz-chain-table-go').textContent`); label != "Compute N = 41 to 80" {
		t.Fatalf("the button after a stop reads %q", label)
	}
	eval[bool](t, ctx, `$c('#kz-chain-table-go').click(), true`)
	poll[bool](t, ctx, `$c('#kz-chain-table').tBodies[0].rows.length === 60`, 120*time.Second)
	rows := eval[map[string]any](t, ctx, `(() => {
		const rows = [...$c('#kz-chain-table').tBodies[0].rows].map(r => [...r.cells].map(c => c.textContent).join(' '));
		return {r16: rows[15], r40: rows[39], r41: rows[40], r60: rows[59], ns: rows.every((r, i) => r.startsWith((i + 1) + ' '))};
	})()`)
	t.Logf("%v", rows)
	if kept != 40 || rows["r16"] != "16 −14 −13" || rows["r60"] != "60 −54 −53" || rows["ns"] != true {
		t.Fatalf("after the reload and the rest: %v", rows)
	}
}

// TestChainTableStopKeepsTheFinishedGame: the table's rows past 60 build
// two tables, the direct game's then the reverse's. Stopped during the
// second, the first is kept, and the stop says so (it said nothing was
// kept); asked again, the question is about the reverse table alone.
func TestChainTableStopKeepsTheFinishedGame(t *testing.T) {
	ctx := chainPage(t)
	installHold(t, ctx)
	got := eval[map[string]any](t, ctx, `(async () => {
		const out = {};
		$c('#kz-chain-tab-analyse').click();
		$c('#kz-chain-table-go').click();
		out.askBoth = (await until(() => $c('#kz-chain-table-big .kz-chain-big-text'), 120000)).dataset.bytes;
		hold('chain.solve');
		$c('#kz-chain-table-big [data-on-click="chain.big-yes"]').click();
		await until(() => held('chain.solve') > 0);
		// Let the direct game's build go, and hold the reverse game's.
		release('chain.solve');
		hold('chain.solve');
		await until(() => held('chain.solve') > 0, 120000);
		$c('#kz-chain-table-big [data-on-click="chain.big-stop"]').click();
		out.stopped = (await until(() => $c('.kz-chain-big-stopped'), 60000)).textContent;
		await release('chain.solve');
		$c('#kz-chain-table-go').click();
		out.askAgain = (await until(() => $c('#kz-chain-table-big .kz-chain-big-text'), 120000)).dataset.bytes;
		return out;
	})()`)
	t.Logf("%v", got)
	if got["stopped"] != "Stopped: the table of the direct game is built and kept; the reverse game's was not finished, and nothing of it is kept." {
		t.Errorf("the stop during the reverse game's build says %q", got["stopped"])
	}
	if got["askBoth"] != "36361582" || got["askAgain"] != "18180791" {
		t.Errorf("the question's memory, for both tables then for the reverse one left: %v then %v bytes", got["askBoth"], got["askAgain"])
	}
}

// TestChainBigRowAsksFirst: past 64 cells the widget states the memory
// the solver's table will keep before it builds it, in Play and in
// Analyse; Not now builds nothing, Build shows its progress and then
// plays or solves, Stop keeps nothing, and a table already built is not
// asked about again. The builds are held in the engine (hold_test.go)
// while the test looks at their progress bar and Stop.
func TestChainBigRowAsksFirst(t *testing.T) {
	ctx := chainPage(t)
	installHold(t, ctx)
	got := eval[map[string]any](t, ctx, `(async () => {
		const set = (sel, v) => { const e = $c(sel); if (e.type === 'checkbox') e.checked = v; else e.value = String(v); e.dispatchEvent(new Event('change', {bubbles: true, composed: true})); };
		const out = {};
		// Play: 66 objects, the computer first.
		set('#kz-chain-n', 66); set('#kz-chain-game', 'direct'); set('#kz-chain-start', 'cpu'); set('#kz-chain-rule', true);
		$c('#kz-chain-new').click();
		let ask = await until(() => $c('#kz-chain-big-box .kz-chain-big-text'));
		out.playAsk = ask.textContent; out.playBytes = ask.dataset.bytes;
		out.statusAsk = $c('#kz-chain-status').textContent;
		$c('#kz-chain-big-box [data-on-click="chain.big-no"]').click();
		out.waiting = (await until(() => $c('[data-on-click="chain.cpu-resume"]'))).parentElement.textContent;
		out.statusNo = $c('#kz-chain-status').textContent;
		out.movesWaiting = $c('#kz-chain-row').dataset.moves;
		$c('[data-on-click="chain.cpu-resume"]').click();
		const build = await until(() => $c('#kz-chain-big-box [data-on-click="chain.big-yes"]'));
		hold('chain.solve');
		build.click();
		await until(() => held('chain.solve') > 0);
		out.playBar = !!$c('#kz-chain-big-box progress') && $c('#kz-chain-big-box .kz-note').textContent;
		await release('chain.solve');
		await until(() => $c('#kz-chain-row').dataset.moves === '1', 120000);
		out.boxAfter = $c('#kz-chain-big-box').textContent;
		out.statusAfter = await until(() => $c('#kz-chain-status').dataset.turn === 'you' && $c('#kz-chain-status').textContent);

		// Analyse the same row: the table is held, so no question.
		$c('#kz-chain-tab-analyse').click();
		const pos = $c('#kz-chain-pos');
		const type = text => { pos.value = text; pos.dispatchEvent(new Event('input', {bubbles: true, composed: true})); };
		type('X'.repeat(66)); set('#kz-chain-an-game', 'direct'); set('#kz-chain-an-rule', true);
		$c('#kz-chain-solve').click();
		out.solved66 = (await until(() => $c('.kz-chain-line') && $c('#kz-chain-result .kz-big'))).textContent;
		out.asked66 = !!$c('#kz-chain-result .kz-chain-big');

		// 80 cells, reverse: asked, the focus on Build; Escape is Not now,
		// and gives the focus back. Then Build moves it to Stop, and Stop
		// during the build keeps nothing and gives it back to Solve.
		const active = () => { const a = cz().activeElement; return a ? (a.id || a.getAttribute('data-on-click') || a.tagName) : 'body'; };
		type('X'.repeat(80)); set('#kz-chain-an-game', 'reverse');
		$c('#kz-chain-solve').focus();
		$c('#kz-chain-solve').click();
		ask = await until(() => $c('#kz-chain-result .kz-chain-big-text'));
		out.ask80 = ask.textContent; out.bytes80 = ask.dataset.bytes;
		out.focus = [active()];
		cz().activeElement.dispatchEvent(new KeyboardEvent('keydown', {key: 'Escape', bubbles: true, composed: true, cancelable: true}));
		await until(() => !$c('#kz-chain-result .kz-chain-big'));
		out.focus.push(active());
		$c('#kz-chain-solve').click();
		await until(() => $c('#kz-chain-result .kz-chain-big-text'));
		hold('chain.solve');
		$c('#kz-chain-result [data-on-click="chain.big-yes"]').click();
		await until(() => held('chain.solve') > 0);
		out.focus.push(active());
		$c('#kz-chain-result [data-on-click="chain.big-stop"]').click();
		out.stopped = (await until(() => $c('.kz-chain-big-stopped'))).textContent;
		out.focus.push(active());
		await release('chain.solve');
		$c('#kz-chain-solve').click();
		await until(() => $c('#kz-chain-result .kz-chain-big-text'));
		$c('#kz-chain-result [data-on-click="chain.big-no"]').click();
		await until(() => !$c('#kz-chain-result .kz-chain-big'));
		out.kept = pos.value.length;
		out.resultAfterNo = $c('#kz-chain-result').textContent;
		return out;
	})()`)
	t.Logf("%v", got)
	if fmt.Sprint(got["focus"]) != "[chain.big-yes kz-chain-solve chain.big-stop kz-chain-solve]" {
		t.Errorf("the focus through the question (on Build), Escape (back on Solve), the build (on Stop) and Stop (back on Solve): %v", got["focus"])
	}
	if got["playBytes"] != "2796921" || !strings.Contains(got["playAsk"].(string), "2,679,689 positions") || !strings.Contains(got["playAsk"].(string), "2.8 MB") {
		t.Errorf("the question for a game of 66: %q (%v bytes)", got["playAsk"], got["playBytes"])
	}
	for _, k := range []string{"statusAsk", "statusNo"} {
		if !strings.HasPrefix(got[k].(string), "The computer's move waits for its table.") {
			t.Errorf("the status %s: %q", k, got[k])
		}
	}
	if !regexp.MustCompile(`^The computer took [0-9]+(–[0-9]+)?\. Your move`).MatchString(got["statusAfter"].(string)) {
		t.Errorf("the status after the computer's move: %q", got["statusAfter"])
	}
	if got["movesWaiting"] != "0" || !strings.Contains(got["waiting"].(string), "needs its table") {
		t.Errorf("after Not now the game waits: moves %v, %q", got["movesWaiting"], got["waiting"])
	}
	if bar, _ := got["playBar"].(string); !strings.HasPrefix(bar, "Building the table of 2,679,689 positions") || got["boxAfter"] != "" {
		t.Errorf("the build's progress %v, after it %q", got["playBar"], got["boxAfter"])
	}
	if got["solved66"] != "The side to move wins in 59 moves." || got["asked66"] != false {
		t.Errorf("66, held: %v (asked %v)", got["solved66"], got["asked66"])
	}
	if got["bytes80"] != "18180791" || !strings.Contains(got["ask80"].(string), "18,004,327 positions") || !strings.Contains(got["ask80"].(string), "18.2 MB") {
		t.Errorf("the question for 80 cells: %q (%v bytes)", got["ask80"], got["bytes80"])
	}
	// Not now leaves no question and builds nothing; it says what the
	// reverse game lacks without its table (the box was left empty).
	if !strings.HasPrefix(got["stopped"].(string), "Stopped") || got["kept"] != 80.0 || !strings.HasPrefix(got["resultAfterNo"].(string), "The reverse game has no known shortcut to its outcome") {
		t.Errorf("Stop, then Not now: %q, %v characters kept, result %q", got["stopped"], got["kept"], got["resultAfterNo"])
	}
}

// TestChainBigQuestionsKeepToTheirBoxes: Play's question and Analyse's
// are each answered in their own place; answering one leaves the other,
// and a new game takes Play's away without touching Analyse's.
func TestChainBigQuestionsKeepToTheirBoxes(t *testing.T) {
	ctx := chainPage(t)
	got := eval[map[string]any](t, ctx, `(async () => {
		const set = (sel, v) => { const e = $c(sel); if (e.type === 'checkbox') e.checked = v; else e.value = String(v); e.dispatchEvent(new Event('change', {bubbles: true, composed: true})); };
		const out = {};
		set('#kz-chain-n', 70); set('#kz-chain-game', 'reverse'); set('#kz-chain-start', 'cpu');
		$c('#kz-chain-new').click();
		await until(() => $c('#kz-chain-big-box .kz-chain-big'));
		$c('#kz-chain-tab-analyse').click();
		const pos = $c('#kz-chain-pos');
		pos.value = 'X'.repeat(75); pos.dispatchEvent(new Event('input', {bubbles: true, composed: true}));
		set('#kz-chain-an-game', 'direct');
		$c('#kz-chain-solve').click();
		await until(() => $c('#kz-chain-result .kz-chain-big'));
		out.bothShown = !!$c('#kz-chain-big-box .kz-chain-big') && !!$c('#kz-chain-result .kz-chain-big');
		$c('#kz-chain-tab-play').click();
		$c('#kz-chain-big-box [data-on-click="chain.big-no"]').click();
		out.waiting = (await until(() => $c('[data-on-click="chain.cpu-resume"]'))).parentElement.textContent;
		out.analyseStill = !!$c('#kz-chain-result .kz-chain-big');
		out.status = $c('#kz-chain-status').textContent;
		set('#kz-chain-n', 9); set('#kz-chain-start', 'you');
		$c('#kz-chain-new').click();
		out.playBoxAfterNew = $c('#kz-chain-big-box').textContent;
		out.analyseAfterNew = !!$c('#kz-chain-result .kz-chain-big');
		$c('#kz-chain-tab-analyse').click();
		$c('#kz-chain-result [data-on-click="chain.big-no"]').click();
		await until(() => !$c('#kz-chain-result .kz-chain-big'));
		out.row = $c('#kz-chain-row').dataset.row;
		return out;
	})()`)
	t.Logf("%v", got)
	if got["bothShown"] != true || got["analyseStill"] != true || got["analyseAfterNew"] != true {
		t.Errorf("each question should stay in its place until answered there: %v", got)
	}
	if !strings.Contains(got["waiting"].(string), "needs its table") || !strings.HasPrefix(got["status"].(string), "The computer's move waits for its table.") {
		t.Errorf("Play after Not now: %q / %q", got["waiting"], got["status"])
	}
	if got["playBoxAfterNew"] != "" || got["row"] != "XXXXXXXXX" {
		t.Errorf("a new game of 9 should clear Play's question: %q, row %v", got["playBoxAfterNew"], got["row"])
	}
}

// A position written as group sizes is faulted in its own terms: "1e3"
// said “e” is neither an object (X) nor a gap (.), though its first
// character made it a list of sizes. And the game's number of objects
// tells 3.5, no whole number, from a number out of range, and takes 1e1
// for 10, as the browser's number field does.
func TestChainErrorsSpeakTheNotationTyped(t *testing.T) {
	ctx := chainPage(t)
	eval[bool](t, ctx, chainSolveJS)
	got := eval[map[string]any](t, ctx, `(async () => {
		const out = {groups: (await chainSolve('1e3', false)).error, row: (await chainSolve('XXY', false)).error,
			fraction: (await chainSolve('3.5', false)).error, after: (await chainSolve('{3} 1', false)).error,
			mismatched: (await chainSolve('{3,1]', false)).error};
		$c('#kz-chain-tab-play').click();
		const n = $c('#kz-chain-n');
		for (const v of ['3.5', '1e1', '200']) {
			n.value = v;
			n.dispatchEvent(new Event('change', {bubbles: true, composed: true}));
			out[v] = $c('#kz-chain-n-error') ? $c('#kz-chain-n-error').textContent : n.getAttribute('aria-invalid');
		}
		return out;
	})()`)
	if g := got["groups"].(string); !strings.Contains(g, "“e” at character 2 is not part of a list of group sizes") {
		t.Errorf("1e3: %q", g)
	}
	if r := got["row"].(string); !strings.Contains(r, "“Y” at character 3 is neither an object (X) nor a gap (.)") {
		t.Errorf("XXY: %q", r)
	}
	// 3.5 is a group size with a fraction, not a row mixed with numbers;
	// after the closing bracket the text that follows is at fault, not
	// the bracket; and a bracket must match the one that opened.
	if f := got["fraction"].(string); !strings.Contains(f, "“.” at character 2: a group size is a whole number of objects.") {
		t.Errorf("3.5: %q", f)
	}
	if a := got["after"].(string); !strings.Contains(a, "“1” at character 5: the list has already been closed by its bracket.") {
		t.Errorf("{3} 1: %q", a)
	}
	if m := got["mismatched"].(string); !strings.Contains(m, "The bracket “]” at character 5 is not matched.") {
		t.Errorf("{3,1]: %q", m)
	}
	if got["3.5"] != "3.5 is not a whole number: give one from 1 to 80." || got["1e1"] != "" || got["200"] != "200 is out of range: give a whole number from 1 to 80." {
		t.Errorf("the number of objects: %v", got)
	}
}
