//go:build e2e

package e2e

import (
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"kibitz/scripts/internal/builder"
)

// The hosted site's loader and shell, second round: what a failed load
// names, what the service worker keeps, and the workers a pool starts.

// When the hosted site's module cannot be fetched, the console names the
// file the site fetched (kibitz.wasm). It named kibitz.wasm.js, the
// classic-script copy only the embed build writes: the loader had asked
// the site for it, and the reader (or the site's owner reading the
// console) looked for a file the site never had.
func TestHostedSiteNamesTheModuleItFetched(t *testing.T) {
	site := builder.SiteHandler(filepath.Join(dist, "site"))
	var mu sync.Mutex
	var asked []string
	server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		asked = append(asked, r.URL.Path)
		mu.Unlock()
		switch r.URL.Path {
		case "/kibitz.wasm": // the connection fails
			conn, _, _ := w.(http.Hijacker).Hijack()
			conn.Close()
		case "/sw.js": // no worker: each visit asks the host
			http.NotFound(w, r)
		default:
			site.ServeHTTP(w, r)
		}
	}))
	t.Cleanup(server.Close)
	ctx := tab(t)
	console := chromedp.Console(ctx)
	var said []string
	go func() {
		for m, err := range console {
			if err != nil {
				return
			}
			mu.Lock()
			said = append(said, m.Text)
			mu.Unlock()
		}
	}()
	navigate(t, ctx, server.URL+"/")
	poll[bool](t, ctx, `(() => { const root = document.querySelector('[data-kibitz=app]').shadowRoot; return !!(root && root.querySelector('.kz-failed')); })()`, 30*time.Second)
	deadline := time.Now().Add(10 * time.Second)
	var report string
	for report == "" && time.Now().Before(deadline) {
		mu.Lock()
		for _, text := range said {
			if strings.Contains(text, "could not load its engine") {
				report = text
			}
		}
		mu.Unlock()
		time.Sleep(50 * time.Millisecond)
	}
	if report, _, _ = strings.Cut(report, "\n"); !strings.Contains(report, server.URL+"/kibitz.wasm") || strings.Contains(report, "kibitz.wasm.js") {
		t.Errorf("the console said %q; want the address fetched, %s/kibitz.wasm, and no kibitz.wasm.js", report, server.URL)
	}
	mu.Lock()
	defer mu.Unlock()
	for _, path := range asked {
		if strings.HasSuffix(path, ".wasm.js") {
			t.Errorf("the hosted site's loader asked for %s, a file the site does not have (asked: %v)", path, asked)
			break
		}
	}
}
