//go:build js && wasm

package frame

import (
	"github.com/hack-pad/safejs"

	"kibitz/wasm/bridge"
)

// The reader may leave at any moment: switch tabs, lock the phone, reload,
// close the page. A widget saves after each change, but some state runs
// on between changes (the Minesweeper clock), and what a widget keeps only
// in memory is lost with the page. OnLeave is where such state is written
// down: when the page is hidden (the document's visibilitychange, which is
// the last event a phone reliably fires before it kills a page in the
// background) or goes (the window's pagehide, for a reload or a close in
// the foreground), and when the widget goes (unmounted, or rebuilt in
// another language).

// leaving is what OnLeave keeps: the widget's functions and the page
// listener that calls them, to remove at unmount.
type leaving struct {
	fns      []func()
	listener safejs.Value
	release  func()
}

// OnLeave registers fn to run whenever the reader may be leaving: the
// page is hidden or unloaded, or the widget goes. fn runs on the JS
// thread, in the event, so it must not wait: it is for saving.
func (f *Frame) OnLeave(fn func()) {
	f.leaving.fns = append(f.leaving.fns, fn)
	if f.leaving.release != nil {
		return
	}
	listener, release, err := bridge.ReleasableFunc(func(_ safejs.Value, args []safejs.Value) any {
		if len(args) > 0 && eventType(args[0]) == "visibilitychange" && !pageHidden() {
			return nil // shown again: nothing to save
		}
		f.leave()
		return nil
	})
	if err != nil {
		return // no listener: the state is still saved at each change
	}
	f.leaving.listener, f.leaving.release = listener, release
	_, _ = bridge.Global().Call("addEventListener", "pagehide", listener)
	if document, err := bridge.Global().Get("document"); err == nil {
		_, _ = document.Call("addEventListener", "visibilitychange", listener)
	}
}

// leave runs the OnLeave functions, each recovered: one that panics must
// not keep the others from saving.
func (f *Frame) leave() {
	for _, fn := range f.leaving.fns {
		f.safely(fn)
	}
}

// stopLeaving saves a last time and removes the page listener (unmount).
func (f *Frame) stopLeaving() {
	f.leave()
	if f.leaving.release != nil {
		_, _ = bridge.Global().Call("removeEventListener", "pagehide", f.leaving.listener)
		if document, err := bridge.Global().Get("document"); err == nil {
			_, _ = document.Call("removeEventListener", "visibilitychange", f.leaving.listener)
		}
		f.leaving.release()
	}
	f.leaving = leaving{}
}

func eventType(ev safejs.Value) string {
	typ, err := ev.Get("type")
	if err != nil {
		return ""
	}
	s, _ := typ.String()
	return s
}

func pageHidden() bool {
	document, err := bridge.Global().Get("document")
	if err != nil {
		return false
	}
	state, err := document.Get("visibilityState")
	if err != nil {
		return false
	}
	s, _ := state.String()
	return s == "hidden"
}
