package lsp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

// completeAt opens text in a workspace holding files and returns the items
// offered at pos.
func completeAt(t *testing.T, files []string, text string, at protocol.Position) []protocol.CompletionItem {
	t.Helper()
	root := t.TempDir()
	for _, f := range files {
		p := filepath.Join(root, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	c := start(t, root, false)
	uri := pathURI(filepath.Join(root, "answer.sham"))
	c.open(uri, text)
	var items []protocol.CompletionItem
	c.call(protocol.MethodTextDocumentCompletion, &protocol.TextDocumentPositionParams{TextDocument: docID(uri), Position: at}, &items)
	return items
}

func labels(items []protocol.CompletionItem) string {
	var out []string
	for _, it := range items {
		insert, _ := it.InsertText.Get()
		out = append(out, it.Label+"|"+insert)
	}
	return strings.Join(out, "\n")
}

func TestCompletePathInQuotes(t *testing.T) {
	text := "#!SHAM [@three-char-SHA-256: abc]\naction = \"file_write\"\npath = \"sr\"\n#!END_SHAM_abc\n"
	items := completeAt(t, []string{"src/app.js", "README.md", ".git/config"}, text, pos(2, 10))
	if got, want := labels(items), "README.md|\nsrc/app.js|"; got != want {
		t.Fatalf("items:\n%s\nwant:\n%s", got, want)
	}
	if items[0].Kind != protocol.CompletionItemKindFile {
		t.Errorf("kind = %d, want file", items[0].Kind)
	}
}

func TestCompleteValueWithoutQuote(t *testing.T) {
	text := "#!SHAM [@three-char-SHA-256: abc]\naction = \"file_write\"\npath = \n#!END_SHAM_abc\n"
	items := completeAt(t, []string{"a.txt"}, text, pos(2, 7))
	want := "a.txt|\"a.txt\"\n<<'EOT_SHAM_abc'|<<'EOT_SHAM_abc'\n$0\nEOT_SHAM_abc"
	if got := labels(items); got != want {
		t.Fatalf("items:\n%s\nwant:\n%s", got, want)
	}
	if items[1].InsertTextFormat != protocol.InsertTextFormatSnippet {
		t.Errorf("heredoc item is not a snippet: %+v", items[1])
	}
}

func TestCompleteNewBlockHasFreshID(t *testing.T) {
	text := "Here:\n#!SHAM [@three-char-SHA-256: aaa]\naction = \"file_write\"\npath = \"a\"\ncontent = \"b\"\n#!END_SHAM_aaa\n\n"
	items := completeAt(t, nil, text, pos(6, 0))
	want := "#!SHAM block aab|#!SHAM [@three-char-SHA-256: aab]\naction = \"${1:file_write}\"\n$0\n#!END_SHAM_aab"
	if got := labels(items); got != want {
		t.Fatalf("items:\n%s\nwant:\n%s", got, want)
	}
}

func TestCompleteClosesUnclosedBlock(t *testing.T) {
	text := "#!SHAM [@three-char-SHA-256: k9z]\naction = \"file_write\"\npath = \"a\"\ncontent = \"b\"\n"
	items := completeAt(t, nil, text, pos(4, 0))
	if got := labels(items); got != "#!END_SHAM_k9z|" {
		t.Fatalf("items:\n%s\nwant the end marker", got)
	}
}
