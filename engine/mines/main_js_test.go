//go:build js && wasm

package mines

import (
	"os"
	"runtime/debug"
	"testing"
)

// TestMain runs the tests under the heap limit the browser worker sets
// (wasm/main.go), so the wasm run sees the memory the worker sees.
func TestMain(m *testing.M) {
	debug.SetMemoryLimit(1 << 30)
	os.Exit(m.Run())
}
