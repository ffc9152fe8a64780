//go:build e2e

package e2e

import (
	"testing"
	"time"
)

// The single file works from disk: no server, no network.
func TestSingleFileFromDisk(t *testing.T) {
	ctx := tab(t)
	navigate(t, ctx, fileURL(dist+"/kibitz.html"))
	got := eval[map[string]any](t, ctx, `Kibitz.createEngine().then(e => e.call('guess.score', {secret: '1234', guess: '1243'}))`)
	if got["a"] != 2.0 || got["b"] != 2.0 {
		t.Fatalf("1234 vs 1243: got %v, want 2A2B", got)
	}
	bad := eval[map[string]any](t, ctx, `Kibitz.createEngine()
		.then(e => e.call('guess.score', {secret: '1234', guess: '1231'}))
		.then(() => ({code: 'none'}), err => ({code: err.code, field: err.field, pos: err.pos, message: err.message, isError: err instanceof Error}))`)
	if bad["code"] != "bad-input" || bad["field"] != "guess" || bad["pos"] != 3.0 || bad["isError"] != true || bad["message"] == "" {
		t.Fatalf("a repeated digit must reject with bad-input naming guess position 4: %v", bad)
	}
	// The app widget is up in its shadow root.
	poll[bool](t, ctx, `(() => { const h = document.querySelector('[data-kibitz="app"]'); return !!(h && h.shadowRoot && h.shadowRoot.querySelector('.kz')); })()`, 30*time.Second)
}
