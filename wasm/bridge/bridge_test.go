//go:build js && wasm

package bridge

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/hack-pad/safejs"
)

func TestJSONBothWays(t *testing.T) {
	type inner struct {
		Name  string   `json:"name"`
		Rows  []int    `json:"rows"`
		Ratio float64  `json:"ratio"`
		Tags  []string `json:"tags"`
		Next  *inner   `json:"next"`
	}
	in := inner{Name: "猜數字 ヒット", Rows: []int{1, 2, 3}, Ratio: 0.5, Tags: []string{}, Next: &inner{Name: "x"}}
	v, err := ToJS(in)
	if err != nil {
		t.Fatal(err)
	}
	name, _ := v.Get("name")
	if s, _ := name.String(); s != in.Name {
		t.Fatalf("name came through as %q", s)
	}
	var out inner
	if err := FromJS(v, &out); err != nil {
		t.Fatal(err)
	}
	if out.Name != in.Name || len(out.Rows) != 3 || out.Next == nil || out.Next.Name != "x" {
		t.Fatalf("round trip lost data: %+v", out)
	}
	if text, _ := StringifyJSON(safejs.Undefined()); string(text) != "null" {
		t.Fatalf("undefined must stringify as null, got %s", text)
	}
}

func TestObject(t *testing.T) {
	nested, _ := ToJS([]int{4, 5})
	obj, err := Object(map[string]any{"type": "result", "id": 7.0, "ok": true, "list": nested, "map": map[string]int{"a": 1}})
	if err != nil {
		t.Fatal(err)
	}
	text, _ := StringifyJSON(obj)
	for _, want := range []string{`"type":"result"`, `"id":7`, `"ok":true`, `"list":[4,5]`, `"map":{"a":1}`} {
		if !strings.Contains(string(text), want) {
			t.Errorf("%s lacks %s", text, want)
		}
	}
}

func TestPromiseResolvesFromAGoroutine(t *testing.T) {
	p, err := Promise(func() (safejs.Value, error) { return safejs.ValueOf(42) }, func(err error) safejs.Value { return safejs.Null() })
	if err != nil {
		t.Fatal(err)
	}
	v, err := Await(p)
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := v.Int(); n != 42 {
		t.Fatalf("got %d", n)
	}
}

func TestPromiseRejectsOnErrorAndPanic(t *testing.T) {
	reject := func(err error) safejs.Value {
		v, _ := safejs.ValueOf(err.Error())
		return v
	}
	p, _ := Promise(func() (safejs.Value, error) { return safejs.Undefined(), errors.New("no luck") }, reject)
	if _, err := Await(p); err == nil || !strings.Contains(err.Error(), "no luck") {
		t.Fatalf("want the error, got %v", err)
	}
	p, _ = Promise(func() (safejs.Value, error) { panic("kaboom") }, reject)
	if _, err := Await(p); err == nil || !strings.Contains(err.Error(), "kaboom") {
		t.Fatalf("want the panic as a rejection, got %v", err)
	}
}

func TestAwaitReadsTheErrorCode(t *testing.T) {
	ctor, _ := Global().Get("Error")
	e, _ := ctor.New("the engine crashed")
	_ = e.Set("code", "engine-crashed")
	promiseCtor, _ := Global().Get("Promise")
	rejected, _ := promiseCtor.Call("reject", e)
	_, err := Await(rejected)
	var jsErr *JSError
	if !errors.As(err, &jsErr) || jsErr.Code != "engine-crashed" || jsErr.Message != "the engine crashed" {
		t.Fatalf("got %#v", err)
	}
}

func TestFuncRecoversPanics(t *testing.T) {
	var reported error
	fn, err := Func(func(this safejs.Value, args []safejs.Value) any { panic("in a handler") }, func(err error) { reported = err })
	if err != nil {
		t.Fatal(err)
	}
	result, err := fn.Invoke()
	if err != nil {
		t.Fatalf("a panic must not become a JS exception: %v", err)
	}
	if !(result.IsUndefined() || result.IsNull()) || reported == nil || !strings.Contains(reported.Error(), "in a handler") {
		t.Fatalf("result %v, reported %v", result, reported)
	}
}

// Yield lets the event loop run: a timer set before the loop of yields
// fires during it.
func TestYieldRunsTheEventLoop(t *testing.T) {
	y, err := NewYielder()
	if err != nil {
		t.Fatal(err)
	}
	fired := false
	cb, release, _ := ReleasableFunc(func(this safejs.Value, args []safejs.Value) any { fired = true; return nil })
	defer release()
	setTimeout, _ := Global().Get("setTimeout")
	if _, err := setTimeout.Invoke(cb, 0); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 1000 && !fired; i++ {
		y.Yield()
	}
	if !fired {
		t.Fatal("1000 yields and the timer never fired")
	}
}

// A property whose getter throws is an error, and Go carries on.
func TestPropertyCatchesAThrowingGetter(t *testing.T) {
	fn, _ := Global().Get("Function")
	getter, err := fn.New("throw new RangeError('Maximum call stack size exceeded')")
	if err != nil {
		t.Fatal(err)
	}
	descriptor, _ := Object(map[string]any{"get": getter})
	obj, _ := Object(map[string]any{"plain": 7})
	objectCtor, _ := Global().Get("Object")
	if _, err := objectCtor.Call("defineProperty", obj, "data", descriptor); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3; i++ { // again and again: the runtime is intact
		_, err := Property(obj, "data")
		var jsErr *JSError
		if !errors.As(err, &jsErr) || !strings.Contains(jsErr.Message, "Maximum call stack") {
			t.Fatalf("want the getter's RangeError, got %v", err)
		}
	}
	plain, err := Property(obj, "plain")
	if n, _ := plain.Int(); err != nil || n != 7 {
		t.Fatalf("a plain property: %v %v", n, err)
	}
}

func TestFloatsBothWays(t *testing.T) {
	values := []float64{0, 1, 0.125, math.NaN(), 1e-300, -2.5}
	array, err := Float64Array(values)
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := array.Length(); n != len(values) {
		t.Fatalf("the Float64Array has %d numbers", n)
	}
	third, _ := array.Index(2)
	if f, _ := third.Float(); f != 0.125 {
		t.Errorf("array[2] = %v", f)
	}
	back, err := Floats(array)
	if err != nil {
		t.Fatal(err)
	}
	for i := range values {
		if back[i] != values[i] && !(math.IsNaN(back[i]) && math.IsNaN(values[i])) {
			t.Errorf("[%d] = %v, want %v", i, back[i], values[i])
		}
	}
	if empty, err := Float64Array(nil); err != nil {
		t.Fatal(err)
	} else if back, err := Floats(empty); err != nil || len(back) != 0 {
		t.Errorf("empty: %v %v", back, err)
	}
}
