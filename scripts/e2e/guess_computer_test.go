//go:build e2e

package e2e

import (
	"context"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// Computer guesses, as a player meets it: an answer picker that offers
// only possible answers and takes typed digits, thinking shown where the
// guess will appear with a Stop that says "Stopped", charts whose text
// stays readable at any width, the focus where the next answer goes, the
// shared winning heading, and strategies that say what they do.

// computerJS defines, in the page, fb(secret, guess) (the answer to a
// guess), cur() (the guess on show, or nothing while none is) and answerWith(a,
// b) (an answer given through the form's fields, #kz-comp-a and
// #kz-comp-b, which the old dropdowns and the picker both have, so each
// test fails on the old code for its own item). A test that reloads the
// page defines them again with it.
const computerJS = `(() => {
	window.fb = (s, g) => {
		let a = 0, b = 0; const cs = {}, cg = {};
		for (let i = 0; i < g.length; i++) { if (g[i] === s[i]) a++; else { cs[s[i]] = (cs[s[i]] || 0) + 1; cg[g[i]] = (cg[g[i]] || 0) + 1; } }
		for (const k in cg) b += Math.min(cg[k], cs[k] || 0);
		return [a, b];
	};
	window.cur = () => { const c = $('#kz-panel-computer .kz-current .kz-code'); return c && !$('#kz-panel-computer .kz-answer').hidden ? c.getAttribute('aria-label') : ''; };
	window.answerWith = (a, b) => {
		choose('#kz-comp-a', a);
		choose('#kz-comp-b', b);
		$('#kz-panel-computer .kz-answer button[type=submit]').click();
	};
	return true;
})()`

// computerPage opens Computer guesses with the given preset and defines,
// in the page:
//
//	fb(secret, guess)  the answer [a, b], with repeats (Mastermind) counted right
//	cur()              the guess on screen, or '' while none waits for an answer
//	answerWith(a, b)   sets the answer in the form's fields and submits it
//	play(secret, max)  starts a game and answers every guess honestly
func computerPage(t *testing.T, preset string) context.Context {
	t.Helper()
	ctx := guessPage(t)
	eval[bool](t, ctx, computerJS)
	eval[bool](t, ctx, `(async () => {
		window.solved = () => $('#kz-panel-computer .kz-win') || $('#kz-panel-computer .kz-status').textContent.includes('Solved');
		window.play = async (secret, max = 14) => {
			$('#kz-panel-computer .kz-current button').click();
			const guesses = [];
			for (let turn = 0; turn < max; turn++) {
				const code = await until(cur, 60000);
				guesses.push(code);
				const [a, b] = fb(secret, code);
				answerWith(a, b);
				if (a === secret.length) break;
				await until(() => cur() !== code || solved(), 60000);
			}
			await until(solved, 60000);
			return guesses;
		};
		choose('#kz-preset', `+jsString(preset)+`);
		$('#kz-tab-computer').click();
		return true;
	})()`)
	return ctx
}

// Item 4: the picker offers exactly the answers the game allows, takes
// typed digits ("12" is 1A2B) and Enter, shows where the focus is, and
// draws Mastermind's answers as key pegs.
func TestComputerAnswerPicker(t *testing.T) {
	ctx := computerPage(t, "1a2b-4")
	got := eval[map[string]any](t, ctx, `(async () => {
		$('#kz-panel-computer .kz-current button').click();
		await until(cur);
		const cells = [...kz().querySelectorAll('#kz-comp-picker [role=radio]')];
		return {pairs: cells.map(c => c.dataset.a + c.dataset.b), labels: cells.map(c => c.textContent), group: $('#kz-comp-picker').getAttribute('role')};
	})()`)
	pairs := strings.Join(toStrings(got["pairs"]), " ")
	if pairs != "00 01 02 03 04 10 11 12 13 20 21 22 30 40" || got["group"] != "radiogroup" {
		t.Fatalf("a 4-digit game allows 14 answers (never 3A1B, never A+B > 4): %v", got)
	}
	// Type 1, 2 and Enter on the focused picker.
	if err := chromedp.Do(ctx, chromedp.KeyEvent("12")); err != nil {
		t.Fatal(err)
	}
	typed := eval[map[string]any](t, ctx, `(() => {
		const on = $('#kz-comp-picker [aria-checked=true]');
		const f = kz().activeElement;
		return {checked: on ? on.dataset.a + on.dataset.b : '', focused: f === on, outline: f ? getComputedStyle(f).outlineStyle : 'none', width: f ? parseFloat(getComputedStyle(f).outlineWidth) : 0};
	})()`)
	if typed["checked"] != "12" || typed["focused"] != true {
		t.Fatalf("typing 12 must choose 1A2B and focus it: %v", typed)
	}
	if typed["outline"] == "none" || typed["width"].(float64) < 2 {
		t.Errorf("the focused answer must show a focus outline: %v", typed)
	}
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Enter)); err != nil {
		t.Fatal(err)
	}
	row := poll[string](t, ctx, `(() => { const td = $('#kz-panel-computer .kz-history tbody td:nth-child(3)'); return td ? td.textContent : ''; })()`, 20*time.Second)
	if row != "1A2B" {
		t.Fatalf("Enter must answer 1A2B, the history shows %q", row)
	}

	// 10 of 10: B is implied, the picker offers A alone, never 9.
	ctx = computerPage(t, "1a2b-10")
	ten := eval[map[string]any](t, ctx, `(async () => {
		$('#kz-panel-computer .kz-current button').click();
		await until(cur);
		const cells = [...kz().querySelectorAll('#kz-comp-picker [role=radio]')];
		return {as: cells.map(c => c.dataset.a).join(' '), labels: cells.map(c => c.textContent).join(' ')};
	})()`)
	if ten["as"] != "0 1 2 3 4 5 6 7 8 10" || strings.Contains(ten["labels"].(string), "B") {
		t.Fatalf("10 of 10 offers A alone, 0-8 and 10: %v", ten)
	}
	if err := chromedp.Do(ctx, chromedp.KeyEvent("10")); err != nil {
		t.Fatal(err)
	}
	if a := eval[string](t, ctx, `$('#kz-comp-picker [aria-checked=true]').dataset.a`); a != "10" {
		t.Errorf("typing 1 then 0 must choose 10A, chose %q", a)
	}

	// Mastermind: answers are key pegs, black and white, not digits.
	ctx = computerPage(t, "mastermind")
	mm := eval[map[string]any](t, ctx, `(async () => {
		$('#kz-panel-computer .kz-current button').click();
		await until(cur);
		const cell = $('#kz-comp-picker [data-a="1"][data-b="2"]');
		return {text: cell.textContent.trim(), black: cell.querySelectorAll('.kz-key-black').length, white: cell.querySelectorAll('.kz-key-white').length,
			holes: cell.querySelectorAll('.kz-key-none').length, label: cell.getAttribute('aria-label'), n: kz().querySelectorAll('#kz-comp-picker [role=radio]').length};
	})()`)
	if mm["text"] != "" || mm["black"] != 1.0 || mm["white"] != 2.0 || mm["holes"] != 1.0 || mm["label"] != "1\u00a0black, 2\u00a0white" || mm["n"] != 14.0 {
		t.Errorf("a Mastermind answer is drawn as key pegs: %v", mm)
	}
}

