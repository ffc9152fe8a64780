//go:build js

package main

// cpuMs is unknown under js/wasm, where the bench is only vetted, not
// run: it reports 0.
func cpuMs() float64 { return 0 }
