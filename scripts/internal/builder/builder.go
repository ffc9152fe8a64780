// Package builder makes Kibitz's three deliverables from the sources:
//
//   - site/: the hosted site (index.html, kibitz.js, kibitz.wasm, a service
//     worker versioned by content hash, the manifest and icons);
//   - kibitz.html: one self-contained file, wasm inlined, for file://;
//   - embed/: what a blog hosts: the loader kibitz-embed.js, the modules
//     it loads from beside itself (kibitz.wasm with every game, and
//     kibitz-<game>.wasm with one), each also as a classic script
//     (kibitz-<game>.wasm.js) for pages opened from file://, the
//     self-contained kibitz-embed-inline.js for hosts that take one file,
//     and example.html.
//
// It is used by scripts/build, scripts/serve and the end-to-end tests.
// Nothing here transforms the web sources: the loader is wrapped in a
// scope that hands it the build's facts (version, Go's wasm_exec.js as a
// function, the inlined module), and the HTML shell has two markers.
package builder

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
)

// Result describes a finished build.
type Result struct {
	Dir         string   // the output directory
	Version     string   // content hash shared by every output
	WasmBytes   int      // raw size of the module with every game
	WasmGzip    int      // its gzip -9 size
	Modules     []Module // every module, the one with every game last
	SingleFile  int      // size of kibitz.html
	Loader      int      // size of embed/kibitz-embed.js
	LoaderGzip  int      // its gzip -9 size
	EmbedInline int      // size of embed/kibitz-embed-inline.js
}

// A Module is one WebAssembly module of the build.
type Module struct {
	File  string   // kibitz.wasm, kibitz-mines.wasm, ...
	Games []string // the games it holds
	Bytes int      // raw size
	Gzip  int      // gzip -9 size
	// ID is Go's build ID, from the module's go:buildid section: the
	// loader checks that a module it fetched is its own build's, not an
	// older or newer file a cache or a deploy put beside it.
	ID   string
	wasm []byte
}

// Games lists the games a module can hold, by name, from the files that
// link them into it: wasm/games_<name>.go.
func Games(root string) ([]string, error) {
	files, err := filepath.Glob(filepath.Join(root, "wasm", "games_*.go"))
	if err != nil {
		return nil, err
	}
	var games []string
	for _, f := range files {
		name := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(f), "games_"), ".go")
		if !strings.HasSuffix(name, "_test") {
			games = append(games, name)
		}
	}
	if len(games) == 0 {
		return nil, fmt.Errorf("no game is linked: wasm/games_<name>.go is missing")
	}
	sort.Strings(games)
	return games, nil
}

// compileModules builds one module per game (built with the tags that
// leave every other game out), then the module with every game.
func compileModules(root string) ([]Module, error) {
	games, err := Games(root)
	if err != nil {
		return nil, err
	}
	var list []Module
	for _, game := range games {
		var tags []string
		for _, other := range games {
			if other != game {
				tags = append(tags, "no"+other)
			}
		}
		wasm, err := CompileWasm(root, strings.Join(tags, ","))
		if err != nil {
			return nil, err
		}
		list = append(list, Module{File: "kibitz-" + game + ".wasm", Games: []string{game}, wasm: wasm})
	}
	if len(games) > 1 {
		wasm, err := CompileWasm(root, "")
		if err != nil {
			return nil, err
		}
		list = append(list, Module{File: "kibitz.wasm", Games: games, wasm: wasm})
	} else {
		list[0].File = "kibitz.wasm"
	}
	for i := range list {
		list[i].Bytes, list[i].Gzip = len(list[i].wasm), len(gzipBytes(list[i].wasm))
		if list[i].ID, err = goBuildID(list[i].wasm); err != nil {
			return nil, fmt.Errorf("%s: %w", list[i].File, err)
		}
	}
	return list, nil
}

