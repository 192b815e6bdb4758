//go:build unix && !linux

package command

import "syscall"

// procAttr puts a command in its own process group.
func procAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true}
}

// plainProcAttr is procAttr: there are no namespaces to leave out.
func plainProcAttr() *syscall.SysProcAttr { return procAttr() }

// helperProcAttr is procAttr: there are no namespaces to prepare.
func helperProcAttr() *syscall.SysProcAttr { return procAttr() }

// usesNamespaces is false: there are none here.
func usesNamespaces(*syscall.SysProcAttr) bool { return false }