// Item 4: every code peg's symbol reads at 4.5:1 or more on its colour,
// in light and dark.
func TestComputerPegContrast(t *testing.T) {
	ctx := guessPage(t)
	got := eval[[]string](t, ctx, `(() => {
		const lum = c => { const [r, g, b] = c.match(/[\d.]+/g).slice(0, 3).map(x => { x = x / 255; return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4; }); return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
		const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
		const root = kz().querySelector('.kz');
		const bad = [];
		for (const theme of ['light', 'dark']) {
			root.setAttribute('data-theme', theme);
			const box = document.createElement('span');
			box.className = 'kz-code kz-pegs';
			root.appendChild(box);
			for (let i = 0; i < 16; i++) {
				const s = document.createElement('span');
				s.className = 'kz-sym kz-s' + i;
				s.textContent = '0123456789ABCDEF'[i];
				box.appendChild(s);
				const cs = getComputedStyle(s);
				const r = ratio(cs.color, cs.backgroundColor);
				if (r < 4.5) bad.push(theme + ' kz-s' + i + ' ' + r.toFixed(2) + ' (' + cs.color + ' on ' + cs.backgroundColor + ')');
			}
			box.remove();
		}
		return bad;
	})()`)
	if len(got) > 0 {
		t.Errorf("pegs whose symbol has less than 4.5:1 contrast: %v", got)
	}
}

