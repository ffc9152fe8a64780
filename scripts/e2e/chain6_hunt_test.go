//go:build e2e

package e2e

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

// chainArcsJS follows every pair's arc on the row: the pieces drawn over
// its two objects (a link's ::before, and any other bordered box in an
// object's slot), and where each starts and ends. A pair whose objects
// sit on one line needs an arc from the centre of one disc to the centre
// of the other; one the row wraps between needs an arc leaving the first
// object that stops at its slot's edge (over no empty place), and one
// coming into the second from its line's start.
const chainArcsJS = `(() => {
	const row = $c('#kz-chain-row');
	const slot = i => row.querySelector('.kz-chain-slot[data-cell="' + i + '"]');
	const disc = i => slot(i).querySelector('.kz-chain-disc');
	const pieces = s => {
		const out = [];
		for (const e of s.querySelectorAll('*')) {
			if (e.matches('.kz-chain-disc, .kz-chain-gap, .kz-chain-value, button.kz-chain-obj')) continue;
			for (const pseudo of [null, '::before', '::after']) {
				const cs = getComputedStyle(e, pseudo);
				if (pseudo && (cs.content === 'none' || cs.content === 'normal')) continue;
				if (cs.borderTopStyle !== 'solid' || parseFloat(cs.borderTopWidth) === 0 || cs.display === 'none') continue;
				const r = e.getBoundingClientRect();
				let l = r.left, w = r.width, top = r.top;
				if (pseudo) { l = r.left + parseFloat(cs.left); w = parseFloat(cs.width); top = r.top + parseFloat(cs.top); }
				out.push({l, r: l + w, top});
			}
		}
		return out;
	};
	const problems = [];
	let wraps = 0, pairs = 0;
	const cells = row.querySelectorAll('.kz-chain-slot').length;
	for (let i = 0; i + 1 < cells; i++) {
		if (!slot(i).querySelector('.kz-chain-obj') || !slot(i + 1).querySelector('.kz-chain-obj')) continue;
		pairs++;
		const sa = slot(i).getBoundingClientRect(), sb = slot(i + 1).getBoundingClientRect();
		const da = disc(i).getBoundingClientRect(), db = disc(i + 1).getBoundingClientRect();
		const ca = da.left + da.width / 2, cb = db.left + db.width / 2;
		const pa = pieces(slot(i)), pb = pieces(slot(i + 1));
		const name = (i + 1) + '–' + (i + 2);
		const from = pa.filter(p => Math.abs(p.l - ca) < 2.5);
		if (!from.length) { problems.push(name + ': no arc leaves ' + (i + 1)); continue; }
		const end = Math.max(...from.map(p => p.r));
		if (Math.abs(sa.top - sb.top) < 1) {
			// One line: the arc reaches the next disc's centre, in one
			// piece or in two that meet.
			const on = pb.filter(p => Math.abs(p.l - end) < 1 && p.l < cb - 2.5);
			const reach = Math.max(end, ...on.map(p => p.r));
			if (Math.abs(reach - cb) > 2.5) problems.push(name + ': the arc ends at ' + Math.round(reach - ca) + ' px from ' + (i + 1) + ', its neighbour is ' + Math.round(cb - ca) + ' px away');
			continue;
		}
		wraps++;
		if (end > sa.right + 0.5) problems.push(name + ': wrapped, the arc goes ' + Math.round(end - sa.right) + ' px past ' + (i + 1) + ' into the empty end of its line');
		const into = pb.filter(p => Math.abs(p.r - cb) < 2.5 && p.l <= sb.left + 2.5);
		if (!into.length) problems.push(name + ': wrapped, no arc comes into ' + (i + 2) + ' at the start of its line');
	}
	return {pairs, wraps, problems: problems.slice(0, 6), problemCount: problems.length};
})()`

// A pair whose two objects the row wraps between had its whole arc at
// the end of the first line, over nothing, with its value, and nothing
// over the second object at the start of the next: in Japanese at 320
// px, with the hint shown, 7–8's "−4" hung there, away from 8. Each
// object now carries its half of the arc: side by side they make one,
// and across a wrap one leaves the first object at the end of its line
// and the other comes into the second at the start of the next.
func TestChain6PairArcFollowsItsObjectsAcrossAWrap(t *testing.T) {
	ctx := chainPage(t)
	chainLanguage(t, ctx, "ja")
	for _, c := range []struct {
		width int64
		n     int
	}{{320, 20}, {375, 30}, {600, 40}} {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(c.width, 800)); err != nil {
			t.Fatal(err)
		}
		chainStartHinted(t, ctx, c.n)
		for _, hinted := range []bool{true, false} {
			if !hinted {
				// A new game: no hint, every link off under the first-move rule.
				chainStart(t, ctx, c.n, "direct", "you", true)
			}
			g := eval[map[string]any](t, ctx, chainArcsJS)
			what := fmt.Sprintf("%d px, N = %d, hint %v", c.width, c.n, hinted)
			t.Logf("%s: %v", what, g)
			if g["wraps"].(float64) == 0 || g["pairs"].(float64) < float64(c.n)-5 {
				t.Fatalf("%s: the row should wrap between pairs: %v", what, g)
			}
			if g["problemCount"].(float64) != 0 {
				t.Errorf("%s: %v arcs do not follow their objects, such as %v", what, g["problemCount"], g["problems"])
			}
		}
	}
}

