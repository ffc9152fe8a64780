//go:build e2e

package e2e

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/heapprofiler"
	"github.com/chromedp/chromedp"
)

// workers counts the dedicated workers of the tab's browser context.
func workers(t *testing.T, ctx context.Context) int {
	t.Helper()
	infos, err := chromedp.Targets(ctx)
	if err != nil {
		t.Fatal(err)
	}
	mine := chromedp.FromContext(ctx).BrowserContextID
	n := 0
	for _, info := range infos {
		if info.Type == "worker" && info.BrowserContextID == mine {
			n++
		}
	}
	return n
}

func collectGarbage(t *testing.T, ctx context.Context) {
	t.Helper()
	collect := func(ctx context.Context, target *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, target, heapprofiler.CollectGarbage, cdp.Empty{})
		return chromedp.Void{}, err
	}
	if _, err := chromedp.Run(ctx, collect); err != nil {
		t.Fatal(err)
	}
}

// A page that makes an engine for each call and never terminates it (the
// shortest way to write a call) does not keep a worker, and its tens of
// megabytes, per call for the rest of its life: an engine the page no
// longer holds ends its workers once its calls have settled. A call
// running on an engine nothing else holds is not cut short.
func TestDroppedEnginesLetGoOfTheirWorkers(t *testing.T) {
	ctx := tab(t)
	navigate(t, ctx, embedPage(t, "dropped.html", ``))
	eval[bool](t, ctx, `(async () => {
		for (let i = 0; i < 4; i++) {
			const r = await Kibitz.createEngine({game: 'guess'}).then(e => e.call('guess.score', {secret: '1234', guess: '1243'}));
			if (r.a !== 2) throw new Error('wrong score');
		}
		return true;
	})()`)
	if n := workers(t, ctx); n < 4 {
		t.Fatalf("%d workers after four engines; the test expects each to have started one", n)
	}
	for deadline := time.Now().Add(20 * time.Second); workers(t, ctx) > 0; time.Sleep(200 * time.Millisecond) {
		collectGarbage(t, ctx)
		if time.Now().After(deadline) {
			t.Fatalf("%d workers still running after the page let go of their engines", workers(t, ctx))
		}
	}

	// A long search on an engine the page does not hold: collections while
	// it runs do not end it.
	eval[bool](t, ctx, `(window.answer = null, Kibitz.createEngine({game: 'chain'})
		.then(e => e.call('chain.solve', {n: 70, reverse: true}))
		.then(r => { window.answer = r; }, err => { window.answer = {error: err.code + ': ' + err.message}; }), true)`)
	for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		collectGarbage(t, ctx)
		if done := eval[bool](t, ctx, `window.answer !== null`); done {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the long call never answered")
		}
	}
	if got := eval[map[string]any](t, ctx, `window.answer`); got["error"] != nil {
		t.Fatalf("a call on an engine the page does not hold was cut short: %v", got["error"])
	}
}
