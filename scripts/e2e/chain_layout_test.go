//go:build e2e

package e2e

import (
	"context"
	"fmt"
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
