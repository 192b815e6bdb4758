package command

import (
	"os"
	"syscall"
)

// procAttr puts a command in its own process group and has the kernel kill
// it (the sandbox helper, and the command it becomes by exec) when clada
// dies, so a killed apply leaves nothing running.
//
// The command also starts as process 1 of a new PID namespace (with a user
// namespace that maps the user to itself when clada is not root): when it
// exits or is killed, by its timeout, by clada's group kill, or by its
// parent-death signal when clada itself is killed, even kill -9, the kernel
// kills every process left in the namespace, setsid and double-forked ones
// included. Where the kernel refuses namespaces (unprivileged user
// namespaces disabled), Run starts the command without them
// (plainProcAttr) and setsid escapes are not contained.
func procAttr() *syscall.SysProcAttr {
	a := plainProcAttr()
	a.Cloneflags = syscall.CLONE_NEWPID
	if uid, gid := os.Geteuid(), os.Getegid(); uid != 0 {
		a.Cloneflags |= syscall.CLONE_NEWUSER
		a.UidMappings = []syscall.SysProcIDMap{{ContainerID: uid, HostID: uid, Size: 1}}
		a.GidMappings = []syscall.SysProcIDMap{{ContainerID: gid, HostID: gid, Size: 1}}
	}
	return a
}

// helperProcAttr starts the sandbox helper: in a user namespace that maps
// the user to itself when clada is not root, which gives the helper the
// right to put the command in a PID namespace after it has confined itself
// (sandbox/contain_linux.go).
func helperProcAttr() *syscall.SysProcAttr {
	a := plainProcAttr()
	if uid, gid := os.Geteuid(), os.Getegid(); uid != 0 {
		a.Cloneflags = syscall.CLONE_NEWUSER
		a.UidMappings = []syscall.SysProcIDMap{{ContainerID: uid, HostID: uid, Size: 1}}
		a.GidMappings = []syscall.SysProcIDMap{{ContainerID: gid, HostID: gid, Size: 1}}
		// Kept across the helper's exec as an ambient capability (a
		// non-root uid loses the others); the helper clears it for the
		// command. It is CAP_SYS_ADMIN of that user namespace only.
		a.AmbientCaps = []uintptr{capSysAdmin}
	}
	return a
}

// capSysAdmin is CAP_SYS_ADMIN (linux/capability.h).
const capSysAdmin = 21

// plainProcAttr is procAttr without namespaces.
func plainProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}

// usesNamespaces reports whether a starts the command in new namespaces,
// which a kernel may refuse.
func usesNamespaces(a *syscall.SysProcAttr) bool { return a != nil && a.Cloneflags != 0 }
