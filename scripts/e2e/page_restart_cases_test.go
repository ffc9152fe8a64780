//go:build e2e

package e2e

import (
	"context"
	"strings"
	"testing"
)

// The cases around a restart of the widgets' Go (see
// TestWidgetsComeBackWhenTheirGoStops), most found by a review of it.

// restartHelpers defines crash(root, how), which stops the page's Go
// through the frame's debug.crash, said(root), a widget's message line,
// failed(root), its "stopped" box's text, until and sleep.
func restartHelpers(t *testing.T, ctx context.Context) {
	t.Helper()
	eval[bool](t, ctx, `(() => {
		window.crash = (root, how) => {
			const b = document.createElement('button');
			b.setAttribute('data-on-click', 'debug.crash');
			b.setAttribute('data-how', how);
			root.querySelector('.kz').appendChild(b);
			b.click();
		};
		window.said = root => { const m = root && root.querySelector('.kz-message'); return m ? m.textContent : ''; };
		window.failed = root => { const p = root && root.querySelector('.kz-failed'); return p ? p.textContent : ''; };
		window.until = (fn, ms = 30000) => new Promise((resolve, reject) => {
			const start = Date.now();
			const tick = () => { let v; try { v = fn(); } catch (e) {} if (v) resolve(v); else if (Date.now() - start > ms) reject(new Error('timed out: ' + fn)); else setTimeout(tick, 25); };
			tick();
		});
		window.sleep = ms => new Promise(r => setTimeout(r, ms));
		return true;
	})()`)
}

// unmount() empties the element while its widget is being restarted, and
// after its third stop (the "stopped" box), as Kibitz.mount promises:
// with no widget up, it took nothing down.
func TestUnmountWhileRestartingEmpties(t *testing.T) {
	ctx := tab(t)
	navigate(t, ctx, embedPage(t, "r2.html", `<div id="mines" data-kibitz="mines" data-lang="en" data-mode="play"></div>`))
	waitWidget(t, ctx, "#mines")
	minesHelpers(t, ctx)
	restartHelpers(t, ctx)
	got := eval[map[string]any](t, ctx, `(async () => {
		const handle = await Kibitz.mount(document.getElementById('mines'));
		crash(mz(), 'stack'); // the instance stops inside this click
		handle.unmount();
		await sleep(3000);
		return {left: mz().childElementCount, html: mz().innerHTML.slice(0, 80)};
	})()`)
	if got["left"] != float64(0) {
		t.Errorf("unmounted while restarting, the element still shows %v", got)
	}
	// And after the third stop, the "stopped" box.
	navigate(t, ctx, embedPage(t, "r2b.html", `<div id="mines" data-kibitz="mines" data-lang="en" data-mode="play"></div>`))
	waitWidget(t, ctx, "#mines")
	minesHelpers(t, ctx)
	restartHelpers(t, ctx)
	got = eval[map[string]any](t, ctx, `(async () => {
		const handle = await Kibitz.mount(document.getElementById('mines'));
		for (let i = 0; i < 3; i++) {
			const old = mz().querySelector('.kz');
			crash(mz(), 'stack');
			if (i < 2) await until(() => mz().querySelector('.kz') !== old && /restarted/.test(said(mz())), 20000);
		}
		await until(() => failed(mz()), 20000);
		handle.unmount();
		await sleep(500);
		return {left: mz().childElementCount, text: mz().textContent.slice(0, 80)};
	})()`)
	if got["left"] != float64(0) {
		t.Errorf("unmounted after its third stop, the element still shows %v", got)
	}
}

