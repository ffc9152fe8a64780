//go:build e2e

package e2e

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// The number-guessing widget, driven as a person would: clicks, typing,
// answers, a reload in the middle of a game.

// guessPage opens the single file and returns a tab whose page has
// window.kz: the guess widget's shadow root inside the app, plus helpers.
func guessPage(t testing.TB) context.Context {
	t.Helper()
	ctx := tab(t)
	navigate(t, ctx, fileURL(filepath.Join(dist, "kibitz.html")))
	installHelpers(t, ctx)
	return ctx
}

// installHelpers defines, in the page:
//
//	kz()            the guess widget's shadow root (in the app or alone)
//	$(sel)          kz().querySelector(sel)
//	score(s, g)     the A and B of guess g against secret s, as text "aAbB"
//	type(sel, text) sets an input's value as typing would, firing input
//	choose(sel, v)  sets a select's value, firing change
//	until(fn, ms)   a Promise that resolves when fn() is truthy
func installHelpers(t testing.TB, ctx context.Context) {
	t.Helper()
	eval[bool](t, ctx, `(() => {
		window.kz = () => {
			const app = document.querySelector('[data-kibitz="app"]');
			if (app) {
				const inner = app.shadowRoot && app.shadowRoot.querySelector('#kz-app-panel-guess .kz-app-game');
				return inner && inner.shadowRoot;
			}
			const g = document.querySelector('[data-kibitz="guess"]');
			return g && g.shadowRoot;
		};
		window.$ = sel => kz() && kz().querySelector(sel);
		window.score = (s, g) => {
			let a = 0, b = 0;
			for (let i = 0; i < g.length; i++) { if (g[i] === s[i]) a++; else if (s.includes(g[i])) b++; }
			return [a, b];
		};
		window.type = (sel, text) => { const e = typeof sel === 'string' ? $(sel) : sel; e.focus(); e.value = text; e.dispatchEvent(new Event('input', {bubbles: true, composed: true})); };
		window.choose = (sel, v) => { const e = $(sel); e.value = String(v); e.dispatchEvent(new Event('change', {bubbles: true, composed: true})); };
		window.until = (fn, ms = 30000) => new Promise((resolve, reject) => {
			const start = Date.now();
			const tick = () => { let v; try { v = fn(); } catch (e) {} if (v) resolve(v); else if (Date.now() - start > ms) reject(new Error('timed out: ' + fn)); else setTimeout(tick, 25); };
			tick();
		});
		return true;
	})()`)
	// A first visit opens on the app's welcome: go into the game from it.
	poll[bool](t, ctx, `(() => {
		const app = document.querySelector('[data-kibitz="app"]');
		const welcome = app && app.shadowRoot && app.shadowRoot.querySelector('.kz-app-welcome');
		if (welcome && !welcome.hidden) app.shadowRoot.querySelector('#kz-app-open-guess').click();
		return !!(window.kz() && $('.kz-panel'));
	})()`, 60*time.Second)
}

// The computer guesses a 4-digit secret the test keeps, answering each
// guess honestly, and finds it within 7 guesses.
func TestComputerGuessesAFourDigitSecret(t *testing.T) {
	ctx := guessPage(t)
	got := eval[map[string]any](t, ctx, `(async () => {
		const secret = '3817';
		$('#kz-tab-computer').click();
		$('.kz-current button').click();
		const guesses = [];
		for (let turn = 0; turn < 12; turn++) {
			const code = await until(() => { const c = $('.kz-current .kz-code'); return c && !$('.kz-answer').hidden && c.getAttribute('aria-label'); });
			if (guesses.includes(code)) return {error: 'repeated guess ' + code, guesses};
			guesses.push(code);
			const [a, b] = score(secret, code);
			choose('#kz-comp-a', a);
			choose('#kz-comp-b', b);
			$('.kz-answer button[type=submit]').click();
			if (a === 4) break;
			await until(() => { const c = $('.kz-current .kz-code'); return c && c.getAttribute('aria-label') !== code; });
		}
		await until(() => $('#kz-panel-computer .kz-status').textContent.includes('Solved'));
		return {
			guesses, status: $('#kz-panel-computer .kz-status').textContent,
			rows: $('#kz-panel-computer .kz-history tbody').children.length,
			chart: !!$('#kz-panel-computer .kz-chart'),
		};
	})()`)
	if got["error"] != nil {
		t.Fatal(got)
	}
	guesses := toStrings(got["guesses"])
	if guesses[len(guesses)-1] != "3817" || len(guesses) > 7 {
		t.Fatalf("the computer should find 3817 within 7 guesses: %v", guesses)
	}
	if int(got["rows"].(float64)) != len(guesses) || got["chart"] != true {
		t.Fatalf("history and chart: %v", got)
	}
}

