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
	"runtime/debug"

	"kibitz/wasm/bridge"
)

// workerMemoryLimit is the heap the worker's garbage collector works to
// stay under. WebAssembly memory only grows, and in a browser the collector
// runs late: without a limit, the garbage of a few big analyses (each up
// to mines.DefaultMemory) piles up past a gigabyte before it is swept,
// and the tab's memory never comes back. The limit is soft: a search that
// truly needs more gets it, with more collection.
const workerMemoryLimit = 1 << 30

func main() {
	document, err := bridge.Global().Get("document")
	inWorker := err != nil || document.IsUndefined()
	if inWorker {
		debug.SetMemoryLimit(workerMemoryLimit)
		err = runWorker()
	} else {
		err = runPage()
	}
	if err != nil {
		panic(fmt.Sprintf("kibitz: cannot start: %v", err))
	}
	select {} // serve callbacks until the page goes away
}
