//go:build js && wasm

// Package bridge holds the few ways Kibitz's Go code touches JavaScript,
// all through safejs so that a JS exception is an error, never a panic:
// functions exported to JS (each recovers its own panics), Promises made in
// Go and resolved from a goroutine, Promises awaited from Go, JSON in both
// directions, and a way to yield to the event loop.
//
// Go compiled to wasm runs on the JS thread and never gives it back on its
// own: a goroutine that computes blocks every event until it blocks on a
// channel. Yield is that block, as short as the platform allows.
package bridge

import (
	"encoding/json"
	"errors"
	"fmt"
	"runtime/debug"
	"sync"
	"syscall/js"

	"github.com/hack-pad/safejs"
)

// Global returns the JS global object the Go runtime was started with.
func Global() safejs.Value { return safejs.Global() }

// Func wraps fn as a JS function. A panic inside fn is recovered, reported
// to onPanic (may be nil) and turns into an undefined return, so one bad
// call never kills the module. The function lives as long as the module.
func Func(fn func(this safejs.Value, args []safejs.Value) any, onPanic func(error)) (safejs.Value, error) {
	f, err := safejs.FuncOf(func(this safejs.Value, args []safejs.Value) (result any) {
		defer func() {
			if p := recover(); p != nil {
				result = nil
				if onPanic != nil {
					onPanic(panicError(p))
				}
			}
		}()
		return fn(this, args)
	})
	if err != nil {
		return safejs.Undefined(), err
	}
	return f.Value(), nil
}

// panicError turns a recovered panic into an error a person can read: a
// widget may show its message. The stack goes to the console (Go's
// println writes there), for whoever debugs it.
func panicError(p any) error {
	what := describePanic(p)
	println("kibitz: panic:", what+"\n"+string(debug.Stack()))
	return fmt.Errorf("internal error: %s", what)
}

// describePanic says what a panic was. A JavaScript exception that is not
// an object (a page's script may throw null or a string) makes
// js.Error's own Error method panic, so it is spelled here.
func describePanic(p any) (text string) {
	defer func() {
		if recover() != nil {
			text = "a JavaScript exception"
		}
	}()
	if e, ok := p.(js.Error); ok && e.Value.Type() != js.TypeObject && e.Value.Type() != js.TypeFunction {
		return "JavaScript threw " + e.Value.String()
	}
	return fmt.Sprint(p)
}

// Property reads v[name] so that a getter that throws is an error. A plain
// Get cannot promise that: syscall/js reads properties without catching,
// and an exception thrown there unwinds through Go's frames and leaves the
// runtime broken. (A worker message's data is such a getter in Chromium:
// the message is rebuilt when first read, and that throws when it is too
// deep.) Reflect.get is a call, and calls are caught.
func Property(v safejs.Value, name string) (safejs.Value, error) {
	reflect, err := Global().Get("Reflect")
	if err != nil {
		return safejs.Undefined(), err
	}
	value, err := reflect.Call("get", v, name)
	if err != nil {
		return safejs.Undefined(), NewJSError(errorValue(err))
	}
	return value, nil
}

// errorValue is the JS value a caught exception carried, if it carried one.
func errorValue(err error) safejs.Value {
	var jsErr js.Error
	if errors.As(err, &jsErr) {
		return safejs.Safe(jsErr.Value)
	}
	v, _ := safejs.ValueOf(err.Error())
	return v
}

// ParseJSON turns JSON text into a JS value with JSON.parse.
func ParseJSON(text []byte) (safejs.Value, error) {
	jsonObj, err := Global().Get("JSON")
	if err != nil {
		return safejs.Undefined(), err
	}
	return jsonObj.Call("parse", string(text))
}

// StringifyJSON turns a JS value into JSON text with JSON.stringify;
// undefined becomes null.
func StringifyJSON(v safejs.Value) ([]byte, error) {
	if v.IsUndefined() {
		return []byte("null"), nil
	}
	jsonObj, err := Global().Get("JSON")
	if err != nil {
		return nil, err
	}
	s, err := jsonObj.Call("stringify", v)
	if err != nil {
		return nil, err
	}
	if s.IsUndefined() { // a function or a symbol
		return []byte("null"), nil
	}
	text, err := s.String()
	return []byte(text), err
}

// ToJS converts a Go value to a JS value through JSON.
func ToJS(v any) (safejs.Value, error) {
	text, err := json.Marshal(v)
	if err != nil {
		return safejs.Undefined(), err
	}
	return ParseJSON(text)
}

// FromJS converts a JS value into a Go value through JSON.
func FromJS(v safejs.Value, into any) error {
	text, err := StringifyJSON(v)
	if err != nil {
		return err
	}
	return json.Unmarshal(text, into)
}

// Array builds a JS array of the values.
func Array(values ...safejs.Value) (safejs.Value, error) {
	ctor, err := Global().Get("Array")
	if err != nil {
		return safejs.Undefined(), err
	}
	list, err := ctor.New()
	if err != nil {
		return safejs.Undefined(), err
	}
	for _, v := range values {
		if _, err := list.Call("push", v); err != nil {
			return safejs.Undefined(), err
		}
	}
	return list, nil
}

