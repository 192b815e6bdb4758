//go:build linux

package command

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"syscall"
	"testing"

	"github.com/clada-dev/clada/sandbox"
)

// isolationModes are the sandbox modes a command's isolation must hold in:
// off (through the helper for its namespaces only) and write, where the
// kernel has Landlock.
func isolationModes(t *testing.T) []sandbox.Mode {
	modes := []sandbox.Mode{sandbox.Off}
	if sandbox.ABI() >= 1 {
		modes = append(modes, sandbox.Write)
	} else {
		t.Log("no Landlock here: only --sandbox off is tried")
	}
	return modes
}

// A descriptor clada inherited open, on a file outside the root, does not
// reach the command: writing to it fails as a bad descriptor, the file is
// untouched, and the command has exactly 0, 1 and 2 (and ls its own).
func TestRunInheritsNoDescriptor(t *testing.T) {
	for _, mode := range isolationModes(t) {
		t.Run(string(mode), func(t *testing.T) {
			s := sandboxSettings(t, mode)
			outside := filepath.Join(filepath.Dir(s.Root), "outside.txt")
			if err := os.WriteFile(outside, []byte("keep\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			// As a leaking parent leaves it: open, not close-on-exec.
			fd, err := syscall.Open(outside, syscall.O_WRONLY|syscall.O_APPEND, 0)
			if err != nil {
				t.Fatal(err)
			}
			defer syscall.Close(fd)
			code := fmt.Sprintf("echo leaked >&%d; ls /proc/self/fd", fd)
			res := Run(context.Background(), s, Command{Argv: []string{"bash", "-c", code}, Dir: s.Root, Label: "task-1"})
			if !res.Success {
				t.Fatalf("%s: %v", res.Error, res.Data)
			}
			if got, want := res.Data["stderr"], fmt.Sprintf("bash: line 1: %d: Bad file descriptor\n", fd); got != want {
				t.Errorf("stderr %q, want %q", got, want)
			}
			if got := res.Data["stdout"]; got != "0\n1\n2\n3\n" {
				t.Errorf("the command's descriptors: %q, want 0 1 2 and ls's own 3", got)
			}
			if b, _ := os.ReadFile(outside); string(b) != "keep\n" {
				t.Errorf("the file outside the root now holds %q", b)
			}
		})
	}
}

// needOwnProc skips when this system gave the command no /proc of its own
// (res says why in its warning); CI must have one.
func needOwnProc(t *testing.T, res Outcome) {
	t.Helper()
	if w, ok := res.Data[SharedProcKey].(string); ok {
		if os.Getenv("CI") == "true" {
			t.Fatalf("CI=true but %s", w)
		}
		t.Skip(w)
	}
}

// On Linux the command runs under the helper, process 1 of its own PID
// namespace with a /proc of its own: it sees the helper and itself and
// nothing else, clada's process least of all.
func TestRunOwnProc(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("PID namespaces are Linux's")
	}
	t.Setenv("CLADA_TEST_OWN_PROC_TOKEN", "x") // withheld, so a shared /proc is reported
	for _, mode := range isolationModes(t) {
		t.Run(string(mode), func(t *testing.T) {
			s := sandboxSettings(t, mode)
			// The glob expands before any child starts: the processes there are.
			code := `for p in /proc/[0-9]*; do echo "${p#/proc/} $(< $p/comm)"; done`
			res := Run(context.Background(), s, Command{Argv: []string{"bash", "-c", code}, Dir: s.Root, Label: "task-1"})
			needOwnProc(t, res)
			out, _ := res.Data["stdout"].(string)
			lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			if !res.Success || len(lines) != 2 || lines[0] != "1 "+helperComm(t) || !regexp.MustCompile(`^[0-9]+ bash$`).MatchString(lines[1]) {
				t.Fatalf("the command saw %q (%s), want only the helper as process 1 and itself", out, res.Error)
			}
		})
	}
}

// When the most contained way is refused, the next is tried, and the
// command is known to share clada's /proc, and why.
func TestLaunchFallsBack(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("namespaces are Linux's")
	}
	// CLONE_NEWUSER with CLONE_FS: a combination every kernel refuses (EINVAL).
	refused := func() *syscall.SysProcAttr {
		return &syscall.SysProcAttr{Setpgid: true, Cloneflags: syscall.CLONE_NEWUSER | syscall.CLONE_FS}
	}
	starts := []start{{refused, true, false, false}, {refused, false, true, false}, {plainProcAttr, false, true, false}}
	cmd, shared, _, err := launch(starts, &group{}, func() *exec.Cmd { return exec.Command("true") }, false)
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Wait(); err != nil {
		t.Fatal(err)
	}
	if shared == nil || shared.why != "the kernel refused the namespaces: invalid argument" || shared.blank != nil {
		t.Fatalf("shared = %+v", shared)
	}
	// The last way is not retried: its failure is the start's.
	_, _, _, err = launch(starts[:2], &group{}, func() *exec.Cmd { return exec.Command("true") }, false)
	if !errors.Is(err, syscall.EINVAL) {
		t.Fatalf("last way refused: err = %v, want EINVAL", err)
	}
}