// Build compiles the modules and writes every output under out. root is
// the repository root.
func Build(root, out string) (*Result, error) {
	modules, err := compileModules(root)
	if err != nil {
		return nil, err
	}
	whole := modules[len(modules)-1] // every game
	wasm := whole.wasm
	goroot, err := goEnv("GOROOT")
	if err != nil {
		return nil, err
	}
	wasmExec, err := os.ReadFile(filepath.Join(goroot, "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		return nil, fmt.Errorf("reading Go's wasm_exec.js: %w", err)
	}
	web := func(name string) ([]byte, error) { return os.ReadFile(filepath.Join(root, "web", name)) }
	loader, err := web("kibitz.js")
	if err != nil {
		return nil, err
	}
	// The Minesweeper board's painter shares the loader's private scope,
	// which hands it to the widgets.
	boardPainter, err := web("minesboard.js")
	if err != nil {
		return nil, err
	}
	if loader, err = withoutCommentLines(append(append(loader, '\n'), boardPainter...)); err != nil {
		return nil, err
	}
	shell, err := web("index.html")
	if err != nil {
		return nil, err
	}
	siteCSS, err := web("site.css")
	if err != nil {
		return nil, err
	}
	serviceWorker, err := web("sw.js")
	if err != nil {
		return nil, err
	}
	example, err := web("embed-example.html")
	if err != nil {
		return nil, err
	}

	sum := sha256.New()
	for _, part := range [][]byte{wasmExec, loader, shell, siteCSS, serviceWorker} {
		sum.Write(part)
	}
	for _, m := range modules {
		sum.Write(m.wasm)
	}
	version := hex.EncodeToString(sum.Sum(nil))[:12]
	gz := gzipBytes(wasm)
	inlined := base64.StdEncoding.EncodeToString(gz)
	runtime := goRuntime(wasmExec)

	// Only the embed build writes each module also as a classic script
	// (moduleScript): the site's loader fetches its module, and names it
	// when that fails, not a script the site does not have.
	siteJS := wrapLoader(loader, version, runtime, []Module{whole}, "", false)
	inlineJS := wrapLoader(loader, version, runtime, []Module{whole}, inlined, false)
	embedJS := wrapLoader(loader, version, runtime, modules, "", true)

	site := filepath.Join(out, "site")
	if err := os.RemoveAll(out); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(site, 0o755); err != nil {
		return nil, err
	}
	icons, err := writeIcons(site)
	if err != nil {
		return nil, err
	}
	manifest, err := manifestJSON(icons)
	if err != nil {
		return nil, err
	}
	siteHead := `<link rel="manifest" href="manifest.webmanifest">
<link rel="icon" href="icon.svg" type="image/svg+xml">
<link rel="apple-touch-icon" href="icon-192.png">
<link rel="stylesheet" href="site.css">`
	// A new service worker taking over from another (not the first one,
	// on a first visit) has a newer build: the widgets say so.
	siteScripts := `<script src="kibitz.js"></script>
<script>
if ("serviceWorker" in navigator && location.protocol !== "file:") {
  var kibitzWorker = !!navigator.serviceWorker.controller;
  navigator.serviceWorker.addEventListener("controllerchange", function () {
    if (kibitzWorker && window.Kibitz && Kibitz.updated) Kibitz.updated();
    kibitzWorker = true;
  });
  navigator.serviceWorker.register("sw.js").catch(function (err) { console.warn("Kibitz offline mode is unavailable:", err); });
}
</script>`
	siteFiles := map[string][]byte{
		"index.html":           fill(shell, siteHead, siteScripts),
		"kibitz.js":            siteJS,
		"kibitz.wasm":          wasm,
		"site.css":             siteCSS,
		"manifest.webmanifest": manifest,
	}
	precache := []string{"./"}
	for name := range siteFiles {
		precache = append(precache, name)
	}
	precache = append(precache, icons...)
	sort.Strings(precache[1:])
	files, _ := json.Marshal(precache)
	// The service worker keeps a module only if its SHA-256 is the
	// build's: a damaged copy kept would be served on every visit.
	moduleSum := sha256.Sum256(wasm)
	integrity, _ := json.Marshal(map[string]string{"kibitz.wasm": "sha256-" + base64.StdEncoding.EncodeToString(moduleSum[:])})
	siteFiles["sw.js"] = bytes.NewBufferString(strings.NewReplacer(
		`"__KIBITZ_VERSION__"`, fmt.Sprintf("%q", version),
		`"__KIBITZ_FILES__"`, string(files),
		`"__KIBITZ_INTEGRITY__"`, string(integrity),
	).Replace(string(serviceWorker))).Bytes()
	for name, content := range siteFiles {
		if err := os.WriteFile(filepath.Join(site, name), content, 0o644); err != nil {
			return nil, err
		}
	}

	// The single file has the site's icon, inlined: opened from disk, its
	// tab showed the browser's blank page.
	singleHead := `<link rel="icon" href="data:image/svg+xml;base64,` + base64.StdEncoding.EncodeToString([]byte(iconSVG())) + `" type="image/svg+xml">` +
		"\n<style>\n" + string(siteCSS) + "</style>"
	singleScripts := "<script>\n" + scriptSafe(inlineJS) + "\n</script>"
	single := fill(shell, singleHead, singleScripts)
	if err := os.WriteFile(filepath.Join(out, "kibitz.html"), single, 0o644); err != nil {
		return nil, err
	}

	embed := filepath.Join(out, "embed")
	embedFiles := map[string][]byte{
		"kibitz-embed.js":        embedJS,
		"kibitz-embed-inline.js": inlineJS,
		"example.html":           example,
	}
	for _, m := range modules {
		embedFiles[m.File] = m.wasm
		embedFiles[m.File+".js"] = moduleScript(m)
	}
	if err := os.MkdirAll(embed, 0o755); err != nil {
		return nil, err
	}
	for name, content := range embedFiles {
		if err := os.WriteFile(filepath.Join(embed, name), content, 0o644); err != nil {
			return nil, err
		}
	}
	for i := range modules {
		modules[i].wasm = nil
	}
	return &Result{Dir: out, Version: version, WasmBytes: len(wasm), WasmGzip: len(gz), Modules: modules,
		SingleFile: len(single), Loader: len(embedJS), LoaderGzip: len(gzipBytes(embedJS)), EmbedInline: len(inlineJS)}, nil
}

// moduleScript is a module as a classic script, for pages opened from
// file://, where the loader cannot fetch the module but can add a script:
// it leaves the module, base64 gzip, in window.__kibitzModules under its
// file name.
func moduleScript(m Module) []byte {
	return fmt.Appendf(nil, "/*! Kibitz module %s (%s) */\n(window.__kibitzModules = window.__kibitzModules || {})[%q] = %q;\n",
		m.File, strings.Join(m.Games, ", "), m.File, base64.StdEncoding.EncodeToString(gzipBytes(m.wasm)))
}

// CompileWasm builds ./wasm for GOOS=js GOARCH=wasm with the given build
// tags (noguess, nomines and nochain each leave a game out), without symbol tables
// (they only cost download size), and with no inlining in the page and
// worker code (kibitz/wasm/...): it builds the DOM and passes messages, where
// a call more or less costs nothing beside the JavaScript it calls, and
// inlining there made the module 90 KB (4%) bigger gzipped. The engine
// keeps its inlining.
func CompileWasm(root, tags string) ([]byte, error) {
	tmp, err := os.MkdirTemp("", "kibitz-wasm")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	target := filepath.Join(tmp, "kibitz.wasm")
	args := []string{"build", "-trimpath", "-ldflags=-s -w", "-gcflags=kibitz/wasm/...=-l", "-o", target}
	if tags != "" {
		args = append(args, "-tags", tags)
	}
	cmd := exec.Command("go", append(args, "./wasm")...)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("compiling the wasm module: %v\n%s", err, out)
	}
	return os.ReadFile(target)
}

