package engine

import "syscall"

// procAttr puts a command in its own process group and has the kernel kill
// it (the sandbox helper, and the command it becomes by exec) when clada
// dies, so a killed apply leaves nothing running.
func procAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}
