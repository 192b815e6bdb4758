package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// testClient is a real JSON-RPC peer joined to a Server by net.Pipe, so
// in-process tests exercise framing, dispatch and ordering as an editor would.
// It speaks through the same protocol codec as the server, so results decode
// into go.lsp.dev/protocol types, unions included.
type testClient struct {
	t     testing.TB
	conn  jsonrpc2.Conn
	diags chan *protocol.PublishDiagnosticsParams
	regs  chan *protocol.RegistrationParams // client/registerCapability calls received
	srv   *Server
	done  chan error // Serve's result
}

// clientOpts varies the client and the server it talks to.
type clientOpts struct {
	log    io.Writer     // the server's log (default: discarded)
	regTTL time.Duration // the server's registration timeout (default: its own)
	// silent makes the client never answer client/registerCapability (until
	// the test ends), like an editor that lost the request.
	silent bool
	// server is the server's command line (NewWith).
	server Options
}

// newClient starts a server and a client; initialize is not sent.
func newClient(t testing.TB) *testClient { return newClientWith(t, clientOpts{}) }

func newClientWith(t testing.TB, o clientOpts) *testClient {
	t.Helper()
	a, b := net.Pipe()
	if o.log == nil {
		o.log = io.Discard
	}
	srv := NewWith(o.log, o.server)
	if o.regTTL > 0 {
		srv.regTTL = o.regTTL
	}
	c := &testClient{
		t: t, srv: srv, done: make(chan error, 1),
		diags: make(chan *protocol.PublishDiagnosticsParams, 1024),
		regs:  make(chan *protocol.RegistrationParams, 16),
	}
	go func() { c.done <- srv.Serve(context.Background(), a) }()
	stop := make(chan struct{}) // closed first thing at cleanup: releases held calls
	c.conn = jsonrpc2.NewConn(jsonrpc2.NewStream(b), jsonrpc2.WithCodec(codec{}))
	c.conn.Go(context.Background(), func(ctx context.Context, req *jsonrpc2.Request) (any, error) {
		switch req.Method() {
		case protocol.MethodTextDocumentPublishDiagnostics:
			// Inline, so diagnostics queue in the order they were sent.
			var p protocol.PublishDiagnosticsParams
			if err := protocol.Unmarshal(req.Params(), &p); err != nil {
				t.Errorf("bad publishDiagnostics: %v", err)
			}
			c.diags <- &p
		case protocol.MethodClientRegisterCapability:
			var p protocol.RegistrationParams
			if err := protocol.Unmarshal(req.Params(), &p); err != nil {
				t.Errorf("bad registerCapability: %v", err)
			}
			// Answer off the read loop, as editors do: net.Pipe has no buffer,
			// so a client blocked answering while the server writes to it
			// would deadlock both read loops.
			jsonrpc2.Async(ctx)
			select {
			case c.regs <- &p:
			default:
				t.Errorf("more registrations than the test can hold")
			}
			if o.silent {
				select {
				case <-stop:
				case <-time.After(time.Minute):
				}
				return nil, errors.New("test client never answered")
			}
		}
		return nil, nil
	})
	t.Cleanup(func() {
		close(stop)
		// Closing the pipe first fails any write still pending on it, so the
		// connection can drain; its Close is then bounded, never a hang.
		a.Close()
		b.Close()
		closed := make(chan error, 1)
		go func() { closed <- c.conn.Close() }()
		select {
		case <-closed:
		case <-time.After(10 * time.Second):
			t.Errorf("the test client's connection did not close within 10s")
		}
	})
	return c
}

// start returns an initialized client; utf8 says whether to offer UTF-8.
func start(t testing.TB, root string, utf8 bool) *testClient {
	t.Helper()
	c := newClient(t)
	encs := []protocol.PositionEncodingKind{protocol.PositionEncodingKindUTF16}
	want := protocol.PositionEncodingKindUTF16
	if utf8 {
		encs = []protocol.PositionEncodingKind{protocol.PositionEncodingKindUTF8, protocol.PositionEncodingKindUTF16}
		want = protocol.PositionEncodingKindUTF8
	}
	var res protocol.InitializeResult
	c.call(protocol.MethodInitialize, &protocol.InitializeParams{
		WorkspaceFoldersInitializeParams: folders(root),
		Capabilities:                     protocol.ClientCapabilities{General: &protocol.GeneralClientCapabilities{PositionEncodings: encs}},
	}, &res)
	if res.Capabilities.PositionEncoding != want {
		t.Fatalf("negotiated %q, want %q", res.Capabilities.PositionEncoding, want)
	}
	c.notify(protocol.MethodInitialized, &protocol.InitializedParams{})
	return c
}

