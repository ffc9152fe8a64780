//go:build js && wasm

package frame

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"

	"github.com/hack-pad/safejs"

	"kibitz/engine/api"
	"kibitz/wasm/bridge"
)

// Engine is a widget's handle on the engine worker: kibitz.js's engine
// object, whose call() returns a Promise.
type Engine struct {
	obj safejs.Value
}

// NewEngine wraps kibitz.js's engine object.
func NewEngine(obj safejs.Value) *Engine { return &Engine{obj: obj} }

// CallError is a failed engine call as the page sees it: the engine's own
// error (engine/api.Error), or engine-crashed from the client.
type CallError = api.Error

// Progress receives a long call's progress.
type Progress func(done, total float64, note string)

// Call runs method with params (any JSON-encodable value) on the worker
// and decodes the result into result (a pointer, or nil). Cancelling ctx
// aborts the call. It blocks the calling goroutine, so call it from one,
// never from an event handler directly.
func (e *Engine) Call(ctx context.Context, method string, params, result any, progress Progress) error {
	jsParams, err := bridge.ToJS(params)
	if err != nil {
		return err
	}
	controllerCtor, err := bridge.Global().Get("AbortController")
	if err != nil {
		return err
	}
	controller, err := controllerCtor.New()
	if err != nil {
		return err
	}
	signal, err := controller.Get("signal")
	if err != nil {
		return err
	}
	// raw: the result comes as the worker's JSON text with its bulk
	// numbers as Float64Arrays, read here directly (see Floats).
	options := map[string]any{"signal": signal, "raw": true}
	if progress != nil {
		onProgress, release, err := bridge.ReleasableFunc(func(this safejs.Value, args []safejs.Value) any {
			var p struct {
				Done  float64 `json:"done"`
				Total float64 `json:"total"`
				Note  string  `json:"note"`
			}
			if len(args) > 0 && bridge.FromJS(args[0], &p) == nil {
				progress(p.Done, p.Total, p.Note)
			}
			return nil
		})
		if err != nil {
			return err
		}
		defer release()
		options["onProgress"] = onProgress
	}
	jsOptions, err := bridge.Object(options)
	if err != nil {
		return err
	}
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		select {
		case <-ctx.Done():
			_, _ = controller.Call("abort")
		case <-stop:
		}
	}()
	if err := e.testHold(method, jsParams, jsOptions); err != nil {
		return callError(err)
	}
	promise, err := e.obj.Call("call", method, jsParams, jsOptions)
	if err != nil {
		return err
	}
	value, err := bridge.Await(promise)
	if err != nil {
		return callError(err)
	}
	if result == nil {
		return nil
	}
	return decodeResult(value, result)
}

// Floats is a bulk list of numbers in a result, such as a board's
// probabilities: Width numbers to a row, NaN where there is none. The
// worker sends it as a Float64Array beside the JSON (see api.CallBinary),
// and it is copied here in one piece: reading 10,000 numbers from JSON
// text took 10–20 ms in the page.
type Floats struct {
	Width  int
	Values []float64
}

// decoding holds the bulk arrays of the result being decoded, for
// Floats.UnmarshalJSON; decodeResult holds the lock while it decodes.
var decoding struct {
	sync.Mutex
	arrays []safejs.Value
}

// decodeResult reads a raw result, {json, floats}, into result.
func decodeResult(raw safejs.Value, result any) error {
	text, err := raw.Get("json")
	if err != nil {
		return err
	}
	s, err := text.String()
	if err != nil {
		return err
	}
	floats, err := raw.Get("floats")
	if err != nil {
		return err
	}
	n, err := floats.Length()
	if err != nil {
		return err
	}
	decoding.Lock()
	defer decoding.Unlock()
	decoding.arrays = decoding.arrays[:0]
	for i := 0; i < n; i++ {
		array, err := floats.Index(i)
		if err != nil {
			return err
		}
		decoding.arrays = append(decoding.arrays, array)
	}
	defer func() { decoding.arrays = decoding.arrays[:0] }()
	return json.Unmarshal([]byte(s), result)
}

func (f *Floats) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		return nil
	}
	var ref struct {
		Index *int `json:"$floats"`
		Width int  `json:"width"`
	}
	if err := json.Unmarshal(b, &ref); err != nil || ref.Index == nil {
		return fmt.Errorf("frame: bulk numbers come as {$floats, width}, not %.40s", b)
	}
	if *ref.Index < 0 || *ref.Index >= len(decoding.arrays) {
		return fmt.Errorf("frame: the result names bulk list %d of %d", *ref.Index, len(decoding.arrays))
	}
	values, err := bridge.Floats(decoding.arrays[*ref.Index])
	if err != nil {
		return err
	}
	f.Width, f.Values = ref.Width, values
	return nil
}

// callError reads a rejected call's JS error as the engine's error.
func callError(err error) error {
	var jsErr *bridge.JSError
	if !errors.As(err, &jsErr) {
		return err
	}
	ce := &CallError{Code: jsErr.Code, Message: jsErr.Message}
	_ = bridge.FromJS(jsErr.Value, ce)
	ce.Message = jsErr.Message // an Error's message is not enumerable
	if ce.Code == "" {
		ce.Code = "internal"
	}
	return ce
}

// testHold exists for the end-to-end tests (scripts/e2e), which must see
// a widget while its call is in flight (the busy indicator, Stop, a second
// call that must not cancel it) however fast the machine ends the real
// work. A test defines window.__kibitzTestHold(method, params, engine,
// options); before each call it is asked, and a Promise it returns (its
// own engine.call of debug.hold, with the call's options, so progress,
// Stop and cancelling work as for the real call) holds the call until it
// settles. A rejection (the hold was cancelled) is the call's outcome.
// No page defines that name by chance, and without it this costs one
// property read per call.
func (e *Engine) testHold(method string, params, options safejs.Value) error {
	hook, err := bridge.Global().Get("__kibitzTestHold")
	if err != nil || hook.Type() != safejs.TypeFunction {
		return nil
	}
	held, err := hook.Invoke(method, params, e.obj, options)
	if err != nil || held.Type() != safejs.TypeObject {
		return err
	}
	_, err = bridge.Await(held)
	return err
}
