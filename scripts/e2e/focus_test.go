//go:build e2e

package e2e

import (
	"fmt"
	"strings"
	"testing"
)

// Where the keyboard's focus goes, and what a screen reader hears, after
// the actions that rebuild or hide the control that had the focus. Each
// case sent the focus to the page (<body>), so the next Tab started over
// from the top, or said nothing a blind player could follow.

// You guess: each answer is read out; a bad guess marks the field; the
// New-game and Give-up questions take the focus on their safe answer and
// give it back; Undo to no guess, and the end of a game, keep it.
func TestYouGuessKeepsTheFocusAndSaysTheAnswer(t *testing.T) {
	ctx := startYouGame(t, "1a2b-4")
	got := eval[map[string]any](t, ctx, `(async () => {
		const active = () => { const a = kz().activeElement; return a ? (a.id || a.getAttribute('data-on-click') || a.tagName) : 'body'; };
		const turns = () => kz().querySelectorAll('#kz-panel-you .kz-history tbody tr').length;
		const said = () => $('#kz-panel-you .kz-sr[role=status]').textContent;
		const out = {};
		type('#kz-you-guess', '1123');
		$('#kz-you-guess').form.requestSubmit();
		await until(() => $('#kz-you-error').textContent);
		out.invalid = $('#kz-you-guess').getAttribute('aria-invalid');
		type('#kz-you-guess', '0123');
		out.cleared = $('#kz-you-guess').getAttribute('aria-invalid');
		$('#kz-you-guess').form.requestSubmit();
		await until(() => turns() === 1);
		out.said = said();
		out.answer = kz().querySelector('#kz-panel-you .kz-history tbody tr').children[2].textContent;
		// Undo to no guess: the button disables itself under the focus.
		$('[data-on-click="you.undo"]').focus();
		$('[data-on-click="you.undo"]').click();
		await until(() => turns() === 0);
		out.afterUndo = active();
		$('#kz-you-guess').form.requestSubmit();
		await until(() => turns() === 1);
		// New game mid-game asks, on Keep; Keep goes back to New game.
		$('#kz-panel-you .kz-actions [data-on-click="you.new"]').focus();
		$('#kz-panel-you .kz-actions [data-on-click="you.new"]').click();
		out.asked = active();
		$('[data-on-click="you.keep"]').click();
		out.kept = active();
		// Give up asks, on Keep; Escape keeps playing, back in the
		// field; giving up goes to New game.
		$('[data-on-click="you.give-up"]').click();
		out.giveUpAsked = active();
		kz().activeElement.dispatchEvent(new KeyboardEvent('keydown', {key: 'Escape', bubbles: true, composed: true, cancelable: true}));
		out.escaped = [$('[data-on-click="you.give-up-no"]').closest('.kz-confirm').hidden, active()];
		$('[data-on-click="you.give-up"]').click();
		// One question at a time, under the buttons that asked it.
		const shown = sel => !$(sel).closest('.kz-confirm').hidden;
		$('#kz-panel-you .kz-actions [data-on-click="you.new"]').click();
		out.oneAtATime = [shown('[data-on-click="you.keep"]'), shown('[data-on-click="you.give-up-no"]')];
		out.underButtons = $('#kz-panel-you .kz-actions').compareDocumentPosition($('[data-on-click="you.keep"]')) & Node.DOCUMENT_POSITION_FOLLOWING;
		$('[data-on-click="you.give-up"]').click();
		out.oneAtATime.push(shown('[data-on-click="you.keep"]'), shown('[data-on-click="you.give-up-no"]'));
		$('[data-on-click="you.reveal"]').click();
		out.revealed = active();
		await until(() => $('#kz-panel-you .kz-end').textContent.includes('The secret was'));
		out.endStatus = $('#kz-panel-you .kz-end [role=status]').textContent;
		out.proofOutside = !!$('#kz-panel-you .kz-end .kz-proof') && !$('#kz-panel-you .kz-end [role=status] .kz-proof');
		return out;
	})()`)
	if got["invalid"] != "true" || got["cleared"] != nil {
		t.Errorf("a bad guess should mark the field, and typing clear it: %v", got)
	}
	if want := "Guess 1: 0123, " + got["answer"].(string) + "."; got["said"] != want {
		t.Errorf("the answer should be read out: %q, want %q", got["said"], want)
	}
	if fmt.Sprint(got["oneAtATime"]) != "[true false false true]" || got["underButtons"] == 0.0 {
		t.Errorf("New game's and Give up's questions should show one at a time (%v), under the buttons (%v)", got["oneAtATime"], got["underButtons"])
	}
	if got["afterUndo"] != "kz-you-guess" {
		t.Errorf("after Undo to no guess the focus should be in the guess field: %v", got["afterUndo"])
	}
	if got["asked"] != "you.keep" || got["kept"] != "you.new" {
		t.Errorf("New game's question should take the focus on Keep and give it back: %v, %v", got["asked"], got["kept"])
	}
	if fmt.Sprint(got["escaped"]) != "[true kz-you-guess]" {
		t.Errorf("Escape in Give up's question should answer Keep playing, and give the focus back to the field: [hidden focus] = %v", got["escaped"])
	}
	if got["giveUpAsked"] != "you.give-up-no" || got["revealed"] != "you.new" {
		t.Errorf("Give up's question should take the focus on Keep, and giving up leave it on New game: %v, %v", got["giveUpAsked"], got["revealed"])
	}
	if s := got["endStatus"].(string); !strings.HasPrefix(s, "The secret was") || strings.Contains(s, "SHA-256") || got["proofOutside"] != true {
		t.Errorf("the end's status should be the secret alone, the proof beside it: %q (proof outside %v)", s, got["proofOutside"])
	}
}

