//go:build js && wasm

package main

import (
	"fmt"
	"slices"

	"github.com/hack-pad/safejs"

	"kibitz/wasm/app"
	"kibitz/wasm/bridge"
	"kibitz/wasm/frame"
)

// runPage publishes the page role's entry points on the global object the
// Go runtime was given, which kibitz.js keeps private:
//
//	kibitzPage.mount(element, options, engine) → Promise<handle>
//	kibitzPage.games → ["guess", ...] (the games that have a widget)
//
// options is {game, lang, key}; engine is kibitz.js's engine object; the
// handle has unmount().
func runPage() error {
	registerGames()
	frame.RegisterPage(app.Name, app.New, app.Messages)
	mount, err := bridge.Func(func(this safejs.Value, args []safejs.Value) any {
		promise, err := bridge.Promise(func() (safejs.Value, error) {
			if len(args) < 3 {
				return safejs.Undefined(), fmt.Errorf("mount needs element, options and engine")
			}
			var opts frame.Options
			if err := bridge.FromJS(args[1], &opts); err != nil {
				return safejs.Undefined(), fmt.Errorf("mount options: %w", err)
			}
			return frame.Mount(args[0], opts, frame.NewEngine(args[2]))
		}, jsError)
		if err != nil {
			return nil
		}
		return promise
	}, nil)
	if err != nil {
		return err
	}
	// Kibitz.games() lists the games by name, whatever their tab order.
	games := frame.Games()
	slices.Sort(games)
	hooks, err := bridge.Object(map[string]any{"mount": mount, "games": games})
	if err != nil {
		return err
	}
	return bridge.Global().Set("kibitzPage", hooks)
}

// jsError turns a Go error into a JS Error with a code.
func jsError(err error) safejs.Value {
	ctor, _ := bridge.Global().Get("Error")
	e, cerr := ctor.New(err.Error())
	if cerr != nil {
		return safejs.Undefined()
	}
	_ = e.Set("code", "internal")
	return e
}
