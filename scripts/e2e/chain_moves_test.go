//go:build e2e

package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// chainDrag drags with the real mouse from the centre of one element of
// the chain widget to another's.
func chainDrag(t *testing.T, ctx context.Context, fromSel, toSel string) {
	t.Helper()
	p := eval[[]float64](t, ctx, fmt.Sprintf(`(() => {
		$c(%[1]q).scrollIntoView({block: 'center'});
		const a = $c(%[1]q).getBoundingClientRect(), b = $c(%[2]q).getBoundingClientRect();
		return [a.x + a.width / 2, a.y + a.height / 2, b.x + b.width / 2, b.y + b.height / 2];
	})()`, fromSel, toSel))
	for _, step := range []chromedp.Action[chromedp.Void]{
		chromedp.MouseEvent(input.DispatchMouseEventTypeMousePressed, p[0], p[1], chromedp.ButtonLeft),
		chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, p[2], p[3], chromedp.ButtonLeft),
		chromedp.MouseEvent(input.DispatchMouseEventTypeMouseReleased, p[2], p[3], chromedp.ButtonLeft),
	} {
		if err := chromedp.Do(ctx, step); err != nil {
			t.Fatal(err)
		}
	}
}

// TestChainMovesYouCanFollow: a taken object keeps its place, so the
// objects to its right stay where they were; the computer's last take is
// ringed until the reader moves; the moves so far are listed in view; and
// input that does nothing says why (the first-move rule, Shift+Enter or
// 2 on a group's last object, a drag between objects that are not
// neighbours, a click on an empty place), a message a legal move clears.
func TestChainMovesYouCanFollow(t *testing.T) {
	ctx := chainPage(t)
	installHold(t, ctx)
	got := eval[map[string]any](t, ctx, `(async () => {
		const set = (sel, v) => { const e = $c(sel); if (e.type === 'checkbox') e.checked = v; else e.value = String(v); e.dispatchEvent(new Event('change', {bubbles: true, composed: true})); };
		set('#kz-chain-n', 9); set('#kz-chain-game', 'direct'); set('#kz-chain-start', 'you'); set('#kz-chain-rule', true);
		$c('#kz-chain-new').click();
		await until(() => $c('#kz-chain-status').dataset.turn === 'you' && $c('#kz-chain-row').dataset.moves === '0');
		const out = {};
		out.logHiddenAtStart = $c('#kz-chain-history').hidden;
		const key = (el, k, opts = {}) => { el.focus(); el.dispatchEvent(new KeyboardEvent('keydown', Object.assign({key: k, bubbles: true, composed: true}, opts))); };
		// The first move takes one: "2" says so.
		key($c('[data-i="0"]'), '2');
		out.firstRule = $c('#kz-chain-row-msg').textContent;
		out.movesAfterFirstRule = $c('#kz-chain-row').dataset.moves;
		const place = i => { const r = $c('[data-cell="' + i + '"]').getBoundingClientRect(); return [Math.round(r.x), Math.round(r.y)]; };
		const before = place(8);
		// Take object 5, and look while the computer's answer is held.
		hold('chain.move');
		$c('[data-i="4"]').click();
		out.clearedByMove = $c('#kz-chain-row-msg').textContent;
		await until(() => held('chain.move') > 0);
		out.placeKept = JSON.stringify(place(8)) === JSON.stringify(before) && !!$c('.kz-chain-gap[data-gap="4"]');
		out.cpuMarksWhileThinking = cz().querySelectorAll('.kz-chain-cpu-took').length;
		const hist = $c('#kz-chain-history');
		out.logVisible = !hist.hidden && hist.getBoundingClientRect().height > 0 && !hist.closest('details:not([open])');
		out.log1 = [...$c('#kz-chain-log').children].map(li => li.textContent);
		const mine = $c('#kz-chain-row').dataset.row;
		await release('chain.move');
		await until(() => $c('#kz-chain-status').dataset.turn === 'you' && $c('#kz-chain-row').dataset.moves === '2');
		const row = $c('#kz-chain-row').dataset.row;
		out.row = row;
		// The computer's take is ringed: exactly the places it emptied.
		const emptied = [...row].map((c, i) => c === '.' && mine[i] === 'X' ? i : -1).filter(i => i >= 0);
		const ringed = [...cz().querySelectorAll('.kz-chain-cpu-took')].map(e => +e.dataset.gap);
		out.ringed = JSON.stringify(ringed) === JSON.stringify(emptied) && ringed.length > 0;
		out.log2 = [...$c('#kz-chain-log').children].map(li => li.textContent);
		// Shift+Enter and 2 on the last object of a group.
		let last = 0;
		while (!(row[last] === 'X' && row[last + 1] !== 'X')) last++;
		key($c('[data-i="' + last + '"]'), 'Enter', {shiftKey: true});
		out.shiftEnter = $c('#kz-chain-row-msg').textContent;
		$c('#kz-chain-row-msg').textContent = '';
		key($c('[data-i="' + last + '"]'), '2');
		out.two = $c('#kz-chain-row-msg').textContent;
		out.lastObject = last + 1;
		// A click on an empty place.
		$c('.kz-chain-gap').click();
		out.emptyClick = $c('#kz-chain-row-msg').textContent;
		let next = last + 1;
		while (row[next] !== 'X') next++;
		out.apart = [last, next];
		out.moves = $c('#kz-chain-row').dataset.moves;
		return out;
	})()`)
	t.Logf("%v", got)
	if got["logHiddenAtStart"] != true || got["movesAfterFirstRule"] != "0" || !strings.Contains(got["firstRule"].(string), "first move takes one object") {
		t.Fatalf("the first-move rule: %v", got)
	}
	if got["clearedByMove"] != "" || got["placeKept"] != true || got["cpuMarksWhileThinking"] != 0.0 || got["logVisible"] != true {
		t.Fatalf("after the reader's move: %v", got)
	}
	if fmt.Sprint(got["log1"]) != "[You took 5.]" {
		t.Fatalf("the log after one move: %v", got["log1"])
	}
	if log := got["log2"].([]any); len(log) != 2 || !strings.HasPrefix(log[1].(string), "The computer took ") {
		t.Fatalf("the log after two moves: %v", log)
	}
	if got["ringed"] != true {
		t.Fatalf("the computer's take is not ringed exactly: %v", got)
	}
	wantNoRight := fmt.Sprintf("Object %v has no neighbour on its right", got["lastObject"])
	if !strings.HasPrefix(got["shiftEnter"].(string), wantNoRight) || !strings.HasPrefix(got["two"].(string), wantNoRight) || got["moves"] != "2" {
		t.Fatalf("Shift+Enter / 2 on a group's last object: %v", got)
	}
	if !strings.HasPrefix(got["emptyClick"].(string), "Place ") {
		t.Fatalf("a click on an empty place: %q", got["emptyClick"])
	}
	// A drag from the last object of a group to the first of the next, over
	// the gap, with the real mouse.
	apart := got["apart"].([]any)
	a, b := int(apart[0].(float64)), int(apart[1].(float64))
	chainDrag(t, ctx, fmt.Sprintf(`[data-i="%d"]`, a), fmt.Sprintf(`[data-i="%d"]`, b))
	msg := poll[string](t, ctx, `$c('#kz-chain-row-msg').textContent.startsWith('Objects') && $c('#kz-chain-row-msg').textContent`, 10*time.Second)
	if want := fmt.Sprintf("Objects %d and %d lie apart", a+1, b+1); !strings.HasPrefix(msg, want) || eval[string](t, ctx, `$c('#kz-chain-row').dataset.moves`) != "2" {
		t.Fatalf("a drag over a gap: %q, want %q", msg, want)
	}
	// A legal move clears the message.
	if cleared := eval[string](t, ctx, fmt.Sprintf(`($c('[data-i="%d"]').click(), $c('#kz-chain-row-msg').textContent)`, a)); cleared != "" {
		t.Fatalf("a legal move left the message %q", cleared)
	}
}

