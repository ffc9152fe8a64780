//go:build !js

package builder

import (
	"encoding/json"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// One build, checked file by file: what the browser tests rely on without
// saying so.
func TestBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles the wasm module")
	}
	root, err := Root()
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "dist")
	result, err := Build(root, out)
	if err != nil {
		t.Fatal(err)
	}
	read := func(name string) string {
		b, err := os.ReadFile(filepath.Join(out, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	if len(result.Version) != 12 || result.WasmGzip >= result.WasmBytes || result.WasmGzip == 0 {
		t.Fatalf("result: %+v", result)
	}

	// The service worker knows its version and precaches every file of
	// the site.
	sw := read("site/sw.js")
	if strings.Contains(sw, "__KIBITZ_") || !strings.Contains(sw, `"`+result.Version+`"`) {
		t.Fatal("sw.js was not filled in")
	}
	entries, _ := os.ReadDir(filepath.Join(out, "site"))
	for _, e := range entries {
		if e.Name() != "sw.js" && !strings.Contains(sw, `"`+e.Name()+`"`) {
			t.Errorf("sw.js does not precache %s", e.Name())
		}
	}

	// The manifest is valid and its icons exist and decode.
	var manifest struct {
		Name  string `json:"name"`
		Icons []struct {
			Src, Sizes, Type string
		} `json:"icons"`
	}
	if err := json.Unmarshal([]byte(read("site/manifest.webmanifest")), &manifest); err != nil || manifest.Name == "" || len(manifest.Icons) < 3 {
		t.Fatalf("manifest: %+v %v", manifest, err)
	}
	for _, icon := range manifest.Icons {
		f, err := os.Open(filepath.Join(out, "site", icon.Src))
		if err != nil {
			t.Fatal(err)
		}
		if icon.Type == "image/png" {
			img, err := png.Decode(f)
			if err != nil || !strings.HasPrefix(icon.Sizes, itoa(img.Bounds().Dx())+"x") {
				t.Errorf("icon %s: %v", icon.Src, err)
			}
		}
		f.Close()
	}

	// The site page loads kibitz.js and registers the service worker; the
	// single file inlines everything and registers nothing.
	index := read("site/index.html")
	if !strings.Contains(index, `<script src="kibitz.js">`) || !strings.Contains(index, "serviceWorker") || strings.Contains(index, "<!--kibitz:") {
		t.Error("index.html is not filled in")
	}
	single := read("kibitz.html")
	if strings.Contains(single, `src="kibitz.js"`) || strings.Contains(single, "serviceWorker.register") || strings.Contains(single, "manifest") {
		t.Error("kibitz.html must not depend on other files")
	}
	body := single[strings.Index(single, "<script>")+len("<script>"):]
	if strings.Index(body, "</script") != strings.LastIndex(body, "</script") {
		t.Error("the inline script closes early")
	}
	embed := read("kibitz-embed.js")
	if !strings.Contains(embed, "wasm: \"") || !strings.Contains(read("site/kibitz.js"), "goRuntime: function (globalThis)") {
		t.Error("the loader variants lack their build facts")
	}
	if !strings.Contains(read("embed-example.html"), `data-kibitz="guess"`) {
		t.Error("the embed example has no widget")
	}
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}
