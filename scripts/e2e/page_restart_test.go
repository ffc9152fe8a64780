//go:build e2e

package e2e

import (
	"strings"
	"testing"
)

// breakGuessField is a page script whose getter of an input's value
// throws, for the number-guessing widget's guess field, while trap is
// above zero (each throw counts it down). An exception thrown while Go
// reads a property unwinds through Go's stack, which leaves the widgets'
// Go instance broken for good: a page's buggy patch of a DOM getter is
// enough.
const breakGuessField = `<script>
window.trap = 0;
const value = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value');
Object.defineProperty(HTMLInputElement.prototype, 'value', {configurable: true, set: value.set, get() {
	if (window.trap > 0 && this.id === 'kz-you-guess') { window.trap--; throw new Error('the page broke it'); }
	return value.get.call(this);
}});
</script>`

// When the widgets' Go instance stops (here an exception from the page's
// own script unwinds through it), every widget on the page comes back
// where the reader was, says it was restarted, and plays on; its handle
// still unmounts it. Stopped a third time within a minute, the widgets
// say so in place, with a button that brings them back. Before, every
// widget on the page froze with no word: clicks did nothing but throw
// "Go program has already exited" in the console.
func TestWidgetsComeBackWhenTheirGoStops(t *testing.T) {
	ctx := tab(t)
	navigate(t, ctx, embedPage(t, "restart.html", breakGuessField+
		`<div id="guess" data-kibitz="guess" data-lang="en" data-mode="you"></div><div id="mines" data-kibitz="mines" data-lang="en" data-mode="play"></div>`))
	waitWidget(t, ctx, "#guess")
	waitWidget(t, ctx, "#mines")
	installHelpers(t, ctx)
	minesHelpers(t, ctx)
	restartHelpers(t, ctx)
	eval[bool](t, ctx, `(() => {
		window.rows = () => { const body = $('#kz-panel-you .kz-history tbody'); return body ? body.children.length : 0; };
		window.guessAndWait = async code => {
			const before = rows();
			type('#kz-you-guess', code);
			$('#kz-you-guess').form.requestSubmit();
			await until(() => rows() > before, 20000);
		};
		return true;
	})()`)

	// A game in each widget, and a draft typed in the guess field.
	before := eval[map[string]any](t, ctx, `(async () => {
		$('[data-on-click="you.new"]').click();
		await until(() => !$('#kz-you-guess').disabled && $('[data-on-click="you.hint"]') && !$('[data-on-click="you.hint"]').disabled);
		await guessAndWait('0123');
		type('#kz-you-guess', '45');
		fire(cell(40), 'click');
		await until(() => /[0-8]/.test(view()), 10000);
		return {rows: rows(), board: view()};
	})()`)

	// The page's getter throws once: the instance stops.
	got := eval[map[string]any](t, ctx, `(async () => {
		window.trap = 1;
		type('#kz-you-guess', '456');
		const back = await until(() => /restarted/.test(said(kz())) && /restarted/.test(said(mz())), 20000).then(() => true, () => false);
		return {back, guessSays: said(kz()), minesSays: said(mz()), draft: $('#kz-you-guess') && $('#kz-you-guess').value,
			rows: rows(), board: panel() ? view() : ''};
	})()`)
	if got["back"] != true {
		t.Fatalf("after the widgets' Go stopped, they did not come back saying so: %v", got)
	}
	if got["draft"] != "45" || got["rows"] != before["rows"] || got["board"] != before["board"] {
		t.Errorf("the widgets came back elsewhere than the reader was: draft %v (want 45), %v rows (want %v), board same: %v",
			got["draft"], got["rows"], before["rows"], got["board"] == before["board"])
	}
	if !strings.HasPrefix(got["guessSays"].(string), "The widget stopped on an internal error and has been restarted where you were.") {
		t.Errorf("the guess widget says %q", got["guessSays"])
	}
	// The dead instance, and its memory, are let go.
	if n, m := liveWasmInstances(t, ctx), liveObjects(t, ctx, "WebAssembly.Memory.prototype"); n != 1 || m != 1 {
		t.Errorf("after a restart the page holds %d WebAssembly instances and %d memories; want 1 and 1", n, m)
	}

	// Both play on.
	played := eval[map[string]any](t, ctx, `(async () => {
		await guessAndWait('4567');
		const open = view();
		fire(cell(open.indexOf('H')), 'click');
		const moved = await until(() => view() !== open, 10000).then(() => true, () => false);
		return {rows: rows(), moved};
	})()`)
	if played["rows"] != before["rows"].(float64)+1 || played["moved"] != true {
		t.Fatalf("after the restart the widgets do not play: %v", played)
	}

	// A fatal error of Go's own (a stack overflow: no recover catches it,
	// and the program exits), through the frame's debug.crash, while a
	// hint is computed: the dead widgets' call is cancelled.
	installHold(t, ctx)
	fatal := eval[map[string]any](t, ctx, `(async () => {
		hold('guess.suggest');
		$('[data-on-click="you.hint"]').click();
		await until(() => held('guess.suggest') > 0, 10000);
		const board = view(), old = mz().querySelector('.kz');
		crash(mz(), 'stack');
		const back = await until(() => /restarted/.test(said(kz())) && /restarted/.test(said(mz())) && mz().querySelector('.kz') !== old, 20000).then(() => true, () => false);
		const cancelled = await until(() => held('guess.suggest') === 0, 10000).then(() => true, () => false);
		return {back, same: view() === board, draft: $('#kz-you-guess').value, cancelled};
	})()`)
	if fatal["back"] != true || fatal["same"] != true || fatal["draft"] != "" || fatal["cancelled"] != true {
		t.Fatalf("after a fatal error in the widgets' Go: %v", fatal)
	}
	if n, m := liveWasmInstances(t, ctx), liveObjects(t, ctx, "WebAssembly.Memory.prototype"); n != 1 || m != 1 {
		t.Errorf("after a second restart the page holds %d WebAssembly instances and %d memories; want 1 and 1", n, m)
	}

	// A third stop within the minute (a panic nothing recovers) is not
	// restarted: each widget says so in place, with a button that brings
	// it back.
	stopped := eval[map[string]any](t, ctx, `(async () => {
		crash(kz(), 'panic');
		const guessRoot = document.getElementById('guess').shadowRoot, minesRoot = document.getElementById('mines').shadowRoot;
		await until(() => failed(guessRoot) && failed(minesRoot), 20000);
		return {guess: failed(guessRoot), mines: failed(minesRoot), button: guessRoot.querySelector('.kz-loading button').textContent};
	})()`)
	if stopped["guess"] != "The solver stopped on an internal error. Your game is saved: try again to carry on." ||
		stopped["mines"] != stopped["guess"] || stopped["button"] != "Try again" {
		t.Fatalf("a third stop within the minute shows %v", stopped)
	}
	again := eval[map[string]any](t, ctx, `(async () => {
		document.getElementById('guess').shadowRoot.querySelector('.kz-loading button').click();
		document.getElementById('mines').shadowRoot.querySelector('.kz-loading button').click();
		await until(() => $('#kz-you-guess') && panel() && /[0-8]/.test(view()), 20000);
		await guessAndWait('5678');
		const handle = await Kibitz.mount(document.getElementById('guess'));
		handle.unmount();
		return {rows: rows(), left: document.getElementById('guess').shadowRoot.childElementCount};
	})()`)
	if again["left"] != float64(0) {
		t.Errorf("the widget mounted again after the stop does not unmount: %v", again)
	}
}