func goEnv(name string) (string, error) {
	out, err := exec.Command("go", "env", name).Output()
	if err != nil {
		return "", fmt.Errorf("go env %s: %w", name, err)
	}
	return strings.TrimSpace(string(out)), nil
}

// goRuntime turns wasm_exec.js into a function of the global object Go
// should use. Its one bare reference to a global (fs.writeSync) is served
// by a local fs, set once the script has installed its shim.
func goRuntime(wasmExec []byte) string {
	return "function (globalThis) {\nvar fs;\n" + string(wasmExec) + "\nfs = globalThis.fs;\nreturn globalThis.Go;\n}"
}

// wrapLoader gives kibitz.js its build facts in a private scope: the
// modules it may load, with inlined (base64 gzip) the one module inlined,
// and with scripts the news that each module also lies beside it as a
// classic script (FILE.js, for file:// and hosts without CORS).
func wrapLoader(loader []byte, version, runtime string, modules []Module, inlined string, scripts bool) []byte {
	type entry struct {
		File   string   `json:"file"`
		Games  []string `json:"games"`
		Size   int      `json:"size"`
		ID     string   `json:"id"`
		Inline string   `json:"inline,omitempty"`
		Script bool     `json:"script,omitempty"`
	}
	var list []entry
	for _, m := range modules {
		list = append(list, entry{m.File, m.Games, m.Bytes, m.ID, inlined, scripts})
	}
	table, _ := json.Marshal(list)
	var b bytes.Buffer
	fmt.Fprintf(&b, "/*! Kibitz %s: a game-solving engine in your browser. Includes Go's wasm_exec.js (BSD license). */\n", version)
	b.WriteString("(function () {\nvar KIBITZ_BUILD = {\n")
	fmt.Fprintf(&b, "version: %q,\n", version)
	b.WriteString("goRuntime: " + runtime + ",\n")
	b.WriteString("modules: ")
	b.Write(table)
	b.WriteString("\n};\n")
	b.Write(loader)
	b.WriteString("\n})();\n")
	return b.Bytes()
}

