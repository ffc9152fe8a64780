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
}

// A widget is one game's front end, started in a frame.
type widget interface {
	start(f *Frame)
}

// widgets maps each game with a front end to its constructor.
var widgets = map[string]func() widget{
	"guess": func() widget { return &guessWidget{} },
}

// Games lists the games that have a widget, sorted.
func Games() []string {
	var names []string
	for name := range widgets {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// Mount builds the widget for opts.Game inside host's shadow root and
// returns a handle with unmount().
func Mount(host safejs.Value, opts Options, engine *Engine) (safejs.Value, error) {
	newWidget, ok := widgets[opts.Game]
	if !ok {
		return safejs.Undefined(), fmt.Errorf("no widget for game %q; known games: %v", opts.Game, Games())
	}
	f, err := newFrame(host, opts, engine, opts.Game)
	if err != nil {
		return safejs.Undefined(), err
	}
	newWidget().start(f)
	unmount, err := bridge.Func(func(this safejs.Value, args []safejs.Value) any {
		f.unmount()
		return nil
	}, nil)
	if err != nil {
		return safejs.Undefined(), err
	}
	return bridge.Object(map[string]any{"unmount": unmount, "lang": string(f.Lang)})
}
