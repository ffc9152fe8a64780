//go:build !js

package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

func TestPostHasTheWidgetAndTheScriptAfterTheProbe(t *testing.T) {
	post := string(postHTML("mines", "kibitz-embed.js", readySelector("mines")))
	probe := strings.Index(post, "window.__t")
	widget := strings.Index(post, `<div data-kibitz="mines"></div>`)
	script := strings.Index(post, `<script src="kibitz-embed.js"></script>`)
	end := strings.Index(post, "</body>")
	if probe < 0 || widget < 0 || script < 0 || end < 0 {
		t.Fatalf("the post lacks the probe (%d), the widget (%d), the script (%d) or </body> (%d):\n%s", probe, widget, script, end, post)
	}
	if !(probe < widget && widget < script && script < end) {
		t.Errorf("want the probe, then the widget, then the embed script at the end of the body; at %d, %d, %d (</body> at %d)", probe, widget, script, end)
	}
	if strings.Contains(post, "__READY__") || !strings.Contains(post, `"`+".kz-mines-cell"+`"`) {
		t.Errorf("the probe's ready selector was not filled in with .kz-mines-cell")
	}
	if n := strings.Count(post, "<p>"); n < 4 {
		t.Errorf("a blog post has paragraphs around the widget; this one has %d", n)
	}
	if strings.Index(post, "<p>") > widget || strings.LastIndex(post, "<p>") < widget {
		t.Errorf("want paragraphs both before and after the widget")
	}
}

func TestPostQuotesWhatItIsGiven(t *testing.T) {
	post := string(postHTML(`a"b`, `x".js`, `[class^="kz-</script>"]`))
	if strings.Contains(post, `data-kibitz="a"b"`) || strings.Contains(post, `src="x".js"`) {
		t.Errorf("attribute values are not escaped:\n%s", post)
	}
	if strings.Count(post, "</script>") != 2 {
		t.Errorf("a selector ended the probe's script early:\n%s", post)
	}
}

func serveDir(t *testing.T, files map[string][]byte) (*host, *httptest.Server) {
	t.Helper()
	dir := t.TempDir()
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), body, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	h := newHost(dir, []byte("<!doctype html><p>post</p>"))
	server := httptest.NewServer(h)
	t.Cleanup(server.Close)
	return h, server
}

func get(t *testing.T, url, acceptEncoding string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	// Set explicitly, the transport neither adds gzip nor undoes it.
	req.Header.Set("Accept-Encoding", acceptEncoding)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, body
}

func TestHostGzipsWasmAndScriptsWithTheirTypeAndLength(t *testing.T) {
	wasm := bytes.Repeat([]byte("\x00asm module bytes "), 5000)
	script := []byte(strings.Repeat("console.log('kibitz');\n", 1000))
	h, server := serveDir(t, map[string][]byte{"kibitz-mines.wasm": wasm, "kibitz-embed.js": script})

	var sent int
	for _, file := range []struct {
		name, kind string
		body       []byte
	}{
		{"kibitz-mines.wasm", "application/wasm", wasm},
		{"kibitz-embed.js", "text/javascript; charset=utf-8", script},
	} {
		resp, body := get(t, server.URL+"/"+file.name, "gzip, deflate, br, zstd")
		sent += len(body)
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("%s: status %d", file.name, resp.StatusCode)
		}
		if got := resp.Header.Get("Content-Type"); got != file.kind {
			t.Errorf("%s: Content-Type %q, want %q", file.name, got, file.kind)
		}
		if got := resp.Header.Get("Content-Encoding"); got != "gzip" {
			t.Errorf("%s: Content-Encoding %q, want gzip", file.name, got)
		}
		if got := resp.Header.Get("Content-Length"); got != strconv.Itoa(len(body)) {
			t.Errorf("%s: Content-Length %s, but the body has %d bytes", file.name, got, len(body))
		}
		if len(body) >= len(file.body) {
			t.Errorf("%s: %d bytes gzipped from %d: not compressed", file.name, len(body), len(file.body))
		}
		zr, err := gzip.NewReader(bytes.NewReader(body))
		if err != nil {
			t.Fatalf("%s: %v", file.name, err)
		}
		plain, err := io.ReadAll(zr)
		if err != nil || !bytes.Equal(plain, file.body) {
			t.Errorf("%s: the gzipped body does not unzip to the file (%v)", file.name, err)
		}
	}
	if got, requests := h.reset(); got != int64(sent) || requests != 2 {
		t.Errorf("the host counted %d bytes in %d requests; %d bytes came in 2", got, requests, sent)
	}
	if got, requests := h.reset(); got != 0 || requests != 0 {
		t.Errorf("after a reset the host counts %d bytes in %d requests, want none", got, requests)
	}
}

func TestHostSendsPlainBytesToWhoDoesNotAcceptGzip(t *testing.T) {
	wasm := bytes.Repeat([]byte("module "), 1000)
	_, server := serveDir(t, map[string][]byte{"kibitz-mines.wasm": wasm})
	for _, accept := range []string{"", "identity", "br", "gzip;q=0"} {
		resp, body := get(t, server.URL+"/kibitz-mines.wasm", accept)
		if resp.Header.Get("Content-Encoding") != "" || !bytes.Equal(body, wasm) {
			t.Errorf("Accept-Encoding %q: got Content-Encoding %q and %d bytes, want the plain %d", accept,
				resp.Header.Get("Content-Encoding"), len(body), len(wasm))
		}
		if got := resp.Header.Get("Content-Length"); got != strconv.Itoa(len(wasm)) {
			t.Errorf("Accept-Encoding %q: Content-Length %s, want %d", accept, got, len(wasm))
		}
	}
}

func TestHostServesThePostAndNothingOutsideItsDirectory(t *testing.T) {
	_, server := serveDir(t, map[string][]byte{"kibitz-embed.js": []byte("//")})
	resp, body := get(t, server.URL+"/post.html", "")
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), "<p>post</p>") ||
		resp.Header.Get("Content-Type") != "text/html; charset=utf-8" {
		t.Errorf("/post.html: status %d, type %q, body %q", resp.StatusCode, resp.Header.Get("Content-Type"), body)
	}
	for _, path := range []string{"/missing.wasm", "/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/"} {
		if resp, _ := get(t, server.URL+path, ""); resp.StatusCode != http.StatusNotFound {
			t.Errorf("%s: status %d, want 404", path, resp.StatusCode)
		}
	}
}
