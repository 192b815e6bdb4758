package lsp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

// A search text that is not in the file gets the engine's closest-match hint.
func TestHoverSearchMissShowsClosestLines(t *testing.T) {
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "app.js"), []byte("one\nfunction go() {\nthree\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := start(t, root, false)
	uri := pathURI(filepath.Join(root, "a.sham"))
	c.open(uri, strings.Replace(replaceDoc, `"two"`, `"function  go() {"`, 1))
	var h protocol.Hover
	c.call(protocol.MethodTextDocumentHover, at(uri, 3, 14), &h)
	want := "matches nowhere in app.js; closest match at line 2 (differs in whitespace)"
	if got := hoverText(&h); !strings.HasPrefix(got, want) {
		t.Fatalf("hover = %q, want prefix %q", got, want)
	}
}
