//go:build e2e

package e2e

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// The hosted site's shell as a reader meets it: its service worker, the
// addresses it answers, and what it leaves to the host.

// underWorker opens url and reloads it once its service worker is
// active, so that from then on the worker answers the tab.
func underWorker(t *testing.T, ctx context.Context, url string) {
	t.Helper()
	navigate(t, ctx, url)
	poll[bool](t, ctx, `navigator.serviceWorker.ready.then(() => true)`, 30*time.Second)
	navigate(t, ctx, url)
	poll[bool](t, ctx, `!!navigator.serviceWorker.controller`, 30*time.Second)
	waitWidget(t, ctx, `[data-kibitz="app"]`)
}

// goOffline cuts the tab off the network, as a reader on a train is.
func goOffline(t *testing.T, ctx context.Context) {
	t.Helper()
	offline := func(ctx context.Context, target *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, target, network.OverrideNetworkState, network.OverrideNetworkStateParams{Offline: true})
		return chromedp.Void{}, err
	}
	if _, err := chromedp.Run(ctx, offline); err != nil {
		t.Fatal(err)
	}
}

// openPage navigates to url and reports the browser's error, if any,
// rather than failing the test.
func openPage(t *testing.T, ctx context.Context, url string) error {
	t.Helper()
	return chromedp.Do(withTimeout(t, ctx, 60*time.Second), chromedp.Navigate(url))
}

// A reader whose bookmark ends in index.html gets the site, online and
// offline, on a host that redirects index.html to its folder (Go's file
// server does, as do several static hosts). The worker had kept the
// redirected answer, and a browser refuses a redirected answer to a
// navigation: the tab showed its network-error page.
func TestHostedSiteOpensAtIndexHTML(t *testing.T) {
	server := serve(t, filepath.Join(dist, "site"))
	ctx := tab(t)
	underWorker(t, ctx, server.URL+"/")
	if err := openPage(t, ctx, server.URL+"/index.html"); err != nil {
		t.Fatalf("online, /index.html under the service worker: %v", err)
	}
	waitWidget(t, ctx, `[data-kibitz="app"]`)

	server.Close()
	goOffline(t, ctx)
	if err := openPage(t, ctx, server.URL+"/index.html"); err != nil {
		t.Fatalf("offline, /index.html: %v", err)
	}
	waitWidget(t, ctx, `[data-kibitz="app"]`)
}
