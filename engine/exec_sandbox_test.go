package engine

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/clada-dev/clada/engine/command"
	"github.com/clada-dev/clada/engine/fault"
	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/sandbox"
	"github.com/clada-dev/clada/source"
)

// needLandlock skips a test on kernels without the Landlock ABI it needs.
func needLandlock(t testing.TB, abi int) {
	t.Helper()
	if got := sandbox.ABI(); got < abi {
		t.Skipf("this kernel's Landlock ABI is %d, the test needs %d (Linux Landlock; CI's kernel has it)", got, abi)
	}
}

// sandboxConfig is a root inside a parent directory the test can look into
// for writes that escaped.
func sandboxConfig(t *testing.T, mode sandbox.Mode) (cfg *Config, parent string) {
	t.Helper()
	parent = t.TempDir()
	if p, err := filepath.EvalSymlinks(parent); err == nil {
		parent = p
	}
	root := filepath.Join(parent, "root")
	if err := os.Mkdir(root, 0o755); err != nil {
		t.Fatal(err)
	}
	cfg = DefaultConfig(root)
	cfg.NoGit, cfg.OutputMode, cfg.Timeout, cfg.Sandbox = true, OutputBuffer, 10*time.Second, mode
	return cfg, parent
}

func sandboxRun(cfg *Config, l, code string) Result {
	return execOp(context.Background(), cfg, lang.SHAM, map[string]string{"lang": l, "code": code}, "task-1")
}

// Each way a language writes outside the root is refused, and the error
// names the path tried and the flags that would allow it.
func TestSandboxDeniesWritesOutsideRoot(t *testing.T) {
	needLandlock(t, 1)
	cases := []struct{ lang, code, path string }{
		{"bash", "touch ../x", "../x"},
		{"bash", "echo hi > ../x", "../x"},
		{"sh", "mkdir ../x", "../x"},
		{"python", "open('../x', 'w')", "../x"},
		{"javascript", "require('fs').writeFileSync('../x', 'hi')", "../x"},
	}
	for _, tc := range cases {
		t.Run(tc.lang+" "+tc.code, func(t *testing.T) {
			if _, err := lookPathOf(tc.lang); err != nil {
				t.Skip(err)
			}
			cfg, parent := sandboxConfig(t, sandbox.Write)
			res := sandboxRun(cfg, tc.lang, tc.code)
			want := fmt.Sprintf("exec: the sandbox denied writing %s (%s): commands may write only under the root, the --allow directories, clada's cache for their toolchains and their own $TMPDIR",
				tc.path, filepath.Join(parent, "x"))
			if res.Success || res.Type != fault.SandboxDenied || res.Error != want {
				t.Fatalf("got type %q error %q stderr %q\nwant %q", res.Type, res.Error, res.Data["stderr"], want)
			}
			if !strings.Contains(res.Hint, "--allow "+parent+" for one run, sandbox.writable in their own config.yaml for every run, or --sandbox off") {
				t.Errorf("hint %q does not name the flags", res.Hint)
			}
			if _, err := os.Lstat(filepath.Join(parent, "x")); !os.IsNotExist(err) {
				t.Fatalf("%s was written outside the root: %v", filepath.Join(parent, "x"), err)
			}
		})
	}
}

func lookPathOf(l string) (string, error) {
	return exec.LookPath(command.Interpreter(l))
}

// Under the root, in an --allow directory, in $TMPDIR and to /dev/null a
// confined command writes freely; its TMPDIR is private and gone afterwards.
func TestSandboxAllowsRootAllowAndTmp(t *testing.T) {
	needLandlock(t, 1)
	cfg, parent := sandboxConfig(t, sandbox.Write)
	allowed := filepath.Join(parent, "cache")
	if err := os.Mkdir(allowed, 0o755); err != nil {
		t.Fatal(err)
	}
	cfg.Allow = []string{allowed}
	res := sandboxRun(cfg, "bash", `set -e
mkdir -p sub other && echo a > sub/f && mv sub/f sub/g && mv sub/g other/g && rm other/g
echo b > `+allowed+`/f
echo c > "$TMPDIR/t" && cat "$TMPDIR/t"
echo d > /dev/null
echo "$TMPDIR"`)
	if !res.Success {
		t.Fatalf("got %q stderr %q", res.Error, res.Data["stderr"])
	}
	out := strings.Split(res.Data["stdout"].(string), "\n")
	if out[0] != "c" || !strings.Contains(out[1], "clada-cmd-") {
		t.Fatalf("stdout %q", res.Data["stdout"])
	}
	if _, err := os.Stat(out[1]); !os.IsNotExist(err) {
		t.Errorf("the command's TMPDIR %s is still there: %v", out[1], err)
	}
	if b, _ := os.ReadFile(filepath.Join(allowed, "f")); string(b) != "b\n" {
		t.Errorf("--allow dir file = %q", b)
	}
}

