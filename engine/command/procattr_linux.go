package command

import (
	"os"
	"syscall"
)

// The ways a command's process is started, most contained first: Run tries
// the next when the kernel refuses one's namespaces, or when the helper,
// started as process 1 of its own namespaces, could not mount their /proc
// (sandbox/contain_linux.go explains both of the helper's ways).
//
// Every way puts the process in its own process group and has the kernel
// kill it when clada dies (parent-death signal), so a killed apply leaves
// nothing running. The helper also gets a lifeline, a pipe whose write end
// only clada holds (launch.go): it ends the command when the pipe reads
// EOF, however clada died, whatever the command did to its own
// parent-death signal (sandbox/contain_linux.go). In a PID namespace of its
// own, the command's process 1 (the helper, or the command itself) going
// ends the namespace: when the command exits or is killed, by its timeout,
// by clada's group kill, or when clada itself is killed, even kill -9, the
// kernel kills every process left in it, setsid and double-forked ones
// included.
// Where the kernel refuses namespaces (unprivileged user namespaces
// disabled) the last way has none, and setsid escapes are not contained.

// start is one way to start a process.
type start struct {
	attr func() *syscall.SysProcAttr
	// ownProc: the process is the helper as process 1 of new PID and mount
	// namespaces, which mounts their /proc and reports on
	// sandbox.StatusFD when it cannot.
	ownProc bool
	// sharesProc: the command sees the host's /proc, clada's entry in it
	// included (its environment holds what commands are denied). It can
	// read that entry only from clada's own user namespace: the kernel lets
	// no process of a child user namespace read another's environment or
	// memory (readsClada).
	sharesProc bool
	// helper: the process is the sandbox helper, which gets a lifeline
	// (sandbox.LifelineFD).
	helper bool
}

// readsClada reports whether a process started the way st says, with a,
// can read clada's /proc entry.
func readsClada(st start, a *syscall.SysProcAttr) bool {
	return st.sharesProc && a.Cloneflags&syscall.CLONE_NEWUSER == 0
}

// helperStarts are the ways to start the sandbox helper.
func helperStarts() []start {
	return []start{{initProcAttr, true, false, true}, {helperProcAttr, false, true, true}, {plainProcAttr, false, true, true}}
}

// directStarts are the ways to start a command without the helper (clada
// cannot find its own binary): the command shares clada's /proc.
func directStarts() []start {
	return []start{{procAttr, false, true, false}, {plainProcAttr, false, true, false}}
}

// initProcAttr starts the helper as process 1 of new PID and mount
// namespaces (in a user namespace that maps the user to itself, when clada
// is not root, with CAP_SYS_ADMIN there to mount /proc).
func initProcAttr() *syscall.SysProcAttr {
	a := helperProcAttr()
	a.Cloneflags |= syscall.CLONE_NEWPID | syscall.CLONE_NEWNS
	return a
}

// procAttr starts a command as process 1 of a new PID namespace (with a
// user namespace that maps the user to itself when clada is not root).
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

// plainProcAttr starts a process without namespaces.
func plainProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}

// usesNamespaces reports whether a starts the command in new namespaces,
// which a kernel may refuse.
func usesNamespaces(a *syscall.SysProcAttr) bool { return a != nil && a.Cloneflags != 0 }

// unconfinedWhy is UnconfinedWarning's reason.
const unconfinedWhy = "this system has no Linux Landlock (needs Linux 5.13+ with Landlock enabled)"

// NoSandbox is false: Linux has Landlock, and its helper contains every
// command in namespaces even where the kernel's Landlock is missing.
func NoSandbox() bool { return false }
