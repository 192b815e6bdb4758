package command

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/clada-dev/clada/engine/fault"
	"github.com/clada-dev/clada/sandbox"
)

// needLandlock skips a test on kernels without the Landlock ABI it needs.
func needLandlock(t testing.TB, abi int) {
	t.Helper()
	if got := sandbox.ABI(); got < abi {
		t.Skipf("this kernel's Landlock ABI is %d, the test needs %d (Linux Landlock; CI's kernel has it)", got, abi)
	}
}

// sandboxSettings is a root inside a parent directory, as an apply's
// defaults set it up, under the given sandbox mode.
func sandboxSettings(t *testing.T, mode sandbox.Mode) Settings {
	t.Helper()
	parent := t.TempDir()
	if p, err := filepath.EvalSymlinks(parent); err == nil {
		parent = p
	}
	root := filepath.Join(parent, "root")
	if err := os.Mkdir(root, 0o755); err != nil {
		t.Fatal(err)
	}
	return Settings{Root: root, Timeout: 10 * time.Second, MaxOutput: 10 << 20, Sandbox: mode}
}

// A program the helper cannot start is reported as a start failure, the
// same as without the sandbox.
func TestSandboxHelperStartFailure(t *testing.T) {
	needLandlock(t, 1)
	cfg := sandboxSettings(t, sandbox.Write)
	res := Run(context.Background(), cfg, Command{Argv: []string{"./missing-tool"}, Dir: cfg.Root, Label: "task-1"})
	want := "exec: start ./missing-tool: exec ./missing-tool: no such file or directory"
	if res.Success || res.Error != want || res.Hint != "is ./missing-tool installed and on PATH?" {
		t.Fatalf("got %q hint %q", res.Error, res.Hint)
	}
}

// BenchmarkExecTrue is the cost the sandbox adds to one command: `true` run
// unconfined and through the Landlock helper.
func BenchmarkExecTrue(b *testing.B) {
	for _, mode := range []sandbox.Mode{sandbox.Off, sandbox.Write, sandbox.Strict} {
		b.Run(string(mode), func(b *testing.B) {
			if mode != sandbox.Off {
				needLandlock(b, 1)
			}
			if mode == sandbox.Strict {
				needLandlock(b, sandbox.NetABI)
			}
			cfg := Settings{Root: b.TempDir(), Timeout: 30 * time.Second, MaxOutput: 10 << 20, Sandbox: mode}
			c := Command{Argv: []string{"true"}, Dir: cfg.Root, Label: "task-1"}
			for b.Loop() {
				if res := Run(context.Background(), cfg, c); !res.Success {
					b.Fatal(res.Error)
				}
			}
		})
	}
}

// What each mode does on a kernel without Landlock, and strict on one
// without network rules: write runs unconfined (and warns), through the
// helper on Linux for its namespaces and /proc; strict refuses.
func TestSandboxWithoutLandlock(t *testing.T) {
	cfg := sandboxSettings(t, sandbox.Write)
	b, res := confine(cfg, 0, nil)
	if res != nil || (runtime.GOOS == "linux") != (b != nil) || (b != nil && (b.spec.Mode != sandbox.Off || b.tmp != "")) {
		t.Fatalf("write on ABI 0: box %+v result %+v, want unconfined (through the helper on Linux)", b, res)
	}
	want := "commands ran unconfined: this system has no Linux Landlock (needs Linux 5.13+ with Landlock enabled), so --sandbox write could not limit where they write"
	if got := UnconfinedWarning(cfg.Sandbox, 0); got != want {
		t.Errorf("warning %q", got)
	}
	if got := UnconfinedWarning(cfg.Sandbox, 1); got != "" {
		t.Errorf("warning on ABI 1: %q", got)
	}
	cfg.Sandbox = sandbox.Strict
	for abi, err := range map[int]string{
		0: "exec: sandbox strict: this kernel has no Landlock (it needs Linux 5.13+ with Landlock enabled)",
		3: "exec: sandbox strict: this kernel's Landlock is ABI 3, but denying network access needs ABI 4 (Linux 6.7+); the command was not run (use --sandbox write to confine only writes)",
	} {
		b, res := confine(cfg, abi, nil)
		if b != nil || res == nil || res.Error != err || res.Type != fault.SandboxUnavailable {
			t.Errorf("strict on ABI %d: box %v result %+v", abi, b, res)
		}
	}
	if got := UnconfinedWarning(cfg.Sandbox, 0); got != "" {
		t.Errorf("strict never runs unconfined, but warned %q", got)
	}
	cfg.Sandbox = sandbox.Off
	if got := UnconfinedWarning(cfg.Sandbox, 0); got != "" {
		t.Errorf("--sandbox off is the user's choice, but warned %q", got)
	}
}
