//go:build unix

package session

import (
	"os/exec"
	"syscall"
)

// treeKill starts cmd in a process group of its own, which a cancel kills
// whole.
func treeKill(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
}
