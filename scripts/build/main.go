// Command build makes Kibitz's outputs in dist/: the hosted site
// (dist/site/), the single file dist/kibitz.html, and what a blog hosts
// (dist/embed/: the loader kibitz-embed.js, the modules, the inlined
// kibitz-embed-inline.js and example.html).
//
//	go run ./scripts/build [-out dist]
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

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
	for _, m := range result.Modules {
		fmt.Printf("  %-20s %9d bytes, %9d gzipped (%s)\n", m.File, m.Bytes, m.Gzip, strings.Join(m.Games, ", "))
	}
	fmt.Printf("  kibitz.html: %d bytes\n", result.SingleFile)
	fmt.Printf("  embed/kibitz-embed.js: %d bytes, %d gzipped\n", result.Loader, result.LoaderGzip)
	fmt.Printf("  embed/kibitz-embed-inline.js: %d bytes\n", result.EmbedInline)
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "build:", err)
	os.Exit(1)
}
