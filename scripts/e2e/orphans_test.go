//go:build e2e

package e2e

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// orphansJS lists the paragraphs shown in the widget whose last line holds
// one letter or character (and its punctuation), with that line.
const orphansJS = `(() => {
	const out = [];
	for (const e of kz().querySelectorAll('p, li, h2, h3, dd')) {
		if (!e.getClientRects().length || e.closest('.kz-sr')) continue;
		const walker = document.createTreeWalker(e, NodeFilter.SHOW_TEXT), chars = [];
		for (let n; (n = walker.nextNode()); ) {
			for (let i = 0; i < n.data.length; i++) {
				if (/\s/.test(n.data[i])) continue;
				const r = document.createRange(); r.setStart(n, i); r.setEnd(n, i + 1);
				const b = r.getClientRects()[0];
				if (b) chars.push({c: n.data[i], top: Math.round(b.top)});
			}
		}
		if (new Set(chars.map(c => c.top)).size < 2) continue;
		const last = chars.filter(c => Math.abs(c.top - chars[chars.length - 1].top) < 4).map(c => c.c).join('');
		if ([...last.replace(/[。、，．：；！？」）)\.!?,:;%]/g, '')].length <= 1) out.push(last + ' ← ' + e.textContent.trim().slice(0, 30));
	}
	return out;
})()`

// At 320 px no paragraph of the number-guessing widget ends on a line of
// one character, in Chinese or Japanese: the strategy's description
// ended on "索。" alone, the Helper's summary on "组。".
func TestNoParagraphEndsOnALoneCharacter(t *testing.T) {
	ctx := tab(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(320, 800)); err != nil {
		t.Fatal(err)
	}
	for _, lang := range []string{"zh-Hans", "zh-Hant", "ja"} {
		navigate(t, ctx, embedPage(t, "orphans.html", `<div data-kibitz="guess" data-lang="`+lang+`" data-mode="helper"></div>`))
		installHelpers(t, ctx)
		lone := eval[[]any](t, ctx, `(async () => {
			await until(() => $('#kz-panel-helper table') && $('.kz-settings'));
			$('.kz-settings').open = true;
			await new Promise(r => setTimeout(r, 300));
			return `+orphansJS+`;
		})()`)
		for _, l := range lone {
			t.Errorf("%s: a paragraph ends on a lone character: %v", lang, l)
		}
	}
}
