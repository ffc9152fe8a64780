//go:build !js

// Command loadtime measures how soon an embedded widget shows its
// placeholder and how soon it is usable, for several builds of the embed
// side by side, in headless Chromium, on a blog post served over HTTP.
//
//	go run ./scripts/loadtime -build old=/tmp/kibitz-old-dist/kibitz-embed.js \
//	    -build new=dist/embed/kibitz-embed.js [-runs 5] [-game mines] [-chromium /usr/bin/chromium]
//
// Each build's directory is served from its own port on 127.0.0.1, as a
// blog host would (files gzipped, .wasm as application/wasm), with a
// generated post.html: a heading, lorem paragraphs, one
// <div data-kibitz="GAME"> and the embed script at the end of the body.
// Every run opens the post in a fresh tab with its own profile and the
// cache disabled, so each is a first visit, under three conditions: no
// throttling, the CPU slowed 4×, and a 1.6 Mbit/s line with 150 ms of
// latency. The runs take turns between the builds (old, new, old, new…),
// so the machine's load weighs on each alike.
//
// The times are read in the page: an inline script in the post's head
// (probe.js) records performance.now(), that is milliseconds from
// navigation start, when the loader's .kz-loading box is in the widget's
// shadow root (placeholder) and when the element is no longer aria-busy,
// the box is gone and the game is drawn (usable; for Minesweeper a board
// cell, .kz-mines-cell). "served" is the body bytes the host sent for a
// visit, the post included.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// build is one embed script to measure, served from its directory.
type build struct {
	name   string
	script string // the script's file name in dir
	dir    string
	host   *host
	url    string // of its post
}

// buildFlags collects the -build name=path flags in the order given.
type buildFlags []*build

func (b *buildFlags) String() string { return "" }

func (b *buildFlags) Set(value string) error {
	name, file, ok := strings.Cut(value, "=")
	if !ok || name == "" || file == "" {
		return fmt.Errorf("-build %q is not name=path/to/kibitz-embed.js", value)
	}
	for _, other := range *b {
		if other.name == name {
			return fmt.Errorf("-build names %q twice", name)
		}
	}
	abs, err := filepath.Abs(file)
	if err != nil {
		return err
	}
	if info, err := os.Stat(abs); err != nil {
		return fmt.Errorf("-build %s: %w", name, err)
	} else if info.IsDir() {
		return fmt.Errorf("-build %s: %s is a directory, not the embed script", name, file)
	}
	*b = append(*b, &build{name: name, script: filepath.Base(abs), dir: filepath.Dir(abs)})
	return nil
}

// condition is a way to slow the tab down.
type condition struct {
	name     string
	cpuRate  float64 // Emulation.setCPUThrottlingRate; 0: none
	throttle bool    // the slow line
}

var conditions = []condition{
	{name: "no throttling"},
	{name: "CPU 4× slower", cpuRate: 4},
	{name: "1.6 Mbit/s, 150 ms", throttle: true},
}

// The slow line: what Lighthouse calls slow 4G.
const (
	lineLatencyMs   = 150
	lineDownloadBps = 1.6e6 / 8
	lineUploadBps   = 750e3 / 8
	pollEvery       = 100 * time.Millisecond
)

// sample is what one run measured.
type sample struct {
	placeholder, usable float64 // ms from navigation start
	sent, requests      int64
	err                 error // the run did not finish: which stage never came
}

