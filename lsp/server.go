// Package lsp is clada's language server: it keeps the open documents parsed,
// publishes what `clada check` and a simulated run report, and answers
// editor requests from the shared AST and op catalog.
package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net/url"
	"path/filepath"
	"runtime/debug"
	"sync"

	"go.lsp.dev/jsonrpc2"
)

// Server is one client connection's state. Requests run inline on the
// connection's read goroutine, so they are answered in wire order, after the
// edits sent before them; no other locking of document state is needed. The
// mutex guards only what tests and the exit path read from other goroutines.
type Server struct {
	conn jsonrpc2.Conn
	log  *log.Logger

	mu          sync.Mutex
	initialized bool
	shutdown    bool
	exited      bool

	utf8      bool   // negotiated position encoding
	untrusted bool   // initializationOptions.trusted was false: never apply
	root      string // workspace root directory ("" when the client sent none)
	docs      map[string]*document

	exit chan struct{} // closed by the exit notification
}

// New returns a server that logs to logw (usually stderr).
func New(logw io.Writer) *Server {
	return &Server{log: log.New(logw, "clada-lsp: ", log.LstdFlags), docs: map[string]*document{}, exit: make(chan struct{})}
}

// Serve runs the protocol over rwc until the client sends exit or the stream
// ends. It returns on exit without waiting for the reader: a read blocked on
// stdin cannot be interrupted, and the process ends right after anyway.
func (s *Server) Serve(ctx context.Context, rwc io.ReadWriteCloser) error {
	s.conn = jsonrpc2.NewConn(jsonrpc2.NewStream(rwc))
	s.conn.Go(ctx, s.handle)
	select {
	case <-s.conn.Done():
		return s.conn.Err()
	case <-s.exit:
		return nil
	}
}

// CleanExit reports whether the client sent shutdown before exit, which is
// what decides the process's exit code (0 or 1) per the protocol.
func (s *Server) CleanExit() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.shutdown && s.exited
}

// handler is one method's implementation: raw params in, result out.
type handler func(s *Server, ctx context.Context, params json.RawMessage) (any, error)

// methods maps every LSP method the server answers after initialize. It is
// read-only after package init.
var methods = map[string]handler{}

// handle dispatches one message. A panic in any feature is recovered and
// logged: a call gets an InternalError, a notification is dropped, and the
// connection stays up either way.
func (s *Server) handle(ctx context.Context, req *jsonrpc2.Request) (result any, err error) {
	method := req.Method()
	defer func() {
		if r := recover(); r != nil {
			s.log.Printf("panic in %s: %v\n%s", method, r, debug.Stack())
			result, err = nil, jsonrpc2.NewError(jsonrpc2.InternalError, fmt.Sprintf("clada-lsp: %s failed: %v", method, r))
		}
	}()
	// Params are borrowed from the transport frame; copy before keeping.
	params := json.RawMessage(append([]byte(nil), req.Params()...))
	switch method {
	case "initialize":
		return s.initialize(params)
	case "initialized", "$/setTrace", "$/cancelRequest":
		return nil, nil
	case "exit":
		s.mu.Lock()
		if !s.exited {
			s.exited = true
			close(s.exit)
		}
		s.mu.Unlock()
		return nil, nil
	}
	s.mu.Lock()
	ready := s.initialized
	s.mu.Unlock()
	if !ready {
		if req.IsCall() {
			return nil, jsonrpc2.NewError(jsonrpc2.ServerNotInitialized, fmt.Sprintf("clada-lsp: %s before initialize; send initialize first", method))
		}
		return nil, nil
	}
	if method == "shutdown" {
		s.mu.Lock()
		s.shutdown = true
		s.mu.Unlock()
		return nil, nil
	}
	h, ok := methods[method]
	if !ok {
		if req.IsCall() {
			return nil, jsonrpc2.NewError(jsonrpc2.MethodNotFound, fmt.Sprintf("clada-lsp: method %q is not supported", method))
		}
		return nil, nil
	}
	res, err := h(s, ctx, params)
	if err != nil && !req.IsCall() {
		s.log.Printf("%s: %v", method, err)
		return nil, nil
	}
	return res, err
}

// decode unmarshals params, turning a failure into InvalidParams naming the method.
func decode(method string, raw json.RawMessage, v any) error {
	if err := json.Unmarshal(raw, v); err != nil {
		return jsonrpc2.NewError(jsonrpc2.InvalidParams, fmt.Sprintf("clada-lsp: %s: bad params: %v", method, err))
	}
	return nil
}

// notify sends a notification to the client, logging (not failing) on error:
// a client that went away must not break the handler that was talking to it.
func (s *Server) notify(ctx context.Context, method string, params any) {
	if err := s.conn.Notify(ctx, method, params); err != nil {
		s.log.Printf("notify %s: %v", method, err)
	}
}

// uriPath turns a file:// URI into a local path; other schemes give "".
func uriPath(uri string) string {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "file" {
		return ""
	}
	return filepath.FromSlash(u.Path)
}

// pathURI is uriPath's inverse.
func pathURI(p string) string {
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(p)}).String()
}
