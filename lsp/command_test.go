package lsp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

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
