package api

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
)

// A released name stays released, so each test run takes fresh names.
var holdSerial atomic.Int64

func fresh(name string) string { return fmt.Sprintf("%s-%d", name, holdSerial.Add(1)) }

// holdResult is what a debug.hold call ended with.
type holdResult struct {
	out []byte
	err *Error
}

// startHold runs debug.hold on a goroutine and returns once the hold is
// waiting (it has made its first progress report), with the channel its
// outcome arrives on.
func startHold(t *testing.T, ctx context.Context, name string) <-chan holdResult {
	t.Helper()
	waiting := make(chan struct{})
	var once sync.Once
	done := make(chan holdResult, 1)
	go func() {
		out, err := Call(ctx, "debug.hold", []byte(`{"name":"`+name+`"}`), func(done, total int64, note string) {
			if done != 0 || total != 1 || note != "held" {
				t.Errorf("a hold reports 0 of 1, held; got %d of %d, %q", done, total, note)
			}
			once.Do(func() { close(waiting) })
		})
		done <- holdResult{out, err}
	}()
	select {
	case <-waiting:
	case r := <-done:
		t.Fatalf("debug.hold %s ended before it was released: %s %v", name, r.out, r.err)
	}
	return done
}

func release(t *testing.T, name string) (waiting float64) {
	t.Helper()
	got := mustCall(t, "debug.release", `{"name":"`+name+`"}`)
	if got["name"] != name {
		t.Fatalf("debug.release %s answered for %v", name, got["name"])
	}
	return got["waiting"].(float64)
}

// A hold lasts until its name is released, and then every hold of that
// name goes; another name's hold stays.
func TestHoldLastsUntilReleased(t *testing.T) {
	a, b := fresh("test-a"), fresh("test-b")
	first := startHold(t, context.Background(), a)
	second := startHold(t, context.Background(), a)
	other := startHold(t, context.Background(), b)
	if n := release(t, a); n != 2 {
		t.Errorf("releasing test-a should let its 2 waiting holds go, not %v", n)
	}
	for _, done := range []<-chan holdResult{first, second} {
		r := <-done
		var got map[string]any
		if r.err != nil || json.Unmarshal(r.out, &got) != nil || got["name"] != a {
			t.Fatalf("a released hold should return its name: %s %v", r.out, r.err)
		}
	}
	select {
	case r := <-other:
		t.Fatalf("releasing test-a let test-b go: %s %v", r.out, r.err)
	default:
	}
	if n := release(t, b); n != 1 {
		t.Errorf("releasing test-b should let its one hold go, not %v", n)
	}
	if r := <-other; r.err != nil {
		t.Fatalf("test-b after its release: %v", r.err)
	}
}

// A release that arrives before its hold (the worker runs each call on its
// own goroutine, in no promised order) still lets the hold through.
func TestReleaseBeforeHold(t *testing.T) {
	name := fresh("test-early")
	if n := release(t, name); n != 0 {
		t.Errorf("nothing was waiting on %s, yet the release counted %v", name, n)
	}
	if _, err := Call(context.Background(), "debug.hold", []byte(`{"name":"`+name+`"}`), nil); err != nil {
		t.Fatalf("a hold whose name is already released should return at once: %v", err)
	}
}

// Cancelling a hold ends it at once as cancelled, and it no longer waits.
func TestHoldIsCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	name := fresh("test-cancel")
	done := startHold(t, ctx, name)
	cancel()
	if r := <-done; r.err == nil || r.err.Code != CodeCancelled {
		t.Fatalf("a cancelled hold should end cancelled: %s %v", r.out, r.err)
	}
	if n := release(t, name); n != 0 {
		t.Errorf("the cancelled hold is still counted as waiting: %v", n)
	}
}

func TestHoldNeedsAName(t *testing.T) {
	wantError(t, "debug.hold", `{}`, CodeBadInput, "name")
	wantError(t, "debug.release", `{"name":""}`, CodeBadInput, "name")
	wantError(t, "debug.hold", `{"name":"x","ms":5}`, CodeBadInput, "ms")
}