func TestSharedProcWarning(t *testing.T) {
	for _, tc := range []struct {
		p        sharedProc
		withheld []string
		want     string
	}{
		{sharedProc{why: "the kernel refused the namespaces: operation not permitted"}, []string{"OPENAI_API_KEY", "GH_TOKEN"},
			"commands had no /proc of their own (the kernel refused the namespaces: operation not permitted) and could read clada's: clada blanked the variables it withheld from them (GH_TOKEN, OPENAI_API_KEY) in its environment there, but a command allowed to read clada's memory (root with CAP_SYS_PTRACE) could still find them"},
		{sharedProc{why: "clada's helper could not mount one: mount /proc: operation not permitted", blank: errors.New("open /proc/self/mem: permission denied")}, []string{"F_KEY", "E_KEY", "D_KEY", "C_KEY", "B_KEY", "A_KEY", "A_KEY"},
			"commands had no /proc of their own (clada's helper could not mount one: mount /proc: operation not permitted) and could read clada's: clada could not blank the variables it withheld from them (A_KEY, B_KEY, C_KEY, D_KEY, E_KEY, and 1 more) in its environment there (open /proc/self/mem: permission denied), so a command running as you or as root could read them"},
	} {
		if got := sharedProcWarning(tc.p, tc.withheld); got != tc.want {
			t.Errorf("got  %q\nwant %q", got, tc.want)
		}
	}
}

// blankEnviron empties, in the block /proc/self/environ shows, the values
// of secret-looking variables and nothing else, and leaves Go's own copy of
// the environment as it was. It needs a process whose environment held the
// variables from its start: this test binary again.
func TestBlankEnviron(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("/proc/self/mem is Linux's")
	}
	if os.Getenv("CLADA_TEST_BLANK_CHILD") == "1" {
		if err := blankEnviron(); err != nil {
			fmt.Println("error:", err)
			return
		}
		if err := blankEnviron(); err != nil { // a second time changes nothing
			fmt.Println("error:", err)
			return
		}
		b, err := os.ReadFile("/proc/self/environ")
		if err != nil {
			fmt.Println("error:", err)
			return
		}
		var shown []string
		for _, kv := range strings.Split(string(b), "\x00") {
			if strings.HasPrefix(kv, "CLADA_TEST_") {
				shown = append(shown, kv)
			}
		}
		fmt.Printf("shown %q\ngetenv %q %q\n", shown, os.Getenv("CLADA_TEST_BLANK_TOKEN"), os.Getenv("CLADA_TEST_BLANK_PLAIN"))
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestBlankEnviron$")
	cmd.Env = append(os.Environ(), "CLADA_TEST_BLANK_CHILD=1", "CLADA_TEST_BLANK_TOKEN=s3cret", "CLADA_TEST_BLANK_PLAIN=visible")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	// The blanked value leaves NULs: empty entries after "NAME=".
	want := `shown ["CLADA_TEST_BLANK_CHILD=1" "CLADA_TEST_BLANK_TOKEN=" "CLADA_TEST_BLANK_PLAIN=visible"]` + "\n" +
		`getenv "s3cret" "visible"` + "\n"
	if !strings.HasPrefix(string(out), want) {
		t.Fatalf("got\n%s\nwant\n%s", out, want)
	}
}

// helperComm is the helper's name in /proc: this test binary's, cut as the
// kernel cuts it (15 bytes).
func helperComm(t *testing.T) string {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	name := filepath.Base(exe)
	return name[:min(len(name), 15)]
}
