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

// testClient is a real JSON-RPC peer joined to a Server by net.Pipe, so
// in-process tests exercise framing, dispatch and ordering as an editor would.
type testClient struct {
	t     testing.TB
	conn  jsonrpc2.Conn
	diags chan publishParams
	srv   *Server
	done  chan error
}

// newClient starts a server and a client; initialize is not sent.
func newClient(t testing.TB) *testClient {
	t.Helper()
	a, b := net.Pipe()
	srv := New(io.Discard)
	c := &testClient{t: t, diags: make(chan publishParams, 1024), srv: srv, done: make(chan error, 1)}
	go func() { c.done <- srv.Serve(context.Background(), a) }()
	c.conn = jsonrpc2.NewConn(jsonrpc2.NewStream(b))
	c.conn.Go(context.Background(), func(ctx context.Context, req *jsonrpc2.Request) (any, error) {
		if req.Method() == "textDocument/publishDiagnostics" {
			var p publishParams
			if err := json.Unmarshal(req.Params(), &p); err != nil {
				t.Errorf("bad publishDiagnostics: %v", err)
			}
			c.diags <- p
		}
		return nil, nil
	})
	t.Cleanup(func() { c.conn.Close(); a.Close() })
	return c
}

// start returns an initialized client; utf8 says whether to offer UTF-8.
func start(t testing.TB, root string, utf8 bool) *testClient {
	t.Helper()
	c := newClient(t)
	encs := []string{"utf-16"}
	if utf8 {
		encs = []string{"utf-8", "utf-16"}
	}
	var res struct {
		Capabilities struct {
			PositionEncoding string `json:"positionEncoding"`
		} `json:"capabilities"`
	}
	c.call("initialize", map[string]any{
		"rootUri":      pathURI(root),
		"capabilities": map[string]any{"general": map[string]any{"positionEncodings": encs}},
	}, &res)
	want := "utf-16"
	if utf8 {
		want = "utf-8"
	}
	if res.Capabilities.PositionEncoding != want {
		t.Fatalf("negotiated %q, want %q", res.Capabilities.PositionEncoding, want)
	}
	c.notify("initialized", map[string]any{})
	return c
}

func (c *testClient) call(method string, params, result any) {
	c.t.Helper()
	if err := c.callErr(method, params, result); err != nil {
		c.t.Fatalf("%s: %v", method, err)
	}
}

func (c *testClient) callErr(method string, params, result any) error {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	_, err := c.conn.Call(ctx, method, params, result)
	return err
}

func (c *testClient) notify(method string, params any) {
	c.t.Helper()
	if err := c.conn.Notify(context.Background(), method, params); err != nil {
		c.t.Fatalf("%s: %v", method, err)
	}
}

// open sends didOpen and returns the diagnostics published for it.
func (c *testClient) open(uri, text string) publishParams {
	c.t.Helper()
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "sham", "version": 1, "text": text}})
	return c.nextDiags(uri)
}

// nextDiags waits for the next publishDiagnostics for uri.
func (c *testClient) nextDiags(uri string) publishParams {
	c.t.Helper()
	for {
		select {
		case p := <-c.diags:
			if p.URI == uri {
				return p
			}
		case <-time.After(20 * time.Second):
			c.t.Fatalf("no diagnostics for %s", uri)
		}
	}
}

func docID(uri string) map[string]any { return map[string]any{"uri": uri} }

func at(uri string, line, char int) map[string]any {
	return map[string]any{"textDocument": docID(uri), "position": Position{line, char}}
}
