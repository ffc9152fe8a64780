//go:build js && wasm

package main

import (
	"kibitz/wasm/chain"
	"kibitz/wasm/frame"
	"kibitz/wasm/guess"
	"kibitz/wasm/mines"
)

// registerGames registers the module's games, one line each, in the
// app's tab order. A game's line is all that links its widget, its strings
// and its stylesheet into the module: drop the line and the module is built
// without that game.
func registerGames() {
	frame.Register(guess.Game)
	frame.Register(mines.Game)
	frame.Register(chain.Game)
}
