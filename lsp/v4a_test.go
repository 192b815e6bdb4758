package lsp

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

// A V4A patch in a .patch file gets the same service as clada's own
// syntaxes: a hunk that matches nowhere is simulated against the workspace
// and reported on its lines, envelope errors carry their line, and the
// outline lists one symbol per lowered action.
func TestV4APatchDocument(t *testing.T) {
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "app.py"), []byte("def f():\n    return 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := start(t, root, false)
	uri := pathURI(filepath.Join(root, "fix.patch"))
	doc := "*** Begin Patch\n*** Update File: app.py\n@@\n-    return 3\n+    return 2\n*** Add File: n.txt\n+n\n*** End Patch\n"
	p := c.open(uri, doc)
	var msgs []string
	for _, d := range p.Diagnostics {
		msgs = append(msgs, fmt.Sprint(d.Range.Start.Line)+": "+messageOf(d))
	}
	if len(p.Diagnostics) == 0 || !strings.Contains(strings.Join(msgs, "\n"), "old_text not found in 'app.py', even ignoring whitespace") {
		t.Fatalf("diagnostics = %v, want the unmatched hunk", msgs)
	}
	if d := p.Diagnostics[0]; d.Range.Start.Line != 2 {
		t.Errorf("hunk diagnostic at line %d, want 2 (the @@ line)", d.Range.Start.Line)
	}
	var h protocol.Hover
	c.call(protocol.MethodTextDocumentHover, at(uri, 3, 3), &h)
	if got := hoverText(&h); !strings.Contains(got, "matches nowhere in app.py") {
		t.Errorf("hover on the hunk = %q, want the miss explained", got)
	}
	var syms []protocol.DocumentSymbol
	c.call(protocol.MethodTextDocumentDocumentSymbol, &protocol.DocumentSymbolParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri}}, &syms)
	var names []string
	for _, s := range syms {
		names = append(names, s.Name)
		for _, ch := range s.Children {
			names = append(names, ch.Name)
		}
	}
	if got := strings.Join(names, ","); !strings.Contains(got, "file_replace_text") || !strings.Contains(got, "file_write") {
		t.Errorf("symbols = %s", got)
	}

	c.change(uri, 2, &protocol.TextDocumentContentChangeWholeDocument{Text: "*** Begin Patch\n*** Update File: app.py\n@@\n-    return 1\nreturn 2\n*** End Patch\n"})
	p = c.nextDiags(uri)
	found := false
	for _, d := range p.Diagnostics {
		if d.Range.Start.Line == 4 && d.Severity == protocol.DiagnosticSeverityWarning && strings.Contains(messageOf(d), "it is read as a context line") {
			found = true
		}
	}
	if !found {
		t.Fatalf("diagnostics = %+v, want the unprefixed hunk line at line 4 read as context, with a warning", p.Diagnostics)
	}
}