// withoutCommentLines drops the lines of a script that hold a // comment
// and nothing else: the loader's sources explain themselves at length,
// and every reader of a post downloaded it all (some 11 KB of the embed
// loader's 40 gzipped). A line of code keeps its comment, since "//" may
// be in a string there; block comments stay (the header says what the
// file is). In a template literal a line could begin with "//" and be
// text: the loader's sources have none, and the build refuses one rather
// than change what it says.
func withoutCommentLines(js []byte) ([]byte, error) {
	if bytes.ContainsRune(js, '`') {
		return nil, errors.New("the loader's sources hold a template literal (`): the build drops the lines that are only a // comment, and would drop such a line inside one; write the text as a string")
	}
	var b bytes.Buffer
	for _, line := range bytes.SplitAfter(js, []byte("\n")) {
		if !bytes.HasPrefix(bytes.TrimSpace(line), []byte("//")) {
			b.Write(line)
		}
	}
	return b.Bytes(), nil
}

// fill puts head and scripts into the shell's two markers.
func fill(shell []byte, head, scripts string) []byte {
	s := strings.Replace(string(shell), "<!--kibitz:head-->", head, 1)
	s = strings.Replace(s, "<!--kibitz:scripts-->", scripts, 1)
	return []byte(s)
}

// scriptSafe keeps inline script text from closing its <script> element.
func scriptSafe(js []byte) string {
	return strings.ReplaceAll(string(js), "</script", `<\/script`)
}

func gzipBytes(b []byte) []byte {
	var buf bytes.Buffer
	w, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	w.Write(b)
	w.Close()
	return buf.Bytes()
}

func manifestJSON(icons []string) ([]byte, error) {
	type icon struct {
		Src     string `json:"src"`
		Sizes   string `json:"sizes"`
		Type    string `json:"type"`
		Purpose string `json:"purpose,omitempty"`
	}
	var list []icon
	for _, name := range icons {
		switch {
		case strings.HasSuffix(name, ".svg"):
			list = append(list, icon{name, "any", "image/svg+xml", ""})
		case strings.HasSuffix(name, "-maskable.png"):
			list = append(list, icon{name, "512x512", "image/png", "maskable"})
		default:
			size := strings.TrimSuffix(strings.TrimPrefix(name, "icon-"), ".png")
			list = append(list, icon{name, size + "x" + size, "image/png", ""})
		}
	}
	// The splash screen of the installed app is the light page's
	// background (--page-bg in site.css) and its bar the light theme-color
	// of index.html: a manifest has no dark variants, and the page's own
	// meta tags take over once it loads.
	//
	// The manifest says what language its words are in (lang), and gives
	// the description in each of the app's languages for a browser that
	// shows the reader's (description_localized). It has no id: a browser
	// resolves an id against the start page's origin, not its folder, so
	// "./" would make a site in a host's folder (user.github.io/kibitz/)
	// another app than the one already installed from it, and give every
	// copy of the site on one host the same app; without an id, the app
	// is its start page, as it has always been.
	return json.MarshalIndent(map[string]any{
		"lang":        "en",
		"dir":         "ltr",
		"name":        "Kibitz",
		"short_name":  "Kibitz",
		"description": manifestDescriptions["en"],
		"description_localized": map[string]string{
			"zh-Hant": manifestDescriptions["zh-Hant"],
			"zh-Hans": manifestDescriptions["zh-Hans"],
			"ja":      manifestDescriptions["ja"],
		},
		"start_url":        "./",
		"scope":            "./",
		"display":          "standalone",
		"background_color": "#f1f5f9",
		"theme_color":      "#1d4ed8",
		"icons":            list,
	}, "", "  ")
}

// manifestDescriptions is the installed app's description in each of the
// app's languages: its tagline (loaderText in web/kibitz.js) and its games.
var manifestDescriptions = map[string]string{
	"en":      "Game solvers that run entirely in your browser: number guessing (1A2B, Bulls and Cows, Mastermind), Minesweeper and the chain game.",
	"zh-Hant": "完全在瀏覽器裡執行的遊戲解題器：猜數字（1A2B、珠璣妙算）、踩地雷和鏈子遊戲。",
	"zh-Hans": "完全在浏览器里运行的游戏解题器：猜数字（1A2B、珠玑妙算）、扫雷和链子游戏。",
	"ja":      "ブラウザだけで動くゲームソルバー：数当て（1A2B、ヒット・アンド・ブロー、マスターマインド）、マインスイーパー、チェーンゲーム。",
}
