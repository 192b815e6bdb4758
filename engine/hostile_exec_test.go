package engine

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/clada-dev/clada/engine/command"
	"github.com/clada-dev/clada/engine/fault"
	"github.com/clada-dev/clada/internal/state"
	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
)

// The hostile process suite: commands that try to outlive, flood or ignore
// clada. Each must come back in bounded time with the right error type and
// leave nothing running or written outside the root.

func hostileConfig(t *testing.T) *Config {
	t.Helper()
	posixOnly(t)
	cfg := DefaultConfig(t.TempDir())
	cfg.NoGit = true
	cfg.OutputMode = OutputBuffer
	cfg.Timeout = 500 * time.Millisecond
	return cfg
}

// runBash runs code and fails the test if clada took longer than limit.
func runBash(t *testing.T, cfg *Config, code string, limit time.Duration) Result {
	t.Helper()
	start := time.Now()
	res := execOp(context.Background(), cfg, lang.SHAM, map[string]string{"lang": "bash", "code": code}, "task-1")
	if d := time.Since(start); d > limit {
		t.Fatalf("exec took %s, want under %s", d, limit)
	}
	return res
}

func TestExecSleepPastTimeout(t *testing.T) {
	cfg := hostileConfig(t)
	res := runBash(t, cfg, "echo started; sleep 30", 5*time.Second)
	if res.Success || res.Type != fault.ExecTimeout {
		t.Fatalf("got success=%v type=%q error=%q, want exec_timeout", res.Success, res.Type, res.Error)
	}
	if got := res.Data["stdout"]; got != "started\n" {
		t.Errorf("stdout = %q, want the output before the kill", got)
	}
}

func TestExecTimeoutParamOverridesConfig(t *testing.T) {
	cfg := hostileConfig(t)
	cfg.Timeout = time.Minute
	start := time.Now()
	res := execOp(context.Background(), cfg, lang.SHAM, map[string]string{"lang": "bash", "code": "sleep 30", "timeout": "1"}, "task-1")
	if res.Type != fault.ExecTimeout || time.Since(start) > 6*time.Second {
		t.Fatalf("type=%q after %s, want exec_timeout after about 1s", res.Type, time.Since(start))
	}
}

func TestExecIgnoresSIGTERM(t *testing.T) {
	cfg := hostileConfig(t)
	res := runBash(t, cfg, "trap '' TERM; sleep 30", 5*time.Second)
	if res.Type != fault.ExecTimeout {
		t.Fatalf("type=%q error=%q, want exec_timeout", res.Type, res.Error)
	}
}

// A background grandchild keeps stdout open after the shell exits; clada
// must not wait for it, and must kill it (it would write outside otherwise).
func TestExecBackgroundChildHoldsPipe(t *testing.T) {
	cfg := hostileConfig(t)
	cfg.Timeout = 20 * time.Second
	marker := filepath.Join(cfg.Root, "late")
	res := runBash(t, cfg, "(sleep 3; echo late > "+marker+") & echo parent", 3*2*time.Second) // three times the launcher's wait for pipes
	if !res.Success {
		t.Fatalf("parent exited 0 but result failed: %q", res.Error)
	}
	if got := res.Data["stdout"]; got != "parent\n" {
		t.Errorf("stdout = %q", got)
	}
	time.Sleep(4 * time.Second)
	if _, err := os.Stat(marker); err == nil {
		t.Fatalf("the background child survived and wrote %s", marker)
	}
}

// truncatedMarker ends output the launcher cut at MaxOutput.
const truncatedMarker = "[output truncated]"

func TestExecFloodIsCapped(t *testing.T) {
	cfg := hostileConfig(t)
	cfg.Timeout = 30 * time.Second
	cfg.MaxOutput = 1 << 20
	// 200 MB of output: must be drained without being kept.
	res := runBash(t, cfg, "head -c 209715200 /dev/zero | tr '\\0' x; echo", 30*time.Second)
	if !res.Success {
		t.Fatalf("error = %q", res.Error)
	}
	out := res.Data["stdout"].(string)
	if !strings.HasSuffix(out, "\n"+truncatedMarker) {
		t.Fatalf("output does not end in the marker: …%q", out[max(0, len(out)-40):])
	}
	if len(out) != cfg.MaxOutput+1+len(truncatedMarker) {
		t.Errorf("kept %d bytes, want %d", len(out), cfg.MaxOutput+1+len(truncatedMarker))
	}
}

