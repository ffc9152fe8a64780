//go:build e2e

package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// chainStartHinted starts a direct game of n objects (you first, the first
// move single), takes object 3, waits for the reader's turn again and
// shows the hint, so every object and every link carries a value.
func chainStartHinted(t *testing.T, ctx context.Context, n int) {
	t.Helper()
	eval[bool](t, ctx, fmt.Sprintf(`(async () => {
		const set = (sel, v) => { const e = $c(sel); if (e.type === 'checkbox') e.checked = v; else e.value = String(v); e.dispatchEvent(new Event('change', {bubbles: true, composed: true})); };
		set('#kz-chain-n', %d); set('#kz-chain-game', 'direct'); set('#kz-chain-start', 'you'); set('#kz-chain-rule', true);
		$c('#kz-chain-new').click();
		await until(() => $c('#kz-chain-status').dataset.turn === 'you' && $c('#kz-chain-row').dataset.moves === '0');
		$c('[data-i="2"]').click();
		await until(() => $c('#kz-chain-status').dataset.turn === 'you' && $c('#kz-chain-row').dataset.moves === '2');
		$c('#kz-chain-hint').click();
		await until(() => $c('.kz-chain-link .kz-chain-value'));
		return true;
	})()`, n))
}

// chainGeometryJS measures the row: the sizes of the objects, the smallest
// tap target, the values that cannot be seen without hovering, and every
// pair of boxes (objects, links, values) that overlap or leave the row.
const chainGeometryJS = `(() => {
	const row = $c('#kz-chain-row').getBoundingClientRect();
	const objs = [...$c('#kz-chain-row').querySelectorAll('button.kz-chain-obj')];
	const links = [...$c('#kz-chain-row').querySelectorAll('button.kz-chain-link')];
	const values = [...$c('#kz-chain-row').querySelectorAll('.kz-chain-value')];
	const box = (e, name) => { const r = e.getBoundingClientRect(); return {name, l: r.left, r: r.right, t: r.top, b: r.bottom, w: r.width, h: r.height}; };
	const sizes = new Set(objs.map(o => { const r = o.getBoundingClientRect(); return Math.round(r.width) + 'x' + Math.round(r.height); }));
	let minTarget = 1e9;
	for (const e of [...objs, ...links]) { const r = e.getBoundingClientRect(); minTarget = Math.min(minTarget, r.width, r.height); }
	const hidden = values.filter(v => { const s = getComputedStyle(v); const r = v.getBoundingClientRect(); return s.display === 'none' || s.visibility === 'hidden' || r.width === 0 || parseFloat(s.fontSize) < 11; }).length;
	const boxes = [
		...objs.map(o => box(o, 'object ' + o.dataset.i)),
		...links.map(l => box(l, 'link ' + l.dataset.pair)),
		...values.map(v => box(v, 'value of ' + (v.parentElement.dataset.i !== undefined ? 'object ' + v.parentElement.dataset.i : 'link ' + v.parentElement.dataset.pair))),
	];
	const problems = [];
	for (let i = 0; i < boxes.length; i++) {
		const a = boxes[i];
		if (a.l < row.left - 0.5 || a.r > row.right + 0.5) problems.push(a.name + ' leaves the row');
		for (let j = i + 1; j < boxes.length; j++) {
			const b = boxes[j];
			// A link's value lies inside its link: that is its place.
			if (b.name === 'value of ' + a.name) continue;
			if (a.l < b.r - 0.5 && b.l < a.r - 0.5 && a.t < b.b - 0.5 && b.t < a.b - 0.5) problems.push(a.name + ' overlaps ' + b.name);
		}
	}
	return {objects: objs.length, links: links.length, values: values.length, sizes: [...sizes], minTarget, hidden, problems: problems.slice(0, 5), problemCount: problems.length};
})()`

