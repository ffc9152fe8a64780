//go:build !js

package main

import "syscall"

// cpuMs is the process's CPU time (user and system) in milliseconds.
func cpuMs() float64 {
	var u syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &u) != nil {
		return 0
	}
	return float64(u.Utime.Nano()+u.Stime.Nano()) / 1e6
}
