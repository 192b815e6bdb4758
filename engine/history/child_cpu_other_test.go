//go:build !unix

package history

// childCPU is not measured here (child_cpu_unix_test.go).
func childCPU() float64 { return 0 }
