package lsp

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"testing"
	"time"

	"go.lsp.dev/jsonrpc2"
)

// A client offering dynamic registration is asked, once initialized, to
// watch every file under the root, and the server keeps answering while
// that request is outstanding.
func TestRegistersFileWatcher(t *testing.T) {
	a, b := net.Pipe()
	srv := New(io.Discard)
	go srv.Serve(context.Background(), a)
	reg := make(chan json.RawMessage, 1)
	conn := jsonrpc2.NewConn(jsonrpc2.NewStream(b))
	conn.Go(context.Background(), func(_ context.Context, req *jsonrpc2.Request) (any, error) {
		if req.Method() == "client/registerCapability" {
			reg <- append(json.RawMessage(nil), req.Params()...)
		}
		return nil, nil
	})
	t.Cleanup(func() { conn.Close(); a.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	caps := map[string]any{"workspace": map[string]any{"didChangeWatchedFiles": map[string]any{"dynamicRegistration": true}}}
	if _, err := conn.Call(ctx, "initialize", map[string]any{"rootUri": pathURI(t.TempDir()), "capabilities": caps}, nil); err != nil {
		t.Fatal(err)
	}
	if err := conn.Notify(ctx, "initialized", map[string]any{}); err != nil {
		t.Fatal(err)
	}
	select {
	case got := <-reg:
		want := `{"registrations":[{"id":"clada-watch","method":"workspace/didChangeWatchedFiles","registerOptions":{"watchers":[{"globPattern":"**/*"}]}}]}`
		if string(got) != want {
			t.Fatalf("registration = %s\nwant %s", got, want)
		}
	case <-ctx.Done():
		t.Fatal("no client/registerCapability after initialized")
	}
	if _, err := conn.Call(ctx, "shutdown", nil, nil); err != nil {
		t.Fatalf("shutdown after registration: %v", err)
	}
}