// You play a whole game against the fair host, with a reload in the
// middle, and the end shows the proof that the secret never changed.
func TestYouGuessAgainstTheFairHost(t *testing.T) {
	ctx := guessPage(t)
	eval[bool](t, ctx, `(async () => {
		$('#kz-tab-you').click();
		$('#kz-you-start').click();
		await until(() => !$('#kz-you-guess').disabled);
		window.__commitment = $('#kz-panel-you .kz-status .kz-hash').textContent;
		type('#kz-you-guess', '0123');
		$('#kz-panel-you form button[type=submit]').click();
		await until(() => $('#kz-panel-you .kz-history tbody'));
		type('#kz-you-guess', '45'); // a draft, half typed
		return true;
	})()`)
	// A reload keeps the game and the draft.
	if err := chromedp.Do(withTimeout(t, ctx, 60*time.Second), chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	installHelpers(t, ctx)
	got := eval[map[string]any](t, ctx, `(async () => {
		$('#kz-tab-you').click();
		const draft = $('#kz-you-guess').value;
		const rowsAfterReload = $('#kz-panel-you .kz-history tbody').children.length;
		// Play on with the engine's own suggestions.
		const engine = await Kibitz.createEngine();
		const history = () => [...$('#kz-panel-you .kz-history tbody').children].map(tr => {
			const guess = tr.children[1].querySelector('.kz-code').getAttribute('aria-label');
			const m = tr.children[2].textContent.match(/(\d+)A(\d+)B/);
			return {guess, a: +m[1], b: +m[2]};
		});
		for (let turn = 0; turn < 10 && !$('.kz-win'); turn++) {
			const n = history().length;
			const next = await engine.call('guess.suggest', {preset: '1a2b-4', history: history(), strategy: 'entropy'});
			type('#kz-you-guess', next.guess);
			$('#kz-panel-you form button[type=submit]').click();
			await until(() => history().length > n);
		}
		await until(() => $('.kz-win') && $('#kz-panel-you .kz-proof'));
		// Check the proof as a sceptical player would, with the browser's
		// own SHA-256.
		const proof = $('#kz-panel-you .kz-proof');
		const [secret, salt, , computed, published] = [...proof.querySelectorAll('dd')].map(d => d.textContent);
		const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(salt + ':' + secret));
		const hex = [...new Uint8Array(digest)].map(b => b.toString(16).padStart(2, '0')).join('');
		return {draft, rowsAfterReload, won: $('.kz-win').textContent, turns: history().length,
			verdict: proof.querySelector('.kz-good').textContent, command: proof.querySelector('.kz-command').textContent,
			copy: !!proof.querySelector('.kz-copy'), status: $('#kz-panel-you .kz-status').textContent,
			startCommitment: String(window.__commitment === undefined ? '' : window.__commitment), computed, published, hex, secret, salt};
	})()`)
	if got["draft"] != "45" || got["rowsAfterReload"] != 1.0 {
		t.Fatalf("the reload lost the game or the draft: %v", got)
	}
	if !strings.HasPrefix(got["won"].(string), "Solved in") {
		t.Fatalf("the end of the game: %v", got)
	}
	// The proof: the full fingerprint at the start, then the secret, the
	// salt, the fingerprint computed in the page, matching, with a way to
	// check it elsewhere.
	if got["published"] != got["hex"] || got["computed"] != got["hex"] || len(got["hex"].(string)) != 64 {
		t.Errorf("the proof must show SHA-256(salt:secret) and the published fingerprint: %v", got)
	}
	if want := "printf '%s' '" + got["salt"].(string) + ":" + got["secret"].(string) + "' | sha256sum"; got["command"] != want || got["copy"] != true {
		t.Errorf("the proof must say how to check it elsewhere, with a copy button: %q", got["command"])
	}
	if !strings.Contains(got["verdict"].(string), "They match") {
		t.Errorf("the page must say the fingerprints match: %v", got["verdict"])
	}
	if strings.Contains(got["status"].(string), "checked when the game ends") || strings.Contains(got["status"].(string), "A secret is set") {
		t.Errorf("when the game ends, the start-of-game status must go: %q", got["status"])
	}
}

// In the helper, a wrong answer makes the history contradictory: the rows
// at fault are marked, switching one off recovers, and correcting it
// brings it back; nothing typed is lost on the way.
func TestHelperRepairsAWrongRow(t *testing.T) {
	ctx := guessPage(t)
	got := eval[map[string]any](t, ctx, `(async () => {
		$('#kz-tab-helper').click();
		const secret = '5283';
		const rows = [['0123', ...score(secret, '0123')], ['4567', ...score(secret, '4567')], ['8901', 0, 0]]; // the last is wrong: 8 is in the secret
		for (let i = 0; i < rows.length; i++) {
			if (i > 0) $('#kz-panel-helper .kz-actions button').click(); // Add row
			await until(() => $('#kz-panel-helper [data-row="' + i + '"][data-field="guess"]'));
			type('[data-row="' + i + '"][data-field="guess"]', rows[i][0]);
			type('[data-row="' + i + '"][data-field="a"]', String(rows[i][1]));
			type('[data-row="' + i + '"][data-field="b"]', String(rows[i][2]));
		}
		await until(() => kz().querySelectorAll('tr.kz-conflict').length > 0);
		const conflictRows = [...kz().querySelectorAll('tr.kz-conflict')].map(tr => +tr.dataset.row);
		const message = $('#kz-panel-helper .kz-field-error').textContent;
		// Switch the wrong row off.
		const use = $('[data-row="2"][data-field="on"]');
		use.click();
		const fresh = () => !$('#kz-panel-helper .kz-analysis.kz-stale');
		await until(() => fresh() && !kz().querySelector('tr.kz-conflict') && $('#kz-panel-helper .kz-analysis h3'));
		const countWithout = $('#kz-panel-helper .kz-analysis h3').textContent;
		// Correct it and switch it back on.
		const [a, b] = score(secret, '8901');
		type('[data-row="2"][data-field="a"]', String(a));
		type('[data-row="2"][data-field="b"]', String(b));
		use.click();
		await until(() => fresh() && $('#kz-panel-helper .kz-suggest') && !kz().querySelector('tr.kz-conflict'));
		const countFixed = $('#kz-panel-helper .kz-analysis h3').textContent;
		const listed = [...kz().querySelectorAll('#kz-panel-helper .kz-candidates .kz-code')].map(c => c.getAttribute('aria-label'));
		const kept = [0, 1, 2].map(i => $('[data-row="' + i + '"][data-field="guess"]').value);
		return {conflictRows, message, countWithout, countFixed, listed, kept, suggestion: $('.kz-suggest .kz-code').getAttribute('aria-label')};
	})()`)
	conflict := fmt.Sprint(got["conflictRows"])
	if !strings.Contains(conflict, "2") {
		t.Fatalf("the wrong row (3) must be marked: %v", got)
	}
	if !strings.Contains(got["message"].(string), "contradict") {
		t.Fatalf("the message must say the rows contradict: %v", got["message"])
	}
	if !strings.Contains(strings.Join(toStrings(got["listed"]), " "), "5283") {
		t.Fatalf("after the repair the secret must be listed: %v", got)
	}
	if strings.Join(toStrings(got["kept"]), " ") != "0123 4567 8901" {
		t.Fatalf("typed rows were lost: %v", got["kept"])
	}
	if got["countWithout"] == got["countFixed"] {
		t.Fatalf("the corrected row should narrow the candidates: %v", got)
	}
}

// The widget works from the keyboard: tabs move with the arrow keys, and
// Enter submits a guess.
func TestGuessWidgetKeyboard(t *testing.T) {
	ctx := guessPage(t)
	eval[bool](t, ctx, `(() => { $('#kz-tab-you').focus(); return true; })()`)
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowRight)); err != nil {
		t.Fatal(err)
	}
	selected := eval[string](t, ctx, `kz().activeElement ? kz().activeElement.id : ''`)
	if selected != "kz-tab-computer" {
		t.Fatalf("ArrowRight should move to the next tab, focus is on %q", selected)
	}
	if sel := eval[string](t, ctx, `$('[role=tab][aria-selected=true]').id`); sel != "kz-tab-computer" {
		t.Fatalf("ArrowRight should select the next tab, selected %q", sel)
	}
	eval[bool](t, ctx, `(async () => {
		$('#kz-tab-you').click();
		$('#kz-you-start').click();
		await until(() => !$('#kz-you-guess').disabled);
		$('#kz-you-guess').focus();
		return true;
	})()`)
	if err := chromedp.Do(ctx, chromedp.KeyEvent("9876"), chromedp.KeyEvent(kb.Enter)); err != nil {
		t.Fatal(err)
	}
	row := poll[string](t, ctx, `(() => { const tb = $('#kz-panel-you .kz-history tbody'); return tb ? tb.children[0].children[1].textContent : ''; })()`, 20*time.Second)
	if row != "9876" {
		t.Fatalf("typing 9876 and Enter should play it, history shows %q", row)
	}
	outline := eval[string](t, ctx, `(() => { const b = $('#kz-panel-you .kz-actions button'); b.focus(); return getComputedStyle(b).outlineStyle; })()`)
	if outline == "none" {
		t.Error("a focused button must show a focus outline")
	}
}