// Object builds a plain JS object from Go values; a value that is already
// a safejs.Value is stored as it is, anything else goes through ToJS.
func Object(fields map[string]any) (safejs.Value, error) {
	ctor, err := Global().Get("Object")
	if err != nil {
		return safejs.Undefined(), err
	}
	obj, err := ctor.New()
	if err != nil {
		return safejs.Undefined(), err
	}
	for k, v := range fields {
		jsv, ok := v.(safejs.Value)
		if !ok {
			switch v := v.(type) {
			case string, bool, int, int64, float64, nil:
				jsv, err = safejs.ValueOf(v)
			default:
				jsv, err = ToJS(v)
			}
			if err != nil {
				return safejs.Undefined(), fmt.Errorf("field %s: %w", k, err)
			}
		}
		if err := obj.Set(k, jsv); err != nil {
			return safejs.Undefined(), err
		}
	}
	return obj, nil
}

// Promise returns a JS Promise settled by run, which runs on its own
// goroutine: a JS caller never blocks on Go. A panic in run rejects the
// promise. reject turns a Go error into the JS rejection value.
func Promise(run func() (safejs.Value, error), reject func(error) safejs.Value) (safejs.Value, error) {
	ctor, err := Global().Get("Promise")
	if err != nil {
		return safejs.Undefined(), err
	}
	executor, err := Func(func(this safejs.Value, args []safejs.Value) any {
		resolveFn, rejectFn := args[0], args[1]
		go func() {
			value, err := func() (v safejs.Value, err error) {
				defer func() {
					if p := recover(); p != nil {
						err = panicError(p)
					}
				}()
				return run()
			}()
			if err != nil {
				_, _ = rejectFn.Invoke(reject(err))
				return
			}
			_, _ = resolveFn.Invoke(value)
		}()
		return nil
	}, nil)
	if err != nil {
		return safejs.Undefined(), err
	}
	return ctor.New(executor)
}

// Await blocks the calling goroutine (never the JS thread) until promise
// settles, returning its value or its rejection as a *JSError.
func Await(promise safejs.Value) (safejs.Value, error) {
	type settled struct {
		value safejs.Value
		err   error
	}
	done := make(chan settled, 1)
	var once sync.Once
	var onResolve, onReject safejs.Func
	var err error
	onResolve, err = safejs.FuncOf(func(this safejs.Value, args []safejs.Value) any {
		once.Do(func() { done <- settled{value: arg(args, 0)} })
		return nil
	})
	if err != nil {
		return safejs.Undefined(), err
	}
	defer onResolve.Release()
	onReject, err = safejs.FuncOf(func(this safejs.Value, args []safejs.Value) any {
		once.Do(func() { done <- settled{err: NewJSError(arg(args, 0))} })
		return nil
	})
	if err != nil {
		return safejs.Undefined(), err
	}
	defer onReject.Release()
	if _, err := promise.Call("then", onResolve.Value(), onReject.Value()); err != nil {
		return safejs.Undefined(), err
	}
	s := <-done
	return s.value, s.err
}

func arg(args []safejs.Value, i int) safejs.Value {
	if i < len(args) {
		return args[i]
	}
	return safejs.Undefined()
}

// JSError is a JS rejection or exception seen from Go: the thrown value and,
// when it is an Error with a code (as Kibitz's are), that code.
type JSError struct {
	Value   safejs.Value
	Code    string
	Message string
}

func (e *JSError) Error() string {
	if e.Code != "" {
		return e.Code + ": " + e.Message
	}
	return e.Message
}

// NewJSError reads code and message off a thrown JS value.
func NewJSError(v safejs.Value) *JSError {
	e := &JSError{Value: v, Message: "unknown JavaScript error"}
	if v.Type() == safejs.TypeObject {
		if code, err := v.Get("code"); err == nil && code.Type() == safejs.TypeString {
			e.Code, _ = code.String()
		}
		if msg, err := v.Get("message"); err == nil && msg.Type() == safejs.TypeString {
			e.Message, _ = msg.String()
		}
	} else if s, err := v.String(); err == nil {
		e.Message = s
	}
	return e
}

// ErrNoMessageChannel is returned by NewYielder where MessageChannel is
// missing.
var ErrNoMessageChannel = errors.New("bridge: MessageChannel is not available")

// ReleasableFunc wraps fn like Func (a panic returns undefined) and also
// returns its release: call it once JS can no longer call the function (a
// call has settled, a listener is removed), or the function and all it
// captures stay alive for good.
func ReleasableFunc(fn func(this safejs.Value, args []safejs.Value) any) (safejs.Value, func(), error) {
	f, err := safejs.FuncOf(func(this safejs.Value, args []safejs.Value) (result any) {
		defer func() {
			if recover() != nil {
				result = nil
			}
		}()
		return fn(this, args)
	})
	if err != nil {
		return safejs.Undefined(), func() {}, err
	}
	return f.Value(), f.Release, nil
}
