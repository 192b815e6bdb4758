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
			"CSL @0:0-4:14\n<---WRITE file=\"n.txt\"--->\nhello\n<---END--->",
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
			[]string{"CSL", "CML", "aider SEARCH/REPLACE", "Roo Code apply_diff"}}, // an append is Roo's insert_content at line 0
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
// it), replacing the envelope inside its fence, whose info string becomes
// the target's; a patch of two does not, since only a unified diff also
// applies two changes all or nothing, and it has no new-file-or-replace.
func TestCodeActionConvertsFromV4A(t *testing.T) {
	c := start(t, t.TempDir(), false)
	u := pathURI("/tmp/answer.md")
	c.open(u, "Here is the patch:\n\n```\n*** Begin Patch\n*** Add File: v.txt\n+v\n*** End Patch\n```\n")
	want := []string{
		"SHAM @2:3-6:13\nsh sham\n#!SHAM [@three-char-SHA-256: p01]\naction = \"file_write\"\npath = \"v.txt\"\ncontent = <<'EOT_SHAM_p01'\nv\n\nEOT_SHAM_p01\n#!END_SHAM_p01",
		"CSL @2:3-6:13\n\n<---WRITE file=\"v.txt\"--->\nv\n<---END--->",
		"CML @2:3-6:13\nxml\n<write path=\"v.txt\"><![CDATA[\nv\n]]></write>",
		"JSON tool calls @2:3-6:13\njson\n[\n  {\"command\": \"create\", \"path\": \"v.txt\", \"file_text\": \"v\\n\"}\n]",
		"replacer @2:3-6:13\ntext\n<<<FILE>>>\nv.txt\n<<<OVERWRITE>>>\nv\n<<<END>>>",
		"Cline replace_in_file @2:3-6:13\ntext\n<write_to_file>\n<path>v.txt</path>\n<content>\nv\n</content>\n</write_to_file>",
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

// An aider block's text starts at its file name, above the fence it owns:
// its conversion takes the closing fence too, and puts the converted block
// in a fence of the target's, so no stray fence is left and a JSON call
// lands where clada reads it.
func TestCodeActionConvertsAiderWithItsFence(t *testing.T) {
	c := start(t, t.TempDir(), false)
	u := pathURI("/tmp/answer.md")
	c.open(u, "Fix:\n\napp.py\n```python\n<<<<<<< SEARCH\ntwo\n=======\n2\n>>>>>>> REPLACE\n```\n\nDone.\n")
	want := []string{
		"SHAM @2:0-10:0\n```sh sham\n#!SHAM [@three-char-SHA-256: p01]\naction = \"file_replace_text\"\npath = \"app.py\"\nold_text = <<'EOT_SHAM_p01'\ntwo\n\nEOT_SHAM_p01\nnew_text = <<'EOT_SHAM_p01'\n2\n\nEOT_SHAM_p01\n#!END_SHAM_p01\n```\n",
		"CSL @2:0-10:0\n```\n<---SEARCH file=\"app.py\"--->\ntwo\n\n<---REPLACE--->\n2\n\n<---END--->\n```\n",
		"CML @2:0-10:0\n```xml\n<edit path=\"app.py\">\n  <search><![CDATA[\ntwo\n]]></search>\n  <replace><![CDATA[\n2\n]]></replace>\n</edit>\n```\n",
		"unified diff @2:0-10:0\n```diff\n--- a/app.py\n+++ b/app.py\n@@ @@\n-two\n+2\n```\n",
		"JSON tool calls @2:0-10:0\n```json\n[\n  {\"command\": \"str_replace\", \"path\": \"app.py\", \"old_str\": \"two\\n\", \"new_str\": \"2\\n\"}\n]\n```\n",
		"replacer @2:0-10:0\n```text\n<<<FILE>>>\napp.py\n<<<SEARCH>>>\ntwo\n\n<<<REPLACE>>>\n2\n\n<<<END>>>\n```\n",
		"Cline replace_in_file @2:0-10:0\n```text\n<replace_in_file>\n<path>app.py</path>\n<diff>\n------- SEARCH\ntwo\n=======\n2\n+++++++ REPLACE\n</diff>\n</replace_in_file>\n```\n",
		"Roo Code apply_diff @2:0-10:0\n```text\n<apply_diff>\n<path>app.py</path>\n<diff>\n<<<<<<< SEARCH\n-------\ntwo\n=======\n2\n>>>>>>> REPLACE\n</diff>\n</apply_diff>\n```\n",
		"Zed <edits> @2:0-10:0\n```text\n`app.py`\n<edits>\n<old_text>\ntwo\n\n</old_text>\n<new_text>\n2\n\n</new_text>\n</edits>\n```\n",
	}
	if diff := cmp.Diff(want, conversions(t, c, u, rng(5, 0, 5, 0))); diff != "" {
		t.Fatalf("conversions (-want +got):\n%s", diff)
	}
}

// A fence that holds the block alone gets the target's info string (a CML
// block in a ```sh sham fence, as an LLM wrote it, becomes SHAM in
// ```sh sham, JSON in ```json; not CSL, whose WRITE body is whole lines
// and this content has no final newline); a fence holding other
// blocks too is left as it is.
func TestCodeActionConvertRewritesTheFence(t *testing.T) {
	c := start(t, t.TempDir(), false)
	u := pathURI("/tmp/answer.md")
	c.open(u, "Write it:\n\n~~~~sh sham\n<write path=\"a.txt\">hi</write>\n~~~~\n")
	want := []string{
		"SHAM @2:4-3:30\nsh sham\n#!SHAM [@three-char-SHA-256: p01]\naction = \"file_write\"\npath = \"a.txt\"\ncontent = \"hi\"\n#!END_SHAM_p01",
		"JSON tool calls @2:4-3:30\njson\n[\n  {\"command\": \"create\", \"path\": \"a.txt\", \"file_text\": \"hi\"}\n]",
	}
	if diff := cmp.Diff(want, conversions(t, c, u, rng(3, 2, 3, 2))); diff != "" {
		t.Fatalf("conversions (-want +got):\n%s", diff)
	}
	two := pathURI("/tmp/two.md")
	c.open(two, "```sh sham\n<write path=\"a.txt\">hi</write>\n<write path=\"b.txt\">yo</write>\n```\n")
	for _, cv := range conversions(t, c, two, rng(1, 2, 1, 2)) {
		if !strings.Contains(cv, " @1:0-1:30\n") {
			t.Errorf("a fence shared with another block was rewritten: %q", cv)
		}
	}
	// between the closing fence of one block and the opening of the next
	between := pathURI("/tmp/between.md")
	c.open(between, "```sh sham\n<write path=\"a.txt\">hi</write>\n```\n<write path=\"b.txt\">yo</write>\n```\n<write path=\"c.txt\">z</write>\n```\n")
	got := conversions(t, c, between, rng(3, 2, 3, 2))
	if len(got) == 0 {
		t.Fatal("nothing offered between two fences")
	}
	for _, cv := range got {
		if !strings.Contains(cv, " @3:0-3:30\n") {
			t.Errorf("a fence of another block was rewritten: %q", cv)
		}
	}
}

// The code action offers a conversion exactly where clada fmt --to prints
// the block (lang.Print, no lang.ConvertLosses): an aider block of two edits
// prints as two SHAM blocks, and not as one unified diff, which would apply
// both or neither.
func TestCodeActionOffersWhatFmtPrints(t *testing.T) {
	docs := []struct {
		text string
		line uint32
	}{
		{"app.py\n```python\n<<<<<<< SEARCH\none\n=======\n1\n>>>>>>> REPLACE\n<<<<<<< SEARCH\ntwo\n=======\n2\n>>>>>>> REPLACE\n```\n", 1},
		{"```sh sham\n<write path=\"a.txt\">hi</write>\n```\n", 1},
		{"Prose first.\n\n" + shamBlock(`action = "file_replace_text"`, `path = "a.py"`, `old_text = "x\n"`, `new_text = "y\n"`) + "\nProse after.\n", 3},
		{"```diff\n--- a/app.py\n+++ b/app.py\n@@ -1,2 +1,2 @@\n-one\n+1\n two\n```\n", 1},
		{"<---TASKS--->\n<---WRITE file=\"a\"--->\nx\n<---END--->\n<---FILE_DELETE file=\"b\"--->\n<---END--->\n<---END--->\n", 1},
	}
	for i, tc := range docs {
		text := tc.text
		c := start(t, t.TempDir(), false)
		u := pathURI(fmt.Sprintf("/tmp/doc%d.md", i))
		c.open(u, text)
		doc := lang.Parse(source.NewFile("answer.md", []byte(text)))
		var want []string
		for _, to := range convertTargets() {
			if to != doc.Groups[0].Syntax && lang.Print(&bytes.Buffer{}, doc, to) == nil && len(lang.ConvertLosses(doc, to)) == 0 {
				want = append(want, to.Def().Title)
			}
		}
		var got []string
		for _, cv := range conversions(t, c, u, rng(tc.line, 0, tc.line, 0)) {
			got = append(got, cv[:strings.Index(cv, " @")])
		}
		if len(want) == 0 {
			t.Errorf("doc %d: fmt prints it in %d syntaxes; the case shows little", i, len(want))
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("doc %d: offered (-fmt prints +offered):\n%s\n%s", i, diff, text)
		}
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
		"CSL @2:0-10:14\n<---WRITE file=\"notes.txt\"--->\r\nline one\r\nline two\r\n<---END--->",
		"CML @2:0-10:14\n<write path=\"notes.txt\"><![CDATA[\r\nline one\r\nline two\r\n]]></write>",
		"V4A (apply_patch) @2:0-10:14\n*** Begin Patch\r\n*** Add File: notes.txt\r\n+line one\r\n+line two\r\n*** End Patch",
		"JSON tool calls @2:0-10:14\n```json\r\n[\r\n  {\"command\": \"create\", \"path\": \"notes.txt\", \"file_text\": \"line one\\nline two\\n\"}\r\n]\r\n```",
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
		"CSL @4:3-8:16\n<---WRITE file=\"hello.txt\"--->\n   hi\n   <---END--->",
		"CML @4:3-8:16\n<write path=\"hello.txt\"><![CDATA[\n   hi\n   ]]></write>",
		"V4A (apply_patch) @4:3-8:16\n*** Begin Patch\n   *** Add File: hello.txt\n   +hi\n   *** End Patch",
		"JSON tool calls @4:3-8:16\n```json\n   [\n     {\"command\": \"create\", \"path\": \"hello.txt\", \"file_text\": \"hi\\n\"}\n   ]\n   ```",
		"replacer @4:3-8:16\n<<<FILE>>>\n   hello.txt\n   <<<OVERWRITE>>>\n   hi\n   <<<END>>>",
		"Cline replace_in_file @4:3-8:16\n<write_to_file>\n   <path>hello.txt</path>\n   <content>\n   hi\n   </content>\n   </write_to_file>",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("conversions (-want +got):\n%s", diff)
	}
}
