package lsp

import (
	"context"
	"fmt"
	"io"
	"net"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/protocol"
)

// Bad params and unknown notifications do not take the connection down: a
// well-formed request after them is still answered.
func TestMalformedParams(t *testing.T) {
	a, b := net.Pipe()
	srv := New(io.Discard)
	go srv.Serve(context.Background(), a)
	defer a.Close()
	send := func(body string) {
		fmt.Fprintf(b, "Content-Length: %d\r\n\r\n%s", len(body), body)
	}
	go func() {
		send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}`)
		send(`{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":42}}`)
		send(`{"jsonrpc":"2.0","method":"clada/unknownNotification","params":{}}`)
		send(`{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":"nope"}`)
		send(`{"jsonrpc":"2.0","id":3,"method":"shutdown"}`)
	}()
	b.SetReadDeadline(time.Now().Add(10 * time.Second))
	var got strings.Builder
	buf := make([]byte, 4096)
	for !strings.Contains(got.String(), `"id":3`) {
		n, err := b.Read(buf)
		if err != nil {
			t.Fatalf("reading replies: %v; so far:\n%s", err, got.String())
		}
		got.Write(buf[:n])
	}
	for _, want := range []string{`"id":1,"result"`, `"id":2,"error":{"code":-32602`, `"id":3,"result":null`} {
		if !strings.Contains(got.String(), want) {
			t.Errorf("replies lack %s:\n%s", want, got.String())
		}
	}
}

// Hundreds of rapid edits apply in order: the final text is every keystroke.
func TestRapidEdits(t *testing.T) {
	c := start(t, t.TempDir(), false)
	uri := pathURI("/tmp/a.sham")
	c.open(uri, "")
	for i := range uint32(300) {
		c.change(uri, int32(i)+2, edit(rng(0, i, 0, i), "x"))
	}
	var syms []protocol.DocumentSymbol
	c.call(protocol.MethodTextDocumentDocumentSymbol, &protocol.DocumentSymbolParams{TextDocument: docID(uri)}, &syms)
	if got := c.text(uri); got != strings.Repeat("x", 300) {
		t.Fatalf("text after 300 edits: %q", got)
	}
}

// A 50 MB document opens, is diagnosed and closes without trouble.
func TestHugeDocument(t *testing.T) {
	if testing.Short() {
		t.Skip("50 MB document skipped in -short")
	}
	c := start(t, t.TempDir(), false)
	uri := pathURI("/tmp/huge.sham")
	p := c.open(uri, bigDoc(50<<20))
	if len(p.Diagnostics) != 0 {
		t.Fatalf("diagnostics on the generated document: %+v", p.Diagnostics[:1])
	}
	c.close(uri)
	c.nextDiags(uri)
}

// A frame that is not JSON ends the connection (jsonrpc2 v1.0.1 treats it as
// fatal) with an error, not a panic or a hang.
func TestGarbageFrame(t *testing.T) {
	a, b := net.Pipe()
	srv := New(io.Discard)
	done := make(chan error, 1)
	go func() { done <- srv.Serve(context.Background(), a) }()
	defer a.Close()
	go fmt.Fprintf(b, "Content-Length: 9\r\n\r\n{not json")
	select {
	case err := <-done:
		if err == nil {
			t.Fatal("Serve returned nil after a garbage frame")
		}
		t.Logf("Serve: %v", err)
	case <-time.After(10 * time.Second):
		t.Fatal("Serve hung on a garbage frame")
	}
}
