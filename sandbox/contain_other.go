//go:build !linux && !windows

package sandbox

import (
	"os"
	"syscall"
)

// ownProc is false: there are no PID namespaces here.
func ownProc() (bool, error) { return false, nil }

// lifeline is nil: the helper execs the command, and nothing remains to
// watch it.
func lifeline() *os.File { return nil }

// privateShm is never called here (ownProc is false).
func privateShm() bool { return false }

// execInit is never called here (ownProc is false).
func execInit(path string, argv []string, life *os.File) error { return runContained(path, argv, life) }

// runContained execs the command: there are no PID namespaces to contain it.
func runContained(path string, argv []string, _ *os.File) error {
	return syscall.Exec(path, argv, os.Environ())
}