// TestChainRowOneSize: at 320 and 1280 px and N = 20 and 60, every object
// is the same size, every tap target is at least 32 px, every value (a
// pair's included) is shown without hovering at a readable size, and no
// value, object or link overlaps another or leaves the row.
func TestChainRowOneSize(t *testing.T) {
	ctx := chainPage(t)
	var sizes []string
	for _, width := range []int64{320, 1280} {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(width, 800)); err != nil {
			t.Fatal(err)
		}
		for _, n := range []int{20, 60} {
			chainStartHinted(t, ctx, n)
			g := eval[map[string]any](t, ctx, chainGeometryJS)
			t.Logf("%d px, N = %d: %v", width, n, g)
			objSizes := g["sizes"].([]any)
			if len(objSizes) != 1 {
				t.Fatalf("%d px, N = %d: objects of %d sizes: %v", width, n, len(objSizes), objSizes)
			}
			sizes = append(sizes, objSizes[0].(string))
			if g["minTarget"].(float64) < 32 {
				t.Fatalf("%d px, N = %d: a tap target of %v px", width, n, g["minTarget"])
			}
			// N objects less the reader's one and the computer's one or
			// two; every object and every live link has a value.
			if left := int(g["objects"].(float64)); left != n-2 && left != n-3 || g["values"].(float64) != g["objects"].(float64)+g["links"].(float64) {
				t.Fatalf("%d px, N = %d: %v objects, %v links, %v values", width, n, g["objects"], g["links"], g["values"])
			}
			if g["hidden"].(float64) != 0 {
				t.Fatalf("%d px, N = %d: %v values are not shown without hovering", width, n, g["hidden"])
			}
			if g["problemCount"].(float64) != 0 {
				t.Fatalf("%d px, N = %d: %v overlaps, such as %v", width, n, g["problemCount"], g["problems"])
			}
		}
	}
	for _, s := range sizes {
		if s != sizes[0] {
			t.Fatalf("the objects' size changes with the width or N: %v", sizes)
		}
	}
}

// chainTargetsJS measures the row's tap targets: every object's and every
// link's box (at least 32 by 32), any two that overlap, whether the point
// at the centre of each live target hits that target and no other, and
// how many slots the first line holds.
const chainTargetsJS = `(() => {
	const row = $c('#kz-chain-row');
	const targets = [...row.querySelectorAll('button.kz-chain-obj, button.kz-chain-link')].map(e => {
		const r = e.getBoundingClientRect();
		return {e, name: e.dataset.i !== undefined ? 'object ' + e.dataset.i : 'link ' + e.dataset.pair, r,
			live: getComputedStyle(e).pointerEvents !== 'none'};
	});
	const small = targets.filter(t => t.r.width < 32 || t.r.height < 32).map(t => t.name + ' ' + Math.round(t.r.width) + 'x' + Math.round(t.r.height));
	const overlaps = [];
	for (let i = 0; i < targets.length; i++) for (let j = i + 1; j < targets.length; j++) {
		const a = targets[i].r, b = targets[j].r;
		if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5) overlaps.push(targets[i].name + ' / ' + targets[j].name);
	}
	const misses = [];
	for (const t of targets.filter(t => t.live)) {
		t.e.scrollIntoView({block: 'center'});
		const r = t.e.getBoundingClientRect();
		const hit = cz().elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
		if (!hit || hit.closest('button') !== t.e) misses.push(t.name);
	}
	const slots = [...row.querySelectorAll('.kz-chain-slot')].map(s => s.getBoundingClientRect().top);
	const perLine = slots.filter(top => Math.abs(top - slots[0]) < 1).length;
	return {targets: targets.length, live: targets.filter(t => t.live).length, small: small.slice(0, 5), smallCount: small.length,
		overlaps: overlaps.slice(0, 5), overlapCount: overlaps.length, misses: misses.slice(0, 5), missCount: misses.length, perLine,
		rowHeight: row.getBoundingClientRect().height};
})()`

