//go:build !linux

package sandbox

import (
	"os"
	"syscall"
)

// runContained execs the command: there are no PID namespaces to contain it.
func runContained(path string, argv []string) error {
	return syscall.Exec(path, argv, os.Environ())
}
