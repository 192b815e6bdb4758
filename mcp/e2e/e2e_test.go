package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func missing(t *testing.T, why string) {
	t.Helper()
	if os.Getenv("CI") == "true" {
		t.Fatalf("CI=true but %s", why)
	}
	t.Skipf("skipping: %s", why)
}

// TestTypeScriptClient: list tools, write/edit/read, a failing edit with its
// hint, a path escape refused, a command with progress and one cancelled
// mid-run (no orphan), an apply that is one commit and an undo of it, and
// --approve ask through elicitation (and refused without it).
func TestTypeScriptClient(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		missing(t, "node is not installed; to run this test: apt-get install nodejs npm, then (cd mcp/e2e/node && npm ci) && go test ./mcp/e2e")
	}
	if _, err := os.Stat("node/node_modules/@modelcontextprotocol/sdk"); err != nil {
		missing(t, "the TypeScript SDK is not installed; to run this test: (cd mcp/e2e/node && npm ci) && go test ./mcp/e2e")
	}
	if _, err := exec.LookPath("git"); err != nil {
		missing(t, "git is not installed")
	}
	tmp := t.TempDir()
	bin := filepath.Join(tmp, "clada")
	if out, err := exec.Command("go", "build", "-o", bin, "github.com/clada-dev/clada/cmd/clada").CombinedOutput(); err != nil {
		t.Fatalf("go build clada: %v\n%s", err, out)
	}
	global := filepath.Join(tmp, "gitconfig")
	if err := os.WriteFile(global, []byte("[user]\n\tname = Test User\n\temail = test@example.com\n[init]\n\tdefaultBranch = main\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("GIT_CONFIG_GLOBAL", global)
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	t.Setenv("HOME", tmp)
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "README.md"), []byte("project\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"init", "-q"}, {"add", "-A"}, {"commit", "-qm", "start"}} {
		if out, err := exec.Command("git", append([]string{"-C", root}, args...)...).CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	out, err := exec.Command(node, "node/client.mjs", bin, root).CombinedOutput()
	if err != nil || !strings.Contains(string(out), "OK") {
		t.Fatalf("TypeScript SDK client: %v\n%s", err, out)
	}
}
