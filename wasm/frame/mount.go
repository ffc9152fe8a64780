//go:build js && wasm

// Package frame is what every Kibitz widget stands on, and knows no game:
// the Shadow DOM a widget lives in, its language, saved state, busy bar,
// errors and event handling (Frame), its engine calls in lanes with
// progress and Stop (Lane), the engine client (Engine), a small element
// builder (El), and the registry of widgets that kibitz.js mounts by name.
//
// Each game's widget is its own package (wasm/guess, wasm/mines,
// wasm/chain), registered with one line in wasm/games.go; the hosted
// site's page is wasm/app. A widget only describes its own screen.
package frame

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/hack-pad/safejs"

	"kibitz/wasm/bridge"
	"kibitz/wasm/i18n"
)

// Options are what kibitz.js passes to mount a widget.
type Options struct {
	Game      string   `json:"game"`
	Lang      string   `json:"lang"`      // data-lang or the mount option; may be empty
	Languages []string `json:"languages"` // navigator.languages, the fallback
	Key       string   `json:"key"`       // names the widget's saved state
	Theme     string   `json:"theme"`     // data-theme: "light", "dark", or "auto" (empty: auto)
	Mode      string   `json:"mode"`      // data-mode: the mode to open in, for games that have modes
	Preset    string   `json:"preset"`    // data-preset: fixes the game's variant (a blog post about Numeron)
	Nested    bool     `json:"-"`         // inside the app, which has the language menu
	Restarted bool     `json:"restarted"` // mounted again after the page's Go stopped (kibitz.js's pageDied): the widget says so
	Updated   bool     `json:"updated"`   // a newer version of the site is ready (Kibitz.updated): the widget says so, with Reload
}

// A Widget is one game's front end (or the site's page), started in a
// frame.
type Widget interface {
	Start(f *Frame)
}

// A Game is a game's widget as its package registers it.
type Game struct {
	Name     string        // what a page mounts it by (data-kibitz="guess"); its tab's label is the message game.<Name>, its line on the app's welcome game.<Name>.about
	New      func() Widget // a fresh widget, for each mount
	Style    string        // the game's stylesheet
	Messages i18n.Catalog  // the game's strings, in every language
}

// The frame's own strings are in the catalog before any widget's.
func init() { i18n.Register(Messages) }

// The registry: every widget a page can mount by name, and the games
// among them in the order they were registered.
var (
	widgets = map[string]func() Widget{}
	games   []Game
	sheet   string // styleSheet's text, built at the first mount
)

// Register adds a game: kibitz.js can mount it, Games lists it, the app
// gives it a tab, its strings join the catalog and its stylesheet joins
// every widget's. Call it before the page mounts anything (wasm/games.go).
func Register(g Game) {
	add(g.Name, g.New, g.Messages)
	games = append(games, g)
	sheet = ""
}

// RegisterPage adds a widget that is no game, such as the hosted site's
// page with a tab per game: kibitz.js can mount it by name, but Games does
// not list it.
func RegisterPage(name string, newPage func() Widget, messages i18n.Catalog) {
	add(name, newPage, messages)
}

func add(name string, newWidget func() Widget, messages i18n.Catalog) {
	if _, dup := widgets[name]; dup {
		panic("frame: two widgets are registered as " + name)
	}
	widgets[name] = newWidget
	i18n.Register(messages)
}

// Games lists the registered games in the order they were registered,
// which is the app's tab order.
func Games() []string {
	names := make([]string, len(games))
	for i, g := range games {
		names[i] = g.Name
	}
	return names
}