// folders names root as the one workspace folder.
func folders(root string) protocol.WorkspaceFoldersInitializeParams {
	return protocol.WorkspaceFoldersInitializeParams{
		WorkspaceFolders: protocol.NewNullable([]protocol.WorkspaceFolder{{URI: pathURI(root), Name: "root"}}),
	}
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
func (c *testClient) open(u uri.URI, text string) *protocol.PublishDiagnosticsParams {
	c.t.Helper()
	c.notify(protocol.MethodTextDocumentDidOpen, &protocol.DidOpenTextDocumentParams{
		TextDocument: protocol.TextDocumentItem{URI: u, LanguageID: "sham", Version: 1, Text: text},
	})
	return c.nextDiags(u)
}

// change sends one didChange with the given content changes.
func (c *testClient) change(u uri.URI, version int32, changes ...protocol.TextDocumentContentChangeEvent) {
	c.t.Helper()
	c.notify(protocol.MethodTextDocumentDidChange, &protocol.DidChangeTextDocumentParams{
		TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: docID(u), Version: version},
		ContentChanges: changes,
	})
}

// close sends didClose.
func (c *testClient) close(u uri.URI) {
	c.t.Helper()
	c.notify(protocol.MethodTextDocumentDidClose, &protocol.DidCloseTextDocumentParams{TextDocument: docID(u)})
}

// nextDiags waits for the next publishDiagnostics for u.
func (c *testClient) nextDiags(u uri.URI) *protocol.PublishDiagnosticsParams {
	c.t.Helper()
	timeout := time.After(20 * time.Second)
	for {
		select {
		case p := <-c.diags:
			if p.URI == u {
				return p
			}
		case <-timeout:
			c.t.Fatalf("no diagnostics for %s", u)
		}
	}
}

// text returns the server's current text of the open document u.
func (c *testClient) text(u uri.URI) string {
	c.t.Helper()
	d := c.srv.docs[u]
	if d == nil {
		c.t.Fatalf("%s is not open on the server", u)
	}
	return string(d.file.Src)
}

func docID(u uri.URI) protocol.TextDocumentIdentifier { return protocol.TextDocumentIdentifier{URI: u} }

func at(u uri.URI, line, char uint32) *protocol.TextDocumentPositionParams {
	return &protocol.TextDocumentPositionParams{TextDocument: docID(u), Position: pos(line, char)}
}

func pos(line, char uint32) protocol.Position { return protocol.Position{Line: line, Character: char} }

func rng(l1, c1, l2, c2 uint32) protocol.Range {
	return protocol.Range{Start: pos(l1, c1), End: pos(l2, c2)}
}

// edit is an incremental change replacing r with text.
func edit(r protocol.Range, text string) *protocol.TextDocumentContentChangePartial {
	return &protocol.TextDocumentContentChangePartial{Range: r, Text: text}
}

// hoverText is the markdown of a hover ("" when it has none).
func hoverText(h *protocol.Hover) string {
	if h == nil {
		return ""
	}
	if m, ok := h.Contents.(*protocol.MarkupContent); ok {
		return m.Value
	}
	return ""
}

// codeActions asks for the code actions at r given diags and returns them,
// failing on anything that is not a CodeAction (clada sends no bare commands).
func (c *testClient) codeActions(u uri.URI, r protocol.Range, diags []protocol.Diagnostic) []*protocol.CodeAction {
	c.t.Helper()
	if diags == nil {
		diags = []protocol.Diagnostic{}
	}
	var got []protocol.CommandOrCodeAction
	c.call(protocol.MethodTextDocumentCodeAction, &protocol.CodeActionParams{
		TextDocument: docID(u), Range: r, Context: protocol.CodeActionContext{Diagnostics: diags},
	}, &got)
	out := make([]*protocol.CodeAction, len(got))
	for i, a := range got {
		ca, ok := a.(*protocol.CodeAction)
		if !ok {
			c.t.Fatalf("code action %d is a %T, want *protocol.CodeAction", i, a)
		}
		out[i] = ca
	}
	return out
}

// protoCmp compares protocol values by what they mean: an Optional by its
// value, free-form LSPAny JSON by its decoded value (so key order and spacing
// cannot matter), and an absent list like an empty one.
var protoCmp = cmp.Options{
	cmp.Comparer(optEqual[string]),
	cmp.Comparer(optEqual[int32]),
	cmp.Comparer(optEqual[bool]),
	cmp.Comparer(func(a, b protocol.DiagnosticTags) bool { return cmp.Equal(a.Slice(), b.Slice(), cmpopts.EquateEmpty()) }),
	cmp.Transformer("decodeLSPAny", func(v protocol.LSPAny) any {
		var out any
		if len(v) == 0 || json.Unmarshal(v, &out) != nil {
			return nil
		}
		return out
	}),
	cmpopts.EquateEmpty(),
}

func optEqual[T comparable](a, b protocol.Optional[T]) bool {
	av, aok := a.Get()
	bv, bok := b.Get()
	return aok == bok && av == bv
}

// command builds executeCommand params, encoding each argument as JSON.
func command(name string, args ...any) *protocol.ExecuteCommandParams {
	p := &protocol.ExecuteCommandParams{Command: name}
	for _, a := range args {
		raw, err := json.Marshal(a)
		if err != nil {
			panic(err) // test arguments are plain values
		}
		p.Arguments = append(p.Arguments, raw)
	}
	return p
}

// messageOf is a diagnostic's message text (clada sends plain strings).
func messageOf(dg protocol.Diagnostic) string {
	if m, ok := dg.Message.(protocol.String); ok {
		return string(m)
	}
	return ""
}