// Item 9: a long think (10 digits) shows its progress where the guess
// will appear, not in the frame's bar; Stop says "Stopped", not a red
// error; and there is no "Think again" while it thinks. The think after
// the first answer is held in the engine (hold_test.go) until Stop, so it
// is long on any machine.
func TestComputerLongThinking(t *testing.T) {
	ctx := computerPage(t, "1a2b-10")
	installHold(t, ctx)
	got := eval[map[string]any](t, ctx, `(async () => {
		choose('#kz-budget', '15000');
		$('#kz-panel-computer .kz-current button').click();
		const secret = '3817260594';
		const code = await until(cur, 30000);
		const [a] = fb(secret, code);
		hold('guess.suggest');
		answerWith(a, 10 - a);
		// Thinking: a busy indicator shows (the lane's, or the frame's bar)
		// while no answer is asked for.
		const shown = () => [$('#kz-panel-computer .kz-busy'), kz().querySelector('.kz > .kz-busy-bar')].find(b => b && !b.hidden && $('#kz-panel-computer .kz-answer').hidden) || null;
		const busy = await until(() => held('guess.suggest') > 0 && shown(), 30000);
		const panel = $('#kz-panel-computer');
		const during = {
			nextToGuess: busy.previousElementSibling === $('#kz-panel-computer .kz-current'),
			frameBar: !kz().querySelector('.kz > .kz-busy-bar').hidden,
			thinkAgain: [...panel.querySelectorAll('button')].some(b => !b.closest('[hidden]') && b.dataset.onClick === 'comp.retry'),
			current: $('#kz-panel-computer .kz-current').textContent,
		};
		busy.querySelector('button').click(); // Stop
		const noteOf = () => $('#kz-panel-computer .kz-think-note') || {textContent: '', classList: {contains: () => false}};
		await until(() => noteOf().textContent || kz().querySelector('.kz-message').textContent);
		await release('guess.suggest');
		const note = noteOf();
		return {during, note: note.textContent, red: note.classList.contains('kz-bad'),
			message: kz().querySelector('.kz-message').textContent, errorBanner: kz().querySelector('.kz-message').classList.contains('kz-error'),
			retry: !!$('#kz-panel-computer [data-on-click="comp.retry"]'), busyHidden: busy.hidden};
	})()`)
	during := got["during"].(map[string]any)
	if during["nextToGuess"] != true || during["frameBar"] != false {
		t.Errorf("the progress must sit next to the guess being computed, not in the frame's bar: %v", got)
	}
	if during["thinkAgain"] != false {
		t.Errorf("no Think again while thinking: %v", got)
	}
	if got["note"] != "Stopped." || got["red"] != false || got["errorBanner"] != false {
		t.Errorf("a Stop you asked for says Stopped, not a red error: %v", got)
	}
	if got["retry"] != true || got["busyHidden"] != true {
		t.Errorf("after Stop, Think again is offered and the progress goes: %v", got)
	}
}

