package sandbox

import (
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"runtime"
	"syscall"
)

// runContained runs the command, already confined, as process 1 of a new
// PID namespace and exits with its status. When process 1 of a namespace
// dies the kernel kills every process left in it, so nothing the command
// starts (setsid, double forks, nohup) outlives it, its timeout, or clada's
// kill of the helper's group. The helper stays as the command's parent
// (rather than exec it) because a Go program cannot be process 1 of a
// namespace whose /proc is the host's: its all-threads syscalls look up its
// threads there. The command gets SIGKILL when the helper dies.
//
// Where the kernel refuses the namespace (unprivileged user namespaces
// disabled) it runs the command plainly, uncontained.
func runContained(path string, argv []string) error {
	start := func(ns bool) (*exec.Cmd, error) {
		cmd := &exec.Cmd{Path: path, Args: argv, Env: os.Environ(), Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr}
		cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
		if ns {
			// Root, or a user namespace clada started the helper in (the
			// helper is confined now and could not write a new one's uid
			// map), gives the right to make a PID namespace.
			cmd.SysProcAttr.Cloneflags = syscall.CLONE_NEWPID
		}
		return cmd, cmd.Start()
	}
	// Not root: clada started the helper in a user namespace with
	// CAP_SYS_ADMIN there as an ambient capability, so the helper may make
	// the PID namespace. The command must not inherit it: clear the ambient
	// set on this thread, which is the one that forks (the capability stays
	// effective here until the exec).
	runtime.LockOSThread()
	_, _, _ = syscall.RawSyscall6(syscall.SYS_PRCTL, prCapAmbient, prCapAmbientClearAll, 0, 0, 0, 0)
	cmd, err := start(true)
	if err != nil && (errors.Is(err, syscall.EPERM) || errors.Is(err, syscall.EACCES) || errors.Is(err, syscall.EINVAL) || errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EUSERS)) {
		cmd, err = start(false)
	}
	var pe *fs.PathError
	if errors.As(err, &pe) && pe.Op == "fork/exec" {
		return pe.Err // the helper names the command itself
	}
	if err != nil {
		return err
	}
	err = cmd.Wait()
	st, ok := cmd.ProcessState.Sys().(syscall.WaitStatus)
	switch {
	case ok && st.Signaled():
		// Die of the same signal, so clada sees what the command saw.
		signalSelf(st.Signal())
		os.Exit(128 + int(st.Signal()))
	case ok:
		os.Exit(st.ExitStatus())
	}
	return err
}

// signalSelf re-raises sig on this process with its default action.
func signalSelf(sig syscall.Signal) {
	_ = syscall.Kill(os.Getpid(), sig) // a caught one (SIGTERM…) has Go's handler: exit below instead
}

// prctl(2) PR_CAP_AMBIENT and its PR_CAP_AMBIENT_CLEAR_ALL operation.
const (
	prCapAmbient         = 47
	prCapAmbientClearAll = 4
)