// The language menu is built again with the widget: the focus goes back
// to it (a closed menu changes on every arrow key).
func TestLanguageMenuKeepsTheFocus(t *testing.T) {
	ctx := guessPage(t)
	got := eval[string](t, ctx, `(async () => {
		const app = document.querySelector('[data-kibitz="app"]').shadowRoot;
		const sel = app.querySelector('#kz-lang');
		sel.focus();
		sel.value = 'ja';
		sel.dispatchEvent(new Event('change', {bubbles: true, composed: true}));
		await until(() => app.querySelector('.kz').getAttribute('lang') === 'ja' && app.querySelector('#kz-lang') !== sel);
		await until(() => app.activeElement);
		return app.activeElement.id + ' ' + document.activeElement.tagName;
	})()`)
	if got != "kz-lang KIBITZ-APP" && !strings.HasPrefix(got, "kz-lang ") {
		t.Errorf("after a change of language the focus should be on the language menu: %q", got)
	}
}

// Minesweeper: a hint's Reveal it, Replay this board, and Escape on the
// New-game question opened from the board leave the focus on the board.
func TestMinesKeepsTheFocusOnTheBoard(t *testing.T) {
	ctx := minesPage(t, "mines-focus.html", "play")
	got := eval[map[string]any](t, ctx, `(async () => {
		const active = () => { const a = mz().activeElement; return a ? (a.hasAttribute('data-i') ? 'cell ' + a.getAttribute('data-i') : a.getAttribute('data-on-click') || a.tagName) : 'body'; };
		const set = (sel, v) => { const i = $m(sel); i.value = v; i.dispatchEvent(new Event('change', {bubbles: true, composed: true})); };
		const out = {};
		$m('.kz-settings').open = true;
		set('#kz-mines-level', 'expert');
		set('#kz-mines-seed', '3');
		await until(() => panel().querySelectorAll('.kz-mines-cell').length === 480 && !view().includes('?'));
		fire(cell(0), 'click');
		await until(() => view()[0] !== 'H');
		// Hint, then Reveal it.
		$m('.kz-mines-hint-btn').click();
		const play = await until(() => $m('.kz-mines-play-hint'));
		play.focus();
		play.click();
		out.afterHint = active();
		// F2 on a square, then Escape: back on that square.
		const at = mz().activeElement && mz().activeElement.hasAttribute('data-i') ? mz().activeElement : cell(479);
		at.focus();
		out.from = active();
		at.dispatchEvent(new KeyboardEvent('keydown', {key: 'F2', bubbles: true, composed: true, cancelable: true}));
		await until(() => !$m('.kz-confirm').hidden);
		out.asked = active();
		mz().activeElement.dispatchEvent(new KeyboardEvent('keydown', {key: 'Escape', bubbles: true, composed: true, cancelable: true}));
		await until(() => $m('.kz-confirm').hidden);
		out.back = active();
		// Replay this board.
		const replay = await until(() => { const b = $m('[data-on-click="mines.replay"]'); return b && !b.closest('[hidden]') && !b.disabled && b; });
		replay.focus();
		replay.click();
		await until(() => view() === 'H'.repeat(480));
		await until(() => active().startsWith('cell'), 20000).catch(() => {});
		out.afterReplay = active();
		return out;
	})()`)
	if !strings.HasPrefix(got["afterHint"].(string), "cell ") {
		t.Errorf("after Reveal it the focus should be on the board: %v", got)
	}
	if got["asked"] != "mines.keep" || got["back"] != got["from"] {
		t.Errorf("Escape on the New-game question should go back to the square: %v", got)
	}
	if !strings.HasPrefix(got["afterReplay"].(string), "cell ") {
		t.Errorf("after Replay this board the focus should be on the board: %v", got)
	}
}

