package sandbox

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"os/signal"
	"runtime"
	"syscall"

	"golang.org/x/sys/unix"
)

// A command runs in a PID namespace of its own: when process 1 of a
// namespace dies the kernel kills every process left in it, so nothing the
// command starts (setsid, double forks, nohup) outlives it, its timeout,
// clada's kill of its group, or clada. clada starts the helper in one of
// two ways (engine/command/procattr_linux.go):
//
//   - As process 1 of new PID and mount namespaces. The helper mounts a
//     fresh /proc there (ownProc), which shows the command only its own
//     processes and the helper: not clada, whose environment still holds
//     the variables it withholds from commands. It then confines itself and
//     starts the command, staying process 1 (execInit).
//   - Outside any PID namespace, when the kernel refuses the first way or
//     the helper cannot mount /proc (a container whose /proc has paths
//     masked). The helper confines itself and starts the command as process
//     1 of a new PID namespace, staying its parent (runContained): a Go
//     program cannot be process 1 of a namespace whose /proc is the host's,
//     since its all-threads syscalls look up its threads there. The command
//     then sees the host's /proc (engine/command/launch.go says what clada
//     does about that).

// ownProc reports whether the helper is process 1 of the namespaces clada
// made, and if so mounts their /proc. When it cannot, it says why on
// StatusFD and returns errReported: clada then starts it the second way.
func ownProc() (bool, error) {
	if os.Getpid() != 1 {
		return false, nil
	}
	status := os.NewFile(StatusFD, "status")
	defer status.Close() // the starter reads to EOF; nothing else may write there
	if err := mountProc(); err != nil {
		_, _ = fmt.Fprint(status, err)
		return true, errReported
	}
	return true, nil
}

// mountProc replaces /proc in this mount namespace with the procfs of this
// PID namespace.
func mountProc() error {
	// Private first, so that nothing below reaches the host's mounts
	// through shared propagation.
	if err := unix.Mount("", "/", "", unix.MS_REC|unix.MS_PRIVATE, ""); err != nil {
		return fmt.Errorf("make the mounts private: %w", err)
	}
	// Detach the host's /proc, which a command running as root could
	// otherwise uncover by unmounting the new one. In a user namespace the
	// kernel refuses (the mounts came locked together) and the host's stays
	// beneath, where a command without privileges cannot uncover it.
	_ = unix.Unmount("/proc", unix.MNT_DETACH)
	if err := unix.Mount("proc", "/proc", "proc", unix.MS_NOSUID|unix.MS_NODEV|unix.MS_NOEXEC, ""); err != nil {
		return fmt.Errorf("mount /proc: %w", err)
	}
	return nil
}

// privateShm mounts a fresh tmpfs on /dev/shm in this mount namespace
// (process 1 of the namespaces clada made, after mountProc), so that POSIX
// shared memory and semaphores work in a confined command (Python's
// multiprocessing locks, a test runner's workers) without the host's
// /dev/shm, where other programs' shared memory lives, becoming writable.
// It reports whether /dev/shm is now the command's own; if not, commands
// get no writable /dev/shm.
func privateShm() bool {
	if st, err := os.Stat("/dev/shm"); err != nil || !st.IsDir() {
		return false
	}
	return unix.Mount("tmpfs", "/dev/shm", "tmpfs", unix.MS_NOSUID|unix.MS_NODEV, "mode=1777") == nil
}

