package lsp

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
)

// conversions lists the "Convert block to…" actions offered at r, each as
// its title, the edit's range and its new text.
func conversions(t *testing.T, c *testClient, u uri.URI, r protocol.Range) []string {
	t.Helper()
	var out []string
	for _, a := range c.codeActions(u, r, nil) {
		if !strings.HasPrefix(a.Title, "Convert block to ") {
			continue
		}
		if *a.Kind != protocol.CodeActionKindRefactorRewrite {
			t.Errorf("%s: kind %s", a.Title, *a.Kind)
		}
		es := a.Edit.Changes[u]
		if len(es) != 1 {
			t.Fatalf("%s: edits %+v, want one", a.Title, es)
		}
		e := es[0]
		out = append(out, fmt.Sprintf("%s @%d:%d-%d:%d\n%s", strings.TrimPrefix(a.Title, "Convert block to "),
			e.Range.Start.Line, e.Range.Start.Character, e.Range.End.Line, e.Range.End.Character, e.NewText))
	}
	return out
}

// shamBlock is a SHAM block of id wrk with the given key = value lines.
func shamBlock(lines ...string) string {
	return "#!SHAM [@three-char-SHA-256: wrk]\n" + strings.Join(lines, "\n") + "\n#!END_SHAM_wrk\n"
}

// The four ops V4A can say are offered as V4A, printed as clada fmt --to
// v4a prints them, beside every other format that carries them.
func TestCodeActionConvertsToV4A(t *testing.T) {
	tests := []struct {
		name string
		doc  string
		want []string
	}{{
		name: "file_write is Add File",
		doc:  shamBlock(`action = "file_write"`, `path = "n.txt"`, `content = "hello\n"`),
		want: []string{
			"CSL @0:0-4:14\n<---WRITE file=\"n.txt\"--->\nhello\n\n<---END--->",
			"CML @0:0-4:14\n<write path=\"n.txt\"><![CDATA[\nhello\n]]></write>",
			"V4A (apply_patch) @0:0-4:14\n*** Begin Patch\n*** Add File: n.txt\n+hello\n*** End Patch",
			"JSON tool calls @0:0-4:14\n[\n  {\"command\": \"create\", \"path\": \"n.txt\", \"file_text\": \"hello\\n\"}\n]",
			"replacer @0:0-4:14\n<<<FILE>>>\nn.txt\n<<<OVERWRITE>>>\nhello\n<<<END>>>",
			"Cline replace_in_file @0:0-4:14\n<write_to_file>\n<path>n.txt</path>\n<content>\nhello\n</content>\n</write_to_file>",
		},
	}, {
		name: "file_delete is Delete File",
		doc:  shamBlock(`action = "file_delete"`, `path = "old.txt"`),
		want: []string{
			"CSL @0:0-3:14\n<---FILE_DELETE file=\"old.txt\"--->\n<---END--->",
			"CML @0:0-3:14\n<file_delete path=\"old.txt\"/>",
			"V4A (apply_patch) @0:0-3:14\n*** Begin Patch\n*** Delete File: old.txt\n*** End Patch",
			"unified diff @0:0-3:14\ndiff --git a/old.txt b/old.txt\ndeleted file mode 100644",
		},
	}, {
		name: "file_move is Update File with Move to",
		doc:  shamBlock(`action = "file_move"`, `old_path = "a.py"`, `new_path = "b.py"`),
		want: []string{
			"CSL @0:0-4:14\n<---MOVE from=\"a.py\" to=\"b.py\"--->\n<---END--->",
			"CML @0:0-4:14\n<move from=\"a.py\" to=\"b.py\"/>",
			"V4A (apply_patch) @0:0-4:14\n*** Begin Patch\n*** Update File: a.py\n*** Move to: b.py\n*** End Patch",
		},
	}, {
		name: "a tolerant replacement of whole lines is an Update hunk, its anchor the @@ line",
		doc: shamBlock(`action = "file_replace_text"`, `path = "app.py"`, `old_text = "    return 1\n"`, `new_text = "    return 2\n"`,
			`anchor = "def f():"`, `tolerance = "whitespace"`),
		want: []string{
			"CSL @0:0-7:14\n<---SEARCH file=\"app.py\" anchor=\"def f():\" tolerance=\"whitespace\"--->\n    return 1\n\n<---REPLACE--->\n    return 2\n\n<---END--->",
			"CML @0:0-7:14\n<edit path=\"app.py\" anchor=\"def f():\" tolerance=\"whitespace\">\n  <search><![CDATA[\n    return 1\n]]></search>\n  <replace><![CDATA[\n    return 2\n]]></replace>\n</edit>",
			"V4A (apply_patch) @0:0-7:14\n*** Begin Patch\n*** Update File: app.py\n@@ def f():\n-    return 1\n+    return 2\n*** End Patch",
		},
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := start(t, t.TempDir(), false)
			u := pathURI("/tmp/answer.md")
			c.open(u, tc.doc)
			if diff := cmp.Diff(tc.want, conversions(t, c, u, rng(1, 0, 1, 0))); diff != "" {
				t.Fatalf("conversions (-want +got):\n%s", diff)
			}
		})
	}
}

