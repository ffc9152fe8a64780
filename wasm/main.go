//go:build js && wasm

// Command wasm is Kibitz's WebAssembly module: the engine and its widgets
// in one binary, compiled once by the page and run in two roles.
//
//   - Worker role (there is no document): the engine behind a postMessage
//     protocol (see worker.go), so long searches never freeze the page.
//   - Page role: the widgets. kibitz.js starts this role inside a sandboxed
//     global, and Go hands it a mount function (see page.go); each widget
//     lives in its own Shadow DOM and calls the engine through the worker.
package main

import (
	"fmt"

	"kibitz/wasm/bridge"
)

func main() {
	document, err := bridge.Global().Get("document")
	inWorker := err != nil || document.IsUndefined()
	if inWorker {
		err = runWorker()
	} else {
		err = runPage()
	}
	if err != nil {
		panic(fmt.Sprintf("kibitz: cannot start: %v", err))
	}
	select {} // serve callbacks until the page goes away
}
