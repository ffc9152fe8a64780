//go:build e2e

package e2e

import (
	"regexp"
	"strings"
	"testing"
)

// A widget's life ends: unmount() empties its element, which can then be
// mounted again; the widgets' engine is terminated when the last widget
// of its module goes; a widget whose element leaves the page is
// unmounted, one moved within a task is not, and one put back comes
// back.
func TestUnmountReleasesTheWidgetAndItsEngine(t *testing.T) {
	two := `<div id="a" data-kibitz="chain" data-lang="en"></div><div id="b" data-kibitz="chain" data-lang="en"></div><div id="shelf"></div>`
	server := serveEmbed(t, map[string]string{"two.html": blogPost(two, "kibitz-embed.js")}, "", nil)
	ctx := tab(t)
	navigate(t, ctx, server.URL+"/two.html")
	waitWidget(t, ctx, `#a`)
	waitWidget(t, ctx, `#b`)
	got := eval[map[string]any](t, ctx, `(async () => {
		const until = async (f, ms = 30000) => { const end = performance.now() + ms; while (!f()) { if (performance.now() > end) throw new Error('timed out: ' + f); await new Promise(r => setTimeout(r, 20)); } };
		const tick = () => new Promise(r => setTimeout(r, 50));
		let terminated = 0;
		const terminate = Worker.prototype.terminate;
		Worker.prototype.terminate = function () { terminated++; return terminate.call(this); };
		const shown = el => !!(el.shadowRoot && el.shadowRoot.querySelector('.kz-body > *'));
		// Analyse a position in a chain widget: the engine answers.
		const solve = async el => {
			const $ = sel => el.shadowRoot.querySelector(sel);
			$('#kz-chain-tab-analyse').click();
			const pos = $('#kz-chain-pos');
			pos.value = '3 4'; pos.dispatchEvent(new Event('input', {bubbles: true, composed: true}));
			$('#kz-chain-result').textContent = '';
			$('#kz-chain-solve').click();
			await until(() => $('#kz-chain-result').textContent);
			return $('#kz-chain-result').textContent;
		};
		// A widget mounted again over its saved state solves the position
		// it had solved once more, on its own (the answer survives a
		// reload): its answer, once there.
		const restored = async el => {
			const result = () => el.shadowRoot && el.shadowRoot.querySelector('#kz-chain-result');
			await until(() => result() && result().textContent);
			return result().textContent;
		};
		const a = document.getElementById('a'), b = document.getElementById('b');
		const out = {};
		const ha = await Kibitz.mount(a), hb = await Kibitz.mount(b);
		out.solvedBefore = await solve(a);

		ha.unmount();
		ha.unmount(); // twice: nothing more
		out.aEmptied = !shown(a);
		await tick();
		out.terminatedWithBLeft = terminated;
		out.bStillAnswers = await solve(b);

		hb.unmount();
		await until(() => terminated > 0);
		out.terminatedWhenNoneLeft = terminated;

		// Mounted again: a new widget, on a new engine, that answers.
		const ha2 = await Kibitz.mount(a);
		out.newHandle = ha2 !== ha;
		out.aShownAgain = shown(a);
		out.solvedAgain = await restored(a);

		// Moved within a task: stays mounted, nothing terminated.
		const before = terminated;
		document.getElementById('shelf').appendChild(a);
		await tick();
		out.movedStays = shown(a) && terminated === before && (await Kibitz.mount(a)) === ha2;

		// Removed: unmounted, and the engine, whose last widget it was, ends.
		a.remove();
		await until(() => terminated > before);
		out.removedEmptied = !shown(a);
		// Put back: the observer mounts it again, and it answers.
		document.body.appendChild(a);
		await until(() => shown(a));
		out.putBack = await restored(a);

		// Many nodes removed at once (a long list replaced): the widget
		// among them goes too.
		const list = document.createElement('div');
		for (let i = 0; i < 200000; i++) list.appendChild(document.createElement('span'));
		document.body.appendChild(list);
		list.appendChild(a);
		await tick();
		const beforeList = terminated;
		list.replaceChildren();
		await until(() => terminated > beforeList);
		out.bigRemoval = !shown(a);
		list.remove();

		// Removed right after it was added (still mounting, or just
		// mounted: TestUnmountWhileMounting holds the first case): gone.
		const c = document.createElement('div');
		c.setAttribute('data-kibitz', 'chain');
		document.body.appendChild(c);
		await new Promise(r => setTimeout(r, 0));
		const mounting = Kibitz.mount(c);
		c.remove();
		const hc = await mounting;
		await tick();
		out.removedWhileMounting = !shown(c) && (await Kibitz.mount(c)) !== hc;
		Kibitz.mount(c).then(h => h.unmount());
		return out;
	})()`)
	// An answer: its value, and how many positions the engine evaluated
	// for it (none when its solver already holds the table).
	answer := func(key string) (value, evaluated string) {
		text, _ := got[key].(string)
		value, _, _ = strings.Cut(text, "·")
		if m := regexp.MustCompile(`([\d,]+) positions evaluated`).FindStringSubmatch(text); m != nil {
			evaluated = m[1]
		}
		return value, evaluated
	}
	want, firstEvaluated := answer("solvedBefore")
	if !strings.HasPrefix(want, "The side to move wins in 7 moves.") || firstEvaluated == "0" {
		t.Fatalf("the analysis of 3 4 before any unmount: %q", got["solvedBefore"])
	}
	// b kept the engine a used: its table is held, nothing is evaluated.
	// After the last widget went, the engine is new: the table is built
	// again, by the answer the widget gives again on its own when mounted.
	for key, wantEvaluated := range map[string]string{"bStillAnswers": "0", "solvedAgain": firstEvaluated, "putBack": firstEvaluated} {
		if value, evaluated := answer(key); value != want || evaluated != wantEvaluated {
			t.Errorf("%s: %q with %s positions evaluated, want %q with %s", key, value, evaluated, want, wantEvaluated)
		}
	}
	if got["aEmptied"] != true || got["terminatedWithBLeft"] != 0.0 {
		t.Errorf("unmounting a: emptied %v, workers terminated while b still used them: %v", got["aEmptied"], got["terminatedWithBLeft"])
	}
	if got["terminatedWhenNoneLeft"].(float64) < 1 {
		t.Errorf("no worker terminated when the last widget went")
	}
	if got["newHandle"] != true || got["aShownAgain"] != true {
		t.Errorf("mounting a again: new handle %v, shown %v", got["newHandle"], got["aShownAgain"])
	}
	if got["movedStays"] != true {
		t.Errorf("a widget moved within a task was unmounted or its engine ended")
	}
	if got["removedEmptied"] != true {
		t.Errorf("a widget removed from the page was not unmounted")
	}
	if got["bigRemoval"] != true {
		t.Errorf("a widget among 200,001 nodes removed at once was not unmounted")
	}
	if got["removedWhileMounting"] != true {
		t.Errorf("a widget removed while mounting stayed mounted")
	}
}

