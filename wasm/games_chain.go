//go:build js && wasm && !nochain

package main

import "kibitz/wasm/chain"

func init() { linkGame(3, chain.Game) }
