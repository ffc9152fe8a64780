//go:build e2e

package e2e

import (
	"regexp"
	"testing"
)

// What a screen reader hears as results change. A live region is read out
// whole on every change, so the big views (the Helper's codes, the
// strategy tree, the analysers' results, the in-place progress with its
// Stop) are not live: each widget says the gist in one live line,
// .kz-said, once per change.

// liveAuditJS defines liveAudit(root): the shown live regions under root
// that hold more than a sentence's worth (a list, a table, more than one
// control, or over 300 characters).
const liveAuditJS = `window.liveAudit = root => [...root.querySelectorAll('[aria-live]:not([aria-live=off]), [role=status], [role=alert], [role=log]')]
	.filter(e => e.getClientRects().length > 0)
	.filter(e => e.querySelector('ul, ol, table, dl') || e.querySelectorAll('button, input, select, textarea').length > 1 || e.textContent.length > 300)
	.map(e => e.className + ' (' + e.textContent.length + ' characters): ' + e.textContent.slice(0, 100)); true`

func TestGuessWidgetSaysTheGist(t *testing.T) {
	ctx := guessPage(t)
	eval[bool](t, ctx, treeHelpersJS)
	eval[bool](t, ctx, liveAuditJS)
	installHold(t, ctx)
	got := eval[map[string]any](t, ctx, `(async () => {
		const said = () => kz().querySelector('.kz-said')?.textContent;
		const out = {audit: []};
		// The Helper: a row in, its count and suggestion said.
		$('#kz-tab-helper').click();
		$('[data-on-click="help.clear"]').click();
		type('[data-row="0"][data-field="guess"]', '0123');
		type('[data-row="0"][data-field="a"]', '1');
		type('[data-row="0"][data-field="b"]', '2');
		await until(() => $('#kz-panel-helper .kz-suggest [data-guess]') && !$('#kz-panel-helper .kz-analysis').classList.contains('kz-stale'), 60000);
		out.helperSaid = said();
		out.helperCount = $('#kz-panel-helper .kz-analysis h3').textContent.replace(/ The first \d+:$/, '');
		out.helperGuess = $('#kz-panel-helper .kz-suggest [data-guess]').dataset.guess;
		out.audit.push(...liveAudit($('#kz-panel-helper')));
		// The optimal strategy: "Thinking…" once while it searches, the
		// progress not a live region, then the proof's gist.
		$('.kz-settings').open = true;
		choose('#kz-preset', 'science-3');
		hold('guess.tree');
		$('#kz-tab-tree').click();
		const busy = await until(() => { const b = $('#kz-panel-tree .kz-busy-inline:not([hidden])'); return held('guess.tree') > 0 && b; }, 30000);
		out.busySaid = said();
		out.busyLive = !!(busy.closest('[aria-live], [role=status]') || busy.querySelector('[aria-live], [role=status]'));
		await release('guess.tree');
		await until(treeReady, 60000);
		out.treeSaid = said();
		out.treeFirst = $('#kz-panel-tree .kz-tree-root .kz-code').getAttribute('aria-label');
		out.treeProof = proof();
		out.audit.push(...liveAudit($('#kz-panel-tree')));
		// The computer's guess.
		$('#kz-tab-computer').click();
		$('#kz-panel-computer [data-on-click="comp.new"]').click();
		const guess = await until(() => $('#kz-panel-computer .kz-current .kz-code'), 60000);
		out.compSaid = said();
		out.compGuess = guess.getAttribute('aria-label');
		out.audit.push(...liveAudit($('#kz-panel-computer')));
		out.audit.push(...liveAudit(kz()));
		return out;
	})()`)
	if want := got["helperCount"].(string) + " Suggested next guess: " + got["helperGuess"].(string) + "."; got["helperSaid"] != want {
		t.Errorf("the Helper should say its count and suggestion: %q, want %q", got["helperSaid"], want)
	}
	if got["busySaid"] != "Thinking…" || got["busyLive"] != false {
		t.Errorf("a long search should say Thinking… once, its progress not live: %q, live %v", got["busySaid"], got["busyLive"])
	}
	proof := got["treeProof"].(map[string]any)
	if want := "Proven optimal: at most " + proof["Worst case"].(string) + ", " + proof["Average"].(string) + " on average. First guess: " + got["treeFirst"].(string) + "."; got["treeSaid"] != want {
		t.Errorf("the strategy view should say its proof: %q, want %q", got["treeSaid"], want)
	}
	if s, _ := got["compSaid"].(string); !regexp.MustCompile(`^My guess 1: ` + got["compGuess"].(string) + `\.`).MatchString(s) {
		t.Errorf("the computer's guess should be said: %q (shown %v)", got["compSaid"], got["compGuess"])
	}
	if a := got["audit"].([]any); len(a) > 0 {
		t.Errorf("live regions that would be read out whole: %q", a)
	}
}