func main() {
	var builds buildFlags
	flag.Var(&builds, "build", "name=path/to/kibitz-embed.js, one per build (at least one)")
	runs := flag.Int("runs", 5, "runs per build and condition")
	game := flag.String("game", "mines", "the game in the post's data-kibitz")
	ready := flag.String("ready", "", "CSS selector that matches in the shadow root once the widget is drawn (default: by game)")
	chromium := flag.String("chromium", "/usr/bin/chromium", "browser binary")
	timeout := flag.Duration("timeout", 60*time.Second, "time a run may take before it counts as failed")
	only := flag.String("conditions", "", "comma-separated condition numbers to run, 1–3 (default: all)")
	verbose := flag.Bool("v", false, "print each run as it ends")
	flag.Parse()
	if len(builds) == 0 {
		usage("at least one -build name=path is needed")
	}
	if *runs < 1 {
		usage("-runs must be at least 1")
	}
	if !regexp.MustCompile(`^[a-z]+$`).MatchString(*game) {
		usage(fmt.Sprintf("-game %q is not a game's name (guess, mines, chain)", *game))
	}
	if *ready == "" {
		*ready = readySelector(*game)
	}
	chosen, err := pickConditions(*only)
	if err != nil {
		usage(err.Error())
	}

	for _, b := range builds {
		b.host = newHost(b.dir, postHTML(*game, b.script, *ready))
		server := httptest.NewServer(b.host)
		defer server.Close()
		b.url = server.URL + "/post.html"
	}

	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(*chromium),
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
	browser, cancelBrowser := chromedp.NewContext(alloc)
	defer cancelBrowser()
	if err := chromedp.Do(browser); err != nil {
		fail(fmt.Errorf("cannot start Chromium at %s: %w", *chromium, err))
	}

	// One untimed visit per build first: it starts the browser's
	// processes and has the host gzip the files, so the first timed run
	// pays for neither.
	for _, b := range builds {
		if s := visit(browser, b, conditions[0], *timeout); s.err != nil {
			fail(fmt.Errorf("the warm-up visit of %s failed: %w", b.name, s.err))
		}
	}

	results := map[string][]sample{} // by condition and build name
	for _, c := range chosen {
		for run := 1; run <= *runs; run++ {
			for _, b := range builds {
				s := visit(browser, b, c, *timeout)
				key := c.name + "\x00" + b.name
				results[key] = append(results[key], s)
				if *verbose || s.err != nil {
					fmt.Fprintf(os.Stderr, "%s, %s, run %d: %s\n", c.name, b.name, run, s)
				}
			}
		}
	}
	fmt.Printf("%s: %d runs per build and condition, ms from navigation start: median (min–max)\n\n", *game, *runs)
	printTable(os.Stdout, chosen, builds, results)
}

func (s sample) String() string {
	if s.err != nil {
		return "failed: " + s.err.Error()
	}
	return fmt.Sprintf("placeholder %.0f ms, usable %.0f ms, %s in %d requests", s.placeholder, s.usable, kb(float64(s.sent)), s.requests)
}

func pickConditions(only string) ([]condition, error) {
	if only == "" {
		return conditions, nil
	}
	var chosen []condition
	for _, part := range strings.Split(only, ",") {
		var n int
		if _, err := fmt.Sscanf(strings.TrimSpace(part), "%d", &n); err != nil || n < 1 || n > len(conditions) {
			return nil, fmt.Errorf("-conditions %q: each must be a number from 1 to %d", only, len(conditions))
		}
		chosen = append(chosen, conditions[n-1])
	}
	return chosen, nil
}

// visit opens the build's post in a fresh tab (its own browser context:
// no storage, cache or service worker from another run) under the
// condition, and waits until the page's probe has seen the widget usable.
func visit(browser context.Context, b *build, c condition, timeout time.Duration) sample {
	tab, closeTab := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
	defer closeTab()
	if err := chromedp.Do(tab); err != nil {
		return sample{err: fmt.Errorf("cannot open a tab: %w", err)}
	}
	ctx, cancel := context.WithTimeout(tab, timeout)
	defer cancel()

	setup := []func() error{
		func() error { _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); return err },
		func() error {
			_, err := chromedp.Call(ctx, network.SetCacheDisabled, network.SetCacheDisabledParams{CacheDisabled: true})
			return err
		},
	}
	if c.cpuRate > 0 {
		setup = append(setup, func() error {
			_, err := chromedp.Call(ctx, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: c.cpuRate})
			return err
		})
	}
	if c.throttle {
		setup = append(setup, func() error {
			// Network.emulateNetworkConditions, which cdproto no longer
			// has, is this rule with an empty pattern: every request.
			_, err := chromedp.Call(ctx, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{
				MatchedNetworkConditions: []*network.Conditions{{
					Latency: lineLatencyMs, DownloadThroughput: lineDownloadBps, UploadThroughput: lineUploadBps,
				}},
			})
			return err
		})
	}
	for _, step := range setup {
		if err := step(); err != nil {
			return sample{err: fmt.Errorf("setting up the tab for %s: %w", c.name, err)}
		}
	}

	b.host.reset()
	// page.Navigate returns once the navigation commits; the load event,
	// which a big synchronous script holds back, is not waited for.
	nav, err := chromedp.Call(ctx, page.Navigate, page.NavigateParams{URL: b.url})
	if err == nil && nav.ErrorText != "" {
		err = errors.New(nav.ErrorText)
	}
	if err != nil {
		return sample{err: fmt.Errorf("opening %s: %w", b.url, err)}
	}
	var s sample
	s.err = waitUsable(ctx, &s)
	s.sent, s.requests = b.host.reset()
	return s
}