// Where V4A would change what runs, it is not offered, as clada fmt --to
// v4a refuses it: an exact search (a hunk matches through whitespace), a
// write that must not overwrite and a hunk's line number (which V4A cannot
// say), a group of independent actions (a patch is all or nothing), an op
// V4A has no section for.
func TestCodeActionRefusesV4AThatChangesMeaning(t *testing.T) {
	tests := []struct {
		name, doc string
		want      []string // the titles offered
	}{
		{"exact search", shamBlock(`action = "file_replace_text"`, `path = "app.py"`, `old_text = "    return 1\n"`, `new_text = "    return 2\n"`),
			[]string{"CSL", "CML", "aider SEARCH/REPLACE", "unified diff", "JSON tool calls", "replacer", "Cline replace_in_file", "Roo Code apply_diff", "Zed <edits>"}},
		{"overwrite false", shamBlock(`action = "file_write"`, `path = "n.txt"`, `content = "hello\n"`, `overwrite = "false"`),
			[]string{"CSL", "CML", "unified diff"}},
		{"near_line", "```diff\n--- a/app.py\n+++ b/app.py\n@@ -3 +3 @@\n-THREE\n+3\n```\n",
			[]string{"SHAM", "CSL", "CML", "Roo Code apply_diff", "Zed <edits>"}},
		{"two independent actions", "<---TASKS--->\n<---WRITE file=\"a\"--->\nx\n<---END--->\n<---FILE_DELETE file=\"b\"--->\n<---END--->\n<---END--->\n",
			[]string{"CML"}},
		{"no V4A section", shamBlock(`action = "file_append"`, `path = "log.txt"`, `content = "x\n"`),
			[]string{"CSL", "CML", "aider SEARCH/REPLACE"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := start(t, t.TempDir(), false)
			u := pathURI("/tmp/answer.md")
			c.open(u, tc.doc)
			var got []string
			for _, cv := range conversions(t, c, u, rng(1, 0, 1, 0)) {
				got = append(got, cv[:strings.Index(cv, " @")])
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Fatalf("titles (-want +got):\n%s", diff)
			}
			var b bytes.Buffer
			doc := lang.Parse(source.NewFile("answer.md", []byte(tc.doc)))
			if lang.Print(&b, doc, lang.V4A) == nil && len(lang.ConvertLosses(doc, lang.V4A)) == 0 {
				t.Errorf("clada fmt --to v4a prints it, so the code action should offer it:\n%s", b.String())
			}
		})
	}
}

// A V4A patch of one action converts out of V4A (the cursor anywhere in
// it), replacing the envelope inside its fence; a patch of two does not,
// since no other syntax applies two changes all or nothing.
func TestCodeActionConvertsFromV4A(t *testing.T) {
	c := start(t, t.TempDir(), false)
	u := pathURI("/tmp/answer.md")
	c.open(u, "Here is the patch:\n\n```\n*** Begin Patch\n*** Add File: v.txt\n+v\n*** End Patch\n```\n")
	want := []string{
		"SHAM @3:0-6:13\n#!SHAM [@three-char-SHA-256: p01]\naction = \"file_write\"\npath = \"v.txt\"\ncontent = <<'EOT_SHAM_p01'\nv\n\nEOT_SHAM_p01\n#!END_SHAM_p01",
		"CSL @3:0-6:13\n<---WRITE file=\"v.txt\"--->\nv\n\n<---END--->",
		"CML @3:0-6:13\n<write path=\"v.txt\"><![CDATA[\nv\n]]></write>",
		"replacer @3:0-6:13\n<<<FILE>>>\nv.txt\n<<<OVERWRITE>>>\nv\n<<<END>>>",
		"Cline replace_in_file @3:0-6:13\n<write_to_file>\n<path>v.txt</path>\n<content>\nv\n</content>\n</write_to_file>",
	}
	if diff := cmp.Diff(want, conversions(t, c, u, rng(3, 4, 3, 4))); diff != "" {
		t.Fatalf("conversions (-want +got):\n%s", diff)
	}
	two := pathURI("/tmp/two.md")
	c.open(two, "```\n*** Begin Patch\n*** Add File: v.txt\n+v\n*** Delete File: w.txt\n*** End Patch\n```\n")
	if got := conversions(t, c, two, rng(2, 0, 2, 0)); len(got) != 0 {
		t.Fatalf("a patch of two actions offered %q", got)
	}
}