// At 320 px nothing overflows sideways, and a bad custom rule set is
// explained in the chosen language.
func TestGuessWidgetNarrowAndLocalized(t *testing.T) {
	ctx := tab(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(320, 640)); err != nil {
		t.Fatal(err)
	}
	navigate(t, ctx, fileURL(filepath.Join(dist, "kibitz.html")))
	installHelpers(t, ctx)
	eval[bool](t, ctx, `(async () => { $('#kz-tab-helper').click(); await until(() => $('#kz-panel-helper table')); return true; })()`)
	overflow := eval[float64](t, ctx, `document.documentElement.scrollWidth - document.documentElement.clientWidth`)
	if overflow > 0 {
		t.Errorf("at 320 px the page scrolls sideways by %v px", overflow)
	}
	// Switch the app to Traditional Chinese and ask for impossible rules.
	eval[bool](t, ctx, `(async () => {
		const app = document.querySelector('[data-kibitz="app"]').shadowRoot;
		const sel = app.querySelector('#kz-lang');
		sel.value = 'zh-Hant';
		sel.dispatchEvent(new Event('change', {bubbles: true, composed: true}));
		await until(() => document.querySelector('[data-kibitz="app"]').shadowRoot.querySelector('.kz').getAttribute('lang') === 'zh-Hant' && $('.kz-panel'));
		choose('#kz-preset', 'custom');
		type('#kz-length', '9');
		choose('#kz-length', '9');
		type('#kz-alphabet', '0123456789AB');
		choose('#kz-alphabet', '0123456789AB');
		return true;
	})()`)
	note := poll[string](t, ctx, `$('#kz-rules-note').textContent.includes('太大') && $('#kz-rules-note').textContent`, 10*time.Second)
	if !strings.Contains(note, "79,833,600") {
		t.Fatalf("the too-large note must give the size: %q", note)
	}
}

