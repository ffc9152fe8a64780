//go:build js && wasm

package main

import (
	"sort"

	"kibitz/wasm/frame"
)

// The module's games. Each game's file (games_guess.go, ...) links it in
// with one line, linkGame(tab, Game), and carries the build constraint
// that leaves it out: building with -tags nomines,nochain gives a module
// with the number-guessing game alone, without the other games' widgets,
// strings, styles and engines (engine/api's files carry the same tags).
// scripts/build makes one such module per game, beside the whole one.

// linked are the games this build holds, with their tab in the app.
var linked []struct {
	tab  int
	game frame.Game
}

func linkGame(tab int, g frame.Game) {
	linked = append(linked, struct {
		tab  int
		game frame.Game
	}{tab, g})
}

// registerGames registers the linked games with the frame, in the app's
// tab order.
func registerGames() {
	// sort.Slice, not slices.SortFunc: each generic sort is compiled anew
	// for its element type, 19 KB of module for a list of three.
	sort.Slice(linked, func(i, j int) bool { return linked[i].tab < linked[j].tab })
	for _, l := range linked {
		frame.Register(l.game)
	}
}
