//go:build e2e

package e2e

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Every engine call settles, with an answer or an error, whatever the
// parameters; bad numbers are bad input that names the field; a bad game
// name in an embed is said in its element and stops no other widget.

// settled is what the page saw of a call: its answer or its error.
const settled = `p => p.then(value => ({ok: true, value}), err => ({ok: false, code: err.code, reason: err.reason || '', field: err.field || '', message: err.message}))`

// deep builds params nested n objects deep in the page.
const deep = `n => { let v = {}; for (let i = 0; i < n; i++) v = {a: v}; return v; }`

func TestDeeplyNestedParamsSettle(t *testing.T) {
	ctx := openSingleFile(t)
	for _, depth := range []string{"3000", "3500", "20000"} {
		got := eval[map[string]any](t, ctx, `(async () => {
			const e = await Kibitz.createEngine();
			const first = await (`+settled+`)(e.call('guess.score', (`+deep+`)(`+depth+`)));
			const next = await (`+settled+`)(e.call('guess.score', {secret: '1234', guess: '1243'}));
			return {first, next};
		})()`)
		first := got["first"].(map[string]any)
		if first["ok"] != false || first["code"] != "bad-input" || first["message"] == "" {
			t.Errorf("params %s deep: want a bad-input error, got %v", depth, first)
		}
		if next := got["next"].(map[string]any); next["ok"] != true {
			t.Errorf("params %s deep: the next call must work: %v", depth, next)
		}
	}
}

// A message the worker cannot read still settles its call, and the calls
// after it work. Here a run message's params are swapped, on their way
// out, for an object 3,000 deep: the structured clone takes it, but the
// worker cannot rebuild it (Chromium then gives the event's data as null),
// which is how such calls used to hang.
func TestUndeliverableMessageSettlesItsCall(t *testing.T) {
	ctx := openSingleFile(t)
	got := eval[map[string]any](t, ctx, `(async () => {
		const e = await Kibitz.createEngine();
		const post = Worker.prototype.postMessage;
		Worker.prototype.postMessage = function (msg, transfer) {
			if (msg && msg.type === 'run' && msg.method === 'guess.score') {
				msg = Object.assign({}, msg, {params: (`+deep+`)(3000)});
			}
			return post.call(this, msg, transfer);
		};
		const first = await (`+settled+`)(e.call('guess.score', {secret: '1234', guess: '1243'}));
		Worker.prototype.postMessage = post;
		const next = await (`+settled+`)(e.call('guess.score', {secret: '1234', guess: '1243'}));
		return {first, next};
	})()`)
	first := got["first"].(map[string]any)
	if first["ok"] != false || !strings.Contains(first["message"].(string), "could not receive this call") {
		t.Errorf("an undeliverable call must reject: %v", first)
	}
	if next := got["next"].(map[string]any); next["ok"] != true {
		t.Errorf("the next call must work: %v", next)
	}
}

func TestNonFiniteNumbersAreBadInput(t *testing.T) {
	ctx := openSingleFile(t)
	for _, tc := range []struct {
		method, params, field, value string
	}{
		{"mines.analyze", `{board: '3x2x2\nHHH\n121\n', budgetMs: NaN}`, "budgetMs", "NaN"},
		{"mines.analyze", `{board: '3x2x2\nHHH\n121\n', budgetMs: Infinity}`, "budgetMs", "Infinity"},
		{"guess.candidates", `{preset: 'science-3', limit: -Infinity}`, "limit", "-Infinity"},
		{"guess.candidates", `{preset: 'science-3', history: [{guess: '123', a: 0, b: 0}, {guess: '456', a: NaN, b: 0}]}`, "history[1].a", "NaN"},
		{"mines.analyze", `{board: '3x2x2\nHHH\n121\n', budgetMs: 15.5}`, "budgetMs", "15.5"},
		{"chain.solve", `{n: 1e30}`, "n", "1e+30"},
	} {
		got := eval[map[string]any](t, ctx, `Kibitz.createEngine().then(e => (`+settled+`)(e.call(`+jsString(tc.method)+`, `+tc.params+`)))`)
		message, _ := got["message"].(string)
		if got["ok"] != false || got["code"] != "bad-input" || got["field"] != tc.field || !strings.Contains(message, tc.value) {
			t.Errorf("%s %s: want bad-input naming %s and %s, got %v", tc.method, tc.params, tc.field, tc.value, got)
		}
	}
}

func TestEmbedWithAQuoteInTheGameName(t *testing.T) {
	page := `<!doctype html><html><head><meta charset="utf-8"></head><body>
<div data-kibitz='a"b'></div>
<div data-kibitz="x]"></div>
<div data-kibitz="guess"></div>
<script src="kibitz-embed.js"></script></body></html>`
	if err := os.WriteFile(filepath.Join(dist, "embed", "quote.html"), []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx := tab(t)
	navigate(t, ctx, fileURL(filepath.Join(dist, "embed", "quote.html")))
	// The elements have no id, so the loader names their saved state by
	// their place among the page's widgets of the same game.
	waitWidget(t, ctx, `[data-kibitz="guess"]`)
	for i, name := range []string{`a"b`, `x]`} {
		text := poll[string](t, ctx, `(() => { const f = document.querySelectorAll('[data-kibitz]')[`+strconv.Itoa(i)+`].shadowRoot?.querySelector('.kz-failed'); return f ? f.textContent : ''; })()`, 30*time.Second)
		if !strings.Contains(text, "no game called “"+name+"”") {
			t.Errorf("the widget for %s should say it is an unknown game: %q", name, text)
		}
		if n := eval[int](t, ctx, `document.querySelectorAll('[data-kibitz]')[`+strconv.Itoa(i)+`].shadowRoot.querySelectorAll('button').length`); n != 0 {
			t.Errorf("the widget for %s offers %d buttons; retrying cannot help", name, n)
		}
	}
}

func TestMountRejectsABadGame(t *testing.T) {
	ctx := openSingleFile(t)
	for _, game := range []string{`'nope'`, `'a"b'`, `''`, `42`} {
		got := eval[map[string]any](t, ctx, `(() => {
			const el = document.createElement('div');
			document.body.appendChild(el);
			let p;
			try { p = Kibitz.mount(el, {game: `+game+`}); } catch (err) { return {ok: false, threw: true, message: err.message}; }
			return (`+settled+`)(p);
		})()`)
		message, _ := got["message"].(string)
		if got["ok"] != false || got["threw"] == true || got["code"] != "bad-input" || got["field"] != "game" || !strings.Contains(message, "guess") {
			t.Errorf("mount with game %s: want a rejection (bad-input, field game) listing the games, got %v", game, got)
		}
	}
}
