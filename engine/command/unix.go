//go:build unix

package command

import (
	"errors"
	"os/exec"
	"syscall"
)

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
