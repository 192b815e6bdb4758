package sandbox

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// pdeathEnv makes this test binary play a part in TestExecInitDiesWithClada:
//   - "clada": start this binary as "helper" the way clada starts its
//     helper (process 1 of a new PID namespace), with a parent-death
//     signal or a lifeline as CLADA_TEST_PDEATH_WAY says, then sleep;
//   - "helper": run execInit from a thread other than the process's first
//     (the Go scheduler may run the helper's main goroutine on any), with
//     this binary as the command, in the part "command";
//   - "command": clear its own parent-death signal, as any command may,
//     and sleep.
const pdeathEnv = "CLADA_TEST_PDEATH"

// The roles run from init, where the Go runtime keeps the main goroutine on
// the process's first thread: a goroutine started there runs on another.
func init() {
	exe, _ := os.Executable()
	switch os.Getenv(pdeathEnv) {
	case "clada":
		c := exec.Command(exe)
		c.Env = append(os.Environ(), pdeathEnv+"=helper")
		c.SysProcAttr = &syscall.SysProcAttr{Cloneflags: syscall.CLONE_NEWPID}
		if uid, gid := os.Geteuid(), os.Getegid(); uid != 0 {
			c.SysProcAttr.Cloneflags |= syscall.CLONE_NEWUSER
			c.SysProcAttr.UidMappings = []syscall.SysProcIDMap{{ContainerID: uid, HostID: uid, Size: 1}}
			c.SysProcAttr.GidMappings = []syscall.SysProcIDMap{{ContainerID: gid, HostID: gid, Size: 1}}
		}
		switch os.Getenv("CLADA_TEST_PDEATH_WAY") {
		case "pdeath":
			c.SysProcAttr.Pdeathsig = syscall.SIGKILL
		case "lifeline":
			r, w, err := os.Pipe()
			if err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(2)
			}
			defer w.Close()
			c.ExtraFiles = []*os.File{nil, r} // LifelineFD
		}
		c.Stderr = os.Stderr
		if err := c.Start(); err != nil {
			fmt.Fprintln(os.Stderr, "namespaces refused:", err)
			os.Exit(4)
		}
		time.Sleep(time.Hour)
		os.Exit(0)
	case "helper":
		os.Setenv(pdeathEnv, "command")
		life := lifeline()
		go func() {
			runtime.LockOSThread()
			if unix.Gettid() == os.Getpid() {
				fmt.Fprintln(os.Stderr, "the goroutine runs on the first thread: the test proves nothing")
				os.Exit(3)
			}
			err := execInit(exe, []string{exe}, life)
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}()
		select {}
	case "command":
		_ = unix.Prctl(unix.PR_SET_PDEATHSIG, 0, 0, 0, 0)
		time.Sleep(time.Hour)
		os.Exit(0)
	}
}

// The command dies with clada killed by SIGKILL, whichever of the helper's
// threads started it and even when it cleared its own parent-death signal:
// through the helper's parent-death signal, and through the lifeline alone.
func TestExecInitDiesWithClada(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	for _, way := range []string{"pdeath", "lifeline"} {
		t.Run(way, func(t *testing.T) {
			token := fmt.Sprintf("CLADA_TEST_PDEATH_TOKEN=%d-%s", time.Now().UnixNano(), way)
			clada := exec.Command(exe)
			clada.Env = append(os.Environ(), pdeathEnv+"=clada", "CLADA_TEST_PDEATH_WAY="+way, token)
			// A file, not a pipe: a command that outlived clada would hold
			// a pipe open, and Wait would wait for it.
			stderr, err := os.Create(filepath.Join(t.TempDir(), "stderr"))
			if err != nil {
				t.Fatal(err)
			}
			defer stderr.Close()
			clada.Stderr = stderr
			if err := clada.Start(); err != nil {
				t.Fatal(err)
			}
			exited := make(chan struct{})
			go func() { _ = clada.Wait(); close(exited) }()
			var pid int
			for deadline := time.Now().Add(10 * time.Second); pid == 0; {
				pid = findProcess(pdeathEnv+"=command", token)
				select {
				case <-exited:
					if clada.ProcessState.ExitCode() == 4 {
						t.Skip(read(stderr.Name()))
					}
					t.Fatalf("clada exited: %v: %s", clada.ProcessState, read(stderr.Name()))
				default:
				}
				if pid == 0 && time.Now().After(deadline) {
					_ = clada.Process.Kill()
					t.Fatalf("the command never started: %s", read(stderr.Name()))
				}
				time.Sleep(10 * time.Millisecond)
			}
			t.Cleanup(func() { _ = syscall.Kill(pid, syscall.SIGKILL) })
			_ = clada.Process.Kill()
			<-exited
			for deadline := time.Now().Add(5 * time.Second); alive(pid); {
				if time.Now().After(deadline) {
					t.Fatalf("the command (pid %d) outlived clada killed with SIGKILL", pid)
				}
				time.Sleep(10 * time.Millisecond)
			}
		})
	}
}

// findProcess is the pid of a process whose environment holds both
// variables, or 0.
func findProcess(kv1, kv2 string) int {
	dirs, _ := filepath.Glob("/proc/[0-9]*")
	for _, d := range dirs {
		b, err := os.ReadFile(filepath.Join(d, "environ"))
		if err != nil {
			continue
		}
		vars := strings.Split(string(b), "\x00")
		if slices.Contains(vars, kv1) && slices.Contains(vars, kv2) {
			pid, _ := strconv.Atoi(filepath.Base(d))
			return pid
		}
	}
	return 0
}

// alive reports whether pid is a process that has not exited (a zombie
// has exited).
func alive(pid int) bool {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	return i >= 0 && i+2 < len(s) && s[i+2] != 'Z'
}

func read(path string) string {
	b, _ := os.ReadFile(path)
	return strings.TrimSpace(string(b))
}