// "Game settings" were open on the first visit and closed on every page
// after, whatever the reader had done: opened to choose the next game,
// they closed again at a change of language or a reload, and a number
// said wrong in them was hidden with its error. They are open on a first
// visit (they say what can be chosen, and who wins the game chosen), and
// stay as the reader leaves them; a number said wrong opens them.
func TestChain6GameSettingsStayAsTheReaderLeftThem(t *testing.T) {
	ctx := chainPage(t)
	open := `$c('details.kz-settings').open`
	fold := `($c('details.kz-settings summary').click(), ` + open + `)`
	if !eval[bool](t, ctx, open) {
		t.Errorf("a first visit should show the game settings open")
	}
	if eval[bool](t, ctx, fold) {
		t.Fatalf("the settings should close on their summary")
	}
	ctx = chainReload(t, ctx)
	if eval[bool](t, ctx, open) {
		t.Errorf("settings the reader closed came back open after a reload")
	}
	if !eval[bool](t, ctx, fold) {
		t.Fatalf("the settings should open on their summary")
	}
	chainLanguage(t, ctx, "ja")
	if !eval[bool](t, ctx, open) {
		t.Errorf("settings the reader opened closed at a change of language")
	}
	ctx = chainReload(t, ctx)
	if !eval[bool](t, ctx, open) {
		t.Errorf("settings the reader opened closed at a reload")
	}
	// A new game keeps them as they are.
	chainStart(t, ctx, 7, "direct", "you", true)
	if !eval[bool](t, ctx, open) {
		t.Errorf("settings the reader opened closed at a new game")
	}
	// A number said wrong, then the settings closed: built again, they
	// open on it.
	eval[bool](t, ctx, `(() => {
		const n = $c('#kz-chain-n');
		n.value = '200'; n.dispatchEvent(new Event('change', {bubbles: true, composed: true}));
		$c('details.kz-settings summary').click();
		return true;
	})()`)
	chainLanguage(t, ctx, "en")
	got := eval[map[string]any](t, ctx, `({open: `+open+`, err: $c('#kz-chain-n-error').textContent, shown: $c('#kz-chain-n-error').checkVisibility()})`)
	if got["open"] != true || got["shown"] != true {
		t.Errorf("a number said wrong should show, with its error, after a change of language: %v", got)
	}
}

// A click while the computer thinks says to wait; once the computer has
// moved that is past, and the message goes: it stayed, "Wait: it is the
// computer's move." under "The computer took 3. Your move.", and after
// the game's end too.
func TestChain6WaitGoesWhenTheComputerHasMoved(t *testing.T) {
	ctx := chainPage(t)
	chainStart(t, ctx, 9, "direct", "you", true)
	got := eval[map[string]any](t, ctx, `(async () => {
		$c('[data-i="4"]').click();
		$c('[data-i="0"]').click(); // the computer's turn: nothing taken, and why
		const out = {during: $c('#kz-chain-row-msg').textContent};
		await until(() => $c('#kz-chain-status').dataset.turn === 'you' && $c('#kz-chain-row').dataset.moves === '2');
		out.after = $c('#kz-chain-row-msg').textContent;
		out.status = $c('#kz-chain-status').textContent;
		return out;
	})()`)
	if got["during"] != "Wait: it is the computer's move." {
		t.Fatalf("a click while the computer thinks should say to wait: %v", got)
	}
	if got["after"] != "" {
		t.Errorf("once the computer has moved (%q), the row still says %q", got["status"], got["after"])
	}
}

// With the hint shown, an object read out on the keyboard's way along
// the row says the value of taking it with its right neighbour too: the
// arcs, which carry those values, are no stops on that way (Shift+Enter
// takes the pair from the object), so a reader who hears the row object
// by object heard every single take's value and no pair's.
func TestChain6ObjectSaysItsPairsValue(t *testing.T) {
	ctx := chainPage(t)
	chainStartHinted(t, ctx, 9)
	got := eval[map[string]any](t, ctx, `(() => {
		const out = {pairs: 0, missing: []};
		for (const link of $c('#kz-chain-row').querySelectorAll('.kz-chain-link[data-pair]')) {
			const i = link.dataset.pair, value = link.getAttribute('aria-label').split(': ')[1];
			const obj = $c('[data-i="' + i + '"]').getAttribute('aria-label');
			out.pairs++;
			if (!value || !obj.includes('with object ' + (+i + 2) + ': ' + value)) out.missing.push(obj + ' / ' + link.getAttribute('aria-label'));
		}
		out.first = $c('[data-i="0"]').getAttribute('aria-label');
		return out;
	})()`)
	t.Logf("%v", got)
	if got["pairs"].(float64) < 3 || len(got["missing"].([]any)) != 0 {
		t.Errorf("every object should say its pair's value: %v pairs, not said by %v", got["pairs"], got["missing"])
	}
}