// A 10-digit game fits a 320 px phone: the guess, the history table and
// the histogram stay inside the widget, with no sideways scrolling.
func TestTenDigitsFitAPhone(t *testing.T) {
	ctx := tab(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(320, 640)); err != nil {
		t.Fatal(err)
	}
	navigate(t, ctx, fileURL(filepath.Join(dist, "kibitz.html")))
	installHelpers(t, ctx)
	got := eval[map[string]any](t, ctx, `(async () => {
		choose('#kz-preset', '1a2b-10');
		await until(() => $('#kz-rules-note').textContent.includes('3,628,800'));
		$('#kz-tab-computer').click();
		$('.kz-current button').click();
		const secret = '3817260594';
		for (let turn = 0; turn < 2; turn++) {
			const code = await until(() => { const c = $('.kz-current .kz-code'); return c && !$('.kz-answer').hidden && c.getAttribute('aria-label'); });
			let a = 0;
			for (let i = 0; i < 10; i++) if (code[i] === secret[i]) a++;
			choose('#kz-comp-a', a);
			$('.kz-answer button[type=submit]').click();
			await until(() => { const c = $('.kz-current .kz-code'); return c && c.getAttribute('aria-label') !== code; });
		}
		const panel = $('#kz-panel-computer').getBoundingClientRect();
		const history = $('#kz-panel-computer .kz-history');
		return {
			codeRight: $('.kz-current .kz-code').getBoundingClientRect().right - panel.right,
			historyHidden: history.scrollWidth - history.clientWidth,
			answer: $('#kz-panel-computer .kz-history tbody td:nth-child(3)').textContent,
			page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
		};
	})()`)
	if got["codeRight"].(float64) > 0.5 || got["historyHidden"].(float64) > 0 || got["page"].(float64) > 0 {
		t.Errorf("at 320 px a 10-digit game overflows: %v", got)
	}
	if answer := got["answer"].(string); !strings.HasSuffix(answer, "A") || strings.Contains(answer, "B") {
		t.Errorf("10 of 10 answers are written by A alone: %v", got)
	}
}

