//go:build !linux

package sandbox

import (
	"os"
	"syscall"
)

// ownProc is false: there are no PID namespaces here.
func ownProc() (bool, error) { return false, nil }

// privateShm is never called here (ownProc is false).
func privateShm() bool { return false }

// execInit is never called here (ownProc is false).
func execInit(path string, argv []string) error { return runContained(path, argv) }

// runContained execs the command: there are no PID namespaces to contain it.
func runContained(path string, argv []string) error {
	return syscall.Exec(path, argv, os.Environ())
}
