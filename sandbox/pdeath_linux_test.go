package sandbox

import (
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"
)

// pdeathEnv makes this test binary play a part in the parent-death tests:
//   - "exec": the helper's last step, execInit, run on a thread that is not
//     the process's first one (the Go scheduler may run the helper's main
//     goroutine on any thread), execing this binary as "report" or "sleep";
//   - "report": print the parent-death signal this process has;
//   - "sleep": sleep until killed;
//   - "parent": start this binary as "exec" with the parent-death signal
//     clada gives its helper, print the child's pid, and sleep.
const pdeathEnv = "CLADA_TEST_PDEATH"

// pdeathNext is the part the "exec" role's command plays.
const pdeathNext = "CLADA_TEST_PDEATH_NEXT"

// The roles run from init, where the Go runtime keeps the main goroutine on
// the process's first thread: a goroutine started there runs on another.
func init() {
	switch os.Getenv(pdeathEnv) {
	case "exec":
		exe, _ := os.Executable()
		os.Setenv(pdeathEnv, os.Getenv(pdeathNext))
		go func() {
			runtime.LockOSThread()
			if unix.Gettid() == os.Getpid() {
				fmt.Fprintln(os.Stderr, "the goroutine runs on the first thread: the test proves nothing")
				os.Exit(3)
			}
			err := execInit(exe, []string{exe})
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}()
		select {}
	case "report":
		var sig int32
		if err := unix.Prctl(unix.PR_GET_PDEATHSIG, uintptr(unsafe.Pointer(&sig)), 0, 0, 0); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		fmt.Println(sig)
		os.Exit(0)
	case "sleep":
		time.Sleep(time.Hour)
		os.Exit(0)
	case "parent":
		exe, _ := os.Executable()
		c := exec.Command(exe)
		c.Env = append(os.Environ(), pdeathEnv+"=exec", pdeathNext+"=sleep")
		c.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
		if err := c.Start(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		fmt.Println(c.Process.Pid)
		time.Sleep(time.Hour)
		os.Exit(0)
	}
}

// The command the helper execs keeps the parent-death signal clada gave
// the helper, whichever of the helper's threads execs it: the kernel keeps
// that signal per thread, and a thread the Go runtime started has none, so
// a command exec'd from one would outlive clada killed with kill -9.
func TestExecInitKeepsParentDeathSignal(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	c := exec.Command(exe)
	c.Env = append(os.Environ(), pdeathEnv+"=exec", pdeathNext+"=report")
	c.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	out, err := c.Output()
	if err != nil {
		t.Fatalf("%v: %s", err, stderrOf(err))
	}
	if got, want := strings.TrimSpace(string(out)), fmt.Sprint(int(syscall.SIGKILL)); got != want {
		t.Fatalf("the command's parent-death signal is %s, want %s (SIGKILL)", got, want)
	}
}

// kill -9 of the helper's parent (clada) kills the command the helper
// exec'd from a thread other than its first.
func TestExecInitDiesWithParent(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	parent := exec.Command(exe)
	parent.Env = append(os.Environ(), pdeathEnv+"=parent")
	stdout, err := parent.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := parent.Start(); err != nil {
		t.Fatal(err)
	}
	var pid int
	if _, err := fmt.Fscan(stdout, &pid); err != nil {
		_ = parent.Process.Kill()
		t.Fatalf("read the child's pid: %v", err)
	}
	t.Cleanup(func() { _ = syscall.Kill(pid, syscall.SIGKILL) })
	// Wait until the child runs the command ("sleep"), then kill -9 its parent.
	for deadline := time.Now().Add(10 * time.Second); ; {
		if b, err := os.ReadFile(fmt.Sprintf("/proc/%d/environ", pid)); err == nil && strings.Contains(string(b), pdeathEnv+"=sleep\x00") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the child never exec'd its command")
		}
		time.Sleep(10 * time.Millisecond)
	}
	_ = parent.Process.Kill()
	_ = parent.Wait()
	for deadline := time.Now().Add(5 * time.Second); ; {
		if !alive(pid) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the command (pid %d) outlived its helper's parent killed with SIGKILL", pid)
		}
		time.Sleep(10 * time.Millisecond)
	}
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

func stderrOf(err error) string {
	if ee, ok := err.(*exec.ExitError); ok {
		return string(ee.Stderr)
	}
	return ""
}
