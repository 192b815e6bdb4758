//go:build unix

package engine

import (
	"os/exec"
	"syscall"
)

// newProcessGroup starts cmd as the leader of a new process group, so a
// timeout can kill everything it spawned with one signal; on Linux the
// child also dies with clada (procattr_linux.go).
func newProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = procAttr()
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
