package lsp

import (
	"sort"
	"strings"
	"testing"

	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
	"go.lsp.dev/protocol"
)

// applyEdits applies LSP edits (UTF-16 positions) to text, as an editor would.
func applyEdits(text string, edits []protocol.TextEdit) string {
	m := mapper{f: source.NewFile("", []byte(text))}
	sort.Slice(edits, func(i, j int) bool { return m.offset(edits[i].Range.Start) > m.offset(edits[j].Range.Start) })
	for _, e := range edits {
		s, en := m.offset(e.Range.Start), m.offset(e.Range.End)
		text = text[:s] + e.NewText + text[en:]
	}
	return text
}

// fixFor opens text, asks for code actions at the first diagnostic with the
// given code (or at pos when code is ""), and returns the action titled title.
func fixFor(t *testing.T, text, code string, at protocol.Position, title string) *protocol.CodeAction {
	t.Helper()
	c := start(t, t.TempDir(), false)
	uri := pathURI(t.TempDir() + "/answer.sham")
	p := c.open(uri, text)
	r, diags := protocol.Range{Start: at, End: at}, []protocol.Diagnostic{}
	if code != "" {
		for _, dg := range p.Diagnostics {
			if codeOf(dg) == code {
				r, diags = dg.Range, []protocol.Diagnostic{dg}
				break
			}
		}
		if len(diags) == 0 {
			t.Fatalf("no %s diagnostic in %+v", code, p.Diagnostics)
		}
	}
	var titles []string
	for _, a := range c.codeActions(uri, r, diags) {
		titles = append(titles, a.Title)
		if a.Title == title {
			if len(a.Edit.Changes) != 1 || a.Edit.Changes[uri] == nil {
				t.Fatalf("%q edits the wrong document: %+v", title, a.Edit)
			}
			return a
		}
	}
	t.Fatalf("no action %q among %q", title, titles)
	return nil
}

// checkFixed applies the action and expects exactly want, which must then
// parse and check clean.
func checkFixed(t *testing.T, text string, a *protocol.CodeAction, want string) {
	t.Helper()
	for _, edits := range a.Edit.Changes {
		got := applyEdits(text, edits)
		if got != want {
			t.Fatalf("after %q:\n%s\nwant:\n%s", a.Title, got, want)
		}
	}
	doc := lang.Parse(source.NewFile("answer.sham", []byte(want)))
	if ds := lang.Check(doc); len(ds) != 0 {
		t.Fatalf("fixed text still has diagnostics: %+v", ds)
	}
}

func TestFixMismatchedEnd(t *testing.T) {
	text := "#!SHAM [@three-char-SHA-256: abc]\naction = \"file_write\"\npath = \"a.txt\"\ncontent = \"hi\"\n#!END_SHAM_abd\n"
	a := fixFor(t, text, "MISMATCHED_END", pos(0, 0), "Change end marker to #!END_SHAM_abc")
	checkFixed(t, text, a, "#!SHAM [@three-char-SHA-256: abc]\naction = \"file_write\"\npath = \"a.txt\"\ncontent = \"hi\"\n#!END_SHAM_abc\n")
}

func TestFixHeredocDelimiter(t *testing.T) {
	text := "#!SHAM [@three-char-SHA-256: abc]\naction = \"file_write\"\npath = \"a.txt\"\ncontent = <<'EOT'\nhi\nEOT\n#!END_SHAM_abc\n"
	a := fixFor(t, text, "INVALID_HEREDOC_DELIMITER", pos(0, 0), "Change heredoc delimiter to EOT_SHAM_abc")
	checkFixed(t, text, a, "#!SHAM [@three-char-SHA-256: abc]\naction = \"file_write\"\npath = \"a.txt\"\ncontent = <<'EOT_SHAM_abc'\nhi\nEOT_SHAM_abc\n#!END_SHAM_abc\n")
}

func TestFixDuplicateKey(t *testing.T) {
	text := "#!SHAM [@three-char-SHA-256: abc]\naction = \"file_write\"\npath = \"a.txt\"\ncontent = \"hi\"\ncontent = <<'EOT_SHAM_abc'\nx\nEOT_SHAM_abc\n#!END_SHAM_abc\n"
	a := fixFor(t, text, "DUPLICATE_KEY", pos(0, 0), "Remove this content line")
	checkFixed(t, text, a, "#!SHAM [@three-char-SHA-256: abc]\naction = \"file_write\"\npath = \"a.txt\"\ncontent = \"hi\"\n#!END_SHAM_abc\n")
}

func TestRenameDuplicateBlockID(t *testing.T) {
	block := "#!SHAM [@three-char-SHA-256: abc]\naction = \"file_write\"\npath = \"PATH\"\ncontent = <<'EOT_SHAM_abc'\nEOT_SHAM_abc is a delimiter\nEOT_SHAM_abc\n#!END_SHAM_abc\n"
	one := strings.ReplaceAll(block, "PATH", "a.txt")
	two := strings.ReplaceAll(block, "PATH", "b.txt")
	a := fixFor(t, one+two, "", pos(8, 0), "Rename duplicate block id abc to aaa")
	want := one + "#!SHAM [@three-char-SHA-256: aaa]\naction = \"file_write\"\npath = \"b.txt\"\ncontent = <<'EOT_SHAM_aaa'\nEOT_SHAM_abc is a delimiter\nEOT_SHAM_aaa\n#!END_SHAM_aaa\n"
	checkFixed(t, one+two, a, want)
}
