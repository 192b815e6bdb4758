package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// The MCP server honours the pass-env of a trusted .clada.yaml, as `clada
// apply` does: a command it runs gets the secret-looking variable the file
// names. Untrusted, the command does not, and the server says why on
// stderr. Through the real front door: `clada mcp` as a process, with the
// official SDK's client on its stdin and stdout.
func TestMCPHonoursTrustedPassEnv(t *testing.T) {
	bin := cladaBinary(t)
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	cfg := filepath.Join(root, ".clada.yaml")
	if err := os.WriteFile(cfg, []byte("pass-env: [CLADA_TEST_TOKEN]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	home := t.TempDir()
	env := append(os.Environ(), "HOME="+home, "XDG_CONFIG_HOME="+filepath.Join(home, ".config"), "CLADA_TEST_TOKEN=s3cret")

	// exec runs `echo` through the exec tool of a fresh server and returns
	// the command's output and the server's stderr.
	exec1 := func(flags ...string) (string, string) {
		t.Helper()
		cmd := exec.Command(bin, append([]string{"mcp", "--root", root, "--no-git", "--sandbox", "off"}, flags...)...)
		cmd.Env = env
		stderr := &syncBuffer{}
		cmd.Stderr = stderr
		ctx := context.Background()
		cs, err := sdk.NewClient(&sdk.Implementation{Name: "clada-test", Version: "0"}, nil).Connect(ctx, &sdk.CommandTransport{Command: cmd}, nil)
		if err != nil {
			t.Fatalf("connect: %v; stderr:\n%s", err, stderr)
		}
		res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "exec", Arguments: map[string]any{"lang": "bash", "code": `echo "token=[$CLADA_TEST_TOKEN]"`}})
		if err != nil {
			t.Fatalf("exec: %v; stderr:\n%s", err, stderr)
		}
		cs.Close()
		var b strings.Builder
		for _, c := range res.Content {
			if tc, ok := c.(*sdk.TextContent); ok {
				b.WriteString(tc.Text)
			}
		}
		return b.String(), stderr.String()
	}

	out, stderr := exec1()
	if strings.Contains(out, "s3cret") || !strings.Contains(out, "token=[]") {
		t.Errorf("untrusted: the command saw the secret:\n%s", out)
	}
	// --pass-env on the server's command line is the user's, as for apply.
	if out, _ := exec1("--pass-env", "CLADA_TEST_TOKEN"); !strings.Contains(out, "token=[s3cret]") {
		t.Errorf("--pass-env: the command did not get CLADA_TEST_TOKEN:\n%s", out)
	}
	want := "clada: pass-env of " + cfg + " not honoured: the file is not trusted (or changed since); read it, then run: clada trust --root " + root
	if !strings.Contains(stderr, want) {
		t.Errorf("untrusted: stderr does not say why:\n%s\nwant a line %q", stderr, want)
	}

	trust := exec.Command(bin, "trust", "--root", root)
	trust.Env = env
	if b, err := trust.CombinedOutput(); err != nil {
		t.Fatalf("clada trust: %v\n%s", err, b)
	}
	out, stderr = exec1()
	if !strings.Contains(out, "token=[s3cret]") {
		t.Errorf("trusted: the command did not get CLADA_TEST_TOKEN:\n%s\nstderr:\n%s", out, stderr)
	}
	if strings.Contains(stderr, "not honoured") {
		t.Errorf("trusted: stderr still says pass-env is not honoured:\n%s", stderr)
	}
}
