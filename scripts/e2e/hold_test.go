//go:build e2e

package e2e

import (
	"context"
	"testing"
)

// A test that checks what a widget shows while a call is in flight (a busy
// indicator, its Stop button, a second call that must not cancel the
// first) must not count on the real computation being slow enough to
// watch: on an idle machine it ends before the test looks, and the test
// passes only on a loaded one. Instead the test holds the widget's calls
// of a method in the engine until it releases them, through the hook the
// page's engine client offers tests (wasm/frame/engine.go, testHold): each
// held call is a debug.hold in the widget's own engine, made with the
// call's own options, so it reports progress, and the reader's Stop or a
// newer call in the lane cancels it as it would cancel the real work.
// Released, the call goes on to the engine as it would have.

// holdJS defines, in the page:
//
//	hold(method)     from now on, hold the widgets' calls of method
//	held(method)     how many calls of method are held right now
//	heldEver(method) how many calls of method have been held since hold(method)
//	release(method)  let them go (a Promise), and stop holding method
const holdJS = `(() => {
	const holding = new Map(); // method → {name, now, ever, engine}
	window.__kibitzTestHold = (method, params, engine, options) => {
		const h = holding.get(method);
		if (!h) return undefined;
		h.engine = engine;
		h.now++;
		h.ever++;
		const call = engine.call('debug.hold', {name: h.name}, options);
		call.then(() => h.now--, () => h.now--);
		return call;
	};
	window.hold = method => {
		// A released name stays released in the engine, so every hold
		// gets a name of its own, even across installs in one page.
		window.__kibitzHoldSerial = (window.__kibitzHoldSerial || 0) + 1;
		holding.set(method, {name: method + ' #' + window.__kibitzHoldSerial, now: 0, ever: 0, engine: null});
	};
	window.held = method => holding.has(method) ? holding.get(method).now : 0;
	window.heldEver = method => holding.has(method) ? holding.get(method).ever : 0;
	window.release = method => {
		const h = holding.get(method);
		holding.delete(method);
		return h && h.engine ? h.engine.call('debug.release', {name: h.name}) : Promise.resolve(null);
	};
	return true;
})()`

// installHold defines hold, held and release in the tab's page (again
// after each navigation or reload).
func installHold(t testing.TB, ctx context.Context) {
	t.Helper()
	eval[bool](t, ctx, holdJS)
}
