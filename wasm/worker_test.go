//go:build js && wasm

package main

import (
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hack-pad/safejs"

	"kibitz/wasm/bridge"
)

// The worker protocol, run under Node: the test stands in for the page,
// catching postMessage and calling onmessage on the global object.

type outbox struct {
	mu   sync.Mutex
	msgs []map[string]any
}

func (o *outbox) take(t *testing.T, id float64, kind string) map[string]any {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		o.mu.Lock()
		for i, m := range o.msgs {
			if m["type"] == kind && (id == 0 || m["id"] == id) {
				o.msgs = append(o.msgs[:i], o.msgs[i+1:]...)
				o.mu.Unlock()
				return m
			}
		}
		o.mu.Unlock()
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("no %s message for call %v", kind, id)
	return nil
}

// takeLost waits for the "lost" message about message number seq.
func (o *outbox) takeLost(t *testing.T, seq float64) map[string]any {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		o.mu.Lock()
		for i, m := range o.msgs {
			if m["type"] == "lost" && m["seq"] == seq {
				o.msgs = append(o.msgs[:i], o.msgs[i+1:]...)
				o.mu.Unlock()
				return m
			}
		}
		o.mu.Unlock()
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("no lost message for %v", seq)
	return nil
}

func (o *outbox) count(kind string, id float64) int {
	o.mu.Lock()
	defer o.mu.Unlock()
	n := 0
	for _, m := range o.msgs {
		if m["type"] == kind && m["id"] == id {
			n++
		}
	}
	return n
}

var (
	box       *outbox
	startOnce sync.Once
)

