//go:build e2e

package e2e

import (
	"context"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// forceColors emulates a contrast theme (Windows' forced colours) on the
// tab, over a light or dark system.
func forceColors(t *testing.T, ctx context.Context, scheme string) {
	t.Helper()
	media := emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{
		{Name: "forced-colors", Value: "active"}, {Name: "prefers-color-scheme", Value: scheme}}}
	if err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, target *chromedp.Target) error {
		_, err := cdp.Call(ctx, target, emulation.SetEmulatedMedia, media)
		return err
	})); err != nil {
		t.Fatal(err)
	}
}

// The other widgets under a contrast theme: what only colour said is
// drawn in system colours too. The selected tab's underline differs from
// the others', the chart's bars are drawn, and the chosen answer stands
// out. (All three had vanished: the theme forced them to the page's
// colours.)
func TestWidgetsUnderForcedColors(t *testing.T) {
	ctx := tab(t)
	forceColors(t, ctx, "dark")
	navigate(t, ctx, embedPage(t, "forced-guess.html", `<div id="comp" data-kibitz="guess" data-lang="en" data-mode="computer"></div>`))
	waitWidget(t, ctx, "#comp")
	got := eval[map[string]any](t, ctx, `(async () => {
		const r = document.getElementById('comp').shadowRoot, css = e => getComputedStyle(e);
		const until = async f => { for (let i = 0; i < 600; i++) { const v = f(); if (v) return v; await new Promise(r => setTimeout(r, 50)); } throw new Error('timed out'); };
		r.querySelector('[data-on-click="comp.new"]').click();
		await until(() => r.querySelector('.kz-pick') && r.querySelector('.kz-barlist-fill'));
		r.querySelectorAll('.kz-pick')[6].click();
		await until(() => r.querySelector('.kz-pick[aria-checked="true"]'));
		const page = css(r.querySelector('.kz')).backgroundColor;
		const tabs = [...r.querySelectorAll('[role=tab]')];
		const chosen = r.querySelector('.kz-pick[aria-checked="true"]'), other = r.querySelector('.kz-pick[aria-checked="false"]');
		return {page, selectedTab: css(tabs.find(t => t.getAttribute('aria-selected') === 'true')).borderBottomColor,
			otherTab: css(tabs.find(t => t.getAttribute('aria-selected') !== 'true')).borderBottomColor,
			bar: css(r.querySelector('.kz-barlist-fill')).backgroundColor,
			chosen: css(chosen).backgroundColor, other: css(other).backgroundColor};
	})()`)
	if got["selectedTab"] == got["otherTab"] {
		t.Errorf("the selected tab's underline is the others': %v", got)
	}
	if got["bar"] == got["page"] || got["bar"] == "rgba(0, 0, 0, 0)" {
		t.Errorf("the chart's bars are the page's colour: %v", got)
	}
	if got["chosen"] == got["other"] {
		t.Errorf("the chosen answer looks like the others: %v", got)
	}

	// The chain game's principal line: each object a dot.
	navigate(t, ctx, embedPage(t, "forced-chain.html", `<div id="chain" data-kibitz="chain" data-lang="en" data-mode="analyse"></div>`))
	waitWidget(t, ctx, "#chain")
	dots := eval[map[string]any](t, ctx, `(async () => {
		const r = document.getElementById('chain').shadowRoot;
		const until = async f => { for (let i = 0; i < 600; i++) { const v = f(); if (v) return v; await new Promise(r => setTimeout(r, 50)); } throw new Error('timed out'); };
		r.querySelector('form.kz-chain-form button').click();
		const dot = await until(() => r.querySelector('.kz-chain-mini > i:not(.kz-chain-mini-take):not(.kz-chain-mini-gap)'));
		return {page: getComputedStyle(r.querySelector('.kz')).backgroundColor, dot: getComputedStyle(dot, '::before').backgroundColor};
	})()`)
	if dots["dot"] == dots["page"] {
		t.Errorf("the principal line's dots are the page's colour: %v", dots)
	}
}