func TestExecNonZeroExit(t *testing.T) {
	cfg := hostileConfig(t)
	res := runBash(t, cfg, "echo out; echo err >&2; exit 3", 5*time.Second)
	if res.Success || res.Type != fault.ExecFailed {
		t.Fatalf("success=%v type=%q", res.Success, res.Type)
	}
	want := map[string]any{"stdout": "out\n", "stderr": "err\n", "exit_code": 3}
	for k, v := range want {
		if res.Data[k] != v {
			t.Errorf("data[%s] = %#v, want %#v", k, res.Data[k], v)
		}
	}
}

func TestExecEnvironmentAndStdin(t *testing.T) {
	cfg := hostileConfig(t)
	t.Setenv("GIT_DIR", "/nonexistent")
	res := runBash(t, cfg, `echo "git=${GIT_DIR-unset}"; cat; pwd`, 5*time.Second)
	want := "git=unset\n" + cfg.Root + "\n"
	if !res.Success || res.Data["stdout"] != want {
		t.Fatalf("stdout = %q, want %q (GIT_* removed, stdin empty, cwd the root); success %v, error %q, data %v", res.Data["stdout"], want, res.Success, res.Error, res.Data)
	}
}

func TestExecCwdOutsideRootRefused(t *testing.T) {
	cfg := hostileConfig(t)
	res := execOp(context.Background(), cfg, lang.SHAM, map[string]string{"lang": "bash", "code": "touch x", "cwd": "../"}, "task-1")
	if res.Success || res.Type != fault.PathEscape {
		t.Fatalf("success=%v type=%q error=%q, want path_escape", res.Success, res.Type, res.Error)
	}
}

func TestExecStreamsPrefixedLines(t *testing.T) {
	cfg := hostileConfig(t)
	var mu sync.Mutex
	var lines []string
	cfg.OutputMode = OutputStream
	cfg.Stream = func(l string) { mu.Lock(); lines = append(lines, l); mu.Unlock() }
	res := execOp(context.Background(), cfg, lang.SHAM, map[string]string{"lang": "sh", "code": "echo a; printf b"}, "task-7")
	if !res.Success {
		t.Fatal(res.Error)
	}
	want := []string{"[task-7:exec] a", "[task-7:exec] b"}
	if strings.Join(lines, "|") != strings.Join(want, "|") {
		t.Fatalf("streamed %q, want %q", lines, want)
	}
}

// Two applies at once through Run: the second reports the lock as fatal,
// runs nothing, and returns after about the lock timeout.
func TestRunWhileAnotherApplyHoldsTheLock(t *testing.T) {
	cfg := hostileConfig(t)
	cfg.LockTimeout = 200 * time.Millisecond
	held, err := state.AcquireLock(context.Background(), cfg.Root, cfg.LockFile, cfg.LockTimeout)
	if err != nil {
		t.Fatal(err)
	}
	defer held.Release()
	ws, err := NewOS(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	src := "#!SHAM [@three-char-SHA-256: w1]\naction = \"file_write\"\npath = \"a.txt\"\ncontent = \"a\"\n#!END_SHAM_w1\n"
	start := time.Now()
	rep := Run(context.Background(), lang.Parse(source.NewFile("in.sham", []byte(src))), ws, cfg, nil)
	if d := time.Since(start); d > 5*time.Second {
		t.Fatalf("Run took %s", d)
	}
	if rep.Success || !strings.Contains(rep.Fatal, state.LockPath(cfg.Root, cfg.LockFile)) || len(rep.Results) != 0 {
		t.Fatalf("success=%v fatal=%q results=%d, want a fatal lock error and nothing run", rep.Success, rep.Fatal, len(rep.Results))
	}
	if _, err := os.Stat(filepath.Join(cfg.Root, "a.txt")); err == nil {
		t.Fatal("a.txt was written while another apply held the lock")
	}
}

// Each lang maps to its interpreter with the code as an argument.
func TestExecLangs(t *testing.T) {
	cfg := hostileConfig(t)
	cfg.Timeout = 10 * time.Second
	cases := map[string]string{
		"bash":       `echo "$((6*7))"`,
		"sh":         `echo 42`,
		"python":     `print(6*7)`,
		"javascript": `console.log(6*7)`,
	}
	for l, code := range cases {
		t.Run(l, func(t *testing.T) {
			if _, err := exec.LookPath(command.Interpreter(l)); err != nil {
				t.Skipf("%s is not installed on this machine", command.Interpreter(l))
			}
			res := execOp(context.Background(), cfg, lang.SHAM, map[string]string{"lang": l, "code": code}, "task-1")
			if !res.Success || res.Data["stdout"] != "42\n" {
				t.Fatalf("success=%v stdout=%q error=%q", res.Success, res.Data["stdout"], res.Error)
			}
		})
	}
}
