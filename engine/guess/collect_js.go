//go:build js

package guess

import "runtime"

// letCollectorRun gives the garbage collector's workers their turn.
// WebAssembly runs Go on one thread with no preemption, so a search that
// never waits never lets them run: the collection then rests on the
// search's own allocations doing the marking, which the runtime switches
// off while it judges the collector to be taking too much of the CPU.
// On a loaded machine that judgement held through whole searches, the
// heap grew past the 4 GB a module can address, and the tests under Node
// died out of memory. In the browser the worker's progress reports wait
// on the page, which lets the workers run as well; this covers a search
// with no reports.
func letCollectorRun() { runtime.Gosched() }
