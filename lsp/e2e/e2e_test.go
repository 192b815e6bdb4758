package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// need returns the path of tool, skipping (or failing under CI) without it.
func need(t *testing.T, tool string) string {
	t.Helper()
	p, err := exec.LookPath(tool)
	if err != nil {
		missing(t, tool+" is not installed; to run this test: apt-get install neovim nodejs, then go test ./lsp/e2e")
	}
	return p
}

func missing(t *testing.T, why string) {
	t.Helper()
	if os.Getenv("CI") == "true" {
		t.Fatalf("CI=true but %s", why)
	}
	t.Skipf("skipping: %s", why)
}

// build compiles cmd/clada-lsp into a temp dir and returns its path.
func build(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "clada-lsp")
	out, err := exec.Command("go", "build", "-o", bin, "github.com/clada-dev/clada/cmd/clada-lsp").CombinedOutput()
	if err != nil {
		t.Fatalf("go build clada-lsp: %v\n%s", err, out)
	}
	return bin
}

const answer = `#!SHAM [@three-char-SHA-256: bad]
action = "file_writ"
path = "new.txt"
content = "hi"
#!END_SHAM_bad

Now the edit:

#!SHAM [@three-char-SHA-256: rpl]
action = "file_replace_text"
path = "app.js"
old_text = "two"
new_text = "2"
#!END_SHAM_rpl
`

// workspace writes answer.sham and the file it edits.
func workspace(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	for name, text := range map[string]string{"answer.sham": answer, "app.js": "one\ntwo\nthree\n"} {
		if err := os.WriteFile(filepath.Join(root, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// TestNeovim: a diagnostic arrives, hover and definition answer, an edit
// clears the diagnostic, and shutdown/exit ends the server with status 0.
func TestNeovim(t *testing.T) {
	nvim := need(t, "nvim")
	bin, root := build(t), workspace(t)
	script, err := filepath.Abs("nvim/session.lua")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(nvim, "--headless", "-u", "NONE", "-i", "NONE", "-n", "-c", "luafile "+script)
	cmd.Env = append(os.Environ(), "CLADA_LSP="+bin, "CLADA_ROOT="+root, "HOME="+t.TempDir(), "XDG_STATE_HOME="+t.TempDir(), "XDG_CACHE_HOME="+t.TempDir())
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "OK") {
		t.Fatalf("nvim session: %v\n%s", err, out)
	}
}

// TestNode: semantic tokens, a quick fix, formatting and executeCommand
// through vscode-languageserver-protocol (npm ci in lsp/e2e/node).
func TestNode(t *testing.T) {
	node := need(t, "node")
	if _, err := os.Stat("node/node_modules/vscode-languageserver-protocol"); err != nil {
		missing(t, "the Node client's packages are not installed; to run this test: (cd lsp/e2e/node && npm ci) && go test ./lsp/e2e")
	}
	bin, root := build(t), workspace(t)
	out, err := exec.Command(node, "node/client.js", bin, root).CombinedOutput()
	if err != nil || !strings.Contains(string(out), "OK") {
		t.Fatalf("node client: %v\n%s", err, out)
	}
}
