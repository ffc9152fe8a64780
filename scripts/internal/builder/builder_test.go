//go:build !js

package builder

import (
	"encoding/base64"
	"encoding/json"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
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
		Name       string `json:"name"`
		Background string `json:"background_color"`
		Theme      string `json:"theme_color"`
		Icons      []struct {
			Src, Sizes, Type string
		} `json:"icons"`
	}
	if err := json.Unmarshal([]byte(read("site/manifest.webmanifest")), &manifest); err != nil || manifest.Name == "" || len(manifest.Icons) < 3 {
		t.Fatalf("manifest: %+v %v", manifest, err)
	}
	// The manifest says what language its words are in, has an id, and
	// describes the app in each of its languages (its description was in
	// English only).
	var words struct {
		ID, Lang, Dir, Description string
		Localized                  map[string]string `json:"description_localized"`
	}
	if err := json.Unmarshal([]byte(read("site/manifest.webmanifest")), &words); err != nil {
		t.Fatal(err)
	}
	// No id: the app is its start page (see manifestJSON).
	if words.ID != "" || words.Lang != "en" || words.Dir != "ltr" || words.Description == "" {
		t.Errorf("the manifest's id %q, lang %q, dir %q, description %q: want no id, lang en, dir ltr and a description", words.ID, words.Lang, words.Dir, words.Description)
	}
	for _, lang := range []string{"zh-Hant", "zh-Hans", "ja"} {
		if d := words.Localized[lang]; d == "" || d == words.Description || !strings.Contains(d, "1A2B") {
			t.Errorf("the manifest's description in %s: %q", lang, d)
		}
	}
	// The installed app's splash and bar are the light page's colours,
	// which the page then shows: no flash of another colour as it loads.
	css, siteIndex := read("site/site.css"), read("site/index.html")
	if !strings.Contains(css, "--page-bg: "+manifest.Background+";") {
		t.Errorf("the manifest's background_color %s is not the page's light background (--page-bg in site.css)", manifest.Background)
	}
	if !strings.Contains(siteIndex, `<meta name="theme-color" content="`+manifest.Theme+`" media="(prefers-color-scheme: light)">`) {
		t.Errorf("the manifest's theme_color %s is not index.html's light theme-color", manifest.Theme)
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
	// The single file, opened from disk, has the site's icon in its tab,
	// inlined (it had the browser's blank page).
	if m := regexp.MustCompile(`<link rel="icon" href="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)"`).FindStringSubmatch(single); m == nil {
		t.Error("kibitz.html has no icon: its tab shows the browser's blank page")
	} else if svg, err := base64.StdEncoding.DecodeString(m[1]); err != nil || string(svg) != read("site/icon.svg") {
		t.Errorf("kibitz.html's icon is not the site's icon.svg (%v)", err)
	}
	if strings.Contains(single, `src="kibitz.js"`) || strings.Contains(single, "serviceWorker.register") || strings.Contains(single, "manifest") {
		t.Error("kibitz.html must not depend on other files")
	}
	body := single[strings.Index(single, "<script>")+len("<script>"):]
	if strings.Index(body, "</script") != strings.LastIndex(body, "</script") {
		t.Error("the inline script closes early")
	}
	inline := read("embed/kibitz-embed-inline.js")
	if !strings.Contains(inline, `"inline":"`) || !strings.Contains(read("site/kibitz.js"), "goRuntime: function (globalThis)") {
		t.Error("the loader variants lack their build facts")
	}
	if !strings.Contains(read("embed/example.html"), `data-kibitz="mines"`) {
		t.Error("the embed example has no widget")
	}

	// The embed: one module per game and one with every game, each also
	// as a classic script; the loader knows them all and inlines none.
	games, err := Games(root)
	if err != nil || strings.Join(games, ",") != "chain,guess,mines" {
		t.Fatalf("games: %v %v", games, err)
	}
	loader := read("embed/kibitz-embed.js")
	if strings.Contains(loader, `"inline"`) {
		t.Error("the embed loader inlines a module")
	}
	if len(result.Modules) != len(games)+1 || result.Modules[len(games)].File != "kibitz.wasm" {
		t.Fatalf("modules: %+v", result.Modules)
	}
	for _, m := range result.Modules {
		if !strings.Contains(loader, `"file":"`+m.File+`"`) {
			t.Errorf("the loader does not know %s", m.File)
		}
		if id, err := goBuildID([]byte(read("embed/" + m.File))); err != nil || id != m.ID || !strings.Contains(loader, `"id":"`+m.ID+`"`) {
			t.Errorf("the loader does not know %s's build ID %q (read %q, %v)", m.File, m.ID, id, err)
		}
		if wasm := read("embed/" + m.File); len(wasm) != m.Bytes || !strings.HasPrefix(wasm, "\x00asm") {
			t.Errorf("%s is not the module it should be", m.File)
		}
		if script := read("embed/" + m.File + ".js"); !strings.Contains(script, `window.__kibitzModules`) {
			t.Errorf("%s.js does not hold the module", m.File)
		}
		if len(m.Games) == 1 && m.Gzip >= result.WasmGzip {
			t.Errorf("%s (%d bytes gzipped) is no smaller than the module with every game (%d)", m.File, m.Gzip, result.WasmGzip)
		}
	}
	// The loader carries none of its sources' lines that are only a
	// comment: the reader has no use for them (withoutCommentLines), and
	// they were a quarter of its size. (Go's wasm_exec.js keeps its own,
	// its licence among them.)
	for _, source := range []string{"kibitz.js", "minesboard.js"} {
		text, err := os.ReadFile(filepath.Join(root, "web", source))
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(text), "\n") {
			if strings.HasPrefix(strings.TrimSpace(line), "//") && strings.Contains(loader, line+"\n") {
				t.Errorf("the embed loader keeps %s's comment %q", source, strings.TrimSpace(line))
				break
			}
		}
	}
	// The budgets of issue #17: a loader of at most 40 KB gzipped, and a
	// page with Minesweeper or the chain game alone at most 1.65 MB.
	if result.LoaderGzip > 40_000 {
		t.Errorf("the loader is %d bytes gzipped; the budget is 40,000", result.LoaderGzip)
	}
	for _, m := range result.Modules {
		if (m.File == "kibitz-mines.wasm" || m.File == "kibitz-chain.wasm") && m.Gzip > 1_650_000 {
			t.Errorf("%s is %d bytes gzipped; the budget is 1,650,000", m.File, m.Gzip)
		}
	}
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

// A line that is only a comment is dropped from the loader; one inside a
// template literal would be text, so the build refuses a source with one
// rather than change what it says.
func TestWithoutCommentLines(t *testing.T) {
	got, err := withoutCommentLines([]byte("a(); // kept\n  // dropped\nvar s = \"//x\";\n/* kept */\n"))
	if err != nil || string(got) != "a(); // kept\nvar s = \"//x\";\n/* kept */\n" {
		t.Errorf("got %q, %v", got, err)
	}
	if _, err := withoutCommentLines([]byte("var t = `\n// text\n`;\n")); err == nil {
		t.Error("a template literal was taken")
	}
}
