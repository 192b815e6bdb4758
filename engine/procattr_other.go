//go:build unix && !linux

package engine

import "syscall"

// procAttr puts a command in its own process group.
func procAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true}
}