// A custom length that is no whole number is said to be wrong: the note
// kept describing the last length while the field showed 2.5, or nothing.
func TestCustomLengthThatIsNoWholeNumberIsSaid(t *testing.T) {
	ctx := guessPage(t)
	got := eval[map[string]any](t, ctx, `(async () => {
		choose('#kz-preset', 'custom');
		await until(() => $('#kz-rules-note').textContent.includes('4'));
		const out = {};
		for (const v of ['2.5', '']) {
			const i = $('#kz-length');
			i.value = v;
			i.dispatchEvent(new Event('change', {bubbles: true, composed: true}));
			out[v || 'empty'] = {note: $('#kz-rules-note').textContent, bad: $('#kz-rules-note').classList.contains('kz-bad'),
				marked: $('#kz-length').getAttribute('aria-invalid') + ' ' + $('#kz-length').getAttribute('aria-describedby') + ' ' + $('#kz-alphabet').getAttribute('aria-invalid')};
		}
		// The field at fault is marked, and only it; fixed, neither.
		const set = (sel, v) => { const i = $(sel); i.value = v; i.dispatchEvent(new Event('change', {bubbles: true, composed: true})); };
		set('#kz-length', '4');
		set('#kz-alphabet', '0012');
		out.alphabet = $('#kz-length').getAttribute('aria-invalid') + ' ' + $('#kz-alphabet').getAttribute('aria-invalid');
		set('#kz-alphabet', '012');
		out.tooShort = $('#kz-length').getAttribute('aria-invalid') + ' ' + $('#kz-alphabet').getAttribute('aria-invalid');
		set('#kz-alphabet', '0123456789');
		out.fixed = $('#kz-length').getAttribute('aria-invalid') + ' ' + $('#kz-alphabet').getAttribute('aria-invalid');
		return out;
	})()`)
	for _, v := range []string{"2.5", "empty"} {
		r := got[v].(map[string]any)
		if r["bad"] != true || r["note"] != "A code is 1 to 10 symbols long: give the length as a whole number." {
			t.Errorf("length %s: %v", v, r)
		}
		if r["marked"] != "true kz-rules-note null" {
			t.Errorf("length %s should mark the length field, described by the note: %v", v, r["marked"])
		}
	}
	if got["alphabet"] != "null true" || got["tooShort"] != "true true" || got["fixed"] != "null null" {
		t.Errorf("the custom rules' fields at fault should be marked: a repeated symbol %v, 3 symbols for 4 %v, fixed %v", got["alphabet"], got["tooShort"], got["fixed"])
	}
}

// The optimal strategy names a custom game "Custom rules", not with the
// menu's "Custom rules…" (it read "Custom rules…: A code is …").
func TestTreeNamesACustomGame(t *testing.T) {
	ctx := guessPage(t)
	got := eval[string](t, ctx, `(async () => {
		choose('#kz-preset', 'custom');
		$('#kz-tab-tree').click();
		return await until(() => [...$('#kz-panel-tree').querySelectorAll('p.kz-note')].map(p => p.textContent).find(t => t.includes('A code is')));
	})()`)
	if !strings.HasPrefix(got, "Custom rules. A code is") {
		t.Fatalf("the tree's game reads %q", got)
	}
}
