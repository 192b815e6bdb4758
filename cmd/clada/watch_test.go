package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// cladaBinary is a link named clada to this test binary, which TestMain
// (testscript.Main) turns into the real clada when run under that name.
func cladaBinary(t *testing.T) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(t.TempDir(), "clada")
	if err := os.Symlink(exe, bin); err != nil {
		t.Fatal(err)
	}
	return bin
}

// syncBuffer collects a process's stderr while the test reads it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// watcher is one `clada watch` process under test.
type watcher struct {
	cmd    *exec.Cmd
	stderr *syncBuffer
	done   chan error
}

// startWatch runs clada watch in root with a private HOME and waits until
// it says it is watching.
func startWatch(t *testing.T, root string, args ...string) *watcher {
	t.Helper()
	cmd := exec.Command(cladaBinary(t), append([]string{"watch", "--no-git", "--debounce", "50ms", "--poll-interval", "200ms"}, args...)...)
	cmd.Dir = root
	home := t.TempDir()
	cmd.Env = append(os.Environ(), "HOME="+home, "XDG_CONFIG_HOME="+filepath.Join(home, ".config"))
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
	waitFor(t, func() bool { return strings.Contains(w.stderr.String(), "watching") }, "the watcher to start", w)
	return w
}

// stop sends sig and waits for a clean exit.
func (w *watcher) stop(t *testing.T, sig os.Signal) {
	t.Helper()
	w.cmd.Process.Signal(sig)
	select {
	case err := <-w.done:
		if err != nil {
			t.Fatalf("watcher exited with %v; stderr:\n%s", err, w.stderr)
		}
	case <-time.After(10 * time.Second):
		t.Fatalf("watcher did not stop within 10s of %v; stderr:\n%s", sig, w.stderr)
	}
	if !strings.Contains(w.stderr.String(), "clada watch: stopped") {
		t.Fatalf("no clean stop message; stderr:\n%s", w.stderr)
	}
}

// waitFor polls cond for up to 15s (a loaded machine is slow, never wrong).
func waitFor(t *testing.T, cond func() bool, what string, w *watcher) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s; watcher stderr:\n%s", what, w.stderr)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func readFile(t *testing.T, p string) string {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		t.Fatal(err)
	}
	return string(b)
}

// sham builds one SHAM block.
func sham(id, action string, kv ...string) string {
	var b strings.Builder
	b.WriteString("#!SHAM [@three-char-SHA-256: " + id + "]\naction = \"" + action + "\"\n")
	for i := 0; i+1 < len(kv); i += 2 {
		if strings.Contains(kv[i+1], "\n") {
			b.WriteString(kv[i] + " = <<'EOT_SHAM_" + id + "'\n" + kv[i+1] + "\nEOT_SHAM_" + id + "\n")
		} else {
			b.WriteString(kv[i] + " = \"" + kv[i+1] + "\"\n")
		}
	}
	b.WriteString("#!END_SHAM_" + id + "\n")
	return b.String()
}