// A move made with the keyboard keeps the focus on the row: Enter takes
// the object, and the row written anew had left the reader on the page's
// body, to Tab back from the top after every move. The focus stays on the
// row through the computer's answer, and the arrows go on working.
func TestChainKeyboardMoveKeepsTheFocus(t *testing.T) {
	ctx := chainPage(t)
	eval[bool](t, ctx, `(() => {
		const n = $c('#kz-chain-n');
		n.value = '9';
		n.dispatchEvent(new Event('change', {bubbles: true, composed: true}));
		$c('#kz-chain-new').click();
		return true;
	})()`)
	poll[bool](t, ctx, `$c('#kz-chain-status').dataset.turn === 'you' && $c('#kz-chain-row').dataset.moves === '0'`, 30*time.Second)
	eval[bool](t, ctx, `($c('.kz-chain-obj[tabindex="0"]').focus(), true)`)
	for _, k := range []string{kb.ArrowRight, kb.ArrowRight, kb.ArrowRight, kb.ArrowRight, kb.Enter} {
		if err := chromedp.Do(ctx, chromedp.KeyEvent(k)); err != nil {
			t.Fatal(err)
		}
	}
	focused := `(cz().activeElement && cz().activeElement.closest('#kz-chain-row') ? cz().activeElement.dataset.i : 'nowhere: ' + document.activeElement.tagName)`
	poll[bool](t, ctx, `$c('#kz-chain-row').dataset.moves !== '0'`, 30*time.Second)
	if at := eval[string](t, ctx, focused); at == "" || strings.HasPrefix(at, "nowhere") {
		t.Fatalf("after the move by Enter the focus is %s", at)
	}
	poll[bool](t, ctx, `$c('#kz-chain-status').dataset.turn === 'you' || !!$c('#kz-chain-status').dataset.winner`, 30*time.Second)
	before := eval[string](t, ctx, focused)
	if strings.HasPrefix(before, "nowhere") {
		t.Fatalf("after the computer's answer the focus is %s", before)
	}
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.End)); err != nil {
		t.Fatal(err)
	}
	last := eval[string](t, ctx, `[...$c('#kz-chain-row').querySelectorAll('[data-i]')].pop().dataset.i`)
	if after := eval[string](t, ctx, focused); after != last {
		t.Fatalf("End after the computer's answer: the focus went from %s to %s, not to the last object, %s", before, after, last)
	}
}

