package guess

import (
	"runtime"
	"syscall"
	"testing"
	"time"
)

// threadCPUClock returns a clock of the CPU time the calling thread has
// used, and locks the calling goroutine to its thread until the test ends.
// Timed on it, a stretch of work does not grow while a loaded machine
// runs other processes: the wall clock counts those pauses too, and made
// a cadence test fail with no change to the engine.
func threadCPUClock(t *testing.T) (func() time.Duration, bool) {
	runtime.LockOSThread()
	t.Cleanup(runtime.UnlockOSThread)
	const rusageThread = 1 // RUSAGE_THREAD
	return func() time.Duration {
		var ru syscall.Rusage
		if err := syscall.Getrusage(rusageThread, &ru); err != nil {
			t.Fatal(err)
		}
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}, true
}
