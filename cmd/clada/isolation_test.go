//go:build unix

package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/clada-dev/clada/sandbox"
)

// What a command gets from clada, through the real binary started as an
// editor, agent host or CI job would start it: no descriptor clada
// inherited, and no way to read the variables clada withholds from it in
// clada's own /proc entry (README "Safety", the process rules).

// isoRun is one `clada apply --no-git --format json` of an answer holding
// one bash command.
type isoRun struct {
	bin     string
	root    string   // the project root; the answer is written beside it
	wrap    []string // argv that starts clada (setpriv …), or none
	env     []string // added to the environment
	extra   []*os.File
	sandbox string
}

// isoResult is what the run reported: the command's data, the report's
// run warnings, and clada's pid.
type isoResult struct {
	data     map[string]any
	warnings []string
	pid      int
}

func (r isoRun) apply(t *testing.T, code string) isoResult {
	t.Helper()
	answer := filepath.Join(filepath.Dir(r.root), "answer.sham")
	if err := os.WriteFile(answer, []byte(sham("is1", "exec", "lang", "bash", "code", code)), 0o644); err != nil {
		t.Fatal(err)
	}
	args := append(append([]string(nil), r.wrap...), r.bin, "apply", "--no-git", "--format", "json", "--output-mode", "silent", "--sandbox", r.sandbox, answer)
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Dir = r.root
	home := filepath.Dir(r.root)
	cmd.Env = append(os.Environ(), "HOME="+home, "XDG_CONFIG_HOME="+filepath.Join(home, ".config"), "XDG_CACHE_HOME="+filepath.Join(home, ".cache"))
	cmd.Env = append(cmd.Env, r.env...)
	cmd.ExtraFiles = r.extra
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	pid := cmd.Process.Pid
	if err := cmd.Wait(); err != nil && exitCode(err) != exitFail {
		t.Fatalf("%q: %v\nstderr:\n%s", args, err, stderr.String())
	}
	var rep struct {
		Results []struct {
			Data map[string]any `json:"data"`
		} `json:"results"`
		RunWarnings []string `json:"runWarnings"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &rep); err != nil || len(rep.Results) != 1 {
		t.Fatalf("report: %v\n%s\nstderr:\n%s", err, stdout.String(), stderr.String())
	}
	return isoResult{rep.Results[0].Data, rep.RunWarnings, pid}
}

// isoModes are the sandbox modes the isolation must hold in.
func isoModes() []string {
	if sandbox.ABI() >= 1 {
		return []string{"write", "off"}
	}
	return []string{"off"}
}

// A command writing to descriptors 3 and 5, which an editor or agent host
// left open on a file outside the root when it started clada, is told they
// are bad; the file is untouched, and the command has 0, 1 and 2 only.
func TestApplyCommandGetsNoInheritedDescriptor(t *testing.T) {
	bin := cladaBinary(t)
	for _, mode := range isoModes() {
		t.Run(mode, func(t *testing.T) {
			dir := t.TempDir()
			root := filepath.Join(dir, "root")
			outside := filepath.Join(dir, "outside.txt")
			if err := os.Mkdir(root, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(outside, []byte("keep\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			f, err := os.OpenFile(outside, os.O_WRONLY|os.O_APPEND, 0)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			r := isoRun{bin: bin, root: root, sandbox: mode, extra: []*os.File{f, nil, f}} // descriptors 3 and 5
			res := r.apply(t, "echo leaked >&3\necho leaked >&5\nls /proc/self/fd")
			if got, want := res.data["stderr"], "bash: line 1: 3: Bad file descriptor\nbash: line 2: 5: Bad file descriptor\n"; got != want {
				t.Errorf("stderr %q, want %q", got, want)
			}
			if got := res.data["stdout"]; got != "0\n1\n2\n3\n" {
				t.Errorf("the command's descriptors: %q, want 0 1 2 and ls's own 3", got)
			}
			if b, _ := os.ReadFile(outside); string(b) != "keep\n" {
				t.Errorf("the file outside the root now holds %q", b)
			}
		})
	}
}

// environProbe is a script that prints its own pid as "self <pid>", then
// lists every process it can see whose environment holds secret or plain,
// as "<pid> secret" or "<pid> plain".
func environProbe(secret, plain string) string {
	return `echo "self $$"
for f in /proc/[0-9]*/environ; do
p=${f#/proc/}; p=${p%/environ}
e=$( { tr '\0' '\n' < "$f"; } 2>/dev/null ) || continue
case "$e" in *` + secret + `*) echo "$p secret";; esac
case "$e" in *` + plain + `*) echo "$p plain";; esac
done
echo done`
}

// seesItself reports whether the probe found its own environment under
// its own pid: the /proc it read is that of its own PID namespace (where
// the helper is process 1 and the command a child of it).
func seesItself(out string) bool {
	first, _, _ := strings.Cut(out, "\n")
	self, ok := strings.CutPrefix(first, "self ")
	return ok && strings.Contains(out, "\n"+self+" plain\n")
}

// isoEnv is a withheld variable and a plain one, both unique to the test.
func isoEnv() (secret, plain string, env []string) {
	stamp := strconv.FormatInt(time.Now().UnixNano(), 36)
	secret, plain = "s3cret-"+stamp, "plain-"+stamp
	return secret, plain, []string{"CLADA_ISO_TOKEN=" + secret, "CLADA_ISO_PLAIN=" + plain}
}

// checkOwnProc asserts the command saw neither clada nor the withheld
// variable anywhere, and the report did not warn; where this system gave
// no /proc of its own it skips (outside CI) with the report's reason.
func checkOwnProc(t *testing.T, res isoResult, secret string) {
	t.Helper()
	if len(res.warnings) > 0 {
		if os.Getenv("CI") == "true" {
			t.Fatalf("CI=true but %s", res.warnings)
		}
		t.Skip(res.warnings[0])
	}
	out, _ := res.data["stdout"].(string)
	if !strings.HasSuffix(out, "done\n") || strings.Contains(out, "secret") || strings.Contains(out, strconv.Itoa(res.pid)+" ") {
		t.Fatalf("the command saw clada or the withheld variable:\n%s\n(clada is %d)", out, res.pid)
	}
	if !seesItself(out) {
		t.Fatalf("the command is not in the /proc it sees under its own pid:\n%s", out)
	}
}

// checkShared asserts the command could read clada's environment (it saw
// the plain variable there) but not the withheld one, and the report says
// why it shared clada's /proc.
func checkShared(t *testing.T, res isoResult, wantWhy string) {
	t.Helper()
	out, _ := res.data["stdout"].(string)
	if !strings.Contains(out, fmt.Sprintf("\n%d plain\n", res.pid)) && !strings.HasPrefix(out, fmt.Sprintf("%d plain\n", res.pid)) {
		t.Fatalf("the command did not read clada's (%d) environment, so this run does not test blanking:\n%s", res.pid, out)
	}
	if strings.Contains(out, "secret") {
		t.Errorf("the command read the withheld variable:\n%s", out)
	}
	want := "commands had no /proc of their own (" + wantWhy + ") and could read clada's: clada blanked the variables it withheld from them (CLADA_ISO_TOKEN) in its environment there, but a command allowed to read clada's memory (root with CAP_SYS_PTRACE) could still find them"
	if !slices.Equal(res.warnings, []string{want}) {
		t.Errorf("warnings %q\nwant %q", res.warnings, want)
	}
}

// As the user running the tests (root in CI), the command has a /proc of
// its own: clada's process, whose environment holds the withheld variable,
// is not there.
func TestApplyCommandCannotReadCladaEnviron(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("/proc of its own is Linux's")
	}
	bin := cladaBinary(t)
	for _, mode := range isoModes() {
		t.Run(mode, func(t *testing.T) {
			root := filepath.Join(t.TempDir(), "root")
			if err := os.Mkdir(root, 0o755); err != nil {
				t.Fatal(err)
			}
			secret, plain, env := isoEnv()
			res := isoRun{bin: bin, root: root, sandbox: mode, env: env}.apply(t, environProbe(secret, plain))
			checkOwnProc(t, res, secret)
		})
	}
}

// As root: a non-root user gets the same (through a user namespace). Root
// without CAP_SYS_ADMIN (a container's usual root) shares clada's /proc,
// so the withheld variable is blanked there and the report says so. A user
// whose /proc has masked paths (so the helper cannot mount one) sees the
// host's /proc too, but from a user namespace of its own, from which the
// kernel lets it read no other process's environment.
func TestApplyCommandCannotReadCladaEnvironAsOthers(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("/proc of its own is Linux's")
	}
	if os.Geteuid() != 0 {
		t.Skip("not root: cannot run clada as another user or without a capability (CI runs as root)")
	}
	setpriv, err := exec.LookPath("setpriv")
	if err != nil {
		t.Skip("setpriv (util-linux) is needed to run clada as another user")
	}
	dir := publicDir(t)
	bin := filepath.Join(dir, "clada")
	copyFile(t, mustExecutable(t), bin, 0o755)
	nobody := []string{setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"}
	// The shared cases run without Landlock, which on some kernels also
	// keeps a confined command from reading other processes' /proc entries:
	// what is tested is what /proc shows of clada.
	run := func(t *testing.T, mode string, wrap []string) (isoResult, string) {
		t.Helper()
		home := publicDirIn(t, dir)
		root := filepath.Join(home, "root")
		if err := os.Mkdir(root, 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(root, 0o777); err != nil {
			t.Fatal(err)
		}
		secret, plain, env := isoEnv()
		return isoRun{bin: bin, root: root, sandbox: mode, env: env, wrap: wrap}.apply(t, environProbe(secret, plain)), secret
	}

	t.Run("nobody", func(t *testing.T) {
		res, secret := run(t, isoModes()[0], nobody)
		checkOwnProc(t, res, secret)
	})
	t.Run("root without CAP_SYS_ADMIN", func(t *testing.T) {
		res, _ := run(t, "off", []string{setpriv, "--bounding-set=-sys_admin", "--inh-caps=-sys_admin"})
		checkShared(t, res, "the kernel refused the namespaces: operation not permitted")
	})
	t.Run("nobody with a masked /proc", func(t *testing.T) {
		unshare, err := exec.LookPath("unshare")
		if err != nil {
			t.Skip("unshare (util-linux) is needed to mask a path of /proc")
		}
		masked := ""
		for _, p := range []string{"/proc/kcore", "/proc/timer_list", "/proc/kallsyms"} {
			if _, err := os.Stat(p); err == nil {
				masked = p
				break
			}
		}
		if masked == "" {
			t.Skip("no /proc file to mask")
		}
		// As a container runtime does: /dev/null over a /proc file, in a
		// mount namespace of this run only; then clada as nobody.
		wrap := append([]string{unshare, "--mount", "--propagation", "private", "sh", "-c", `mount --bind /dev/null "$0" && exec "$@"`, masked}, nobody...)
		res, secret := run(t, "off", wrap)
		out, _ := res.data["stdout"].(string)
		if len(res.warnings) > 0 || !strings.HasSuffix(out, "done\n") || strings.Contains(out, secret) || strings.Contains(out, "secret") ||
			strings.Contains(out, strconv.Itoa(res.pid)+" ") {
			t.Fatalf("the command read clada's (%d) environment, or the report warned %q:\n%s", res.pid, res.warnings, out)
		}
		if seesItself(out) {
			t.Fatalf("the helper mounted a /proc after all, so this run does not test its fallback:\n%s", out)
		}
	})
}

// publicDir is a temp directory every user may enter, under a parent they
// may enter too (t.TempDir is private to the user running the tests).
func publicDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, d := range []string{filepath.Dir(dir), dir} {
		if err := os.Chmod(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// publicDirIn is a new directory in dir every user may write.
func publicDirIn(t *testing.T, dir string) string {
	t.Helper()
	d, err := os.MkdirTemp(dir, "home-")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(d, 0o777); err != nil {
		t.Fatal(err)
	}
	return d
}

func mustExecutable(t *testing.T) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return exe
}

func copyFile(t *testing.T, from, to string, mode os.FileMode) {
	t.Helper()
	in, err := os.Open(from)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, mode)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(out, in); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
}

// A hook clada runs before any command gets no descriptor clada inherited
// either: clada marks them close-on-exec when it starts, not only before a
// command.
func TestHookGetsNoInheritedDescriptor(t *testing.T) {
	bin := cladaBinary(t)
	dir := t.TempDir()
	root := filepath.Join(dir, "root")
	outside := filepath.Join(dir, "outside.txt")
	if err := os.Mkdir(root, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, ".clada.yaml"), []byte("hooks:\n  before: [\"echo leaked >&5; true\"]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(outside, []byte("keep\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(outside, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	env := append(os.Environ(), "HOME="+dir, "XDG_CONFIG_HOME="+filepath.Join(dir, ".config"), "XDG_CACHE_HOME="+filepath.Join(dir, ".cache"))
	trust := exec.Command(bin, "trust", "--root", root)
	trust.Env = env
	if out, err := trust.CombinedOutput(); err != nil {
		t.Fatalf("clada trust: %v\n%s", err, out)
	}
	answer := filepath.Join(dir, "answer.sham")
	if err := os.WriteFile(answer, []byte(sham("hk1", "file_write", "path", "a.txt", "content", "x")), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "apply", "--no-git", "--root", root, answer)
	cmd.Env = env
	cmd.ExtraFiles = []*os.File{nil, nil, f} // descriptor 5
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("clada apply: %v\n%s", err, out)
	}
	if b, _ := os.ReadFile(outside); string(b) != "keep\n" {
		t.Errorf("the hook wrote through the inherited descriptor: %q", b)
	}
}
