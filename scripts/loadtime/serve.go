//go:build !js

package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
)

// host serves a directory as a blog host would: each file with its type
// and length, gzipped when the browser accepts gzip and the file is text
// or WebAssembly, and the generated post at /post.html. It counts the
// bytes of the bodies it sends, so a run can tell what a visit costs.
type host struct {
	dir  string
	post []byte // served at /post.html

	mu     sync.Mutex
	zipped map[string][]byte // gzipped files by path, made on first request

	sent     atomic.Int64 // body bytes sent since the last reset
	requests atomic.Int64 // requests answered since the last reset
}

func newHost(dir string, post []byte) *host {
	return &host{dir: dir, post: post, zipped: map[string][]byte{}}
}

// reset zeroes the counts and returns what they were.
func (h *host) reset() (sent, requests int64) {
	return h.sent.Swap(0), h.requests.Swap(0)
}

func (h *host) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h.requests.Add(1)
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		http.Error(w, "only GET and HEAD", http.StatusMethodNotAllowed)
		return
	}
	name := path.Clean("/" + r.URL.Path)
	var body []byte
	if name == "/post.html" {
		body = h.post
	} else {
		b, err := os.ReadFile(filepath.Join(h.dir, filepath.FromSlash(name)))
		if err != nil {
			http.NotFound(w, r)
			return
		}
		body = b
	}
	kind := contentType(name)
	header := w.Header()
	header.Set("Content-Type", kind)
	header.Set("Cache-Control", "no-store")
	if compressible(kind) {
		header.Set("Vary", "Accept-Encoding")
		if acceptsGzip(r.Header.Get("Accept-Encoding")) {
			zipped, err := h.gzipped(name, body)
			if err != nil {
				http.Error(w, err.Error(), http.StatusInternalServerError)
				return
			}
			header.Set("Content-Encoding", "gzip")
			body = zipped
		}
	}
	header.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusOK)
	if r.Method == http.MethodHead {
		return
	}
	n, _ := w.Write(body) // a browser that left has nothing to be told
	h.sent.Add(int64(n))
}

// gzipped compresses a file's body once and keeps it: the files do not
// change during a measurement, and compressing 5 MB on each request would
// time the server, not the page.
func (h *host) gzipped(name string, body []byte) ([]byte, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if z, ok := h.zipped[name]; ok {
		return z, nil
	}
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf) // the default level, as web servers use
	if _, err := zw.Write(body); err != nil {
		return nil, fmt.Errorf("gzipping %s: %w", name, err)
	}
	if err := zw.Close(); err != nil {
		return nil, fmt.Errorf("gzipping %s: %w", name, err)
	}
	h.zipped[name] = buf.Bytes()
	return buf.Bytes(), nil
}

// contentType is the type a host sends for a file: application/wasm for a
// module (which compileStreaming needs), text/javascript for scripts.
func contentType(name string) string {
	switch path.Ext(name) {
	case ".wasm":
		return "application/wasm"
	case ".js", ".mjs":
		return "text/javascript; charset=utf-8"
	case ".html":
		return "text/html; charset=utf-8"
	case ".css":
		return "text/css; charset=utf-8"
	case ".json":
		return "application/json"
	}
	if t := mime.TypeByExtension(path.Ext(name)); t != "" {
		return t
	}
	return "application/octet-stream"
}

// compressible says whether a host gzips a type: text and WebAssembly.
func compressible(kind string) bool {
	return strings.HasPrefix(kind, "text/") || kind == "application/wasm" ||
		kind == "application/json" || strings.HasPrefix(kind, "image/svg")
}

// acceptsGzip reads an Accept-Encoding header: gzip listed, and not with
// q=0.
func acceptsGzip(accept string) bool {
	for _, part := range strings.Split(accept, ",") {
		coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(coding), "gzip") {
			continue
		}
		q := strings.ReplaceAll(strings.TrimSpace(params), " ", "")
		return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
	}
	return false
}
