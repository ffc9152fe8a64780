//go:build e2e

// Package e2e tests the built Kibitz in real headless Chromium, driven
// through the DevTools protocol with chromedp: the single file from
// file://, the hosted site with its service worker, the embed on a hostile
// page, the worker's failure handling, and whole games in the widgets.
//
// Run with the e2e tag (scripts/test does): go test -tags e2e ./scripts/e2e
// KIBITZ_CHROMIUM overrides the browser (default /usr/bin/chromium).
package e2e

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"kibitz/scripts/internal/builder"
)

var (
	dist    string          // the build under test
	browser context.Context // the shared browser; each test opens tabs in it
)

func TestMain(m *testing.M) {
	os.Exit(run(m))
}

func run(m *testing.M) int {
	root, err := builder.Root()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	tmp, err := os.MkdirTemp("", "kibitz-e2e")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(tmp)
	result, err := builder.Build(root, filepath.Join(tmp, "dist"))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	dist = result.Dir

	chromium := os.Getenv("KIBITZ_CHROMIUM")
	if chromium == "" {
		chromium = "/usr/bin/chromium"
	}
	if _, err := os.Stat(chromium); err != nil {
		fmt.Fprintf(os.Stderr, "e2e: no Chromium at %s (scripts/test installs it): %v\n", chromium, err)
		return 1
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromium),
		chromedp.NoSandbox,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("no-first-run", true),
		chromedp.WindowSize(1280, 900),
	)
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelAlloc()
	ctx, cancel := chromedp.NewContext(alloc)
	defer cancel()
	if err := chromedp.Do(ctx); err != nil { // start the browser
		fmt.Fprintln(os.Stderr, "e2e: cannot start Chromium:", err)
		return 1
	}
	browser = ctx
	return m.Run()
}

// tab opens a new tab for one test, closed when the test ends. Each tab
// has its own browser context, so no storage, cache or service worker
// leaks from one test into another.
func tab(t testing.TB) context.Context {
	t.Helper()
	ctx, cancel := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	if err := chromedp.Do(ctx); err != nil {
		t.Fatal(err)
	}
	logConsole(t, ctx)
	return ctx
}

// withTimeout bounds one step of a test.
func withTimeout(t testing.TB, ctx context.Context, d time.Duration) context.Context {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, d)
	t.Cleanup(cancel)
	return c
}

// eval runs a JS expression (a Promise is awaited) and decodes its value.
func eval[T any](t testing.TB, ctx context.Context, expr string) T {
	t.Helper()
	v, err := chromedp.Run(withTimeout(t, ctx, 90*time.Second), chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("evaluating %s: %v", short(expr), err)
	}
	return v
}

// poll waits until a JS expression is truthy and returns its value.
func poll[T any](t testing.TB, ctx context.Context, expr string, timeout time.Duration) T {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		v, err := chromedp.Run(withTimeout(t, ctx, time.Until(deadline)+5*time.Second),
			chromedp.Poll[T](expr, chromedp.WithPollingTimeout(time.Until(deadline)), chromedp.WithPollingInterval(50*time.Millisecond)))
		// A poll begun as a navigation ends can run in the document that
		// went ("Cannot find context with specified id"): the page is
		// there a moment later, so it polls again in that one.
		if err != nil && strings.Contains(err.Error(), "Cannot find context with specified id") && time.Now().Before(deadline) {
			time.Sleep(50 * time.Millisecond)
			continue
		}
		if err != nil {
			t.Fatalf("waiting for %s: %v", short(expr), err)
		}
		return v
	}
}

func navigate(t testing.TB, ctx context.Context, url string) {
	t.Helper()
	if err := chromedp.Do(withTimeout(t, ctx, 60*time.Second), chromedp.Navigate(url)); err != nil {
		t.Fatalf("opening %s: %v", url, err)
	}
}

func short(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 120 {
		return s[:120] + "…"
	}
	return s
}

// serve serves dir over HTTP on loopback for the length of the test.
func serve(t testing.TB, dir string) *httptest.Server {
	t.Helper()
	server := httptest.NewServer(builder.SiteHandler(dir))
	t.Cleanup(server.Close)
	return server
}

func fileURL(path string) string { return "file://" + filepath.ToSlash(path) }

// jsString quotes a Go string as a JS string literal.
func jsString(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`, "\n", `\n`).Replace(s) + "'"
}

var _ http.Handler // keep net/http imported for helpers in other files

// logConsole copies the tab's console into the test log, so a failure shows
// what the page said.
func logConsole(t testing.TB, ctx context.Context) {
	messages := chromedp.Console(ctx)
	var mu sync.Mutex
	done := false
	t.Cleanup(func() { mu.Lock(); done = true; mu.Unlock() })
	go func() {
		for m, err := range messages {
			if err != nil {
				return
			}
			mu.Lock()
			if !done {
				t.Logf("console %s: %s", m.Type, short(m.Text))
			}
			mu.Unlock()
		}
	}()
}
