package command

import (
	"syscall"

	"golang.org/x/sys/windows"
)

// Windows has no namespaces and no sandbox clada can use (sandbox.ABI is
// 0), so a command is started directly, in a Job Object of its own
// (job_windows.go): suspended, so it joins the job before it runs, and in
// a new console process group, so a Ctrl-C at the console reaches clada,
// which ends the job, rather than the command alone.

// start is one way to start a process; here there is one.
type start struct {
	attr       func() *syscall.SysProcAttr
	ownProc    bool
	sharesProc bool
	helper     bool // the helper gets a lifeline only on Linux (procattr_linux.go)
}

// readsClada is false: there is no /proc.
func readsClada(start, *syscall.SysProcAttr) bool { return false }

// helperStarts is directStarts: the sandbox helper never runs here
// (confine gives no box).
func helperStarts() []start { return directStarts() }

// directStarts are the ways to start a command: suspended, in a new
// process group.
func directStarts() []start { return []start{{jobProcAttr, false, false, false}} }

// jobProcAttr starts a process suspended (group.adopt resumes it once it
// is in its job) in a new console process group.
func jobProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{CreationFlags: windows.CREATE_SUSPENDED | windows.CREATE_NEW_PROCESS_GROUP}
}

// usesNamespaces is false: there are none here.
func usesNamespaces(*syscall.SysProcAttr) bool { return false }

// namespaceRefused is false: there are none to refuse.
func namespaceRefused(error) bool { return false }

// unconfinedWhy is UnconfinedWarning's reason.
const unconfinedWhy = "clada has no sandbox on Windows"

// NoSandbox is true: nothing confines a command on Windows, so engine's
// policyFor asks before every new command (README, "Safety").
func NoSandbox() bool { return true }
