//go:build unix

package main

import (
	"bufio"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// startXvfb runs a private X server for the test (so the test never touches
// the user's clipboard) and returns its DISPLAY. It skips, saying what to
// install, when Xvfb or xclip is missing (CI installs both: .ci/run).
func startXvfb(t *testing.T) string {
	t.Helper()
	for _, tool := range []string{"Xvfb", "xclip"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s not found: install xvfb and xclip (apt-get install -y xvfb xclip) to run the clipboard tests", tool)
		}
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	// -displayfd: Xvfb picks a free display and writes its number once ready.
	cmd := exec.Command("Xvfb", "-displayfd", "3", "-nolisten", "tcp", "-screen", "0", "640x480x24")
	cmd.ExtraFiles = []*os.File{w}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	w.Close()
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	num := make(chan string, 1)
	go func() {
		line, _ := bufio.NewReader(r).ReadString('\n')
		num <- strings.TrimSpace(line)
	}()
	select {
	case n := <-num:
		if n == "" {
			t.Fatal("Xvfb exited without reporting a display")
		}
		return ":" + n
	case <-time.After(15 * time.Second):
		t.Fatal("Xvfb did not start within 15s")
	}
	return ""
}

// xclip copies text to (or, with text "", reads) the test display's clipboard.
func xclipCopy(t *testing.T, display, text string) {
	t.Helper()
	prev := xclipPaste(t, display)
	cmd := exec.Command("xclip", "-selection", "clipboard", "-i")
	cmd.Env = append(os.Environ(), "DISPLAY="+display)
	cmd.Stdin = strings.NewReader(text)
	if err := cmd.Run(); err != nil {
		t.Fatalf("xclip -i: %v", err)
	}
	// xclip returns before its background child owns the selection: wait
	// until the copy reads back, as a user's next paste would find it, or
	// until the clipboard changed at all: a watcher polling it may already
	// have replaced the copy with its notice or results, and waiting for
	// the copy itself then timed out under load.
	for deadline := time.Now().Add(5 * time.Second); ; {
		if got := xclipPaste(t, display); got == text || got != prev {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the clipboard never read back as the text just copied")
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func xclipPaste(t *testing.T, display string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "xclip", "-selection", "clipboard", "-o")
	cmd.Env = append(os.Environ(), "DISPLAY="+display)
	out, _ := cmd.Output() // an empty clipboard is an error to xclip
	return string(out)
}

// clipEnv is the environment of a clada run against the test display.
func clipEnv(t *testing.T, display string) []string {
	home := t.TempDir()
	return append(os.Environ(), "DISPLAY="+display, "WAYLAND_DISPLAY=", "HOME="+home, "XDG_CONFIG_HOME="+filepath.Join(home, ".config"))
}

// TestClipboardApplyRoundTrip: the answer comes from the clipboard, the
// results go back onto it, ready to paste into the chat.
func TestClipboardApplyRoundTrip(t *testing.T) {
	display := startXvfb(t)
	root := t.TempDir()
	xclipCopy(t, display, "Sure:\n\n```sh sham\n"+sham("cb1", "file_write", "path", "x.txt", "content", "from the clipboard")+"```\n")
	cmd := exec.Command(cladaBinary(t), "apply", "--no-git", "--from-clipboard", "--to-clipboard", "--format", "text")
	cmd.Dir, cmd.Env = root, clipEnv(t, display)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("apply: %v\n%s", err, out)
	}
	for _, want := range []string{"[task-1] Success: file_write x.txt", "clada: results copied to the clipboard (xclip)"} {
		if !strings.Contains(string(out), want) {
			t.Fatalf("apply output lacks %q:\n%s", want, out)
		}
	}
	if got := readFile(t, filepath.Join(root, "x.txt")); got != "from the clipboard" {
		t.Fatalf("x.txt = %q", got)
	}
	want := "=== CLADA RESULTS ===\ncb1 ✅ file_write x.txt\n=== END ===\n"
	if got := xclipPaste(t, display); got != want {
		t.Fatalf("clipboard = %q, want %q", got, want)
	}
}

// TestClipboardWatch: an answer copied once arms (the clipboard then says
// so); copied again it runs, and the results replace it on the clipboard.
// What was on the clipboard at start, a text without blocks, and an answer
// whose blocks already ran never run.
func TestClipboardWatch(t *testing.T) {
	display := startXvfb(t)
	root := t.TempDir()
	stale := sham("st1", "file_write", "path", "stale.txt", "content", "old")
	xclipCopy(t, display, stale)

	cmd := exec.Command(cladaBinary(t), "watch", "--clipboard", "--no-git", "--poll-interval", "100ms")
	cmd.Dir, cmd.Env = root, clipEnv(t, display)
	w := &watcher{cmd: cmd, stderr: &syncBuffer{}, done: make(chan error, 1)}
	cmd.Stderr = w.stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { w.done <- cmd.Wait() }()
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			cmd.Process.Kill()
			<-w.done
		}
	})
	waitFor(t, func() bool { return strings.Contains(w.stderr.String(), "watching the clipboard through xclip") }, "the clipboard watcher", w)
	if !strings.Contains(w.stderr.String(), "the clipboard already holds 1 block(s); they are not run") {
		t.Fatalf("stale clipboard not reported:\n%s", w.stderr)
	}

	answer := "Here:\n" + sham("cw1", "file_write", "path", "y.txt", "content", "ran") + "done\n"
	xclipCopy(t, display, answer)
	notice := "clada: the answer you copied holds 1 new block(s); copy the same answer again to run them."
	waitFor(t, func() bool { return xclipPaste(t, display) == notice }, "the arm notice on the clipboard", w)
	if _, err := os.Stat(filepath.Join(root, "y.txt")); err == nil {
		t.Fatal("a single copy ran the answer")
	}

	xclipCopy(t, display, answer)
	waitFor(t, func() bool { return strings.HasPrefix(xclipPaste(t, display), "=== CLADA RESULTS ===\n") }, "the results on the clipboard", w)
	// Only what belongs in the chat: no end line, which closes results at
	// the top of an input file and nowhere else.
	if got, want := xclipPaste(t, display), "=== CLADA RESULTS ===\ncw1 ✅ file_write y.txt\n=== END ===\n"; got != want {
		t.Fatalf("clipboard results = %q, want %q", got, want)
	}
	if got := readFile(t, filepath.Join(root, "y.txt")); got != "ran" {
		t.Fatalf("y.txt = %q", got)
	}

	// The same answer twice more, the results copied back from the chat
	// (here with a read's output holding a block), then prose: nothing new
	// runs or arms.
	xclipCopy(t, display, answer)
	time.Sleep(400 * time.Millisecond)
	copied := "=== CLADA RESULTS ===\nr1 ✅ file_read a.md\n=== END ===\n\n=== OUTPUT r1: file_read a.md ===\n" +
		sham("rd1", "file_write", "path", "z.txt", "content", "quoted") + "=== END OUTPUT ===\n"
	xclipCopy(t, display, copied)
	time.Sleep(400 * time.Millisecond)
	if got := xclipPaste(t, display); got != copied {
		t.Fatalf("copied results were taken for an answer: the clipboard became %q", got)
	}
	if strings.Contains(w.stderr.String(), "lost its end line") {
		t.Fatalf("copied results were read as an input file's damaged results:\n%s", w.stderr)
	}
	xclipCopy(t, display, "just prose")
	time.Sleep(400 * time.Millisecond)
	if got := xclipPaste(t, display); got != "just prose" {
		t.Fatalf("clipboard changed to %q", got)
	}
	// The run's line follows the results on the clipboard; on a loaded
	// machine it may come after the copies above.
	waitFor(t, func() bool { return strings.Contains(w.stderr.String(), "clada watch: ran ") }, "the run's line", w)
	if n := strings.Count(w.stderr.String(), "clada watch: ran "); n != 1 {
		t.Fatalf("%d runs, want 1:\n%s", n, w.stderr)
	}
	if _, err := os.Stat(filepath.Join(root, "stale.txt")); err == nil {
		t.Fatal("the block on the clipboard at start ran")
	}
	w.stop(t, os.Interrupt)
}

