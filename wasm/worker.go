//go:build js && wasm

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"time"

	"github.com/hack-pad/safejs"

	"kibitz/engine/api"
	"kibitz/engine/progress"
	"kibitz/wasm/bridge"
)

// The worker protocol. Every message is a plain object with a type.
//
//	page → worker  {type: "run", id, seq, method, params}  params: JSON text
//	               {type: "cancel", id, seq}
//	worker → page  {type: "ready", methods: [{name, doc}]}   once, when Go is up
//	               {type: "progress", id, done, total, note} zero or more per call
//	               {type: "result", id, json, floats?}      json: the value as JSON text
//	                                                         floats: [Float64Array], bulk numbers (see api.CallBinary)
//	               {type: "error", id, code, message, field?, row?, pos?, reason?, rows?, size?, limit?}
//	               {type: "lost", seq}   the message numbered seq could not be read
//
// Parameters and results travel as JSON text, not as objects: the
// structured clone that carries a message can fail to rebuild a deeply
// nested object on the receiving side (a "messageerror" event, or, in
// Chromium, reading the event's data throws), and then there is no call id
// to answer: a call whose message is lost would never settle. Text always
// arrives, and the engine's reader answers any text.
// The page numbers its messages (seq) and they arrive in order, so if one
// still cannot be read, the worker says which, and the page settles the
// call it carried.
//
// The JS bootstrap in kibitz.js owns the step before: it receives
// {type: "init", module} with the compiled WebAssembly.Module, starts Go,
// and posts {type: "exit", code} if the Go program ever stops (a fatal
// runtime error or out of memory), which the page treats as a crash.
//
// A call runs on its own goroutine with a context that "cancel" ends. Long
// engine work reports progress often; the first report after 50 ms of
// silence is posted and is also where the call yields to the event loop,
// which is how a cancel message gets in while Go is computing. Work that
// never reports cannot be cancelled this way: the page terminates the
// worker when a cancel has had no effect for a second.
const progressEvery = 50 * time.Millisecond

// worker is the state of the worker role.
type worker struct {
	self    safejs.Value
	yielder *bridge.Yielder

	mu      sync.Mutex
	cancels map[float64]context.CancelFunc
	lastSeq float64 // the number of the last message from the page; JS thread only
}

func runWorker() error {
	w := &worker{self: bridge.Global(), cancels: map[float64]context.CancelFunc{}}
	var err error
	if w.yielder, err = bridge.NewYielder(); err != nil {
		return err
	}
	onMessage, err := bridge.Func(w.onMessage, func(err error) { w.log(err) })
	if err != nil {
		return err
	}
	if err := w.self.Set("onmessage", onMessage); err != nil {
		return err
	}
	onMessageError, err := bridge.Func(w.onMessageError, func(err error) { w.log(err) })
	if err != nil {
		return err
	}
	if err := w.self.Set("onmessageerror", onMessageError); err != nil {
		return err
	}
	type info struct {
		Name string `json:"name"`
		Doc  string `json:"doc"`
	}
	var list []info
	for _, m := range api.Methods() {
		list = append(list, info{m.Name, m.Doc})
	}
	return w.post(map[string]any{"type": "ready", "methods": list})
}

// onMessage handles one message from the page. It runs on the JS thread and
// must return at once, so a call is started on a goroutine.
func (w *worker) onMessage(this safejs.Value, args []safejs.Value) any {
	if len(args) == 0 {
		return nil
	}
	// Chromium rebuilds a message's data when it is first read, here, and
	// when that fails (a deeply nested object) the data is null and no
	// messageerror is fired: the message is lost all the same. Every
	// message from the page is an object with a type.
	data, err := bridge.Property(args[0], "data")
	if err != nil || data.Type() != safejs.TypeObject {
		return w.onMessageError(this, args)
	}
	kind := stringField(data, "type")
	id, _ := numberField(data, "id")
	if seq, ok := numberField(data, "seq"); ok {
		w.lastSeq = seq
	}
	switch kind {
	case "run":
		method := stringField(data, "method")
		params, err := bridge.Property(data, "params")
		if err != nil {
			w.postError(id, &api.Error{Code: api.CodeBadInput, Field: "params", Reason: "bad-value",
				Message: "the parameters cannot be read: " + err.Error()})
			return nil
		}
		if params.Type() != safejs.TypeString {
			w.postError(id, &api.Error{Code: api.CodeBadInput, Field: "params", Reason: "bad-value",
				Message: "the parameters must come as JSON text (kibitz.js sends them so)"})
			return nil
		}
		text, err := params.String()
		if err != nil {
			w.postError(id, &api.Error{Code: api.CodeBadInput, Field: "params", Reason: "bad-value", Message: "the parameters cannot be read: " + err.Error()})
			return nil
		}
		paramsJSON := []byte(text)
		ctx, cancel := context.WithCancel(context.Background())
		w.mu.Lock()
		w.cancels[id] = cancel
		w.mu.Unlock()
		go w.run(ctx, id, method, paramsJSON)
	case "cancel":
		w.mu.Lock()
		if cancel := w.cancels[id]; cancel != nil {
			cancel()
		}
		w.mu.Unlock()
	}
	return nil
}