// A widget still mounting when its element leaves is unmounted once
// ready; one that leaves, comes back and leaves again while its engine is
// still starting ends with no widget and no worker left; one that comes
// back to stay is mounted. The engine's start is held (its module is not
// posted to the worker until released), so "still mounting" is a state
// the test holds, not a race it hopes to win.
func TestUnmountWhileMounting(t *testing.T) {
	server := serveEmbed(t, map[string]string{"one.html": blogPost(`<div id="a" data-kibitz="chain" data-lang="en"></div>`, "kibitz-embed.js")}, "", nil)
	ctx := tab(t)
	navigate(t, ctx, server.URL+"/one.html")
	waitWidget(t, ctx, `#a`)
	got := eval[map[string]any](t, ctx, `(async () => {
		const until = async (f, ms = 30000) => { const end = performance.now() + ms; while (!f()) { if (performance.now() > end) throw new Error('timed out: ' + f); await new Promise(r => setTimeout(r, 20)); } };
		const tick = () => new Promise(r => setTimeout(r, 50));
		const shown = el => !!(el.shadowRoot && el.shadowRoot.querySelector('.kz-body > *'));
		let created = 0, terminated = 0;
		const W = window.Worker;
		window.Worker = class extends W { constructor(url, opts) { super(url, opts); created++; } };
		const terminate = W.prototype.terminate;
		W.prototype.terminate = function () { terminated++; return terminate.call(this); };
		// Hold every engine's start: its module reaches the worker on release.
		let held = [];
		const post = W.prototype.postMessage;
		W.prototype.postMessage = function (msg, transfer) {
			if (held && msg && msg.type === 'init') { held.push(() => post.call(this, msg, transfer)); return; }
			return post.call(this, msg, transfer);
		};
		const release = () => { const h = held; held = null; h.forEach(f => f()); };
		const out = {};

		// No widget left: the page's engine is terminated.
		(await Kibitz.mount(document.getElementById('a'))).unmount();
		document.getElementById('a').remove();
		await until(() => terminated > 0);
		created = 0; terminated = 0;

		// Leaves, comes back, leaves again, all while mounting.
		const c = document.createElement('div');
		c.setAttribute('data-kibitz', 'chain');
		document.body.appendChild(c);
		await tick();
		out.heldMounting = !shown(c) && held.length > 0;
		c.remove(); await tick();
		document.body.appendChild(c); await tick();
		c.remove(); await tick();

		// Leaves, and comes back to stay.
		const d = document.createElement('div');
		d.setAttribute('data-kibitz', 'chain');
		document.body.appendChild(d); await tick();
		d.remove(); await tick();
		document.body.appendChild(d); await tick();

		release();
		await until(() => shown(d));
		await tick();
		out.cShown = shown(c);
		out.dShown = shown(d);
		out.workersAlive = created - terminated;
		// d is the one widget left: its unmount leaves no worker.
		(await Kibitz.mount(d)).unmount();
		await until(() => created === terminated);
		out.workersAliveAfter = created - terminated;
		return out;
	})()`)
	if got["heldMounting"] != true {
		t.Fatalf("the engine's start was not held: %v", got)
	}
	if got["cShown"] != false {
		t.Errorf("a widget whose element left, came back and left again while mounting is shown on the detached element")
	}
	if got["dShown"] != true {
		t.Errorf("a widget whose element came back while its first mount was still loading is not shown")
	}
	if alive := got["workersAlive"].(float64); alive < 1 {
		t.Errorf("%v workers alive with one widget in the page", alive)
	}
	if got["workersAliveAfter"] != 0.0 {
		t.Errorf("%v workers alive after the last widget went", got["workersAliveAfter"])
	}
}
