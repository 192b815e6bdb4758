//go:build unix && !linux

package command

import (
	"syscall"

	"github.com/clada-dev/clada/sandbox"
)

// start is one way to start a process (procattr_linux.go); here there is
// one, with no namespaces and no /proc to share.
type start struct {
	attr       func() *syscall.SysProcAttr
	ownProc    bool
	sharesProc bool
	helper     bool // the helper gets a lifeline only on Linux (procattr_linux.go)
}

// readsClada is false: no start shares a /proc.
func readsClada(start, *syscall.SysProcAttr) bool { return false }

// helperStarts are the ways to start the sandbox helper: in a process group.
func helperStarts() []start { return []start{{plainProcAttr, false, false, false}} }

// directStarts are the ways to start a command: in a process group.
func directStarts() []start { return []start{{plainProcAttr, false, false, false}} }

// plainProcAttr puts a process in its own process group.
func plainProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true}
}

// usesNamespaces is false: there are none here.
func usesNamespaces(*syscall.SysProcAttr) bool { return false }

// unconfinedWhy is UnconfinedWarning's reason (sandbox.ErrUnavailable's
// words for this system).
var unconfinedWhy = sandbox.ErrUnavailable.Error()

// NoSandbox reports whether nothing here can confine a command: on macOS
// when /usr/bin/sandbox-exec is missing, on the BSDs always. Where it is
// true, engine's policyFor asks before every new command (README, "Safety").
func NoSandbox() bool { return sandbox.ABI() == 0 }
