//go:build js && wasm && !noguess

package main

import "kibitz/wasm/guess"

func init() { linkGame(1, guess.Game) }