// New game while the computer's move is still on screen (its objects lit,
// then fading) starts a game that is the reader's to play: the old move's
// animation went on over the new row, left one object faded out, and the
// status said "The computer is thinking…" with Hint off until a click.
func TestChainNewGameDuringTheComputersMove(t *testing.T) {
	ctx := chainPage(t)
	got := eval[map[string]any](t, ctx, `(async () => {
		const set = (sel, v) => { const e = $c(sel); if (e.type === 'checkbox') e.checked = v; else e.value = String(v); e.dispatchEvent(new Event('change', {bubbles: true, composed: true})); };
		set('#kz-chain-n', 9); set('#kz-chain-game', 'direct'); set('#kz-chain-start', 'cpu'); set('#kz-chain-rule', true);
		$c('#kz-chain-new').click();
		await until(() => $c('.kz-chain-cpu'), 20000); // the computer's pick, lit
		set('#kz-chain-start', 'you');
		$c('#kz-chain-new').click();
		// Past the old move's animation (1 s in all).
		await new Promise(r => setTimeout(r, 1500));
		const objs = [...$c('#kz-chain-row').querySelectorAll('.kz-chain-obj')];
		return {turn: $c('#kz-chain-status').dataset.turn, status: $c('#kz-chain-status').textContent,
			row: $c('#kz-chain-row').dataset.row, hintDisabled: $c('#kz-chain-hint').disabled,
			marked: objs.filter(o => o.className !== 'kz-chain-obj').map(o => o.className),
			faded: objs.filter(o => getComputedStyle(o).opacity !== '1').length,
			log: $c('#kz-chain-log').children.length};
	})()`)
	if got["turn"] != "you" || got["hintDisabled"] != false || got["row"] != "XXXXXXXXX" || len(got["marked"].([]any)) != 0 || got["faded"].(float64) != 0 || got["log"].(float64) != 0 {
		t.Errorf("the new game must be the reader's, with its nine objects plain and nothing played: %v", got)
	}
}

// Two taken from an object alone in its group says to take it alone: the
// message offered its left neighbour too, which was not there. And the
// number of objects says a whole number past the limit is out of range,
// not that it is no whole number.
func TestChainSaysOnlyWhatCanBeDone(t *testing.T) {
	ctx := chainPage(t)
	got := eval[map[string]any](t, ctx, `(async () => {
		const set = (sel, v) => { const e = $c(sel); if (e.type === 'checkbox') e.checked = v; else e.value = String(v); e.dispatchEvent(new Event('change', {bubbles: true, composed: true})); };
		const key = (el, k) => { el.focus(); el.dispatchEvent(new KeyboardEvent('keydown', {key: k, bubbles: true, composed: true})); };
		set('#kz-chain-n', 3); set('#kz-chain-game', 'direct'); set('#kz-chain-start', 'you'); set('#kz-chain-rule', false);
		$c('#kz-chain-new').click();
		await until(() => $c('#kz-chain-status').dataset.turn === 'you');
		$c('[data-i="1"]').click(); // X.X: the computer takes one, one stays alone
		await until(() => $c('#kz-chain-status').dataset.turn === 'you' && $c('#kz-chain-row').dataset.row.split('X').length === 2, 20000);
		const lone = $c('#kz-chain-row').dataset.row.indexOf('X');
		key($c('[data-i="' + lone + '"]'), '2');
		const out = {lone: lone + 1, two: $c('#kz-chain-row-msg').textContent};
		for (const v of ['10000000000', '1e9']) {
			set('#kz-chain-n', v);
			out[v] = $c('#kz-chain-n-error').textContent;
		}
		return out;
	})()`)
	if want := fmt.Sprintf("Object %v has no neighbour on its right to take with it: take it alone.", got["lone"]); got["two"] != want {
		t.Errorf("2 on an object alone: %q, want %q", got["two"], want)
	}
	if got["10000000000"] != "10000000000 is out of range: give a whole number from 1 to 80." || got["1e9"] != "1e9 is out of range: give a whole number from 1 to 80." {
		t.Errorf("a whole number past the limit is out of range: %v", got)
	}
}
