//go:build js && wasm

// Package ui builds Kibitz's widgets in the page. Each widget is a game's
// front end and nothing more: it draws, reads input and asks the engine
// (through the worker) for every answer. What all widgets share (the
// Shadow DOM, language, saved state, busy bar, errors, event handling)
// lives in Frame, so each game's widget only describes its own screen.
package ui

import (
	"fmt"
	"slices"

	"github.com/hack-pad/safejs"

	"kibitz/wasm/bridge"
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
}

// A widget is one game's front end, started in a frame.
type widget interface {
	start(f *Frame)
}

// widgets maps each game with a front end to its constructor; "app" is
// the hosted site's page, with a tab per game.
var widgets = map[string]func() widget{
	"app":   func() widget { return &appWidget{} },
	"guess": func() widget { return &guessWidget{} },
	"chain": func() widget { return &chainWidget{} },
	"mines": func() widget { return &minesWidget{} },
}

// Games lists the games that have a widget, sorted.
func Games() []string {
	var names []string
	for name := range widgets {
		if name != "app" {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	return names
}

// Mount builds the widget for opts.Game inside host's shadow root and
// returns a handle with unmount().
func Mount(host safejs.Value, opts Options, engine *Engine) (safejs.Value, error) {
	point := &mountPoint{}
	f, err := start(host, opts, engine, point)
	if err != nil {
		return safejs.Undefined(), err
	}
	unmount, err := bridge.Func(func(this safejs.Value, args []safejs.Value) any {
		point.frame.unmount()
		return nil
	}, nil)
	if err != nil {
		return safejs.Undefined(), err
	}
	return bridge.Object(map[string]any{"unmount": unmount, "lang": string(f.Lang)})
}

// mountPoint is one mounted widget over its life: a change of language
// replaces its frame.
type mountPoint struct{ frame *Frame }

// start builds a frame on host and starts the widget for opts.Game in it.
func start(host safejs.Value, opts Options, engine *Engine, point *mountPoint) (*Frame, error) {
	newWidget, ok := widgets[opts.Game]
	if !ok {
		return nil, fmt.Errorf("no widget for game %q; known games: %v", opts.Game, Games())
	}
	f, err := newFrame(host, opts, engine, opts.Game)
	if err != nil {
		return nil, err
	}
	f.point, point.frame = point, f
	newWidget().start(f)
	return f, nil
}