// execInit runs the command under the helper, which stays process 1 of its
// namespaces: when the helper exits the kernel kills every process left in
// them, the command included. The helper exits when the command does (with
// its status), and when life (LifelineFD, nil without one) reads EOF, which
// comes when clada is gone, however it died. clada's parent-death signal
// kills the helper too, so either way ends the namespace; neither depends
// on the command, which could clear a parent-death signal of its own
// (prctl, or an exec from a thread other than its first, which the kernel
// starts without one).
func execInit(path string, argv []string, life *os.File) error {
	// The command runs as the same user: it must not be able to trace the
	// helper (and stop it exiting) nor read its /proc entry.
	if err := unix.Prctl(unix.PR_SET_DUMPABLE, 0, 0, 0, 0); err != nil {
		return fmt.Errorf("make the helper untraceable: %w", err)
	}
	// Not root: clada started the helper in a user namespace with
	// CAP_SYS_ADMIN there as an ambient capability (it mounted /proc with
	// it). The command must not inherit it: clear the ambient set on this
	// thread, which is the one that forks.
	runtime.LockOSThread()
	clearAmbient()
	// SIGTERM, SIGINT and SIGHUP are for the command: caught here (a
	// caught signal is back to its default in the command), not ignored
	// (an ignored one would stay ignored there).
	signal.Notify(make(chan os.Signal, 1), syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP)
	pid, err := syscall.ForkExec(path, argv, &syscall.ProcAttr{Env: os.Environ(), Files: []uintptr{0, 1, 2}})
	if err != nil {
		return err
	}
	if life != nil {
		go watchLifeline(life, func() {})
	}
	// Process 1 adopts every orphan of the namespace: reap them all, until
	// the command itself exits.
	for {
		var ws syscall.WaitStatus
		got, err := syscall.Wait4(-1, &ws, 0, nil)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return fmt.Errorf("wait for the command: %w", err)
		}
		if got != pid {
			continue
		}
		if ws.Signaled() {
			// Process 1 cannot die of a signal it sends itself: exit as a
			// shell reports a command killed by one.
			os.Exit(128 + int(ws.Signal()))
		}
		os.Exit(ws.ExitStatus())
	}
}

// watchLifeline blocks until life reads EOF (or fails), that is until
// clada, which alone holds its write end, is gone; then it calls kill and
// exits the helper.
func watchLifeline(life *os.File, kill func()) {
	var b [1]byte
	for {
		if _, err := life.Read(b[:]); err != nil {
			break
		}
	}
	kill()
	os.Exit(HelperExitCode)
}

// lifeline is LifelineFD when clada passed a pipe there, or nil.
func lifeline() *os.File {
	var st unix.Stat_t
	if err := unix.Fstat(LifelineFD, &st); err != nil || st.Mode&unix.S_IFMT != unix.S_IFIFO {
		return nil
	}
	return os.NewFile(LifelineFD, "lifeline")
}

// runContained runs the command, already confined, as process 1 of a new
// PID namespace and exits with its status. The command gets SIGKILL when
// the helper dies, and from the helper when life reads EOF (clada is gone).
// Where the kernel refuses the namespace (unprivileged user namespaces
// disabled) it runs the command plainly, uncontained.
func runContained(path string, argv []string, life *os.File) error {
	start := func(ns bool) (*exec.Cmd, error) {
		cmd := &exec.Cmd{Path: path, Args: argv, Env: os.Environ(), Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr}
		cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
		if ns {
			// Root, or a user namespace clada started the helper in (the
			// helper is confined now and could not write a new one's uid
			// map), gives the right to make a PID namespace.
			cmd.SysProcAttr.Cloneflags = syscall.CLONE_NEWPID
		}
		return cmd, cmd.Start()
	}
	// As in execInit, the command must not inherit the helper's ambient
	// CAP_SYS_ADMIN (which lets it make the PID namespace): the thread that
	// forks drops it (it stays effective here until the exec).
	runtime.LockOSThread()
	clearAmbient()
	cmd, err := start(true)
	if err != nil && (errors.Is(err, syscall.EPERM) || errors.Is(err, syscall.EACCES) || errors.Is(err, syscall.EINVAL) || errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EUSERS)) {
		cmd, err = start(false)
	}
	var pe *fs.PathError
	if errors.As(err, &pe) && pe.Op == "fork/exec" {
		return pe.Err // the helper names the command itself
	}
	if err != nil {
		return err
	}
	if life != nil {
		go watchLifeline(life, func() { _ = cmd.Process.Kill() })
	}
	err = cmd.Wait()
	st, ok := cmd.ProcessState.Sys().(syscall.WaitStatus)
	switch {
	case ok && st.Signaled():
		// Die of the same signal, so clada sees what the command saw.
		signalSelf(st.Signal())
		os.Exit(128 + int(st.Signal()))
	case ok:
		os.Exit(st.ExitStatus())
	}
	return err
}

// clearAmbient empties this thread's ambient capability set.
func clearAmbient() {
	_ = unix.Prctl(unix.PR_CAP_AMBIENT, unix.PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0)
}

// signalSelf re-raises sig on this process with its default action.
func signalSelf(sig syscall.Signal) {
	_ = syscall.Kill(os.Getpid(), sig) // a caught one (SIGTERM…) has Go's handler: exit below instead
}
