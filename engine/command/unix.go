//go:build unix

package command

import (
	"errors"
	"fmt"
	"os"
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

// group is what a command's whole tree is killed through: on Unix the
// process group Setpgid gave it, named by the command's pid (on Windows a
// Job Object, job_windows.go).
type group struct{}

// newGroup needs nothing made ahead: the kernel makes the group at start.
func newGroup() (*group, error) { return &group{}, nil }

// adopt has nothing to do: the command started in its group.
func (*group) adopt(*exec.Cmd) error { return nil }

// kill kills every process of cmd's group.
func (*group) kill(cmd *exec.Cmd) error { return killGroup(cmd) }

// close releases nothing.
func (*group) close() {}

// openDirFlag opens a command's cwd as a directory and nothing else.
const openDirFlag = syscall.O_DIRECTORY

// dirID is a directory's device and inode.
func dirID(path string, fi os.FileInfo) (DirID, error) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return DirID{}, fmt.Errorf("%s: no device and inode", path)
	}
	return DirID{uint64(st.Dev), uint64(st.Ino)}, nil
}

// terminalWords name where --approve ask asks, for the gate's hint.
const terminalWords = "/dev/tty"