// TestWatchThreeAnswers feeds a watcher three answers the ways editors save
// (truncate+write, write to a temp file + rename), including a repeat of an
// earlier block, a double save and a half-written answer, and checks every
// block ran exactly once and the results landed at the top of the input.
func TestWatchThreeAnswers(t *testing.T) {
	root := t.TempDir()
	w := startWatch(t, root, "--settle", "3s")
	input := filepath.Join(root, "clada_input.md")
	if got := readFile(t, input); !strings.HasPrefix(got, "Paste an LLM's answer below") {
		t.Fatalf("new input file = %q", got)
	}
	runs := filepath.Join(root, "runs.log")
	count := func() int { return strings.Count(readFile(t, runs), "\n") }
	resultsFor := func(id string) func() bool {
		return func() bool {
			s := readFile(t, input)
			return strings.HasPrefix(s, "=== CLADA RESULTS ===\n") && strings.Contains(s, id+" ✅")
		}
	}

	// A file holding a block: answer 1 reads it, so the results quote a block
	// that must never run.
	quoted := sham("ev1", "exec", "lang", "bash", "code", "echo evil >> runs.log")
	if err := os.WriteFile(filepath.Join(root, "doc.md"), []byte(quoted), 0o644); err != nil {
		t.Fatal(err)
	}
	// Answer 1, truncate+write (what most editors do), prose and a fence around.
	a1 := "Here you go:\n\n```sh sham\n" + sham("aa1", "file_write", "path", "a.txt", "content", "one") +
		sham("aa2", "exec", "lang", "bash", "code", "echo run1 >> runs.log\necho hello") +
		sham("aa5", "file_read", "path", "doc.md") + "```\n"
	if err := os.WriteFile(input, []byte(a1), 0o644); err != nil {
		t.Fatal(err)
	}
	waitFor(t, resultsFor("aa2"), "answer 1's results", w)
	if got := readFile(t, filepath.Join(root, "a.txt")); got != "one" {
		t.Fatalf("a.txt = %q", got)
	}
	top := readFile(t, input)
	for _, want := range []string{"aa1 ✅ file_write a.txt\n", "=== OUTPUT aa2: exec", "hello\n", "=== CLADA RESULTS END ", "\nHere you go:\n", quoted} {
		if !strings.Contains(top, want) {
			t.Fatalf("input after answer 1 lacks %q:\n%s", want, top)
		}
	}
	if full := readFile(t, filepath.Join(root, ".clada", "last-output.md")); !strings.Contains(full, `"blockId": "aa2"`) {
		t.Fatalf("last-output.md:\n%s", full)
	}

	// Save the same file again, unchanged: nothing runs.
	if err := os.WriteFile(input, []byte(top), 0o644); err != nil {
		t.Fatal(err)
	}
	// Answer 2, write+rename (vim, VS Code's atomic save): repeats aa2, adds
	// aa3, and is pasted above the old results (which quote ev1).
	a2 := sham("aa2", "exec", "lang", "bash", "code", "echo run1 >> runs.log\necho hello") +
		"\nand then\n\n" + sham("aa3", "exec", "lang", "bash", "code", "echo run3 >> runs.log")
	tmp := filepath.Join(root, ".clada_input.md.swp")
	if err := os.WriteFile(tmp, []byte(a2+"\n"+top), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, input); err != nil {
		t.Fatal(err)
	}
	waitFor(t, resultsFor("aa3"), "answer 2's results", w)
	if got := readFile(t, runs); got != "run1\nrun3\n" {
		t.Fatalf("runs.log after answer 2 = %q (aa2 must not run twice, ev1 never)", got)
	}
	if s, _, _ := strings.Cut(readFile(t, input), "=== CLADA RESULTS END"); strings.Contains(s, "aa2 ✅") {
		t.Fatalf("answer 2's results report the repeated block aa2:\n%s", s)
	}

	// Answer 3 arrives in two writes: the first ends inside a heredoc.
	a3 := sham("aa4", "file_write", "path", "b.txt", "content", "line 1\nline 2")
	cut := strings.Index(a3, "line 2")
	if err := os.WriteFile(input, []byte(a3[:cut]), 0o644); err != nil {
		t.Fatal(err)
	}
	waitFor(t, func() bool { return strings.Contains(w.stderr.String(), "ends inside a block; waiting") }, "the half-written answer to be held", w)
	f, err := os.OpenFile(input, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString(a3[cut:])
	f.Close()
	waitFor(t, resultsFor("aa4"), "answer 3's results", w)
	if got := readFile(t, filepath.Join(root, "b.txt")); got != "line 1\nline 2" {
		t.Fatalf("b.txt = %q (the half-written version must not have run)", got)
	}
	time.Sleep(500 * time.Millisecond) // any re-trigger by the results write would show now
	if n := count(); n != 2 {
		t.Fatalf("runs.log has %d lines, want 2", n)
	}
	if n := strings.Count(w.stderr.String(), "clada watch: ran "); n != 3 {
		t.Fatalf("%d runs, want 3; stderr:\n%s", n, w.stderr)
	}
	w.stop(t, os.Interrupt)

	// A new watcher remembers what ran: re-saving answer 2 runs nothing.
	w2 := startWatch(t, root)
	if err := os.WriteFile(input, []byte(a2+"\n"+a1), 0o644); err != nil {
		t.Fatal(err)
	}
	time.Sleep(700 * time.Millisecond)
	if n := count(); n != 2 {
		t.Fatalf("after a restart, runs.log has %d lines, want 2", n)
	}
	w2.stop(t, syscall.SIGTERM)
}

// TestWatchKillsCommandOnStop: stopping the watcher mid-command kills the
// command's whole process group.
func TestWatchKillsCommandOnStop(t *testing.T) {
	root := t.TempDir()
	w := startWatch(t, root)
	// The command runs as process 1 of its own PID namespace with its own
	// /proc, so it cannot tell its host pid: the test finds the child in
	// the host's /proc by its argv[0].
	marker := fmt.Sprintf("clada-watch-child-%d-%d", os.Getpid(), time.Now().UnixNano())
	a := sham("kk1", "exec", "lang", "bash", "code", "(exec -a "+marker+" sleep 60) &\nsleep 60")
	if err := os.WriteFile(filepath.Join(root, "clada_input.md"), []byte(a), 0o644); err != nil {
		t.Fatal(err)
	}
	pid := 0
	waitFor(t, func() bool { pid = pidByArgv0(marker); return pid != 0 }, "the command to start", w)
	w.stop(t, os.Interrupt)
	deadline := time.Now().Add(5 * time.Second)
	for syscall.Kill(pid, 0) == nil {
		if time.Now().After(deadline) {
			syscall.Kill(pid, syscall.SIGKILL)
			t.Fatalf("the command's child %d outlived the watcher", pid)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// pidByArgv0 is the host pid of the process whose argv[0] is name, or 0.
func pidByArgv0(name string) int {
	dirs, _ := os.ReadDir("/proc")
	for _, d := range dirs {
		pid, err := strconv.Atoi(d.Name())
		if err != nil {
			continue
		}
		if cmdline, err := os.ReadFile("/proc/" + d.Name() + "/cmdline"); err == nil && strings.HasPrefix(string(cmdline), name+"\x00") {
			return pid
		}
	}
	return 0
}

// TestWatchOnePerRoot: a second watcher on the same root refuses to start.
func TestWatchOnePerRoot(t *testing.T) {
	root := t.TempDir()
	w := startWatch(t, root)
	out, err := exec.Command(cladaBinary(t), "watch", "--root", root).CombinedOutput()
	if code := exitCode(err); code != exitUsage {
		t.Fatalf("second watcher: exit %d, output %s", code, out)
	}
	want := "clada watch: another clada watch is already running on " + root
	if !strings.HasPrefix(string(out), want) {
		t.Fatalf("second watcher said %q, want prefix %q", out, want)
	}
	w.stop(t, os.Interrupt)
}

func exitCode(err error) int {
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode()
	}
	if err != nil {
		return -1
	}
	return 0
}

// TestWatchPollOutput: --poll sees changes without file events; --output
// takes the results instead of the input file, but never replaces a file
// clada did not write.
func TestWatchPollOutput(t *testing.T) {
	root := t.TempDir()
	w := startWatch(t, root, "--poll", "--output", "results.md")
	input := filepath.Join(root, "clada_input.md")
	a := sham("pp1", "file_write", "path", "p.txt", "content", "polled")
	if err := os.WriteFile(input, []byte(a), 0o644); err != nil {
		t.Fatal(err)
	}
	results := filepath.Join(root, "results.md")
	waitFor(t, func() bool { return strings.Contains(readFile(t, results), "pp1 ✅ file_write p.txt\n") }, "results.md", w)
	if got := readFile(t, input); got != a {
		t.Fatalf("with --output the input must stay as saved; got %q", got)
	}
	w.stop(t, os.Interrupt)

	root = t.TempDir()
	notes := filepath.Join(root, "notes.md")
	if err := os.WriteFile(notes, []byte("my notes\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	w = startWatch(t, root, "--output", "notes.md")
	if err := os.WriteFile(filepath.Join(root, "clada_input.md"), []byte(a), 0o644); err != nil {
		t.Fatal(err)
	}
	waitFor(t, func() bool { return strings.Contains(w.stderr.String(), "clada never overwrites it") }, "the refusal", w)
	if got := readFile(t, notes); got != "my notes\n" {
		t.Fatalf("notes.md = %q", got)
	}
	w.stop(t, os.Interrupt)
}

// The watcher takes the command flags apply takes: --allow DIR lets its
// commands write DIR (the sandbox refuses them without), --pass-env NAME
// gives them a secret-looking variable, --timeout takes bare seconds.
func TestWatchTakesCommandFlags(t *testing.T) {
	parent, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	root, outside := filepath.Join(parent, "root"), filepath.Join(parent, "cache")
	for _, d := range []string{root, outside} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("CLADA_TEST_TOKEN", "s3cret")
	w := startWatch(t, root, "--allow", outside, "--pass-env", "CLADA_TEST_TOKEN", "--timeout", "60")
	input := filepath.Join(root, "clada_input.md")
	code := `echo "token=[$CLADA_TEST_TOKEN]"` + "\necho made > " + outside + "/made"
	if err := os.WriteFile(input, []byte(sham("wf1", "exec", "lang", "bash", "code", code)), 0o644); err != nil {
		t.Fatal(err)
	}
	waitFor(t, func() bool { return strings.Contains(readFile(t, input), "wf1 ✅") }, "the block's results", w)
	if got := readFile(t, filepath.Join(outside, "made")); got != "made\n" {
		t.Errorf("%s/made = %q: --allow did not reach the sandbox", outside, got)
	}
	if !strings.Contains(readFile(t, input), "token=[s3cret]") {
		t.Errorf("--pass-env did not reach the command:\n%s", readFile(t, input))
	}
	w.stop(t, os.Interrupt)
}