// A widget whose restart completed in an instance that a sibling's mount
// then stopped (the page's getter of B's shadowRoot throws once, inside
// B's restart) is mounted once more, as B is: it was left in the dead
// instance, frozen, with no word.
func TestDeathDuringASiblingsMount(t *testing.T) {
	ctx := tab(t)
	navigate(t, ctx, embedPage(t, "r3.html", `<div id="a" data-kibitz="mines" data-kibitz-key="a" data-lang="en" data-mode="play"></div>`+
		`<div id="b" data-kibitz="mines" data-kibitz-key="b" data-lang="en" data-mode="play"></div>
<script>
window.trapB = 0;
const desc = Object.getOwnPropertyDescriptor(Element.prototype, 'shadowRoot');
Object.defineProperty(document.getElementById('b'), 'shadowRoot', {configurable: true, get() {
	if (window.trapB > 0) { window.trapB--; throw new Error('the page broke b'); }
	return desc.get.call(this);
}});
</script>`))
	waitWidget(t, ctx, "#a")
	waitWidget(t, ctx, "#b")
	restartHelpers(t, ctx)
	got := eval[map[string]any](t, ctx, `(async () => {
		const A = document.getElementById('a').shadowRoot, rootB = document.getElementById('b').shadowRoot, B = () => rootB;
		window.trapB = 1; // B's restart stops the second instance
		const old = A.querySelector('.kz');
		crash(A, 'stack');
		await until(() => window.trapB === 0 && /restarted/.test(said(B())), 20000).catch(() => {});
		await sleep(1000);
		// Is A alive? Its message's dismiss button clears the message.
		const msgBefore = said(A);
		const x = A.querySelector('.kz-message button');
		if (x) x.click();
		await sleep(500);
		const y = B().querySelector('.kz-message button');
		if (y) y.click();
		await sleep(500);
		return {aSays: msgBefore, aSaysAfterDismiss: said(A), aFailed: failed(A), bFailed: failed(B()), bAnswers: !!y && said(B()) === ''};
	})()`)
	if got["aFailed"] != "" || got["bFailed"] != "" || got["aSays"] == "" || got["aSaysAfterDismiss"] != "" || got["bAnswers"] != true {
		t.Errorf("after a sibling's mount stopped the instance: %v", got)
	}
}

// Restarted "where you were": a reader who moved from the embed's
// data-mode to another tab stays in that tab when the widget is built
// again over its saved state, after a change of language and after a
// restart: data-mode won over the saved mode, and the reader was sent back
// to the embed's tab. A change of language after a restart does not say
// "restarted" again.
func TestRestartKeepsTheMode(t *testing.T) {
	ctx := tab(t)
	navigate(t, ctx, embedPage(t, "r4.html", `<div id="mines" data-kibitz="mines" data-lang="en" data-mode="play"></div>`))
	waitWidget(t, ctx, "#mines")
	minesHelpers(t, ctx)
	restartHelpers(t, ctx)
	eval[bool](t, ctx, `(() => {
		window.mode = () => { const t = mz().querySelector('[role=tab][aria-selected=true]'); return t && t.getAttribute('data-mode'); };
		window.speak = async lang => {
			const menu = mz().querySelector('#kz-lang');
			menu.value = lang;
			menu.dispatchEvent(new Event('change', {bubbles: true, composed: true}));
			await until(() => mz().querySelector('.kz').getAttribute('lang') === lang, 20000);
		};
		return true;
	})()`)
	got := eval[map[string]any](t, ctx, `(async () => {
		mz().querySelector('[role=tab][data-mode=analyse]').click();
		await until(() => mode() === 'analyse');
		await speak('ja');
		const afterLanguage = mode();
		const old = mz().querySelector('.kz');
		crash(mz(), 'stack');
		await until(() => mz().querySelector('.kz') !== old && said(mz()), 20000);
		const afterRestart = mode();
		await speak('en');
		return {afterLanguage, afterRestart, afterBoth: mode(), says: said(mz())};
	})()`)
	if got["afterLanguage"] != "analyse" || got["afterRestart"] != "analyse" || got["afterBoth"] != "analyse" || got["says"] != "" {
		t.Errorf("the reader was in analyse: after a change of language, a restart, and another change the widget shows %v", got)
	}
}

// The app, which nests the game widgets, comes back on the game the
// reader had open, says it was restarted, and its game plays on.
func TestAppRestarts(t *testing.T) {
	ctx := tab(t)
	navigate(t, ctx, embedPage(t, "r5.html", `<div id="app" data-kibitz="app" data-lang="en"></div>`))
	waitWidget(t, ctx, "#app")
	installHelpers(t, ctx)
	restartHelpers(t, ctx)
	got := eval[map[string]any](t, ctx, `(async () => {
		const app = document.getElementById('app').shadowRoot;
		const selected = () => { const t = app.querySelector('[role=tab][aria-selected=true]'); return t && t.id; };
		const before = selected();
		const inner = kz();
		crash(inner, 'stack');
		await until(() => kz() && kz() !== inner && $('.kz-panel'), 20000).catch(() => {});
		await sleep(1000);
		const appSays = said(app), gameSays = said(kz());
		// the game answers: its dismiss of a message, or a tab click
		const tabs = [...kz().querySelectorAll('[role=tab]')];
		const other = tabs.find(t => t.getAttribute('aria-selected') !== 'true');
		if (other) other.click();
		await sleep(500);
		return {before, after: selected(), appSays, gameSays, answered: !!other && other.getAttribute('aria-selected') === 'true',
			failed: failed(app), html: app.innerHTML.slice(0, 100)};
	})()`)
	if got["answered"] != true || got["before"] != got["after"] || !strings.Contains(got["appSays"].(string), "restarted") || got["gameSays"] != "" {
		t.Errorf("the app after a restart: %v", got)
	}
}