// The second hunt's cases: Stop and Search again in the optimal strategy
// view, Undo and Redo at the ends of the Helper's history, the paste
// box's Close and Escape, the chain table's Compute and Stop, a stale
// chain position error, and the analyser's "Put the board in the box".
func TestFocusOutlivesTheButtonsThatGo(t *testing.T) {
	ctx := guessPage(t)
	eval[bool](t, ctx, treeHelpersJS)
	installHold(t, ctx)
	got := eval[map[string]any](t, ctx, `(async () => {
		const active = () => { const a = kz().activeElement; return a ? (a.id || a.getAttribute('data-on-click') || a.tagName) : 'body'; };
		const out = {};
		// The optimal strategy: Stop, then Search again.
		$('.kz-settings').open = true;
		choose('#kz-preset', 'science-3');
		hold('guess.tree');
		$('#kz-tab-tree').click();
		const busy = await until(() => { const b = $('#kz-panel-tree .kz-busy-inline:not([hidden])'); return held('guess.tree') > 0 && b; }, 30000);
		busy.querySelector('button').focus();
		busy.querySelector('button').click();
		await until(() => $('#kz-panel-tree [data-on-click="tree.retry"]'), 30000);
		await release('guess.tree');
		out.afterStop = active();
		$('#kz-panel-tree [data-on-click="tree.retry"]').click();
		out.afterRetry = active();
		await until(treeReady, 60000);
		// The Helper: Undo to the start, then Redo to the end.
		$('#kz-tab-helper').click();
		$('[data-on-click="help.clear"]').click();
		type('[data-row="0"][data-field="guess"]', '123');
		type('[data-row="0"][data-field="a"]', '0');
		type('[data-row="0"][data-field="b"]', '1');
		const undo = $('[data-on-click="help.undo"]'), redo = $('[data-on-click="help.redo"]');
		undo.focus();
		for (let i = 0; i < 20 && !undo.disabled; i++) undo.click();
		out.afterUndo = active();
		redo.focus();
		for (let i = 0; i < 20 && !redo.disabled; i++) redo.click();
		out.afterRedo = active();
		// The paste box: Close, then Escape.
		$('[data-on-click="help.paste-open"]').click();
		$('[data-on-click="help.paste-close"]').focus();
		$('[data-on-click="help.paste-close"]').click();
		out.afterClose = active();
		$('[data-on-click="help.paste-open"]').click();
		$('#kz-paste').dispatchEvent(new KeyboardEvent('keydown', {key: 'Escape', bubbles: true, composed: true, cancelable: true}));
		out.escapeClosed = $('.kz-paste').hidden;
		out.afterEscape = active();
		return out;
	})()`)
	if got["afterStop"] != "tree.retry" || got["afterRetry"] != "kz-tree-title" {
		t.Errorf("Stop should leave the focus on Search again, and Search again on the view's title: %v", got)
	}
	if got["afterUndo"] != "help.redo" || got["afterRedo"] != "help.undo" {
		t.Errorf("Undo and Redo disabled under the focus should hand it to the other: %v", got)
	}
	if got["afterClose"] != "help.paste-open" || got["escapeClosed"] != true || got["afterEscape"] != "help.paste-open" {
		t.Errorf("the paste box's Close and Escape should give the focus back to Paste history: %v", got)
	}

	chain := chainPage(t)
	installHold(t, chain)
	got = eval[map[string]any](t, chain, `(async () => {
		const active = () => { const a = cz().activeElement; return a ? (a.id || a.getAttribute('data-on-click') || a.tagName) : 'body'; };
		const out = {};
		$c('#kz-chain-tab-analyse').click();
		hold('chain.table');
		$c('#kz-chain-table-go').focus();
		$c('#kz-chain-table-go').click();
		await until(() => held('chain.table') > 0);
		out.computing = active();
		$c('[data-on-click="chain.table-stop"]').click();
		await until(() => $c('#kz-chain-table-msg').textContent);
		await release('chain.table');
		await until(() => !$c('#kz-chain-table-go').disabled);
		out.stopped = active();
		// A position error goes once the text changes.
		const pos = $c('#kz-chain-pos');
		pos.value = 'XQX';
		pos.dispatchEvent(new Event('input', {bubbles: true, composed: true}));
		$c('#kz-chain-solve').click();
		await until(() => $c('#kz-chain-pos-error').textContent);
		out.invalid = pos.getAttribute('aria-invalid');
		pos.value = 'X';
		pos.dispatchEvent(new Event('input', {bubbles: true, composed: true}));
		out.after = {invalid: pos.getAttribute('aria-invalid'), error: $c('#kz-chain-pos-error').textContent};
		return out;
	})()`)
	if got["computing"] != "chain.table-stop" || got["stopped"] != "kz-chain-table-go" {
		t.Errorf("Compute should hand the focus to its Stop, and Stop back to Compute: %v", got)
	}
	if after := got["after"].(map[string]any); got["invalid"] != "true" || after["invalid"] != nil || after["error"] != "" {
		t.Errorf("a position error should go once the text changes: %v", got)
	}

	mines := minesPage(t, "mines-focus-write.html", "analyse")
	focused := eval[string](t, mines, `(async () => {
		const ta = $m('#kz-mines-text');
		ta.value = ta.value + 'xy';
		ta.dispatchEvent(new InputEvent('input', {bubbles: true, composed: true, inputType: 'insertText'}));
		await until(() => $m('#kz-mines-text-error').textContent);
		cell(0).focus();
		cell(0).dispatchEvent(new KeyboardEvent('keydown', {key: '2', bubbles: true, composed: true, cancelable: true}));
		const write = await until(() => { const b = $m('[data-on-click="mines.an-write"]'); return b && !b.closest('[hidden]') && b; });
		write.focus();
		write.click();
		const a = mz().activeElement;
		return a ? a.id : 'body';
	})()`)
	if focused != "kz-mines-text" {
		t.Errorf("Put the board in the box should leave the focus on the box: %q", focused)
	}
}
