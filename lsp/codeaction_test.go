package lsp

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"go.lsp.dev/protocol"
)

func TestCodeActionReplacesUnknownOp(t *testing.T) {
	c := start(t, t.TempDir(), false)
	uri := pathURI("/tmp/a.sham")
	p := c.open(uri, badOp)
	acts := c.codeActions(uri, p.Diagnostics[0].Range, p.Diagnostics)
	if len(acts) != 1 || acts[0].Title != "Replace with file_write" {
		t.Fatalf("actions = %+v", acts)
	}
	e := acts[0].Edit.Changes[uri]
	if len(e) != 1 || e[0].NewText != "file_write" || e[0].Range != p.Diagnostics[0].Range {
		t.Fatalf("edit = %+v", e)
	}
}

// A word for an op that may mean two ops ("delete") offers a fix for each.
func TestCodeActionOffersEachSuggestion(t *testing.T) {
	c := start(t, t.TempDir(), false)
	uri := pathURI("/tmp/a.sham")
	p := c.open(uri, strings.Replace(badOp, "file_writ", "delete", 1))
	acts := c.codeActions(uri, p.Diagnostics[0].Range, p.Diagnostics)
	if len(acts) != 2 || acts[0].Title != "Replace with file_delete" || acts[1].Title != "Replace with remove" {
		t.Fatalf("actions = %+v", acts)
	}
	if e := acts[1].Edit.Changes[uri]; len(e) != 1 || e[0].NewText != "remove" {
		t.Fatalf("edit = %+v", e)
	}
}

// A TASKS group of several ops is not offered as SHAM (which has no groups:
// the ops after a failure would run), as clada fmt --to sham refuses it.
func TestCodeActionKeepsGroupsOutOfSHAM(t *testing.T) {
	c := start(t, t.TempDir(), false)
	uri := pathURI("/tmp/a.csl")
	c.open(uri, "<---TASKS--->\n<---WRITE file=\"a\"--->\nx\n<---END--->\n<---REMOVE file=\"b\"--->\n<---END--->\n<---END--->\n")
	acts := c.codeActions(uri, rng(1, 0, 1, 0), nil)
	if len(acts) != 1 || acts[0].Title != "Convert block to CML" {
		t.Fatalf("actions = %+v", acts)
	}
}

// A SHAM block offers conversion to each other syntax clada fmt --to can
// print it in, printed exactly as fmt prints it: the exact search "two" is
// no whole line, so no V4A, aider or unified diff.
func TestCodeActionConvertsToCSLAndCML(t *testing.T) {
	c := start(t, t.TempDir(), false)
	uri := pathURI("/tmp/a.sham")
	c.open(uri, replaceDoc)
	want := []string{
		"CSL @0:0-5:14\n<---SEARCH file=\"app.js\"--->\ntwo\n<---REPLACE--->\n2\n<---END--->",
		"CML @0:0-5:14\n<edit path=\"app.js\">\n  <search>two</search>\n  <replace>2</replace>\n</edit>",
		"JSON tool calls @0:0-5:14\n[\n  {\"command\": \"str_replace\", \"path\": \"app.js\", \"old_str\": \"two\", \"new_str\": \"2\"}\n]",
		"replacer @0:0-5:14\n<<<FILE>>>\napp.js\n<<<SEARCH>>>\ntwo\n<<<REPLACE>>>\n2\n<<<END>>>",
		"Zed <edits> @0:0-5:14\n`app.js`\n<edits>\n<old_text>\ntwo\n</old_text>\n<new_text>\n2\n</new_text>\n</edits>",
	}
	if diff := cmp.Diff(want, conversions(t, c, uri, rng(1, 0, 1, 0))); diff != "" {
		t.Fatalf("conversions (-want +got):\n%s", diff)
	}
}

func TestCompletion(t *testing.T) {
	c := start(t, t.TempDir(), false)
	uri := pathURI("/tmp/a.sham")
	c.open(uri, "#!SHAM [@three-char-SHA-256: rpl]\naction = \"file_replace_text\"\npath = \"app.js\"\n\n#!END_SHAM_rpl\n")
	var items []protocol.CompletionItem
	c.call(protocol.MethodTextDocumentCompletion, at(uri, 3, 0), &items)
	var labels []string
	for _, it := range items {
		labels = append(labels, it.Label)
	}
	if got := strings.Join(labels, ","); got != "old_text,new_text,near_line,anchor,at_end,tolerance,line_ends" {
		t.Fatalf("param completion = %s", got)
	}
	c.call(protocol.MethodTextDocumentCompletion, at(uri, 1, 12), &items)
	if len(items) < 10 || items[0].Label != "file_write" {
		t.Fatalf("op completion = %+v", items)
	}
}