// startWorker installs a fake postMessage and runs the worker role once
// for all tests.
func startWorker(t *testing.T) *outbox {
	startOnce.Do(func() {
		box = &outbox{}
		post, err := bridge.Func(func(this safejs.Value, args []safejs.Value) any {
			var m map[string]any
			if err := bridge.FromJS(args[0], &m); err == nil {
				box.mu.Lock()
				box.msgs = append(box.msgs, m)
				box.mu.Unlock()
			}
			return nil
		}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := bridge.Global().Set("postMessage", post); err != nil {
			t.Fatal(err)
		}
		if err := runWorker(); err != nil {
			t.Fatal(err)
		}
	})
	return box
}

// send delivers a message to the worker as the page would: params, written
// here as an object for legibility, go as JSON text, as kibitz.js sends
// them (a string stays as it is).
func send(t *testing.T, msg string) {
	t.Helper()
	var v map[string]any
	if err := json.Unmarshal([]byte(msg), &v); err != nil {
		t.Fatal(err)
	}
	if params, ok := v["params"]; ok {
		if _, isText := params.(string); !isText {
			text, _ := json.Marshal(params)
			v["params"] = string(text)
		}
	}
	sendRaw(t, v)
}

// sendRaw delivers a message exactly as given.
func sendRaw(t *testing.T, v map[string]any) {
	t.Helper()
	data, err := bridge.ToJS(v)
	if err != nil {
		t.Fatal(err)
	}
	event, _ := bridge.Object(map[string]any{"data": data})
	onmessage, err := bridge.Global().Get("onmessage")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := onmessage.Invoke(event); err != nil {
		t.Fatal(err)
	}
}

func TestWorkerAnnouncesItsMethods(t *testing.T) {
	b := startWorker(t)
	ready := b.take(t, 0, "ready")
	names := map[string]bool{}
	for _, m := range ready["methods"].([]any) {
		names[m.(map[string]any)["name"].(string)] = true
	}
	for _, want := range []string{"guess.score", "guess.suggest", "guess.host.new", "debug.panic"} {
		if !names[want] {
			t.Errorf("ready lacks %s", want)
		}
	}
}

// value reads a result message's value, which comes as JSON text.
func value(t *testing.T, result map[string]any) map[string]any {
	t.Helper()
	text, ok := result["json"].(string)
	var v map[string]any
	if !ok || json.Unmarshal([]byte(text), &v) != nil {
		t.Fatalf("a result carries its value as JSON text: %v", result)
	}
	return v
}

func TestWorkerRunsACall(t *testing.T) {
	b := startWorker(t)
	send(t, `{"type":"run","id":1,"method":"guess.score","params":{"secret":"247","guess":"284","preset":"science-3"}}`)
	result := b.take(t, 1, "result")
	value := value(t, result)
	if value["a"] != 1.0 || value["b"] != 1.0 {
		t.Fatalf("got %v", result)
	}
}

// A board's probabilities come beside the JSON as a Float64Array, and the
// JSON names it in their place.
func TestWorkerSendsProbabilitiesAsTypedArrays(t *testing.T) {
	b := startWorker(t)
	send(t, `{"type":"run","id":9,"method":"mines.analyze","params":{"board":"5x4x4\n1H?H?\n?????\n??1??\n?????\n"}}`)
	result := b.take(t, 9, "result")
	prob, _ := value(t, result)["prob"].(map[string]any)
	if prob["$floats"] != 0.0 || prob["width"] != 5.0 {
		t.Fatalf("the JSON should name the first bulk list, 5 wide, in prob's place: %v", prob)
	}
	floats, _ := result["floats"].([]any)
	if len(floats) != 1 {
		t.Fatalf("the result should carry one bulk list: %v", result["floats"])
	}
	// The test's postMessage reads messages through JSON, where a
	// Float64Array is an object of its numbers by index.
	if cells, _ := floats[0].(map[string]any); len(cells) != 20 {
		t.Errorf("the list should hold the board's 20 cells: %v", floats[0])
	}
}

func TestWorkerReportsErrors(t *testing.T) {
	b := startWorker(t)
	send(t, `{"type":"run","id":2,"method":"guess.score","params":{"secret":"2477","guess":"284","preset":"science-3"}}`)
	e := b.take(t, 2, "error")
	if e["code"] != "bad-input" || e["field"] != "secret" || e["message"] == "" {
		t.Fatalf("got %v", e)
	}
	send(t, `{"type":"run","id":3,"method":"debug.panic","params":{"message":"oops"}}`)
	if e := b.take(t, 3, "error"); e["code"] != "internal" {
		t.Fatalf("a panic must be an internal error: %v", e)
	}
	send(t, `{"type":"run","id":4,"method":"guess.score","params":{"secret":"247","guess":"247","preset":"science-3"}}`)
	if r := b.take(t, 4, "result"); value(t, r)["won"] != true {
		t.Fatalf("the worker must survive a panic: %v", r)
	}
	send(t, `{"type":"run","id":5,"method":"no.such","params":{}}`)
	if e := b.take(t, 5, "error"); e["code"] != "bad-input" || e["field"] != "method" {
		t.Fatalf("unknown method: %v", e)
	}
}

// A long call reports progress and stops when cancelled, because it
// yields to the event loop where the cancel message gets in.
func TestWorkerProgressAndCancel(t *testing.T) {
	b := startWorker(t)
	send(t, `{"type":"run","id":6,"method":"debug.spin","params":{"ms":30000}}`)
	b.take(t, 6, "progress")
	b.take(t, 6, "progress")
	send(t, `{"type":"cancel","id":6}`)
	e := b.take(t, 6, "error")
	if e["code"] != "cancelled" {
		t.Fatalf("got %v", e)
	}
	if n := b.count("result", 6); n != 0 {
		t.Fatal("a cancelled call must not also return a result")
	}
}

// Parameters come as JSON text: nested 3,500 deep they are still read and
// answered, and parameters that are not text are an error, not a hang.
func TestWorkerReadsParamsAsText(t *testing.T) {
	b := startWorker(t)
	deep := strings.Repeat(`{"a":`, 3500) + `{}` + strings.Repeat(`}`, 3500)
	sendRaw(t, map[string]any{"type": "run", "id": 20.0, "method": "guess.score", "params": deep})
	if e := b.take(t, 20, "error"); e["code"] != "bad-input" || e["field"] != "a" {
		t.Fatalf("3,500 deep: %v", e)
	}
	sendRaw(t, map[string]any{"type": "run", "id": 21.0, "method": "guess.score", "params": map[string]any{"secret": "1234"}})
	if e := b.take(t, 21, "error"); e["code"] != "bad-input" || e["field"] != "params" {
		t.Fatalf("params as an object: %v", e)
	}
	sendRaw(t, map[string]any{"type": "run", "id": 22.0, "method": "guess.score", "params": `{"budgetMs": NaN}`})
	if e := b.take(t, 22, "error"); e["code"] != "bad-input" || e["field"] != "params" {
		t.Fatalf("text that is not JSON: %v", e)
	}
}

// A message the worker cannot read (a messageerror event, which carries
// no data, or data that reads as null or throws) is reported by its
// number: the one after the last message read.
func TestWorkerReportsALostMessage(t *testing.T) {
	b := startWorker(t)
	send(t, `{"type":"run","id":30,"seq":41,"method":"guess.score","params":{"secret":"1234","guess":"1243"}}`)
	b.take(t, 30, "result")
	onmessageerror, err := bridge.Global().Get("onmessageerror")
	if err != nil {
		t.Fatal(err)
	}
	event, _ := bridge.Object(map[string]any{})
	for _, want := range []float64{42, 43} {
		if _, err := onmessageerror.Invoke(event); err != nil {
			t.Fatal(err)
		}
		b.takeLost(t, want)
	}
	// In Chromium the data of a message too deep to rebuild throws when
	// read, and no messageerror comes: that message is lost too.
	throwing, err := bridge.Global().Get("Function")
	if err != nil {
		t.Fatal(err)
	}
	getter, err := throwing.New("throw new RangeError('Maximum call stack size exceeded')")
	if err != nil {
		t.Fatal(err)
	}
	descriptor, _ := bridge.Object(map[string]any{"get": getter})
	objectCtor, _ := bridge.Global().Get("Object")
	deepEvent, _ := bridge.Object(map[string]any{})
	if _, err := objectCtor.Call("defineProperty", deepEvent, "data", descriptor); err != nil {
		t.Fatal(err)
	}
	onmessage, err := bridge.Global().Get("onmessage")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := onmessage.Invoke(deepEvent); err != nil {
		t.Fatal(err)
	}
	b.takeLost(t, 44)
	// Chromium gives such a message's data as null.
	nullEvent, _ := bridge.Object(map[string]any{"data": nil})
	if _, err := onmessage.Invoke(nullEvent); err != nil {
		t.Fatal(err)
	}
	b.takeLost(t, 45)
}
