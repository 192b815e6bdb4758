package lsp

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"go.lsp.dev/jsonrpc2"
)

const badOp = "#!SHAM [@three-char-SHA-256: inv]\naction = \"file_writ\"\npath = \"a.txt\"\ncontent = \"x\"\n#!END_SHAM_inv\n"

func TestRequestBeforeInitialize(t *testing.T) {
	c := newClient(t)
	err := c.callErr("textDocument/hover", at("file:///x.sham", 0, 0), nil)
	var je *jsonrpc2.Error
	if !errors.As(err, &je) || je.Code != jsonrpc2.ServerNotInitialized {
		t.Fatalf("hover before initialize: got %v, want ServerNotInitialized", err)
	}
}

func TestUnknownMethod(t *testing.T) {
	c := start(t, t.TempDir(), false)
	err := c.callErr("clada/nope", map[string]any{}, nil)
	var je *jsonrpc2.Error
	if !errors.As(err, &je) || je.Code != jsonrpc2.MethodNotFound {
		t.Fatalf("unknown method: got %v, want MethodNotFound", err)
	}
	// The connection still works afterwards.
	c.open("file:///x.sham", "")
}

// An incremental edit that fixes the op name clears the diagnostic; the
// diagnostic's range is the op value, in both encodings.
func TestDidChangeClearsDiagnostic(t *testing.T) {
	for _, utf8 := range []bool{false, true} {
		root := t.TempDir()
		c := start(t, root, utf8)
		uri := pathURI(filepath.Join(root, "answer.sham"))
		p := c.open(uri, badOp)
		want := []diagnostic{{
			Range:    Range{Position{1, 10}, Position{1, 19}},
			Severity: 1, Code: "UNKNOWN_ACTION", Source: "clada",
			Message: "Unknown action 'file_writ'\nhint: did you mean file_write?",
			Data:    map[string]any{"hint": "did you mean file_write?"},
		}}
		if diff := cmp.Diff(want, p.Diagnostics); diff != "" {
			t.Fatalf("utf8=%v diagnostics (-want +got):\n%s", utf8, diff)
		}
		c.notify("textDocument/didChange", map[string]any{
			"textDocument":   map[string]any{"uri": uri, "version": 2},
			"contentChanges": []any{map[string]any{"range": Range{Position{1, 19}, Position{1, 19}}, "text": "e"}},
		})
		p = c.nextDiags(uri)
		if len(p.Diagnostics) != 0 || p.Version != 2 {
			t.Fatalf("utf8=%v after fix: version %d diagnostics %+v", utf8, p.Version, p.Diagnostics)
		}
		if got := string(c.srv.docs[uri].file.Src); got != strings.Replace(badOp, "file_writ", "file_write", 1) {
			t.Fatalf("text after edit:\n%s", got)
		}
	}
}

// Full-document changes replace the text; closing forgets the document and
// clears its diagnostics.
func TestFullChangeAndClose(t *testing.T) {
	c := start(t, t.TempDir(), false)
	uri := "file:///tmp/x.sham"
	if p := c.open(uri, ""); len(p.Diagnostics) != 0 {
		t.Fatalf("empty doc diagnostics: %+v", p.Diagnostics)
	}
	c.notify("textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": uri, "version": 2},
		"contentChanges": []any{map[string]any{"text": badOp}},
	})
	if p := c.nextDiags(uri); len(p.Diagnostics) != 1 {
		t.Fatalf("after full change: %+v", p.Diagnostics)
	}
	c.notify("textDocument/didClose", map[string]any{"textDocument": docID(uri)})
	if p := c.nextDiags(uri); len(p.Diagnostics) != 0 {
		t.Fatalf("after close: %+v", p.Diagnostics)
	}
	// Requests are answered in order after the notifications before them.
	err := c.callErr("textDocument/documentSymbol", map[string]any{"textDocument": docID(uri)}, nil)
	if err == nil || !strings.Contains(err.Error(), "x.sham is not open; send textDocument/didOpen first") {
		t.Fatalf("symbols of a closed document: %v", err)
	}
	if len(c.srv.docs) != 0 {
		t.Fatalf("closed document kept: %d open", len(c.srv.docs))
	}
}