// chainLanguage switches the app to lang and waits for the chain widget
// in it.
func chainLanguage(t *testing.T, ctx context.Context, lang string) {
	t.Helper()
	eval[bool](t, ctx, `(async () => {
		const app = () => document.querySelector('[data-kibitz="app"]').shadowRoot;
		const sel = app().querySelector('#kz-lang');
		sel.value = '`+lang+`';
		sel.dispatchEvent(new Event('change', {bubbles: true, composed: true}));
		await until(() => app().querySelector('.kz').getAttribute('lang') === '`+lang+`' && app().querySelector('#kz-app-tab-chain'));
		app().querySelector('#kz-app-tab-chain').click();
		await until(() => cz() && cz().querySelector('.kz').getAttribute('lang') === '`+lang+`' && $c('.kz-chain-obj'));
		return true;
	})()`)
}

// TestChainAt320: on a 320 px phone every object and every take-both arc
// is a tap target of at least 32 by 32 px, at N = 20 with the hint shown
// and at the longest row Play offers (80), none overlapping another, each
// hit at its centre, and the row keeps 7 objects a line. In Japanese, the
// principal line's cells of one column share one x; a bad position's
// error sits right under the Position field; and while the table asks
// about its big rows (past N = 60), and while it builds them, no bar or
// Stop of the table's own shows.
func TestChainAt320(t *testing.T) {
	ctx := chainPage(t)
	installHold(t, ctx)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(320, 700)); err != nil {
		t.Fatal(err)
	}
	chainStartHinted(t, ctx, 20)
	check := func(what string, g map[string]any) {
		t.Helper()
		t.Logf("%s: %v", what, g)
		if g["smallCount"].(float64) != 0 || g["overlapCount"].(float64) != 0 || g["missCount"].(float64) != 0 {
			t.Errorf("%s: targets under 32 px %v, overlapping %v, not hit at their centre %v", what, g["small"], g["overlaps"], g["misses"])
		}
		if g["perLine"].(float64) != 7 {
			t.Errorf("%s: %v slots on the first line at 320 px, want 7", what, g["perLine"])
		}
	}
	g := eval[map[string]any](t, ctx, chainTargetsJS)
	if g["live"].(float64) < 30 {
		t.Fatalf("N = 20 after two moves should have live objects and links: %v", g)
	}
	check("N = 20, hinted", g)
	eval[bool](t, ctx, `(async () => {
		const set = (sel, v) => { const e = $c(sel); e.value = String(v); e.dispatchEvent(new Event('change', {bubbles: true, composed: true})); };
		set('#kz-chain-n', $c('#kz-chain-n').max);
		$c('#kz-chain-new').click();
		await until(() => $c('#kz-chain-status').dataset.turn === 'you' && $c('#kz-chain-row').dataset.row === 'X'.repeat(80));
		return true;
	})()`)
	g = eval[map[string]any](t, ctx, chainTargetsJS)
	if g["targets"].(float64) != 80+79 {
		t.Fatalf("N = 80 (Play's longest row) should show 80 objects and 79 links: %v", g)
	}
	check("N = 80", g)

	chainLanguage(t, ctx, "ja")
	got := eval[map[string]any](t, ctx, `(async () => {
		$c('#kz-chain-tab-analyse').click();
		const pos = $c('#kz-chain-pos');
		const solve = async text => {
			pos.value = text; pos.dispatchEvent(new Event('input', {bubbles: true, composed: true}));
			$c('#kz-chain-result').textContent = ''; $c('#kz-chain-pos-error').textContent = '';
			$c('#kz-chain-solve').click();
			await until(() => $c('#kz-chain-result').textContent || $c('#kz-chain-pos-error').textContent);
		};
		const out = {};
		// The principal line: the x of each column's cell, row by row.
		await solve('XXX.XX.XXXX.X');
		const rows = [...$c('.kz-chain-line').children].map(li => [...li.querySelectorAll('.kz-chain-mini > *')].map(c => c.getBoundingClientRect()));
		out.lineRows = rows.length;
		out.cells = rows.map(r => r.length);
		out.misaligned = [];
		for (let j = 0; j < rows[0].length; j++) {
			const xs = rows.map(r => r[j].left);
			if (Math.max(...xs) - Math.min(...xs) > 0.5) out.misaligned.push('column ' + (j + 1) + ': ' + xs.map(x => x.toFixed(1)).join(' '));
		}
		out.widths = [...new Set(rows.flat().map(r => r.width.toFixed(1)))];
		// A bad position: its error right under the field, nothing between.
		await solve('XXX.X.XY');
		const f = pos.getBoundingClientRect(), e = $c('#kz-chain-pos-error').getBoundingClientRect();
		out.error = $c('#kz-chain-pos-error').textContent;
		out.errorGap = e.top - f.bottom;
		out.errorLeft = e.left - f.left;
		out.errorNext = pos.nextElementSibling === $c('#kz-chain-pos-error');
		out.describedBy = pos.getAttribute('aria-describedby');
		return out;
	})()`)
	t.Logf("ja: %v", got)
	if got["lineRows"].(float64) < 5 || len(got["misaligned"].([]any)) != 0 || len(got["widths"].([]any)) != 1 {
		t.Errorf("the principal line in Japanese: %v rows of %v cells; columns that do not line up: %v; cell widths %v",
			got["lineRows"], got["cells"], got["misaligned"], got["widths"])
	}
	if got["error"] == "" || got["errorGap"].(float64) < 0 || got["errorGap"].(float64) > 12 || abs(got["errorLeft"].(float64)) > 1 ||
		got["errorNext"] != true || got["describedBy"] != "kz-chain-pos-error" {
		t.Errorf("the position's error should sit right under the field: %q, %v px below it, %v px to the side, next to it %v, described by %v",
			got["error"], got["errorGap"], got["errorLeft"], got["errorNext"], got["describedBy"])
	}

	// The table, to N = 60; then its question about the big rows, then
	// their build, held in the engine (hold_test.go) and stopped.
	ask := eval[map[string]any](t, ctx, `(async () => {
		const shownBars = () => [...cz().querySelectorAll('#kz-chain-panel-analyse progress, #kz-chain-panel-analyse [data-on-click="chain.table-stop"], #kz-chain-panel-analyse [data-on-click="chain.big-stop"]')]
			.filter(e => e.getClientRects().length > 0).map(e => e.tagName === 'PROGRESS' ? 'bar in ' + e.parentElement.parentElement.id : e.dataset.onClick);
		$c('#kz-chain-table-go').click();
		await until(() => $c('#kz-chain-table-big .kz-chain-big-text'), 120000);
		const out = {asking: shownBars(), rows: $c('#kz-chain-table').tBodies[0].rows.length};
		const box = $c('.kz-chain-table-scroll'), th = $c('#kz-chain-table thead th');
		out.scrolls = box.scrollHeight > box.clientHeight;
		out.cue = getComputedStyle(box).backgroundImage;
		out.headSticks = getComputedStyle(th).position;
		hold('chain.solve');
		$c('#kz-chain-table-big [data-on-click="chain.big-yes"]').click();
		await until(() => held('chain.solve') > 0);
		out.building = shownBars();
		$c('#kz-chain-table-big [data-on-click="chain.big-stop"]').click();
		await until(() => $c('#kz-chain-table-msg').textContent);
		await release('chain.solve');
		out.stopped = shownBars();
		return out;
	})()`)
	t.Logf("the table: %v", ask)
	if ask["rows"] != 60.0 || len(ask["asking"].([]any)) != 0 {
		t.Errorf("while the question waits, after %v rows, no bar or Stop should show: %v", ask["rows"], ask["asking"])
	}
	if fmt.Sprint(ask["building"]) != "[bar in kz-chain-table-big chain.big-stop]" || len(ask["stopped"].([]any)) != 0 {
		t.Errorf("the build shows its own bar and Stop alone (%v), and after its Stop none (%v)", ask["building"], ask["stopped"])
	}
	if ask["scrolls"] != true || !strings.Contains(ask["cue"].(string), "gradient") || ask["headSticks"] != "sticky" {
		t.Errorf("the table's box scrolls (%v): it should show a shadow (%v) and keep its head (%v)", ask["scrolls"], ask["cue"], ask["headSticks"])
	}
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}
