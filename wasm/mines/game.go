//go:build js && wasm

// Package mines is Minesweeper's widget: Play, with a heat map, hints and
// an auto-player, and Analyse, over the engine's mines.* methods. It
// stands on wasm/frame, which knows no game; wasm/games.go registers it.
package mines

import (
	_ "embed"

	"kibitz/wasm/frame"
)

// style is the widget's stylesheet, which every widget's sheet includes
// (see frame.Register).
//
//go:embed mines.css
var style string

// Game is the Minesweeper widget, as wasm/games.go registers it.
var Game = frame.Game{Name: "mines", New: func() frame.Widget { return &minesWidget{} }, Style: style, Messages: messages}
