//go:build js && wasm

package bridge

import (
	"sync"

	"github.com/hack-pad/safejs"
)

// Yielder hands the JS thread back to the event loop for one turn. It posts
// a message to itself over a MessageChannel and blocks the calling
// goroutine until the message arrives; by then every event queued before
// it (a cancel, say) has been handled. A round trip costs about 1 ms, a
// fifth of what time.Sleep costs, because timers are clamped and messages
// are not.
type Yielder struct {
	port    safejs.Value
	mu      sync.Mutex
	waiting []chan struct{} // FIFO: messages come back in the order posted
}

// NewYielder sets up the channel.
func NewYielder() (*Yielder, error) {
	ctor, err := Global().Get("MessageChannel")
	if err != nil || ctor.IsUndefined() {
		return nil, ErrNoMessageChannel
	}
	channel, err := ctor.New()
	if err != nil {
		return nil, err
	}
	y := &Yielder{}
	if y.port, err = channel.Get("port2"); err != nil {
		return nil, err
	}
	in, err := channel.Get("port1")
	if err != nil {
		return nil, err
	}
	onMessage, err := Func(func(this safejs.Value, args []safejs.Value) any {
		y.mu.Lock()
		if len(y.waiting) > 0 {
			close(y.waiting[0])
			y.waiting = y.waiting[1:]
		}
		y.mu.Unlock()
		return nil
	}, nil)
	if err != nil {
		return nil, err
	}
	if err := in.Set("onmessage", onMessage); err != nil {
		return nil, err
	}
	// Under Node a listening port keeps the process alive; let it exit.
	for _, port := range []safejs.Value{in, y.port} {
		if unref, err := port.Get("unref"); err == nil && unref.Type() == safejs.TypeFunction {
			_, _ = port.Call("unref")
		}
	}
	return y, nil
}

// Yield returns after the event loop has run once.
func (y *Yielder) Yield() {
	done := make(chan struct{})
	y.mu.Lock()
	y.waiting = append(y.waiting, done)
	y.mu.Unlock()
	if _, err := y.port.Call("postMessage", 0); err != nil {
		y.mu.Lock()
		for i, w := range y.waiting {
			if w == done {
				y.waiting = append(y.waiting[:i], y.waiting[i+1:]...)
				break
			}
		}
		y.mu.Unlock()
		return
	}
	<-done
}