// A file the analyser cannot read, whose read rejects with something that
// is not an Error (null, from a page's patch of Blob.text), is said to be
// unreadable, and nothing stops. The rejection's callback called
// null.toString(): a panic in a bare callback, which ended the widgets'
// Go program.
func TestAFileThatCannotBeReadStopsNothing(t *testing.T) {
	ctx := tab(t)
	navigate(t, ctx, embedPage(t, "unreadable.html", `<script>Blob.prototype.text = () => Promise.reject(null);</script>`+
		`<div id="mines" data-kibitz="mines" data-lang="en" data-mode="analyse"></div>`))
	waitWidget(t, ctx, "#mines")
	minesHelpers(t, ctx)
	got := eval[map[string]any](t, ctx, `(async () => {
		const input = $m('.kz-mines-file'), dt = new DataTransfer();
		dt.items.add(new File(['4x3x2\nHHHH\n1221\n0000\n'], 'b.mine', {type: 'text/plain'}));
		input.files = dt.files;
		input.dispatchEvent(new Event('change', {bubbles: true, composed: true}));
		const said = await until(() => $m('#kz-mines-text-error').textContent, 10000).catch(() => '');
		const restarted = /restarted/.test(mz().textContent);
		// The analyser still answers: a square painted with the brush.
		const open = view();
		fire(cell(0), 'click');
		const answers = await until(() => view() !== open, 10000).then(() => true, () => false);
		return {said, restarted, answers};
	})()`)
	if got["said"] != "That file could not be read: null" || got["restarted"] != false || got["answers"] != true {
		t.Fatalf("an unreadable file: %v", got)
	}
}