// An aider block's text starts at its file name, above the fence: its
// conversion takes the closing fence too, so no stray fence is left.
func TestCodeActionConvertsAiderWithItsFence(t *testing.T) {
	c := start(t, t.TempDir(), false)
	u := pathURI("/tmp/answer.md")
	text := "Fix:\n\napp.py\n```python\n<<<<<<< SEARCH\ntwo\n=======\n2\n>>>>>>> REPLACE\n```\n\nDone.\n"
	c.open(u, text)
	got := conversions(t, c, u, rng(5, 0, 5, 0))
	want := "CML @2:0-10:0\n<edit path=\"app.py\">\n  <search><![CDATA[\ntwo\n]]></search>\n  <replace><![CDATA[\n2\n]]></replace>\n</edit>\n"
	var titles []string
	for _, cv := range got {
		titles = append(titles, cv[:strings.Index(cv, " @")])
	}
	// JSON tool calls are printed by fmt, but a bare JSON array between
	// prose is no call clada reads (only a ```json fence or a whole answer
	// is): read back in place it would be no action, so it is not offered.
	if diff := cmp.Diff([]string{"SHAM", "CSL", "CML", "unified diff", "replacer", "Cline replace_in_file", "Roo Code apply_diff", "Zed <edits>"}, titles); diff != "" {
		t.Fatalf("titles (-want +got):\n%s", diff)
	}
	if got[2] != want {
		t.Fatalf("CML conversion = %q, want %q", got[2], want)
	}
	var b bytes.Buffer
	doc := lang.Parse(source.NewFile("answer.md", []byte(text)))
	if err := lang.Print(&b, doc, lang.JSONCall); err != nil {
		t.Fatalf("fmt --to json refuses it too (%v); the test no longer shows the in-place check", err)
	}
}

// The code action offers every target clada fmt --to knows: each syntax
// lang.Print has a printer for.
func TestConvertTargetsAreEveryPrinter(t *testing.T) {
	doc := lang.Parse(source.NewFile("a.sham", []byte(replaceDoc)))
	var printers []lang.Syntax
	for s := lang.Syntax(1); s < 64; s++ {
		if err := lang.Print(&bytes.Buffer{}, doc, s); err == nil || !strings.Contains(err.Error(), "no printer") {
			printers = append(printers, s)
		}
	}
	if diff := cmp.Diff(printers, convertTargets(), cmp.Transformer("sorted", func(s []lang.Syntax) []lang.Syntax {
		out := append([]lang.Syntax(nil), s...)
		slices.Sort(out)
		return out
	})); diff != "" {
		t.Fatalf("targets (-printers +offered):\n%s", diff)
	}
}

// In a document with CRLF line ends the converted block has them too (the
// values read the same: the parsers take CRLF as a line end).
func TestCodeActionConvertKeepsCRLF(t *testing.T) {
	c := start(t, t.TempDir(), false)
	u := pathURI("/tmp/answer.md")
	c.open(u, "Here you go:\r\n\r\n#!SHAM [@three-char-SHA-256: k7m]\r\naction = \"file_write\"\r\npath = \"notes.txt\"\r\n"+
		"content = <<'EOT_SHAM_k7m'\r\nline one\r\nline two\r\n\r\nEOT_SHAM_k7m\r\n#!END_SHAM_k7m\r\n\r\nThanks!\r\n")
	got := conversions(t, c, u, rng(3, 0, 3, 0))
	want := []string{
		"CSL @2:0-10:14\n<---WRITE file=\"notes.txt\"--->\r\nline one\r\nline two\r\n\r\n<---END--->",
		"CML @2:0-10:14\n<write path=\"notes.txt\"><![CDATA[\r\nline one\r\nline two\r\n]]></write>",
		"V4A (apply_patch) @2:0-10:14\n*** Begin Patch\r\n*** Add File: notes.txt\r\n+line one\r\n+line two\r\n*** End Patch",
		"replacer @2:0-10:14\n<<<FILE>>>\r\nnotes.txt\r\n<<<OVERWRITE>>>\r\nline one\r\nline two\r\n<<<END>>>",
		"Cline replace_in_file @2:0-10:14\n<write_to_file>\r\n<path>notes.txt</path>\r\n<content>\r\nline one\r\nline two\r\n</content>\r\n</write_to_file>",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("conversions (-want +got):\n%s", diff)
	}
}

// A block indented in a list item (or a quote) stays there: the converted
// block's later lines get the block's prefix, which the parsers strip again.
func TestCodeActionConvertKeepsListIndent(t *testing.T) {
	c := start(t, t.TempDir(), false)
	u := pathURI("/tmp/answer.md")
	c.open(u, "Steps:\n\n1. Write the file:\n\n   #!SHAM [@three-char-SHA-256: w1]\n   action = \"file_write\"\n   path = \"hello.txt\"\n"+
		"   content = \"hi\\n\"\n   #!END_SHAM_w1\n\n2. Done.\n")
	got := conversions(t, c, u, rng(5, 4, 5, 4))
	want := []string{
		"CSL @4:3-8:16\n<---WRITE file=\"hello.txt\"--->\n   hi\n\n   <---END--->",
		"CML @4:3-8:16\n<write path=\"hello.txt\"><![CDATA[\n   hi\n   ]]></write>",
		"V4A (apply_patch) @4:3-8:16\n*** Begin Patch\n   *** Add File: hello.txt\n   +hi\n   *** End Patch",
		"replacer @4:3-8:16\n<<<FILE>>>\n   hello.txt\n   <<<OVERWRITE>>>\n   hi\n   <<<END>>>",
		"Cline replace_in_file @4:3-8:16\n<write_to_file>\n   <path>hello.txt</path>\n   <content>\n   hi\n   </content>\n   </write_to_file>",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("conversions (-want +got):\n%s", diff)
	}
}