func TestMinesWidgetSaysTheGist(t *testing.T) {
	ctx := minesPage(t, "mines-live.html", "analyse")
	eval[bool](t, ctx, liveAuditJS)
	got := eval[map[string]any](t, ctx, `(async () => {
		const said = () => mz().querySelector('.kz-said')?.textContent;
		const out = {audit: []};
		const result = await until(() => !$m('.kz-mines-result').classList.contains('kz-stale') && $m('.kz-mines-result h3') && $m('.kz-mines-result'), 60000);
		const move = result.querySelector('strong');
		out.anSaid = said();
		out.anMove = move ? move.textContent : result.querySelectorAll('p')[0].textContent;
		out.audit.push(...liveAudit(panel()));
		// Play: a first click, then a hint.
		mz().querySelector('[role=tab][id$="tab-play"]').click();
		await until(() => panel().querySelector('.kz-mines-cell'));
		const level = $m('#kz-mines-level'); level.value = 'beginner'; level.dispatchEvent(new Event('change', {bubbles: true, composed: true}));
		cell(40).click();
		await until(() => !/H/.test(view()[40]), 30000);
		$m('.kz-mines-hint-btn').click();
		await until(() => $m('.kz-mines-play-hint'), 60000);
		out.hintSaid = said();
		out.hintMove = $m('.kz-mines-why strong').textContent;
		out.audit.push(...liveAudit(panel()));
		out.audit.push(...liveAudit(mz()));
		return out;
	})()`)
	if got["anSaid"] != got["anMove"] || got["anSaid"] == "" {
		t.Errorf("the analyser should say its move: %q, want %q", got["anSaid"], got["anMove"])
	}
	if s, _ := got["hintSaid"].(string); len(s) < len(got["hintMove"].(string)) || s[:len(got["hintMove"].(string))] != got["hintMove"] {
		t.Errorf("the hint should say its move: %q, want %q first", s, got["hintMove"])
	}
	if a := got["audit"].([]any); len(a) > 0 {
		t.Errorf("live regions that would be read out whole: %q", a)
	}
}

func TestChainWidgetSaysTheGist(t *testing.T) {
	ctx := chainPage(t)
	eval[bool](t, ctx, chainSolveJS)
	eval[bool](t, ctx, liveAuditJS)
	got := eval[map[string]any](t, ctx, `(async () => {
		const said = () => cz().querySelector('.kz-said')?.textContent;
		const out = {audit: []};
		await chainSolve('XXXXX.XXX', false);
		out.anSaid = said();
		out.anSummary = $c('#kz-chain-result .kz-big').textContent;
		out.audit.push(...liveAudit(cz()));
		$c('#kz-chain-tab-play').click();
		const set = (sel, v) => { const e = $c(sel); if (e.type === 'checkbox') e.checked = v; else e.value = String(v); e.dispatchEvent(new Event('change', {bubbles: true, composed: true})); };
		set('#kz-chain-n', 9); set('#kz-chain-game', 'direct'); set('#kz-chain-start', 'you'); set('#kz-chain-rule', true);
		$c('#kz-chain-new').click();
		await until(() => $c('#kz-chain-status').dataset.turn === 'you');
		$c('#kz-chain-hint').click();
		await until(() => $c('#kz-chain-hint-box p'));
		out.hintSaid = said();
		out.hintText = $c('#kz-chain-hint-box p').textContent;
		out.audit.push(...liveAudit(cz()));
		return out;
	})()`)
	if s, _ := got["anSaid"].(string); !regexp.MustCompile(`^` + regexp.QuoteMeta(got["anSummary"].(string)) + ` Best: take \d+(–\d+)?, a win in \d+ moves?\.$`).MatchString(s) {
		t.Errorf("the analyser should say who wins and the best move: %q (summary %q)", s, got["anSummary"])
	}
	if got["hintSaid"] != got["hintText"] {
		t.Errorf("the hint should be said alone, without its note: %q, want %q", got["hintSaid"], got["hintText"])
	}
	if a := got["audit"].([]any); len(a) > 0 {
		t.Errorf("live regions that would be read out whole: %q", a)
	}
}
