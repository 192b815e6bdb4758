//go:build unix

package command

import (
	"errors"
	"os/exec"
	"syscall"
)

// newProcessGroup starts cmd as the leader of a new process group, so a
// timeout can kill everything it spawned with one signal; on Linux the
// child also dies with clada, and with ns in a PID namespace of its own
// (procattr_linux.go). The sandbox helper is started without: it puts the
// command in one itself (sandbox/contain_linux.go).
func newProcessGroup(cmd *exec.Cmd, ns bool) {
	if ns {
		cmd.SysProcAttr = procAttr()
	} else {
		cmd.SysProcAttr = helperProcAttr()
	}
}

// killGroup sends SIGKILL to cmd's whole process group (SIGKILL because a
// command may ignore SIGTERM). An already empty group is not an error.
func killGroup(cmd *exec.Cmd) error {
	if cmd.Process == nil {
		return nil
	}
	err := syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	if err == syscall.ESRCH {
		return nil
	}
	return err
}

// namespaceRefused reports whether starting a command failed because the
// kernel refused the namespaces procAttr asked for.
func namespaceRefused(err error) bool {
	return errors.Is(err, syscall.EPERM) || errors.Is(err, syscall.EACCES) || errors.Is(err, syscall.EINVAL) || errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EUSERS)
}
