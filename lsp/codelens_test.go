package lsp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

// Each block gets Dry-run/Apply over its header, the document gets the
// "all" pair over the first, and running a block's Apply lens (its command
// and arguments exactly as sent to the client) writes only that block's file.
func TestCodeLensRunsItsBlock(t *testing.T) {
	root := t.TempDir()
	c := start(t, root, false)
	uri := pathURI(filepath.Join(root, "a.sham"))
	c.open(uri, "Intro.\n\n"+twoWrites+"#!SHAM [@three-char-SHA-256: bad]\naction = \"file_write\"\n#!END_SHAM_bax\n")
	var lenses []protocol.CodeLens
	c.call(protocol.MethodTextDocumentCodeLens, &protocol.CodeLensParams{TextDocument: docID(uri)}, &lenses)
	var got []string
	for _, l := range lenses {
		got = append(got, strings.Join([]string{l.Command.Title, l.Command.Command, string(rune('0' + l.Range.Start.Line))}, " "))
	}
	want := "Dry-run all clada.dryRun 2|Apply all clada.apply 2|Dry-run clada.dryRun 2|Apply clada.apply 2|Dry-run clada.dryRun 8|Apply clada.apply 8"
	if strings.Join(got, "|") != want {
		t.Fatalf("lenses:\n%s\nwant:\n%s", strings.Join(got, "|"), want)
	}
	apply := lenses[5].Command
	var rep struct {
		Success         bool `json:"success"`
		ExecutedActions int  `json:"executedActions"`
	}
	c.call(protocol.MethodWorkspaceExecuteCommand, &protocol.ExecuteCommandParams{Command: apply.Command, Arguments: apply.Arguments}, &rep)
	if !rep.Success || rep.ExecutedActions != 1 {
		t.Fatalf("report: %+v", rep)
	}
	if b, err := os.ReadFile(filepath.Join(root, "two.txt")); err != nil || string(b) != "2" {
		t.Fatalf("two.txt = %q, %v", b, err)
	}
	if _, err := os.Stat(filepath.Join(root, "one.txt")); !os.IsNotExist(err) {
		t.Fatalf("one.txt was written by the second block's lens: %v", err)
	}
}

// A client that says the workspace is untrusted is offered no Apply lens,
// since ExecuteCommand would refuse it: Dry-run lenses only.
func TestCodeLensUntrustedDryRunOnly(t *testing.T) {
	root := t.TempDir()
	c := newClient(t)
	c.call(protocol.MethodInitialize, &protocol.InitializeParams{
		WorkspaceFoldersInitializeParams: folders(root),
		InitializationOptions:            protocol.LSPAny(`{"trusted": false}`),
	}, nil)
	c.notify(protocol.MethodInitialized, &protocol.InitializedParams{})
	uri := pathURI(filepath.Join(root, "a.sham"))
	c.open(uri, "Intro.\n\n"+twoWrites)
	var lenses []protocol.CodeLens
	c.call(protocol.MethodTextDocumentCodeLens, &protocol.CodeLensParams{TextDocument: docID(uri)}, &lenses)
	var got []string
	for _, l := range lenses {
		got = append(got, l.Command.Title+" "+l.Command.Command)
	}
	want := "Dry-run all clada.dryRun|Dry-run clada.dryRun|Dry-run clada.dryRun"
	if strings.Join(got, "|") != want {
		t.Fatalf("lenses:\n%s\nwant:\n%s", strings.Join(got, "|"), want)
	}
}