// onMessageError handles a message from the page that could not be read:
// the event has no data, but the message was the one after the last read.
func (w *worker) onMessageError(this safejs.Value, args []safejs.Value) any {
	w.lastSeq++
	if err := w.post(map[string]any{"type": "lost", "seq": w.lastSeq}); err != nil {
		w.log(err)
	}
	return nil
}

// run performs one call and posts its outcome.
func (w *worker) run(ctx context.Context, id float64, method string, params []byte) {
	defer func() {
		w.mu.Lock()
		if cancel := w.cancels[id]; cancel != nil {
			cancel()
			delete(w.cancels, id)
		}
		w.mu.Unlock()
		if p := recover(); p != nil {
			w.postError(id, &api.Error{Code: api.CodeInternal, Message: fmt.Sprintf("the worker failed: %v", p)})
		}
	}()
	last := time.Now()
	report := func(done, total int64, note string) {
		if note == progress.NoteParts {
			// The pool starts workers on it: posted at once, and the
			// call goes on without a yield.
			_ = w.post(map[string]any{"type": "progress", "id": id, "done": float64(done), "total": float64(total), "note": note})
			return
		}
		if time.Since(last) < progressEvery {
			return
		}
		_ = w.post(map[string]any{"type": "progress", "id": id, "done": float64(done), "total": float64(total), "note": note})
		w.yielder.Yield()
		last = time.Now()
	}
	result, floats, callErr := api.CallBinary(ctx, method, params, report)
	if callErr != nil {
		w.postError(id, callErr)
		return
	}
	msg := map[string]any{"type": "result", "id": id, "json": string(result)}
	var transfer []safejs.Value
	if len(floats) > 0 {
		arrays, buffers, err := float64Arrays(floats)
		if err != nil {
			w.postError(id, &api.Error{Code: api.CodeInternal, Message: "the result could not be sent: " + err.Error()})
			return
		}
		msg["floats"], transfer = arrays, buffers
	}
	if err := w.post(msg, transfer...); err != nil {
		w.postError(id, &api.Error{Code: api.CodeInternal, Message: "the result could not be sent: " + err.Error()})
	}
}

// float64Arrays makes a JS array of Float64Arrays, and the list of their
// buffers, which postMessage moves to the page rather than copying.
func float64Arrays(lists [][]float64) (arrays safejs.Value, buffers []safejs.Value, err error) {
	made := make([]safejs.Value, 0, len(lists))
	for _, list := range lists {
		array, err := bridge.Float64Array(list)
		if err != nil {
			return safejs.Undefined(), nil, err
		}
		buffer, err := array.Get("buffer")
		if err != nil {
			return safejs.Undefined(), nil, err
		}
		made, buffers = append(made, array), append(buffers, buffer)
	}
	arrays, err = bridge.Array(made...)
	return arrays, buffers, err
}

func (w *worker) postError(id float64, e *api.Error) {
	fields := map[string]any{}
	text, _ := json.Marshal(e)
	_ = json.Unmarshal(text, &fields)
	fields["type"] = "error"
	fields["id"] = id
	if err := w.post(fields); err != nil {
		w.log(err)
	}
}

// post sends a message to the page; the objects in transfer (buffers)
// move rather than being copied.
func (w *worker) post(fields map[string]any, transfer ...safejs.Value) error {
	msg, err := bridge.Object(fields)
	if err != nil {
		return err
	}
	if len(transfer) == 0 {
		_, err = w.self.Call("postMessage", msg)
		return err
	}
	list, err := bridge.Array(transfer...)
	if err != nil {
		return err
	}
	_, err = w.self.Call("postMessage", msg, list)
	return err
}

func (w *worker) log(err error) {
	if console, e := w.self.Get("console"); e == nil {
		_, _ = console.Call("error", "kibitz worker: "+err.Error())
	}
}

// stringField and numberField read a field of a message from the page,
// through bridge.Property: a message's fields are read where an exception
// could otherwise unwind through Go.
func stringField(v safejs.Value, name string) string {
	f, err := bridge.Property(v, name)
	if err != nil || f.Type() != safejs.TypeString {
		return ""
	}
	s, _ := f.String()
	return s
}

func numberField(v safejs.Value, name string) (float64, bool) {
	f, err := bridge.Property(v, name)
	if err != nil || f.Type() != safejs.TypeNumber {
		return 0, false
	}
	n, err := f.Float()
	return n, err == nil
}
