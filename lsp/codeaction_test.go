package lsp

import (
	"strings"
	"testing"
)

func TestCodeActionReplacesUnknownOp(t *testing.T) {
	c := start(t, t.TempDir(), false)
	uri := "file:///tmp/a.sham"
	p := c.open(uri, badOp)
	var acts []codeAction
	c.call("textDocument/codeAction", map[string]any{
		"textDocument": docID(uri), "range": p.Diagnostics[0].Range,
		"context": map[string]any{"diagnostics": p.Diagnostics},
	}, &acts)
	if len(acts) != 1 || acts[0].Title != "Replace with file_write" {
		t.Fatalf("actions = %+v", acts)
	}
	e := acts[0].Edit.Changes[uri]
	if len(e) != 1 || e[0].NewText != "file_write" || e[0].Range != p.Diagnostics[0].Range {
		t.Fatalf("edit = %+v", e)
	}
}

func TestCodeActionConvertsToCML(t *testing.T) {
	c := start(t, t.TempDir(), false)
	uri := "file:///tmp/a.sham"
	c.open(uri, replaceDoc)
	var acts []codeAction
	c.call("textDocument/codeAction", map[string]any{
		"textDocument": docID(uri), "range": Range{Position{1, 0}, Position{1, 0}},
		"context": map[string]any{"diagnostics": []any{}},
	}, &acts)
	if len(acts) != 1 || acts[0].Title != "Convert block to CML" {
		t.Fatalf("actions = %+v", acts)
	}
	text := acts[0].Edit.Changes[uri][0].NewText
	if !strings.Contains(text, "app.js") || !strings.Contains(text, "two") || strings.Contains(text, "#!SHAM") {
		t.Fatalf("converted text:\n%s", text)
	}
}

func TestCompletion(t *testing.T) {
	c := start(t, t.TempDir(), false)
	uri := "file:///tmp/a.sham"
	c.open(uri, "#!SHAM [@three-char-SHA-256: rpl]\naction = \"file_replace_text\"\npath = \"app.js\"\n\n#!END_SHAM_rpl\n")
	var items []completionItem
	c.call("textDocument/completion", at(uri, 3, 0), &items)
	var labels []string
	for _, it := range items {
		labels = append(labels, it.Label)
	}
	if got := strings.Join(labels, ","); got != "old_text,new_text" {
		t.Fatalf("param completion = %s", got)
	}
	c.call("textDocument/completion", at(uri, 1, 12), &items)
	if len(items) < 10 || items[0].Label != "file_write" {
		t.Fatalf("op completion = %+v", items)
	}
}