// Item 11: the charts' text is never under 11 px, at 320 px, in a 640 px
// embed and at 1280 px; the codes-left labels never overlap nor leave the
// widget (10 digits at 320 px too); and the Mastermind axis ends at the
// game's size, 1,296.
func TestComputerChartsReadable(t *testing.T) {
	cases := []struct {
		width          int
		preset, secret string
	}{{320, "mastermind", "6543"}, {640, "mastermind", "6543"}, {1280, "mastermind", "6543"}, {320, "1a2b-10", "3817260594"}}
	for _, c := range cases {
		width := c.width
		ctx := tab(t)
		viewport := width
		if width == 640 {
			viewport = 1280 // a 640 px embed on a wide page
		}
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(viewport), 900)); err != nil {
			t.Fatal(err)
		}
		navigate(t, ctx, fileURL(filepath.Join(dist, "kibitz.html")))
		installHelpers(t, ctx)
		if width == 640 {
			// A 640 px column, as a post's would be.
			eval[bool](t, ctx, `(() => { document.body.style.cssText = 'width: 640px; margin: 0; padding: 0'; return true; })()`)
		}
		eval[bool](t, ctx, `(async () => {
			window.fb = (s, g) => { let a = 0, b = 0; const cs = {}, cg = {};
				for (let i = 0; i < g.length; i++) { if (g[i] === s[i]) a++; else { cs[s[i]] = (cs[s[i]] || 0) + 1; cg[g[i]] = (cg[g[i]] || 0) + 1; } }
				for (const k in cg) b += Math.min(cg[k], cs[k] || 0); return [a, b]; };
			window.cur = () => { const c = $('#kz-panel-computer .kz-current .kz-code'); return c && !$('#kz-panel-computer .kz-answer').hidden ? c.getAttribute('aria-label') : ''; };
			choose('#kz-preset', `+jsString(c.preset)+`);
			$('#kz-tab-computer').click();
			$('#kz-panel-computer .kz-current button').click();
			// Three answers in, so both charts show.
			for (let turn = 0; turn < 3; turn++) {
				const code = await until(cur, 60000);
				const [a, b] = fb(`+jsString(c.secret)+`, code);
				choose('#kz-comp-a', a);
				choose('#kz-comp-b', b);
				$('#kz-panel-computer .kz-answer button[type=submit]').click();
				await until(() => cur() && cur() !== code, 60000);
			}
			return true;
		})()`)
		got := eval[map[string]any](t, ctx, `(() => {
			const panel = $('#kz-panel-computer');
			const visible = e => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
			const texts = [...panel.querySelectorAll('.kz-figure *')].filter(e => !e.closest('.kz-sr, figcaption') && [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()) && visible(e));
			const small = [];
			for (const e of texts) {
				let px = parseFloat(getComputedStyle(e).fontSize);
				const svg = e.closest('svg');
				if (svg && svg.viewBox.baseVal && svg.viewBox.baseVal.width) px *= svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
				if (px < 10.95) small.push(e.textContent + ' ' + px.toFixed(1) + 'px');
			}
			const labels = [...panel.querySelectorAll('.kz-counts .kz-figure *')].filter(e => texts.includes(e)).map(e => ({t: e.textContent, r: e.getBoundingClientRect()}));
			const overlaps = [];
			for (let i = 0; i < labels.length; i++) for (let j = i + 1; j < labels.length; j++) {
				const p = labels[i].r, q = labels[j].r;
				if (p.left < q.right - 0.5 && q.left < p.right - 0.5 && p.top < q.bottom - 0.5 && q.top < p.bottom - 0.5) overlaps.push(labels[i].t + ' / ' + labels[j].t);
			}
			const axis = labels.map(l => l.t);
			const box = kz().querySelector('.kz').getBoundingClientRect();
			const outside = labels.filter(l => l.r.left < box.left || l.r.right > box.right).map(l => l.t);
			return {small, overlaps, axis, outside, widget: kz().querySelector('.kz').getBoundingClientRect().width, histogram: !!panel.querySelector('.kz-analysis .kz-figure'), page: document.documentElement.scrollWidth - document.documentElement.clientWidth};
		})()`)
		if w := got["widget"].(float64); w > float64(width)+1 {
			t.Fatalf("width %d: the widget is %v px wide", width, w)
		}
		if got["histogram"] != true {
			t.Fatalf("width %d: no histogram: %v", width, got)
		}
		if small := toStrings(append([]any{}, got["small"].([]any)...)); len(small) > 0 {
			t.Errorf("width %d (widget %v px): chart text under 11 px: %v", width, got["widget"], small)
		}
		if o := got["overlaps"].([]any); len(o) > 0 {
			t.Errorf("width %d: overlapping labels in the codes-left chart: %v", width, o)
		}
		if o := got["outside"].([]any); len(o) > 0 {
			t.Errorf("width %d: chart labels cut off at the widget's edge: %v", width, o)
		}
		axis := strings.Join(toStrings(got["axis"]), " ")
		if c.preset == "mastermind" && (!strings.Contains(axis, "1,296") || strings.Contains(axis, "10k") || strings.Contains(axis, "10000")) {
			t.Errorf("width %d: the Mastermind axis must end at 1,296: %q", width, axis)
		}
		if got["page"].(float64) > 0 {
			t.Errorf("width %d: the page scrolls sideways by %v px", width, got["page"])
		}
	}
}