// Two modules on one page (a guess widget's, then a Minesweeper
// widget added later, which loads the mines module): only the one that
// stops restarts; the other plays on and says nothing.
func TestRestartOfOneModuleLeavesTheOther(t *testing.T) {
	ctx := tab(t)
	navigate(t, ctx, embedPage(t, "r6.html", `<div id="guess" data-kibitz="guess" data-lang="en" data-mode="you"></div>`))
	waitWidget(t, ctx, "#guess")
	eval[bool](t, ctx, `(() => { const d = document.createElement('div'); d.id = 'mines'; d.setAttribute('data-kibitz', 'mines'); d.setAttribute('data-lang', 'en'); d.setAttribute('data-mode', 'play'); document.body.appendChild(d); return true; })()`)
	waitWidget(t, ctx, "#mines")
	installHelpers(t, ctx)
	minesHelpers(t, ctx)
	restartHelpers(t, ctx)
	got := eval[map[string]any](t, ctx, `(async () => {
		const g = kz().querySelector('.kz');
		const old = mz().querySelector('.kz');
		crash(mz(), 'stack');
		await until(() => mz().querySelector('.kz') !== old && /restarted/.test(said(mz())), 20000);
		$('[data-on-click="you.new"]').click();
		const answers = await until(() => !$('#kz-you-guess').disabled, 20000).then(() => true, () => false);
		return {guessSame: kz().querySelector('.kz') === g, guessSays: said(kz()), answers};
	})()`)
	if got["guessSame"] != true || got["guessSays"] != "" || got["answers"] != true {
		t.Errorf("the other module's widget: %v", got)
	}
}

// A re-entrant call: Go's tab-key handler focuses the next tab, whose
// focusin reaches Go again inside that call, and the inner call throws
// (the page's getter of event.target). The widget restarts once, and
// nothing throws into the page.
func TestReentrantDeath(t *testing.T) {
	ctx := tab(t)
	navigate(t, ctx, embedPage(t, "r7.html", `<script>
window.trapT = 0; window.uncaught = [];
addEventListener('error', e => uncaught.push(String(e.message)));
const d = Object.getOwnPropertyDescriptor(Event.prototype, 'target');
Object.defineProperty(Event.prototype, 'target', {configurable: true, get() {
	if (window.trapT > 0 && this.type === 'focusin') { window.trapT--; throw new Error('the page broke focusin'); }
	return d.get.call(this);
}});
</script><div id="mines" data-kibitz="mines" data-lang="en" data-mode="play"></div>`))
	waitWidget(t, ctx, "#mines")
	minesHelpers(t, ctx)
	restartHelpers(t, ctx)
	got := eval[map[string]any](t, ctx, `(async () => {
		const tab = mz().querySelector('[role=tab][data-mode=play]');
		const old = mz().querySelector('.kz');
		window.trapT = 1;
		let threw = '';
		try { tab.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight', bubbles: true, composed: true, cancelable: true})); } catch (e) { threw = String(e); }
		const back = await until(() => mz().querySelector('.kz') !== old && /restarted/.test(said(mz())), 20000).then(() => true, () => false);
		await sleep(1000);
		const sel = () => { const t = mz().querySelector('[role=tab][aria-selected=true]'); return t && t.getAttribute('data-mode'); };
		mz().querySelector('[role=tab][data-mode=analyse]').click();
		const works = await until(() => sel() === 'analyse', 3000).then(() => true, () => false);
		return {back, threw, uncaught: window.uncaught, works, trapLeft: window.trapT};
	})()`)
	if got["back"] != true || got["works"] != true || got["threw"] != "" || len(got["uncaught"].([]any)) != 0 {
		t.Errorf("re-entrant death: %v", got)
	}
}
