//go:build e2e

package e2e

import (
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"kibitz/scripts/internal/builder"
)

// The app and the hosted site as a first-time visitor meets them: its
// welcome, its screens, its language, and the site's service worker.

// A host that says its files vary by a request header (Vary: Accept, as
// a host that negotiates content does; Vary: User-Agent, as some Apache
// setups do; Vary: *) still gets a site that works offline after a
// visit. The worker kept the host's Vary with each file, and a navigation
// carries neither the Accept nor the User-Agent of the install's fetch:
// nothing matched, the page came from the network every time, and
// offline the reader met the browser's "This site can't be reached"
// (with "Vary: *" the cache refused every file and the worker never
// installed).
func TestHostedSiteWorksOfflineWhateverItsHostVariesBy(t *testing.T) {
	for _, vary := range []string{"Accept", "User-Agent", "*"} {
		t.Run(vary, func(t *testing.T) {
			site := builder.SiteHandler(filepath.Join(dist, "site"))
			server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Vary", vary)
				site.ServeHTTP(w, r)
			}))
			t.Cleanup(server.Close)
			ctx := tab(t)
			underWorker(t, ctx, server.URL+"/#mines")
			server.Close()
			goOffline(t, ctx)
			if err := chromedp.Do(withTimeout(t, ctx, 60*time.Second), chromedp.Reload()); err != nil {
				t.Fatalf("with Vary: %s, the site offline after a visit: %v", vary, err)
			}
			goOffline(t, ctx) // again: Chromium 148 forgets it at a reload
			appHelpers(t, ctx)
			if got := poll[string](t, ctx, `(() => { const g = game('mines'); return g && g.querySelector('[role=tab][aria-selected=true]') ? document.title : ''; })()`, 60*time.Second); got != "Minesweeper · Kibitz" {
				t.Errorf("offline, the reader is back in %q", got)
			}
			got := eval[map[string]any](t, ctx, `Kibitz.createEngine().then(e => e.call('guess.score', {secret: '1234', guess: '1243'}))`)
			if got["a"] != 2.0 || got["b"] != 2.0 {
				t.Errorf("offline, the engine: got %v, want 2A2B", got)
			}
		})
	}
}
