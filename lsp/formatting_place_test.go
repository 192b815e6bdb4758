package lsp

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// Formatting a block inside a list item keeps it in the list (every line
// keeps the item's indentation), and a CRLF document's blocks keep CRLF: a
// canonical block in either gets no edit, so formatting twice is a no-op.
func TestFormattingKeepsIndentAndCRLF(t *testing.T) {
	c := start(t, t.TempDir(), false)
	format := func(u uri.URI) []protocol.TextEdit {
		var edits []protocol.TextEdit
		c.call(protocol.MethodTextDocumentFormatting, &protocol.DocumentFormattingParams{TextDocument: docID(u), Options: protocol.FormattingOptions{TabSize: 2}}, &edits)
		return edits
	}
	list := pathURI("/tmp/list.md")
	c.open(list, "1. Write:\n\n   #!SHAM [@three-char-SHA-256: w1]\n   path = \"hello.txt\"\n   action = \"file_write\"\n   content = \"hi\"\n   #!END_SHAM_w1\n\n2. Done.\n")
	want := []protocol.TextEdit{{Range: rng(2, 3, 6, 16),
		NewText: "#!SHAM [@three-char-SHA-256: w1]\n   action = \"file_write\"\n   path = \"hello.txt\"\n   content = \"hi\"\n   #!END_SHAM_w1"}}
	if diff := cmp.Diff(want, format(list)); diff != "" {
		t.Errorf("list item edits (-want +got):\n%s", diff)
	}
	c.open(pathURI("/tmp/list2.md"), "1. Write:\n\n   #!SHAM [@three-char-SHA-256: w1]\n   action = \"file_write\"\n   path = \"hello.txt\"\n   content = \"hi\"\n   #!END_SHAM_w1\n")
	if got := format(pathURI("/tmp/list2.md")); len(got) != 0 {
		t.Errorf("canonical indented block got edits %+v", got)
	}
	c.open(pathURI("/tmp/crlf.md"), "Here:\r\n\r\n#!SHAM [@three-char-SHA-256: w1]\r\naction = \"file_write\"\r\npath = \"hello.txt\"\r\ncontent = \"hi\"\r\n#!END_SHAM_w1\r\n")
	if got := format(pathURI("/tmp/crlf.md")); len(got) != 0 {
		t.Errorf("canonical CRLF block got edits %+v", got)
	}
}
