//go:build e2e

package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// tapTargetsJS measures, in widget #id, every control a reader can tap in
// every mode (each tab clicked in turn, every folded section opened): the
// ones smaller than min CSS px either way, by their own box or, for a
// check box, by the label around it, which is what a finger hits. A link
// inside a sentence is exempt, as WCAG's target-size rule exempts it. It
// also checks that a control in a folded section is as tall as the same
// kind of control outside one.
const tapTargetsJS = `(async (id, min, later) => {
	const root = document.getElementById(id).shadowRoot;
	const sleep = ms => new Promise(r => setTimeout(r, ms));
	const small = new Set(), heights = {inside: {}, outside: {}};
	const visible = e => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden'; };
	const name = e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (e.className && typeof e.className === 'string' ? '.' + e.className.trim().split(/\s+/).join('.') : '') + (e.textContent.trim() ? ' "' + e.textContent.trim().slice(0, 20) + '"' : '');
	const measure = mode => {
		for (const d of root.querySelectorAll('details')) d.open = true;
		for (const e of root.querySelectorAll('button, select, input, textarea, summary, a[href]')) {
			if (!visible(e)) continue;
			let box = e;
			if (e.type === 'checkbox' || e.type === 'radio') box = e.closest('label') || e;
			const inSentence = e.matches('.kz-link, a') && e.parentElement.matches('p, li, span') && e.parentElement.textContent.trim() !== e.textContent.trim();
			if (inSentence) continue;
			const r = box.getBoundingClientRect();
			if (r.width < min - 0.5 || r.height < min - 0.5) small.add(mode + ': ' + name(box) + ' ' + Math.round(r.width) + 'x' + Math.round(r.height));
			if (e.matches('select, input[type=text], input[type=number]')) {
				const where = e.closest('details') ? 'inside' : 'outside';
				heights[where][Math.round(r.height)] = name(e);
			}
		}
	};
	const tabs = [...root.querySelectorAll('[role=tab]')].filter(t => !t.closest('.kz-app-games'));
	if (tabs.length === 0) measure('the widget');
	for (const t of tabs) {
		t.click();
		await sleep(300);
		measure(t.textContent.trim());
	}
	// Controls that only show later in a game: the widget's own script
	// brings them out, and they are measured where it leaves the widget.
	if (later) measure('later: ' + await later(root, sleep));
	return {small: [...small], inside: Object.keys(heights.inside), outside: Object.keys(heights.outside), tabs: tabs.length};
})`

// laterStatesJS, by widget, brings out the controls that a first look
// does not show, and names the state it leaves the widget in.
var laterStatesJS = map[string]string{
	// The strategy's export: its download link.
	"guess": `async (root, sleep) => {
		const until = async f => { for (let i = 0; i < 300; i++) { const v = f(); if (v) return v; await sleep(100); } throw new Error('timed out'); };
		root.querySelector('[role=tab][data-mode=tree]').click();
		// Export once the tree is shown: clicked before, it says there is
		// no tree yet, which on a loaded machine left no link to measure.
		await until(() => { const v = root.querySelector('#kz-panel-tree .kz-tree-view'); return v && !v.classList.contains('kz-stale') && root.querySelector('#kz-panel-tree .kz-tree-root'); });
		root.querySelector('[data-on-click="tree.export"]').click();
		await until(() => root.querySelector('.kz-tree-download'));
		return 'an exported strategy';
	}`,
	// A lost game: Replay this board, and the records.
	"mines": `async (root, sleep) => {
		const until = async f => { for (let i = 0; i < 300; i++) { const v = f(); if (v) return v; await sleep(100); } throw new Error('timed out'); };
		root.querySelector('[role=tab][data-mode=play]').click();
		const status = root.querySelector('.kz-mines-status');
		// Reveal hidden squares in order until one is a mine.
		for (let i = 0; i < 81 && !status.classList.contains('kz-bad'); i++) {
			const hidden = root.querySelector('#kz-mines-panel-play .kz-mines-cell.kz-mines-h');
			hidden.dispatchEvent(new MouseEvent('click', {bubbles: true, composed: true, cancelable: true, button: 0}));
			await sleep(100);
		}
		await until(() => status.classList.contains('kz-bad') && !root.querySelector('.kz-mines-records').hidden);
		return 'a lost game';
	}`,
}

// TestControlsAreBigEnoughToTap: at 320 px, in English and Japanese, every
// control of the three widgets, in every mode
// with every folded section open, and in the later states laterStatesJS
// brings out, is at least 32 CSS px each way (a check box by its label),
// and the fields in a folded section are as tall as those outside. (The
// chain game's row, drawn objects and gaps, has its own geometry test.)
func TestControlsAreBigEnoughToTap(t *testing.T) {
	for _, lang := range []string{"en", "ja"} {
		ctx := tab(t)
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(320, 900)); err != nil {
			t.Fatal(err)
		}
		navigate(t, ctx, embedPage(t, "targets-"+lang+".html",
			`<div id="guess" data-kibitz="guess" data-lang="`+lang+`"></div><div id="mines" data-kibitz="mines" data-lang="`+lang+`"></div>`+
				`<div id="chain" data-kibitz="chain" data-lang="`+lang+`"></div>`))
		for _, id := range []string{"guess", "mines", "chain"} {
			waitWidget(t, ctx, "#"+id)
			later := laterStatesJS[id]
			if later == "" {
				later = "null"
			}
			got := eval[map[string]any](t, ctx, fmt.Sprintf(`%s(%q, 32, %s)`, tapTargetsJS, id, later))
			t.Logf("%s %s: %d tabs; field heights in folded sections %v, outside %v", lang, id, int(got["tabs"].(float64)), got["inside"], got["outside"])
			if small := got["small"].([]any); len(small) > 0 {
				var lines []string
				for _, s := range small {
					lines = append(lines, s.(string))
				}
				t.Errorf("%s %s: %d controls under 32 px:\n  %s", lang, id, len(lines), strings.Join(lines, "\n  "))
			}
			inside, outside := got["inside"].([]any), got["outside"].([]any)
			for _, h := range inside {
				found := false
				for _, o := range outside {
					found = found || h == o
				}
				if !found && len(outside) > 0 {
					t.Errorf("%s %s: a field in a folded section is %v px tall; outside, %v", lang, id, h, outside)
				}
			}
		}
	}
}
