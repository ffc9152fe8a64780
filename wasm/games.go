//go:build js && wasm

package main

import (
	"slices"

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
	slices.SortFunc(linked, func(a, b struct {
		tab  int
		game frame.Game
	}) int {
		return a.tab - b.tab
	})
	for _, l := range linked {
		frame.Register(l.game)
	}
}
