//go:build js && wasm

// Package chain is the chain game's widget: Play against a perfect
// opponent, and Analyse any position, over the engine's chain.* methods.
// It stands on wasm/frame, which knows no game; wasm/games.go registers
// it.
package chain

import (
	_ "embed"

	"kibitz/wasm/frame"
)

// style is the widget's stylesheet, which every widget's sheet includes
// (see frame.Register).
//
//go:embed chain.css
var style string

// Game is the chain game's widget, as wasm/games.go registers it.
var Game = frame.Game{Name: "chain", New: func() frame.Widget { return &chainWidget{} }, Style: style, Messages: messages}
