//go:build js && wasm

// Package guess is the number-guessing game's widget: You guess, Computer
// guesses, Helper and Optimal strategy, over the engine's guess.* methods.
// It stands on wasm/frame, which knows no game; wasm/games.go registers it.
package guess

import (
	_ "embed"

	"kibitz/wasm/frame"
)

// style is the widget's stylesheet, which every widget's sheet includes
// (see frame.Register).
//
//go:embed guess.css
var style string

// Game is the number-guessing widget, as wasm/games.go registers it.
var Game = frame.Game{Name: "guess", New: func() frame.Widget { return &guessWidget{} }, Style: style, Messages: messages}