// Item 12: after "I have a secret: start" the focus is on the answer
// picker; after an answer, on the next answer.
func TestComputerFocusFollowsTheGame(t *testing.T) {
	ctx := computerPage(t, "1a2b-4")
	first := eval[map[string]any](t, ctx, `(async () => {
		$('#kz-panel-computer .kz-current button').focus();
		$('#kz-panel-computer .kz-current button').click();
		const code = await until(cur);
		await until(() => kz().activeElement && kz().activeElement.closest('#kz-comp-picker'), 20000).catch(() => null);
		const f = kz().activeElement;
		return {code, inPicker: !!(f && f.closest('#kz-comp-picker'))};
	})()`)
	if first["inPicker"] != true {
		t.Fatalf("after start, the focus must be on the answer picker: %v", first)
	}
	// Answer by keyboard alone: 0, 1, Enter.
	if err := chromedp.Do(ctx, chromedp.KeyEvent("01"), chromedp.KeyEvent(kb.Enter)); err != nil {
		t.Fatal(err)
	}
	next := eval[map[string]any](t, ctx, `(async () => {
		const code = await until(() => cur() && cur() !== `+jsString(first["code"].(string))+` && cur());
		await until(() => kz().activeElement && kz().activeElement.closest('#kz-comp-picker'), 20000).catch(() => null);
		const f = kz().activeElement;
		return {code, inPicker: !!(f && f.closest('#kz-comp-picker')), rows: $('#kz-panel-computer .kz-history tbody').children.length};
	})()`)
	if next["inPicker"] != true || next["rows"] != 1.0 {
		t.Errorf("after an answer, the focus must be on the next answer: %v", next)
	}
	// New game in the middle asks first, with the focus on Keep playing;
	// Escape answers it so, and gives the focus back to New game (it was
	// left on nothing, and Escape did nothing).
	asked := eval[map[string]any](t, ctx, `(async () => {
		const active = () => { const a = kz().activeElement; return a ? (a.id || a.getAttribute('data-on-click') || a.tagName) : 'body'; };
		const again = $('#kz-panel-computer .kz-actions [data-on-click="comp.new"]');
		again.focus();
		again.click();
		const box = $('#kz-panel-computer .kz-confirm'), out = {shown: !box.hidden, asked: active()};
		kz().activeElement.dispatchEvent(new KeyboardEvent('keydown', {key: 'Escape', bubbles: true, composed: true, cancelable: true}));
		out.hidden = box.hidden;
		out.back = active();
		out.rows = $('#kz-panel-computer .kz-history tbody').children.length;
		return out;
	})()`)
	if asked["shown"] != true || asked["asked"] != "comp.keep" || asked["hidden"] != true || asked["back"] != "comp.new" || asked["rows"] != 1.0 {
		t.Errorf("New game's question: the focus on Keep playing, then Escape keeps the game and the focus goes back to New game: %v", asked)
	}
}

// Item 16: the win is the shared heading; after Undo the reasoning keeps
// its "Chosen by…" line; each strategy says what it does, as a tooltip and
// as a line under the select.
func TestComputerWinUndoAndStrategyNotes(t *testing.T) {
	ctx := computerPage(t, "1a2b-4")
	got := eval[map[string]any](t, ctx, `(async () => {
		const guesses = await play('5283');
		const win = $('#kz-panel-computer .kz-win');
		const heading = win ? {tag: win.tagName, text: win.textContent} : {tag: '', text: $('#kz-panel-computer .kz-status').textContent};
		const before = guesses.length;
		$('#kz-panel-computer [data-on-click="comp.undo"]').click();
		await until(() => cur());
		await new Promise(r => setTimeout(r, 500));
		const notes = [...kz().querySelectorAll('#kz-panel-computer .kz-explain .kz-note')].map(p => p.textContent).join(' ');
		// Strategy notes.
		kz().querySelector('.kz-settings').open = true;
		const doc = () => $('#kz-strategy-doc') ? $('#kz-strategy-doc').textContent : '';
		const bestDoc = doc();
		choose('#kz-strategy', 'entropy');
		await until(() => doc() !== bestDoc, 3000).catch(() => null);
		const docVisible = !!$('#kz-strategy-doc') && $('#kz-strategy-doc').getClientRects().length > 0;
		return {heading, before, notes, bestDoc, entropyDoc: doc(), docVisible,
			selectTitle: $('#kz-strategy').title, optionTitle: $('#kz-strategy option[value="minimax"]').title,
			describedBy: $('#kz-strategy').getAttribute('aria-describedby')};
	})()`)
	heading := got["heading"].(map[string]any)
	n := int(got["before"].(float64))
	want := "Solved in " + map[bool]string{true: "1 guess.", false: strconv.Itoa(n) + " guesses."}[n == 1]
	if heading["tag"] != "H3" || heading["text"] != want {
		t.Errorf("the win must be the shared heading %q: %v", want, heading)
	}
	if !strings.Contains(got["notes"].(string), "Chosen by Best") {
		t.Errorf("after Undo the reasoning must keep its Chosen by line: %q", got["notes"])
	}
	if got["bestDoc"] == "" || got["entropyDoc"] == "" || got["docVisible"] != true {
		t.Errorf("the chosen strategy's description must show under the select: %v", got)
	}
	if got["selectTitle"] != got["entropyDoc"] || got["optionTitle"] == "" || got["describedBy"] != "kz-strategy-doc" {
		t.Errorf("each strategy has its description on hover and focus: %v", got)
	}
}