// --sandbox off runs the command unconfined: the write outside happens.
func TestSandboxOffWritesOutside(t *testing.T) {
	cfg, parent := sandboxConfig(t, sandbox.Off)
	if res := sandboxRun(cfg, "bash", "touch ../x"); !res.Success {
		t.Fatalf("got %q", res.Error)
	}
	if _, err := os.Stat(filepath.Join(parent, "x")); err != nil {
		t.Fatal(err)
	}
}

// Strict denies a TCP connect that write mode lets through.
func TestSandboxStrictDeniesConnect(t *testing.T) {
	needLandlock(t, sandbox.NetABI)
	var lc net.ListenConfig
	lc.SetMultipathTCP(false)
	ln, err := lc.Listen(context.Background(), "tcp4", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			c.Close()
		}
	}()
	port := ln.Addr().(*net.TCPAddr).Port
	code := fmt.Sprintf("exec 3<>/dev/tcp/127.0.0.1/%d && echo connected", port)

	cfg, _ := sandboxConfig(t, sandbox.Write)
	if res := sandboxRun(cfg, "bash", code); !res.Success || res.Data["stdout"] != "connected\n" {
		t.Fatalf("write mode: %q stderr %q", res.Error, res.Data["stderr"])
	}
	cfg.Sandbox = sandbox.Strict
	res := sandboxRun(cfg, "bash", code)
	want := "exec: the network is blocked by --sandbox strict (bash: connect: Permission denied): commands may not open TCP connections or listen"
	if res.Success || res.Type != fault.SandboxDenied || res.Error != want || !strings.Contains(res.Hint, "--sandbox write (or --sandbox off)") {
		t.Fatalf("strict: type %q error %q hint %q stderr %q", res.Type, res.Error, res.Hint, res.Data["stderr"])
	}
}

// Where Landlock is missing, the report says once that commands ran
// unconfined; where it is there, it says nothing.
func TestSandboxUnconfinedWarning(t *testing.T) {
	cfg, _ := sandboxConfig(t, sandbox.Write)
	doc := lang.Parse(source.NewFile("a.sham", []byte("#!SHAM [@three-char-SHA-256: a1]\naction = \"exec\"\nlang = \"bash\"\ncode = \"true\"\n#!END_SHAM_a1\n"+
		"#!SHAM [@three-char-SHA-256: a2]\naction = \"exec\"\nlang = \"bash\"\ncode = \"true\"\n#!END_SHAM_a2\n")))
	rep, _, err := Apply(context.Background(), doc, cfg, Real, nil)
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	if sandbox.ABI() < 1 {
		want = []string{command.UnconfinedWarning(cfg.Sandbox, 0)}
	}
	if !rep.Success || strings.Join(rep.Warnings, "|") != strings.Join(want, "|") {
		t.Fatalf("success %v warnings %q, want %q", rep.Success, rep.Warnings, want)
	}
}

// An --allow directory that does not exist grants nothing and does not stop
// the command.
func TestSandboxMissingAllowDir(t *testing.T) {
	needLandlock(t, 1)
	cfg, parent := sandboxConfig(t, sandbox.Write)
	cfg.Allow = []string{filepath.Join(parent, "nope")}
	if res := sandboxRun(cfg, "bash", "echo ok > f"); !res.Success {
		t.Fatalf("got %q stderr %q", res.Error, res.Data["stderr"])
	}
	res := sandboxRun(cfg, "bash", "mkdir ../nope")
	if res.Type != fault.SandboxDenied {
		t.Fatalf("making the missing --allow dir: type %q error %q", res.Type, res.Error)
	}
}
