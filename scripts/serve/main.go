// Command serve builds Kibitz and serves the hosted site on 127.0.0.1.
//
//	go run ./scripts/serve [-port 8080]
package main

import (
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"

	"kibitz/scripts/internal/builder"
)

func main() {
	port := flag.Int("port", 8080, "port to listen on (0 picks a free one)")
	flag.Parse()
	root, err := builder.Root()
	if err != nil {
		fail(err)
	}
	result, err := builder.Build(root, filepath.Join(root, "dist"))
	if err != nil {
		fail(err)
	}
	listener, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", *port))
	if err != nil {
		var inUse *net.OpError
		if errors.As(err, &inUse) {
			fail(fmt.Errorf("%w (try -port 0 for a free port)", err))
		}
		fail(err)
	}
	fmt.Printf("Kibitz %s is served at http://%s/\n", result.Version, listener.Addr())
	fmt.Printf("The single-file version, which opens from disk: %s\n", filepath.Join(result.Dir, "kibitz.html"))
	fmt.Println("Press Ctrl-C to stop.")
	fail(http.Serve(listener, builder.SiteHandler(filepath.Join(result.Dir, "site"))))
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "serve:", err)
	os.Exit(1)
}
