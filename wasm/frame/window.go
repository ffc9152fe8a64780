//go:build js && wasm

package frame

import (
	"github.com/hack-pad/safejs"

	"kibitz/wasm/bridge"
)

// windowListener is one listener a widget put on the window, removed and
// released when the widget goes.
type windowListener struct {
	typ     string
	fn      safejs.Value
	release func()
}

// OnWindow runs fn on each of the window's events of type typ (popstate,
// say), in the event on the JS thread, until the widget goes: unmounted,
// or rebuilt in another language, when the listener is removed. fn must
// not wait; work that does goes through Go.
func (f *Frame) OnWindow(typ string, fn func()) {
	listener, release, err := bridge.ReleasableFunc(func(safejs.Value, []safejs.Value) any {
		f.safely(fn)
		return nil
	})
	if err != nil {
		return
	}
	if _, err := bridge.Global().Call("addEventListener", typ, listener); err != nil {
		release()
		return
	}
	f.window = append(f.window, windowListener{typ, listener, release})
}

// stopWindowListeners removes the widget's window listeners (unmount).
func (f *Frame) stopWindowListeners() {
	for _, l := range f.window {
		_, _ = bridge.Global().Call("removeEventListener", l.typ, l.fn)
		l.release()
	}
	f.window = nil
}
