package api

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"
)

// FuzzCall calls every method with parameters the fuzzer derives from real
// ones (testdata/fuzz/FuzzCall holds calls the other tests make, a few
// per method, chosen among those that answer in under 30 ms). Whatever
// the parameters, a call must answer within its time: with valid JSON, or
// with an error a person can act on. An internal error is a bug: a panic
// inside the engine, or an error no game maps to a message.
//
//	go test -run '^$' -fuzz FuzzCall -fuzztime 60s ./engine/api
func FuzzCall(f *testing.F) {
	f.Add("guess.explain", []byte(`{"guess":"0123","preset":"1a2b-4"}`))
	f.Add("mines.levels", []byte(`{}`))
	f.Add("guess.tree.split", []byte(`{"params":{"rules":{"length":3,"alphabet":"ABCDEF","repeats":true},"objective":"average"},"workers":2}`))
	f.Fuzz(func(t *testing.T, method string, params []byte) {
		if strings.HasPrefix(method, "debug.") {
			return // test hooks: they panic, crash, spin or wait on purpose
		}
		// A short deadline keeps each run fast; a method that cannot
		// finish in time must still stop promptly when it passes.
		ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
		defer cancel()
		// A call that ignores its deadline would stall the fuzzer without
		// a report; the watchdog turns it into a crash, which is one.
		watchdog := time.AfterFunc(5*time.Second, func() {
			panic(fmt.Sprintf("%s %s: no answer 5 s after the call, its deadline was 200 ms", method, params))
		})
		defer watchdog.Stop()
		// Under GOOS=js nothing preempts the engine, so the deadline's
		// timer cannot fire while a method computes: there, as in the
		// browser's worker, a stop comes through the progress reports
		// (the worker reads its cancel message when one yields). This one
		// cancels once the deadline has passed, which is what a Stop does.
		deadline, _ := ctx.Deadline()
		stop := func(done, total int64, note string) {
			if time.Now().After(deadline) {
				cancel()
			}
		}
		start := time.Now()
		result, err := Call(ctx, method, params, stop)
		if took := time.Since(start); took > 3*time.Second {
			t.Errorf("%s %s: answered after %v, its deadline was 200 ms", method, params, took.Round(time.Millisecond))
		}
		if err != nil {
			if err.Code == CodeInternal {
				t.Fatalf("%s %s: internal error: %s\n%s", method, params, err.Message, err.Stack)
			}
			if strings.TrimSpace(err.Message) == "" {
				t.Fatalf("%s %s: error %s with no message", method, params, err.Code)
			}
			return
		}
		if !json.Valid(result) {
			t.Fatalf("%s %s: the result is not JSON: %.200s", method, params, result)
		}
		if n, ok := unsafeInteger(result); !ok {
			t.Fatalf("%s %s: the result holds %s, a whole number JavaScript cannot hold exactly (past 2^53): %.200s", method, params, n, result)
		}
	})
}

// unsafeInteger finds a whole number in a JSON text past 2^53, which a
// page's JSON.parse rounds to another: such a value must travel as a
// string (a code did, as a number, and the pool rebuilt Mastermind's
// trees from other guesses). It returns the number and false, or true.
func unsafeInteger(text []byte) (string, bool) {
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return "", true
	}
	var walk func(v any) (string, bool)
	walk = func(v any) (string, bool) {
		switch x := v.(type) {
		case json.Number:
			if i, err := x.Int64(); err == nil && (i > 1<<53 || i < -(1<<53)) {
				return x.String(), false
			}
			if _, err := x.Int64(); err != nil && !strings.ContainsAny(x.String(), ".eE") {
				return x.String(), false // too big even for an int64
			}
		case []any:
			for _, e := range x {
				if n, ok := walk(e); !ok {
					return n, false
				}
			}
		case map[string]any:
			for _, e := range x {
				if n, ok := walk(e); !ok {
					return n, false
				}
			}
		}
		return "", true
	}
	return walk(v)
}
