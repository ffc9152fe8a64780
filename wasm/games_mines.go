//go:build js && wasm && !nomines

package main

import "kibitz/wasm/mines"

func init() { linkGame(2, mines.Game) }
