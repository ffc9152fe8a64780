package api

import (
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
		start := time.Now()
		result, err := Call(ctx, method, params, nil)
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
	})
}
