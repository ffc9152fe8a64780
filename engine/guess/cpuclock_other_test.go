//go:build !linux

package guess

import (
	"testing"
	"time"
)

// threadCPUClock has no thread's CPU clock to offer here (under
// GOOS=js, Node's clock is out of the engine's reach): it returns the
// wall clock, and false, so that a test on it logs what it measured
// rather than fail on a loaded machine's pauses.
func threadCPUClock(t *testing.T) (func() time.Duration, bool) {
	start := time.Now()
	return func() time.Duration { return time.Since(start) }, false
}
