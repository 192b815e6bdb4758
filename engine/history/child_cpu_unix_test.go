//go:build unix

package history

import "syscall"

// childCPU is the CPU time, in seconds, of the finished child processes
// (git's, for the benchmarks): unlike wall time it does not grow when other
// work shares the machine.
func childCPU() float64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_CHILDREN, &ru) != nil {
		return 0
	}
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
}
