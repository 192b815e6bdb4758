package lsp

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
)

const badOp = "#!SHAM [@three-char-SHA-256: inv]\naction = \"file_writ\"\npath = \"a.txt\"\ncontent = \"x\"\n#!END_SHAM_inv\n"

func TestRequestBeforeInitialize(t *testing.T) {
	c := newClient(t)
	err := c.callErr(protocol.MethodTextDocumentHover, at(pathURI("/x.sham"), 0, 0), nil)
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
	c.open(pathURI("/x.sham"), "")
}

// An incremental edit that fixes the op name clears the diagnostic; the
// diagnostic's range is the op value, in both encodings.
func TestDidChangeClearsDiagnostic(t *testing.T) {
	for _, utf8 := range []bool{false, true} {
		root := t.TempDir()
		c := start(t, root, utf8)
		uri := pathURI(filepath.Join(root, "answer.sham"))
		p := c.open(uri, badOp)
		want := []protocol.Diagnostic{{
			Range:    rng(1, 10, 1, 19),
			Severity: protocol.DiagnosticSeverityError, Code: protocol.String("UNKNOWN_ACTION"), Source: protocol.NewOptional("clada"),
			Message: protocol.String("Unknown action 'file_writ'\nhint: did you mean file_write?"),
			Data:    protocol.LSPAny(`{"hint": "did you mean file_write?"}`),
		}}
		if diff := cmp.Diff(want, p.Diagnostics, protoCmp); diff != "" {
			t.Fatalf("utf8=%v diagnostics (-want +got):\n%s", utf8, diff)
		}
		c.change(uri, 2, edit(rng(1, 19, 1, 19), "e"))
		p = c.nextDiags(uri)
		if v, _ := p.Version.Get(); len(p.Diagnostics) != 0 || v != 2 {
			t.Fatalf("utf8=%v after fix: version %d diagnostics %+v", utf8, v, p.Diagnostics)
		}
		if got := c.text(uri); got != strings.Replace(badOp, "file_writ", "file_write", 1) {
			t.Fatalf("text after edit:\n%s", got)
		}
	}
}

// Full-document changes replace the text; closing forgets the document and
// clears its diagnostics.
func TestFullChangeAndClose(t *testing.T) {
	c := start(t, t.TempDir(), false)
	uri := pathURI("/tmp/x.sham")
	if p := c.open(uri, ""); len(p.Diagnostics) != 0 {
		t.Fatalf("empty doc diagnostics: %+v", p.Diagnostics)
	}
	c.change(uri, 2, &protocol.TextDocumentContentChangeWholeDocument{Text: badOp})
	if p := c.nextDiags(uri); len(p.Diagnostics) != 1 {
		t.Fatalf("after full change: %+v", p.Diagnostics)
	}
	c.close(uri)
	if p := c.nextDiags(uri); len(p.Diagnostics) != 0 {
		t.Fatalf("after close: %+v", p.Diagnostics)
	}
	// Requests are answered in order after the notifications before them.
	err := c.callErr(protocol.MethodTextDocumentDocumentSymbol, &protocol.DocumentSymbolParams{TextDocument: docID(uri)}, nil)
	if err == nil || !strings.Contains(err.Error(), "x.sham is not open; send textDocument/didOpen first") {
		t.Fatalf("symbols of a closed document: %v", err)
	}
	if len(c.srv.docs) != 0 {
		t.Fatalf("closed document kept: %d open", len(c.srv.docs))
	}
}