// An answer that contradicts the earlier ones is said beside the answer,
// in view on a phone, not in the message line above the settings (at
// 320 px that was 480 px above the screen, and the reader saw only a row
// turn pink); and it names no row number, since the answer just given has
// no row yet.
func TestComputerContradictionIsSaidAtTheAnswer(t *testing.T) {
	ctx := computerPage(t, "1a2b-4")
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(320, 640)); err != nil {
		t.Fatal(err)
	}
	got := eval[map[string]any](t, ctx, `(async () => {
		$('#kz-panel-computer .kz-current button').click();
		const first = await until(cur, 30000);
		answerWith(0, 0);
		const second = await until(() => cur() !== first && cur(), 30000);
		answerWith(0, 0); // 0123 and 4567 both 0A0B: two digits are left for four places
		const note = await until(() => $('#kz-panel-computer .kz-think-note').textContent && $('#kz-panel-computer .kz-think-note'), 30000);
		const box = note.getBoundingClientRect();
		return {first, second, note: note.textContent, red: note.classList.contains('kz-bad'),
			inView: box.top >= 0 && box.bottom <= innerHeight,
			message: kz().querySelector('.kz-message').textContent};
	})()`)
	note := got["note"].(string)
	if !strings.Contains(note, "contradicts") || got["red"] != true || strings.Contains(note, "Row") {
		t.Errorf("the answer's note: %v", got)
	}
	if got["inView"] != true {
		t.Errorf("the note is out of view at 320 px: %v", got)
	}
	if got["message"] != "" {
		t.Errorf("the message line says it too: %v", got)
	}
}

// The perfect strategy's first move proves the whole strategy, which on
// Mastermind takes seconds. The Computer's game, the Helper and You
// guess's hint asked guess.suggest, which runs on one worker; now the
// strategy is searched by guess.tree, which the pool of workers shares
// (its parts run on every worker), and each move is then read from it.
// The game still plays the proven strategy to the end.
func TestPerfectMovesAreSearchedByThePool(t *testing.T) {
	ctx := computerPage(t, "mastermind")
	got := eval[map[string]any](t, ctx, `(async () => {
		// Which worker each part of a shared call goes to.
		window.partsRun = [];
		const ids = new WeakMap(), post = Worker.prototype.postMessage;
		let workers = 0;
		Worker.prototype.postMessage = function (msg, ...rest) {
			if (!ids.has(this)) ids.set(this, ++workers);
			if (msg && msg.method === 'guess.perfect.part') partsRun.push(ids.get(this));
			return post.call(this, msg, ...rest);
		};
		choose('#kz-strategy', 'perfect');
		const guesses = await play('6543', 8);
		const computer = {guesses, parts: partsRun.slice(),
			status: ($('#kz-panel-computer .kz-win') || $('#kz-panel-computer .kz-status')).textContent};
		// The Helper's suggestion from a position of its own.
		partsRun = [];
		$('#kz-tab-helper').click();
		type('[data-row="0"][data-field="guess"]', '1122');
		type('[data-row="0"][data-field="a"]', '0');
		type('[data-row="0"][data-field="b"]', '1');
		await until(() => !$('#kz-panel-helper .kz-analysis.kz-stale') && $('#kz-panel-helper .kz-suggest'), 60000);
		return {computer, helperParts: partsRun.slice(), helper: $('#kz-panel-helper .kz-suggest h3').textContent};
	})()`)
	comp := got["computer"].(map[string]any)
	if n := len(comp["guesses"].([]any)); n < 2 || n > 6 || !strings.HasPrefix(comp["status"].(string), "Solved in") {
		t.Errorf("the perfect strategy must solve Mastermind in at most 6 guesses: %v", comp)
	}
	// The parts, by the worker each went to: two workers at least.
	workers := func(parts []any) int {
		seen := map[any]bool{}
		for _, w := range parts {
			seen[w] = true
		}
		return len(seen)
	}
	if workers(comp["parts"].([]any)) < 2 {
		t.Errorf("the first perfect move must be searched by the pool's workers, in parts: %v", comp)
	}
	if workers(got["helperParts"].([]any)) < 2 || !strings.HasPrefix(got["helper"].(string), "Suggested next guess") {
		t.Errorf("the Helper's perfect move must be searched by the pool too: %v", got)
	}
}
