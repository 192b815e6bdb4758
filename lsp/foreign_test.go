package lsp

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

// The foreign formats get what every block gets: simulated diagnostics on
// the workspace (a hunk or search that does not match, with its hint),
// hover, symbols and folding; formatting leaves them alone (they are an
// LLM's output, and an aider span holds prose between its blocks).
func TestForeignFormats(t *testing.T) {
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "app.py"), []byte("one\ntwo\nthree\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := start(t, root, false)
	uri := pathURI(filepath.Join(root, "answer.md"))
	text := "Fix:\n\napp.py\n```\n<<<<<<< SEARCH\ntwo\n=======\n2\n>>>>>>> REPLACE\n```\n\n" + // lines 0-9
		"Then:\n\n```diff\n--- a/app.py\n+++ b/app.py\n@@ -3 +3 @@\n-THREE\n+3\n```\n" // lines 11-19
	p := c.open(uri, text)
	if len(p.Diagnostics) != 1 {
		t.Fatalf("diagnostics = %+v, want the diff's hunk only", p.Diagnostics)
	}
	d := p.Diagnostics[0]
	if codeOf(d) != CodeWorkspace || !strings.Contains(messageOf(d), "old_text not found") || d.Range.Start.Line != 16 {
		t.Errorf("hunk diagnostic = %+v", d)
	}
	var h protocol.Hover
	c.call(protocol.MethodTextDocumentHover, at(uri, 5, 1), &h)
	if got := hoverText(&h); !strings.Contains(got, "matches line 2 of app.py") {
		t.Errorf("hover on the SEARCH text = %q", got)
	}
	var syms []protocol.DocumentSymbol
	c.call(protocol.MethodTextDocumentDocumentSymbol, &protocol.DocumentSymbolParams{TextDocument: docID(uri)}, &syms)
	var names []string
	for _, s := range syms {
		names = append(names, s.Name+" / "+*s.Detail)
	}
	if got := strings.Join(names, ", "); got != "file_replace_text app.py / aider block, file_replace_text app.py / udiff block" {
		t.Errorf("symbols = %s", got)
	}
	var folds []protocol.FoldingRange
	c.call(protocol.MethodTextDocumentFoldingRange, &protocol.FoldingRangeParams{TextDocument: docID(uri)}, &folds)
	var spans []string
	for _, f := range folds {
		spans = append(spans, fmt.Sprintf("%d-%d", f.StartLine, f.EndLine))
	}
	// the aider block; the diff, and its hunk (each range once)
	if got := strings.Join(spans, " "); got != "2-8 14-18 16-18" {
		t.Errorf("folds = %+v", folds)
	}
	var edits []protocol.TextEdit
	c.call(protocol.MethodTextDocumentFormatting, &protocol.DocumentFormattingParams{TextDocument: docID(uri)}, &edits)
	if len(edits) != 0 {
		t.Errorf("formatting edits = %+v, want none", edits)
	}
}
