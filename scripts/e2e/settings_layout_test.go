//go:build e2e

package e2e

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

// A custom rule's fields are rows of the settings, lined up with the
// others: every label starts where the Game (or Level) label starts, and
// every field, the Repeats allowed box included, where its menu starts.
// They were a row of their own under the grid, each label beside its
// field, so no edge met the grid's (at 320 px the Symbols field sat 65 px
// right of the menus, and Mines under Width).
func TestCustomRuleFieldsLineUpWithTheSettings(t *testing.T) {
	ctx := tab(t)
	navigate(t, ctx, embedPage(t, "settings-layout.html",
		`<div id="guess" data-kibitz="guess" data-lang="en"></div><div id="mines" data-kibitz="mines" data-lang="en"></div>`))
	waitWidget(t, ctx, "#guess")
	waitWidget(t, ctx, "#mines")
	installHelpers(t, ctx) // until
	eval[bool](t, ctx, `(async () => {
		const pick = (root, sel, value) => { const s = root.querySelector(sel); s.value = value; s.dispatchEvent(new Event('change', {bubbles: true})); };
		const g = document.getElementById('guess').shadowRoot, m = document.getElementById('mines').shadowRoot;
		g.querySelector('.kz-settings').open = true;
		m.querySelector('.kz-settings').open = true;
		pick(g, '#kz-preset', 'custom');
		pick(m, '#kz-mines-level', 'custom');
		await until(() => !g.querySelector('.kz-custom').hidden && !m.querySelector('.kz-custom').hidden);
		return true;
	})()`)
	for _, width := range []int64{320, 1280} {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(width, 900)); err != nil {
			t.Fatal(err)
		}
		// Each edge as [what, its left, the left it should have].
		edges := eval[[][]any](t, ctx, `(async () => {
			await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
			const left = (root, sel) => Math.round(root.querySelector(sel).getBoundingClientRect().left);
			const out = [];
			const line = (id, first, labels, fields) => {
				const root = document.getElementById(id).shadowRoot;
				const label = left(root, 'label[for="' + first + '"]'), field = left(root, '#' + first);
				for (const f of labels) out.push([id + ' label for ' + f, left(root, 'label[for="' + f + '"]'), label]);
				for (const f of fields) out.push([id + ' ' + f, left(root, f), field]);
			};
			line('guess', 'kz-preset', ['kz-length', 'kz-alphabet'], ['#kz-length', '#kz-alphabet', '#kz-repeats']);
			line('mines', 'kz-mines-level', ['kz-mines-width', 'kz-mines-height', 'kz-mines-count'], ['#kz-mines-width', '#kz-mines-height', '#kz-mines-count']);
			return out;
		})()`)
		for _, e := range edges {
			if fmt.Sprint(e[1]) != fmt.Sprint(e[2]) {
				t.Errorf("at %d px, %v starts at x = %v, not %v with the settings above it", width, e[0], e[1], e[2])
			}
		}
	}
}
