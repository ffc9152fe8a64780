//go:build !js

// Command screenshot renders a page in headless Chromium and saves a PNG,
// for looking at the widgets at phone and desktop widths.
//
//	go run ./scripts/screenshot -url file://$PWD/dist/kibitz.html -width 320 -out shot.png
//
// -eval runs a script first (awaited if it returns a Promise), and -wait
// waits for a JS expression to be true before the shot.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

func main() {
	url := flag.String("url", "", "page to open")
	width := flag.Int("width", 1280, "viewport width in CSS pixels")
	height := flag.Int("height", 900, "viewport height")
	out := flag.String("out", "shot.png", "PNG file to write")
	eval := flag.String("eval", "", "JavaScript to run before the shot")
	wait := flag.String("wait", "true", "JavaScript expression to wait for")
	dark := flag.Bool("dark", false, "emulate prefers-color-scheme: dark")
	forced := flag.Bool("forced-colors", false, "emulate forced-colors: active (Windows' contrast themes)")
	scale := flag.Float64("scale", 1, "device pixels per CSS pixel (2 for a phone or a HiDPI screen)")
	chromium := flag.String("chromium", "/usr/bin/chromium", "browser binary")
	flag.Parse()
	if *url == "" {
		fmt.Fprintln(os.Stderr, "screenshot: -url is required")
		os.Exit(2)
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(*chromium), chromedp.NoSandbox,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.WindowSize(*width, *height))
	alloc, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancel()
	ctx, cancel := chromedp.NewContext(alloc)
	defer cancel()
	ctx, cancel = context.WithTimeout(ctx, 90*time.Second)
	defer cancel()
	scheme := "light"
	if *dark {
		scheme = "dark"
	}
	emulateScheme := func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
		features := []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}
		if *forced {
			features = append(features, &emulation.MediaFeature{Name: "forced-colors", Value: "active"})
		}
		_, err := cdp.Call(ctx, t, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: features})
		return chromedp.Void{}, err
	}
	steps := []chromedp.Action[chromedp.Void]{
		emulateScheme,
		chromedp.EmulateViewport(int64(*width), int64(*height), chromedp.EmulateScale(*scale)),
		chromedp.Navigate(*url),
		chromedp.Sleep(300 * time.Millisecond),
	}
	if err := chromedp.Do(ctx, steps...); err != nil {
		fail(err)
	}
	if *eval != "" {
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[chromedp.Void](*eval, chromedp.EvalAwaitPromise)); err != nil {
			fail(err)
		}
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](*wait, chromedp.WithPollingTimeout(60*time.Second))); err != nil {
		fail(err)
	}
	_ = chromedp.Do(ctx, chromedp.Sleep(500*time.Millisecond))
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		fail(err)
	}
	if err := os.WriteFile(*out, png, 0o644); err != nil {
		fail(err)
	}
	fmt.Println("wrote", *out)
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "screenshot:", err)
	os.Exit(1)
}
