package lsp

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/protocol"
)

// The incremental simulation itself (that it finds what a full run finds,
// and what Run finds) is tested in engine (simulate_test.go). These tests
// are the server's part: the disk generation that decides whether a result
// may be reused.

// twoBlocks is an answer with a search in app.js and a write of other.txt,
// which are unrelated: editing the write reuses the search's result.
func twoBlocks(content string) string {
	return replaceDoc + "\n#!SHAM [@three-char-SHA-256: wrt]\naction = \"file_write\"\npath = \"other.txt\"\ncontent = \"" + content + "\"\n#!END_SHAM_wrt\n"
}

// waitWatched waits until the server knows the client accepted its file
// watcher, which is when it starts reusing simulation results.
func waitWatched(t testing.TB, c *testClient) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		if trusted, _ := c.srv.diskState(); trusted {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("the server never saw its file watcher accepted")
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// A client that watches files for the server gets simulation results reused
// across edits, until it reports a change on disk: then everything is
// simulated again and the diagnostics follow the disk.
func TestDiskChangeInvalidatesSimulation(t *testing.T) {
	root := t.TempDir()
	target := filepath.Join(root, "app.js")
	if err := os.WriteFile(target, []byte("one\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := startWatching(t, root, new(true), clientOpts{})
	c.nextRegistration()
	waitWatched(t, c)
	uri := pathURI(filepath.Join(root, "a.sham"))
	if p := c.open(uri, twoBlocks("v1")); len(p.Diagnostics) != 1 || !strings.Contains(messageOf(p.Diagnostics[0]), "old_text not found") {
		t.Fatalf("on open: %+v", p.Diagnostics)
	}
	if err := os.WriteFile(target, []byte("one\ntwo\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// An edit of the other block, with no word from the client about the
	// disk: the search's result is reused (only the edited op runs), so its
	// diagnostic stays although the file now has "two".
	c.change(uri, 2, &protocol.TextDocumentContentChangeWholeDocument{Text: twoBlocks("v2")})
	if p := c.nextDiags(uri); len(p.Diagnostics) != 1 {
		t.Fatalf("after an unrelated edit: %+v", p.Diagnostics)
	}
	if ran := c.srv.docs[uri].sim.Ran(); ran != 1 {
		t.Fatalf("the unrelated edit simulated %d ops, want 1 (the edited one)", ran)
	}
	c.notify(protocol.MethodWorkspaceDidChangeWatchedFiles, &protocol.DidChangeWatchedFilesParams{
		Changes: []protocol.FileEvent{{URI: pathURI(target), Type: protocol.FileChangeTypeChanged}},
	})
	if p := c.nextDiags(uri); len(p.Diagnostics) != 0 {
		t.Fatalf("after the client reported the change on disk: %+v", p.Diagnostics)
	}
	if ran := c.srv.docs[uri].sim.Ran(); ran != 2 {
		t.Fatalf("the change on disk simulated %d ops, want 2 (all)", ran)
	}
}

// Applying the document changes the disk under the server's own hands: the
// next edit simulates everything again, even before (or without) the
// watcher's report, so the search the apply satisfied is now reported.
func TestApplyInvalidatesSimulation(t *testing.T) {
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "app.js"), []byte("one\ntwo\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := startWatching(t, root, new(true), clientOpts{})
	c.nextRegistration()
	waitWatched(t, c)
	uri := pathURI(filepath.Join(root, "a.sham"))
	// new_text "one" is in the file already, so after the apply the replace
	// is a plain miss, not an already applied edit.
	doc := func(v string) string { return strings.ReplaceAll(twoBlocks(v), `new_text = "2"`, `new_text = "one"`) }
	if p := c.open(uri, doc("v1")); len(p.Diagnostics) != 0 {
		t.Fatalf("on open: %+v", p.Diagnostics)
	}
	var rep struct {
		Success bool `json:"success"`
	}
	c.call(protocol.MethodWorkspaceExecuteCommand, command("clada.apply", uri), &rep)
	if !rep.Success {
		t.Fatalf("apply: %+v", rep)
	}
	c.change(uri, 2, &protocol.TextDocumentContentChangeWholeDocument{Text: doc("v2")})
	p := c.nextDiags(uri)
	if len(p.Diagnostics) != 1 || !strings.Contains(messageOf(p.Diagnostics[0]), "old_text not found") {
		t.Fatalf("after apply and an unrelated edit: %+v", p.Diagnostics)
	}
}

// A client that does not watch files (neovim 0.7) gets results reused
// while the server's own watch of the root (diskwatch_linux.go) sees no
// change, and its diagnostics follow the disk at the next edit: a change
// finished before the edit is always seen, in a directory made after the
// watch started too.
func TestUnwatchedClientSeesDiskAtNextEdit(t *testing.T) {
	root := t.TempDir()
	target := filepath.Join(root, "app.js")
	if err := os.WriteFile(target, []byte("one\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := start(t, root, false)
	uri := pathURI(filepath.Join(root, "a.sham"))
	if p := c.open(uri, twoBlocks("v1")); len(p.Diagnostics) != 1 {
		t.Fatalf("on open: %+v", p.Diagnostics)
	}
	// unrelated edits: only the edited op runs again
	for i, v := range []string{"v2", "v3"} {
		c.change(uri, int32(i)+2, &protocol.TextDocumentContentChangeWholeDocument{Text: twoBlocks(v)})
		if p := c.nextDiags(uri); len(p.Diagnostics) != 1 {
			t.Fatalf("after edit %s: %+v", v, p.Diagnostics)
		}
		if ran := c.srv.docs[uri].sim.Ran(); runtime.GOOS == "linux" && i > 0 && ran != 1 {
			t.Fatalf("edit %s simulated %d ops, want 1 (the edited one)", v, ran)
		}
	}
	if err := os.WriteFile(target, []byte("one\ntwo\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c.change(uri, 4, &protocol.TextDocumentContentChangeWholeDocument{Text: twoBlocks("v4")})
	if p := c.nextDiags(uri); len(p.Diagnostics) != 0 {
		t.Fatalf("after the next edit: %+v", p.Diagnostics)
	}
	// a file in a directory that did not exist when the watch started
	doc := strings.Replace(twoBlocks("v5"), "path = \"app.js\"", "path = \"sub/deep/app.js\"", 1)
	c.change(uri, 5, &protocol.TextDocumentContentChangeWholeDocument{Text: doc})
	if p := c.nextDiags(uri); len(p.Diagnostics) != 1 {
		t.Fatalf("sub/deep/app.js missing: %+v", p.Diagnostics)
	}
	if err := os.MkdirAll(filepath.Join(root, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	c.change(uri, 6, &protocol.TextDocumentContentChangeWholeDocument{Text: strings.Replace(doc, "v5", "v6", 1)})
	if p := c.nextDiags(uri); len(p.Diagnostics) != 1 {
		t.Fatalf("sub/deep/app.js still missing: %+v", p.Diagnostics)
	}
	if err := os.MkdirAll(filepath.Join(root, "sub/deep"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "sub/deep/app.js"), []byte("two\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c.change(uri, 7, &protocol.TextDocumentContentChangeWholeDocument{Text: strings.Replace(doc, "v5", "v7", 1)})
	if p := c.nextDiags(uri); len(p.Diagnostics) != 0 {
		t.Fatalf("after sub/deep/app.js appeared: %+v", p.Diagnostics)
	}
}

// workspaceDiags are the diagnostics of p that come from the simulation.
func workspaceDiags(p *protocol.PublishDiagnosticsParams) []protocol.Diagnostic {
	var out []protocol.Diagnostic
	for _, d := range p.Diagnostics {
		if codeOf(d) == CodeWorkspace {
			out = append(out, d)
		}
	}
	return out
}

// The simulation follows the engine's group semantics. A CSL TASKS group
// stops at its first failure: its first SEARCH matches nowhere, so the
// second, which names a missing file, never runs, and only the first is
// reported (op by op, both were).
func TestSimulationStopsTasksAtFirstFailure(t *testing.T) {
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "app.js"), []byte("one\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := start(t, root, false)
	doc := "<---TASKS--->\n" +
		"<---SEARCH file=\"app.js\"--->\nmissing text\n<---REPLACE--->\nnew\n<---END--->\n" +
		"<---SEARCH file=\"gone.js\"--->\nx\n<---REPLACE--->\ny\n<---END--->\n" +
		"<---END--->\n"
	ws := workspaceDiags(c.open(pathURI(filepath.Join(root, "a.csl")), doc))
	if len(ws) != 1 || ws[0].Range.Start.Line != 2 || !strings.Contains(messageOf(ws[0]), "old_text not found") {
		t.Fatalf("want one WORKSPACE error, on the first SEARCH's text (line 3); got %+v", ws)
	}
}

// A V4A patch applies all or nothing: its second hunk matches nowhere, so
// that hunk is reported, and the first hunk's change is not there for the
// block after the patch, whose search for the unpatched line succeeds.
func TestSimulationPatchAllOrNothing(t *testing.T) {
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "app.py"), []byte("def start():\n    load()\n\n\ndef stop():\n    shutdown()\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := start(t, root, false)
	doc := "*** Begin Patch\n*** Update File: app.py\n@@\n def start():\n-    load()\n+    load(fast=True)\n" +
		"@@\n def stop():\n-    close()\n+    close(wait=False)\n*** End Patch\n\n" +
		"#!SHAM [@three-char-SHA-256: e1]\naction = \"file_replace_text\"\npath = \"app.py\"\nold_text = \"    load()\"\nnew_text = \"    load(1)\"\n#!END_SHAM_e1\n"
	ws := workspaceDiags(c.open(pathURI(filepath.Join(root, "a.md")), doc))
	if len(ws) != 1 || ws[0].Range.Start.Line < 6 || ws[0].Range.Start.Line > 9 {
		t.Fatalf("want one WORKSPACE error, on the second hunk (lines 7-10); got %+v", ws)
	}
}

// A CSL syntax error means nothing runs, so nothing would fail on the
// workspace either: the document gets its syntax diagnostics only.
func TestSimulationNothingRunsAfterCSLSyntaxError(t *testing.T) {
	root := t.TempDir()
	c := start(t, root, false)
	doc := "<---SEARCH file=\"gone.js\"--->\nx\n<---REPLACE--->\ny\n<---END--->\n" +
		"<---SEARCH file=\"other.js\"--->\nno replace\n<---END--->\n"
	p := c.open(pathURI(filepath.Join(root, "a.csl")), doc)
	if len(p.Diagnostics) == 0 {
		t.Fatal("the broken SEARCH has no syntax diagnostic")
	}
	if ws := workspaceDiags(p); len(ws) != 0 {
		t.Fatalf("WORKSPACE diagnostics for a document that runs nothing: %+v", ws)
	}
}