// TestClipboardMissingTool: without a usable tool clada says which one.
func TestClipboardMissingTool(t *testing.T) {
	bin := cladaBinary(t)
	for _, tc := range []struct {
		env  []string
		want string
	}{
		{[]string{"DISPLAY=", "WAYLAND_DISPLAY=", "WSL_DISTRO_NAME="}, "clada apply: clipboard: no display found (neither WAYLAND_DISPLAY nor DISPLAY is set"},
		{[]string{"DISPLAY=:77", "WAYLAND_DISPLAY=", "WSL_DISTRO_NAME="}, "clada apply: clipboard: DISPLAY is set but neither xclip nor xsel is installed (install xclip)"},
		{[]string{"DISPLAY=", "WAYLAND_DISPLAY=wayland-0", "WSL_DISTRO_NAME="}, "clada apply: clipboard: WAYLAND_DISPLAY is set but wl-copy/wl-paste are missing (install wl-clipboard)"},
	} {
		cmd := exec.Command(bin, "apply", "--no-git", "--from-clipboard")
		cmd.Dir = t.TempDir()
		cmd.Env = append(os.Environ(), append(tc.env, "PATH="+t.TempDir())...)
		out, err := cmd.CombinedOutput()
		if code := exitCode(err); code != exitUsage || !strings.HasPrefix(string(out), tc.want) {
			t.Errorf("env %v: exit %d, output %q; want exit 2 and prefix %q", tc.env, code, out, tc.want)
		}
	}
}