// styleSheet is every widget's CSS: style.css, shared by every widget,
// then each game's stylesheet in the order of the games' names. Every
// widget carries all of them, so a game's rules cascade the same way
// whichever widget they appear in.
func styleSheet() string {
	if sheet != "" {
		return sheet
	}
	byName := slices.Clone(games)
	sort.Slice(byName, func(i, j int) bool { return byName[i].Name < byName[j].Name }) // not slices.SortFunc: see wasm/games.go
	var b strings.Builder
	b.WriteString(sharedStyle)
	b.WriteByte('\n')
	for _, g := range byName {
		b.WriteString(g.Style)
		b.WriteByte('\n')
	}
	sheet = b.String()
	return sheet
}

// Mount builds the widget for opts.Game inside host's shadow root and
// returns a handle with unmount().
func Mount(host safejs.Value, opts Options, engine *Engine) (safejs.Value, error) {
	point := &mountPoint{}
	f, err := start(host, opts, engine, point)
	if err != nil {
		return safejs.Undefined(), err
	}
	// The handle's function is released with the widget: a page that
	// mounts and unmounts (a single-page site) would otherwise keep every
	// frame it ever had, through Go's table of functions. kibitz.js calls
	// it once (its own handle's unmount does nothing the second time).
	var release func()
	unmount, release, err := bridge.ReleasableFunc(func(this safejs.Value, args []safejs.Value) any {
		point.frame.unmount()
		release()
		for _, r := range point.releases {
			r()
		}
		return nil
	})
	if err != nil {
		return safejs.Undefined(), err
	}
	// updated is Kibitz.updated's: the frame of the moment says so, and
	// the point remembers it for the frames a change of language builds.
	updated, releaseUpdated, err := bridge.ReleasableFunc(func(this safejs.Value, args []safejs.Value) any {
		point.updated = true
		point.frame.showUpdate()
		return nil
	})
	if err != nil {
		release()
		return safejs.Undefined(), err
	}
	point.releases = append(point.releases, releaseUpdated)
	// theme is kibitz.js's when the page changes its colour scheme after
	// the widget was built (a blog's dark-mode switch): the frame of the
	// moment takes it, and so do the frames a change of language builds.
	theme, releaseTheme, err := bridge.ReleasableFunc(func(this safejs.Value, args []safejs.Value) any {
		if len(args) > 0 {
			if s, err := args[0].String(); err == nil {
				point.frame.setTheme(s)
			}
		}
		return nil
	})
	if err != nil {
		release()
		releaseUpdated()
		return safejs.Undefined(), err
	}
	point.releases = append(point.releases, releaseTheme)
	return bridge.Object(map[string]any{"unmount": unmount, "updated": updated, "theme": theme, "lang": string(f.Lang)})
}

// mountPoint is one mounted widget over its life: a change of language
// replaces its frame.
type mountPoint struct {
	frame    *Frame
	updated  bool     // a newer version of the site is ready
	releases []func() // release the handle's functions but unmount
}

// start builds a frame on host and starts the widget for opts.Game in it.
func start(host safejs.Value, opts Options, engine *Engine, point *mountPoint) (*Frame, error) {
	newWidget, ok := widgets[opts.Game]
	if !ok {
		return nil, fmt.Errorf("no widget for game %q; known games: %v", opts.Game, sortedGames())
	}
	f, err := newFrame(host, opts, engine, opts.Game)
	if err != nil {
		return nil, err
	}
	f.point, point.frame = point, f
	if opts.Restarted {
		f.opts = f.resumed(f.opts)
	}
	newWidget().Start(f)
	delete(resuming, f.storeKey) // the widget has started again what it had under way
	if opts.Restarted {
		f.ShowError(errRestarted)
		f.opts.Restarted = false // said once: a change of language rebuilds the widget without it
	}
	if opts.Updated || point.updated {
		point.updated = true
		f.showUpdate()
	}
	// The widget's tab bars are built: give them their arrows.
	if err := f.watchTabBars(); err != nil {
		return nil, err
	}
	return f, nil
}

// sortedGames lists the games by name, as kibitz.js's Kibitz.games()
// gives them.
func sortedGames() []string {
	names := Games()
	slices.Sort(names)
	return names
}
