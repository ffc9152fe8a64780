// Command build makes Kibitz's outputs in dist/: the hosted site
// (dist/site/), the single file dist/kibitz.html, and the embed script
// dist/kibitz-embed.js with dist/embed-example.html.
//
//	go run ./scripts/build [-out dist]
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"kibitz/scripts/internal/builder"
)

func main() {
	out := flag.String("out", "dist", "output directory, relative to the repository root")
	flag.Parse()
	root, err := builder.Root()
	if err != nil {
		fail(err)
	}
	dir := *out
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(root, dir)
	}
	result, err := builder.Build(root, dir)
	if err != nil {
		fail(err)
	}
	fmt.Printf("built %s (version %s)\n", result.Dir, result.Version)
	fmt.Printf("  wasm module: %d bytes, %d gzipped\n", result.WasmBytes, result.WasmGzip)
	fmt.Printf("  kibitz.html: %d bytes\n", result.SingleFile)
	fmt.Printf("  kibitz-embed.js: %d bytes\n", result.EmbedFile)
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "build:", err)
	os.Exit(1)
}