// stages is window.__t, the probe's record.
type stages struct {
	Placeholder *float64 `json:"placeholder"`
	Usable      *float64 `json:"usable"`
	Failed      string   `json:"failed"` // the loader's error, if it showed one
}

// waitUsable polls the probe's record until the widget is usable, and on
// timeout says which stage never came.
func waitUsable(ctx context.Context, s *sample) error {
	const read = `(() => {
		const t = window.__t || {};
		const el = document.querySelector("[data-kibitz]");
		const failed = el && el.shadowRoot && el.shadowRoot.querySelector(".kz-failed");
		return { placeholder: t.placeholder ?? null, usable: t.usable ?? null, failed: failed ? failed.textContent : "" };
	})()`
	var last stages
	for {
		// Until the post commits, or while the page is too busy to answer,
		// the evaluation fails or finds no record: poll again.
		evalCtx, cancel := context.WithTimeout(ctx, 5*time.Second)
		got, err := chromedp.Run(evalCtx, chromedp.Evaluate[stages](read))
		cancel()
		if err == nil {
			last = got
			if got.Failed != "" {
				return fmt.Errorf("the widget failed to load: %s", got.Failed)
			}
			if got.Placeholder != nil && got.Usable != nil {
				s.placeholder, s.usable = *got.Placeholder, *got.Usable
				return nil
			}
		}
		select {
		case <-ctx.Done():
			switch {
			case last.Placeholder == nil:
				return errors.New("no placeholder came (nor a usable widget) before the timeout")
			default:
				return fmt.Errorf("the placeholder came at %.0f ms, but the widget was not usable before the timeout", *last.Placeholder)
			}
		case <-time.After(pollEvery):
		}
	}
}

// printTable prints condition × build: the median (min–max) time to the
// placeholder and to usable over the runs that finished, the bytes served
// per visit, and how many runs failed.
func printTable(w *os.File, chosen []condition, builds buildFlags, results map[string][]sample) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "condition\tbuild\tplaceholder ms\tusable ms\tserved\tfailed\t")
	for _, c := range chosen {
		for _, b := range builds {
			var placeholder, usable, sent []float64
			failed := 0
			all := results[c.name+"\x00"+b.name]
			for _, s := range all {
				if s.err != nil {
					failed++
					continue
				}
				placeholder = append(placeholder, s.placeholder)
				usable = append(usable, s.usable)
				sent = append(sent, float64(s.sent))
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%d/%d\t\n", c.name, b.name,
				spread(placeholder), spread(usable), servedText(sent), failed, len(all))
		}
	}
	tw.Flush()
}

// spread is "median (min–max)", or "–" without figures.
func spread(ms []float64) string {
	if len(ms) == 0 {
		return "–"
	}
	return fmt.Sprintf("%.0f (%.0f–%.0f)", median(ms), slices.Min(ms), slices.Max(ms))
}

func servedText(bytes []float64) string {
	if len(bytes) == 0 {
		return "–"
	}
	return kb(median(bytes))
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

func kb(bytes float64) string {
	return fmt.Sprintf("%.0f KB", bytes/1000)
}

func usage(message string) {
	fmt.Fprintln(os.Stderr, "loadtime:", message)
	flag.Usage()
	os.Exit(2)
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "loadtime:", err)
	os.Exit(1)
}
