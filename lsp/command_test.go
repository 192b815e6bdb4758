package lsp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clada-dev/clada/config"
	"github.com/clada-dev/clada/session"
	"go.lsp.dev/protocol"
)

const twoWrites = `#!SHAM [@three-char-SHA-256: w1]
action = "file_write"
path = "one.txt"
content = "1"
#!END_SHAM_w1

#!SHAM [@three-char-SHA-256: w2]
action = "file_write"
path = "two.txt"
content = "2"
#!END_SHAM_w2
`

// The VS Code extension sends {uri, range}: only the blocks the range
// touches run, and apply writes for real.
func TestExecuteApplyRange(t *testing.T) {
	root := t.TempDir()
	c := start(t, root, false)
	uri := pathURI(filepath.Join(root, "a.sham"))
	c.open(uri, twoWrites)
	var rep struct {
		Success         bool `json:"success"`
		ExecutedActions int  `json:"executedActions"`
	}
	arg := map[string]any{"uri": uri, "range": rng(7, 0, 7, 3)}
	c.call(protocol.MethodWorkspaceExecuteCommand, command("clada.apply", arg), &rep)
	if !rep.Success || rep.ExecutedActions != 1 {
		t.Fatalf("report: %+v", rep)
	}
	if b, err := os.ReadFile(filepath.Join(root, "two.txt")); err != nil || string(b) != "2" {
		t.Fatalf("two.txt = %q, %v", b, err)
	}
	if _, err := os.Stat(filepath.Join(root, "one.txt")); !os.IsNotExist(err) {
		t.Fatalf("one.txt was written though outside the range: %v", err)
	}
	err := c.callErr(protocol.MethodWorkspaceExecuteCommand, command("clada.dryRun", map[string]any{"uri": uri, "range": rng(20, 0, 20, 0)}), nil)
	if err == nil || !strings.Contains(err.Error(), "no block in the given range") {
		t.Fatalf("empty range: %v", err)
	}
	err = c.callErr(protocol.MethodWorkspaceExecuteCommand, command("clada.dryRun", 42), nil)
	if err == nil || !strings.Contains(err.Error(), "the argument must be the document URI or {uri, range}") {
		t.Fatalf("bad argument: %v", err)
	}
}

// A client that says the workspace is untrusted gets dry runs, never applies.
// It names its root with rootUri only, as older clients do.
func TestExecuteApplyUntrusted(t *testing.T) {
	root := t.TempDir()
	c := newClient(t)
	rootURI := pathURI(root)
	//lint:ignore SA1019 the legacy root field is what this test covers
	c.call(protocol.MethodInitialize, &protocol.InitializeParams{RootURI: &rootURI, InitializationOptions: protocol.LSPAny(`{"trusted": false}`)}, nil)
	c.notify(protocol.MethodInitialized, &protocol.InitializedParams{})
	uri := pathURI(filepath.Join(root, "a.sham"))
	c.open(uri, twoWrites)
	err := c.callErr(protocol.MethodWorkspaceExecuteCommand, command("clada.apply", uri), nil)
	if err == nil || !strings.Contains(err.Error(), "not trusted") {
		t.Fatalf("untrusted apply: %v", err)
	}
	var rep struct {
		Success bool `json:"success"`
	}
	c.call(protocol.MethodWorkspaceExecuteCommand, command("clada.dryRun", uri), &rep)
	if !rep.Success {
		t.Fatalf("untrusted dry run: %+v", rep)
	}
	if entries, _ := os.ReadDir(root); len(entries) != 0 {
		t.Fatalf("untrusted workspace was written: %v", entries)
	}
}

// The editor's apply runs the hooks of a trusted .clada.yaml around the
// apply, as `clada apply` does; untrusted, the apply runs, the hooks do not,
// and the server's log says why and how to trust the file. A dry run never
// runs them.
func TestApplyCommandRunsHooks(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	root := t.TempDir()
	yaml := "hooks:\n  before: [\"echo before {files} >> hooks.log\"]\n  after: [\"echo after $CLADA_SUMMARY >> hooks.log\"]\n"
	if err := os.WriteFile(filepath.Join(root, ".clada.yaml"), []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	apply := func(cmd string) string {
		t.Helper()
		var log syncBuffer
		c := startWatching(t, root, nil, clientOpts{log: &log})
		u := pathURI(filepath.Join(root, "a.sham"))
		c.open(u, twoWrites)
		var rep struct {
			Success bool `json:"success"`
		}
		c.call(protocol.MethodWorkspaceExecuteCommand, command(cmd, u), &rep)
		if !rep.Success {
			t.Fatalf("%s: %+v", cmd, rep)
		}
		return log.String()
	}
	hooksLog := filepath.Join(root, "hooks.log")

	log := apply("clada.apply")
	if _, err := os.Stat(hooksLog); !os.IsNotExist(err) {
		t.Fatalf("untrusted: a hook ran (%v)", err)
	}
	if !strings.Contains(log, "hooks of "+filepath.Join(root, ".clada.yaml")+" not run: the file is not trusted") {
		t.Errorf("untrusted: the log does not say the hooks did not run:\n%s", log)
	}

	c, err := session.LoadConfig(root, "")
	if err != nil {
		t.Fatal(err)
	}
	tr, err := config.LoadTrust()
	if err != nil {
		t.Fatal(err)
	}
	if err := tr.Add(c); err != nil { // what `clada trust` does
		t.Fatal(err)
	}
	apply("clada.dryRun")
	if _, err := os.Stat(hooksLog); !os.IsNotExist(err) {
		t.Fatalf("dry run: a hook ran (%v)", err)
	}
	log = apply("clada.apply")
	got, err := os.ReadFile(hooksLog)
	if err != nil {
		t.Fatalf("trusted: no hook ran (%v); log:\n%s", err, log)
	}
	if want := "before one.txt two.txt\nafter 2 actions, 0 failed: file_write one.txt, file_write two.txt\n"; string(got) != want {
		t.Errorf("hooks.log = %q, want %q", got, want)
	}
	if !strings.Contains(log, "hook after `echo after $CLADA_SUMMARY >> hooks.log`: ok") {
		t.Errorf("trusted: the log does not show the hooks' outcome:\n%s", log)
	}
}
