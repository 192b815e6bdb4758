// Package lsp is clada's language server: it keeps the open documents parsed,
// publishes what `clada check` and a simulated run report, and answers
// editor requests from the shared AST and op catalog.
//
// Dispatch. Server implements go.lsp.dev/protocol's Server interface (every
// params and result is a protocol type) and protocol.ServerHandler decodes
// and routes each message to it. Serve does not use protocol.NewServer,
// though: NewServer wraps that handler in protocol.Handlers, whose
// jsonrpc2.AsyncHandler releases every message from the read loop before its
// handler starts, so a hover could overtake the didChange sent before it and
// nothing in a Server method can restore wire order. Serve therefore builds
// the jsonrpc2 connection itself (with codec, the same protocol
// Marshal/Unmarshal NewServer installs) and wraps ServerHandler in guard,
// which runs every message inline on the read loop and keeps the rules
// NewServer's chain has no place for:
//
//   - requests are handled in wire order, after the edits sent before them;
//   - before initialize, calls get ServerNotInitialized and notifications
//     are dropped;
//   - a panic in a feature is recovered: a call gets InternalError, a
//     notification is dropped, and the connection stays up (jsonrpc2 would
//     otherwise tear it down);
//   - params that do not decode get InvalidParams naming the method
//     (ServerHandler reports them as a ParseError);
//   - an error from a notification is logged, never returned (jsonrpc2 fails
//     the connection on it);
//   - a method the server does not serve gets MethodNotFound.
//
// A call from the server to the client (client/registerCapability) must not
// run on the read loop, which the reply has to arrive on; see watch.go.
//
// Features. One file per feature (hover.go, completion.go, codeaction_*.go,
// …); each reads the document's parse (sync.go) and converts positions
// only through mapper.go. What a run would do comes from the root's
// session (config.go, simulate.go), never from checks of the server's own.
//
// lsp imports lang, source, report, session, engine and engine/fsys (and
// go.lsp.dev's protocol and jsonrpc2); only cmd/clada-lsp imports it.
// Start reading at Serve below and guard, then sync.go (the document and
// its parse), diagnostics.go and simulate.go.
package lsp

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net/url"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/session"
	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// Server is one client connection's state. Messages are handled inline on the
// connection's read goroutine, so document state needs no locking; the mutex
// guards only what the exit path, the watcher registration goroutine and tests
// read from other goroutines.
type Server struct {
	// UnimplementedServer answers the LSP methods clada does not serve:
	// MethodNotFound for requests, silence for notifications.
	protocol.UnimplementedServer

	conn   jsonrpc2.Conn
	opens  *openStream     // holds the text of a big didOpen for DidOpen (open_stream.go)
	client protocol.Client // typed calls and notifications to the client
	log    *log.Logger
	life   context.Context // ends when Serve returns, cancelling background calls
	regTTL time.Duration   // how long the file-watcher registration waits for an answer

	mu          sync.Mutex
	initialized bool
	shutdown    bool
	exited      bool
	watching    bool // the file-watcher registration has been started (at most once)
	// watched is set once the client accepted the file watcher: from then on
	// every change on disk under the root is reported (didChangeWatchedFiles).
	watched bool
	// diskGen counts the changes on disk the server heard of; simulation
	// results from an earlier generation are never reused.
	diskGen uint64
	// self is the server's own watch of the disk while the client does
	// not watch (simulate.go); selfOff once it cannot be had.
	self    *diskWatch
	selfOff bool

	utf8      bool   // negotiated position encoding
	untrusted bool   // initializationOptions.trusted was false: never apply
	dynWatch  bool   // the client lets the server register file watchers
	root      string // workspace root directory ("" when the client sent none)
	docs      map[uri.URI]*document
	// sess is the root's session: its .clada.yaml, trust, hooks and engine
	// config (config.go); nil when there is no root.
	sess *session.Session
	// opts are the server's command line: the engine settings its
	// sessions start from (the command flags), never widened by a client.
	opts Options

	exit chan struct{} // closed by the exit notification
}

// registerTimeout bounds the wait for the client to answer the file-watcher
// registration; a client that never answers costs a log line, nothing more.
const registerTimeout = 10 * time.Second

// Options is what the language server's command line set for the commands
// its apply runs (session.CommandFlags: --allow, --sandbox, --pass-env,
// --timeout, --approve). They come from the command line, which the user's
// own editor config writes, and not from initializationOptions, which
// editors fill from workspace settings that can come with a clone.
type Options struct {
	// Engine holds the settings the flags gave; nil: the defaults.
	Engine *engine.Config
	// Explicit reports whether the command line set flag name, so the
	// project's .clada.yaml fills only what no flag set.
	Explicit func(flag string) bool
}

// New returns a server that logs to logw (usually stderr), with the engine
// defaults.
func New(logw io.Writer) *Server { return NewWith(logw, Options{}) }

// NewWith returns a server whose sessions start from o.
func NewWith(logw io.Writer, o Options) *Server {
	return &Server{
		opts:   o,
		log:    log.New(logw, "clada-lsp: ", log.LstdFlags),
		regTTL: registerTimeout,
		docs:   map[uri.URI]*document{},
		exit:   make(chan struct{}),
	}
}

// Serve runs the protocol over rwc until the client sends exit or the stream
// ends. It returns on exit without waiting for the reader: a read blocked on
// stdin cannot be interrupted, and the process ends right after anyway. A
// call still waiting on the client (a registration it never answered) is
// cancelled when Serve returns, never waited for.
func (s *Server) Serve(ctx context.Context, rwc io.ReadWriteCloser) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	defer s.stopSelfWatch()
	s.life = ctx
	stream, err := newOpenStream(rwc)
	if err != nil {
		return err
	}
	s.opens = stream
	s.conn = jsonrpc2.NewConn(stream, jsonrpc2.WithCodec(codec{}))
	s.client = protocol.ClientDispatcher(s.conn)
	s.conn.Go(ctx, s.guard(protocol.ServerHandler(s, jsonrpc2.MethodNotFoundHandler)))
	select {
	case <-s.conn.Done():
		return s.conn.Err()
	case <-s.exit:
		return nil
	case <-ctx.Done():
		// Cancelled by the caller (clada-lsp on SIGTERM): handlers' contexts
		// derive from ctx, so a running command is killed with its group.
		_ = s.conn.Close()
		return fmt.Errorf("stopped: %w", context.Cause(ctx))
	}
}

// CleanExit reports whether the client sent shutdown before exit, which is
// what decides the process's exit code (0 or 1) per the protocol.
func (s *Server) CleanExit() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.shutdown && s.exited
}

// guard wraps the protocol dispatcher next with the rules listed in the
// package comment: the initialize gate, panic recovery, InvalidParams for
// undecodable params, and notifications that never fail the connection.
func (s *Server) guard(next jsonrpc2.Handler) jsonrpc2.Handler {
	return func(ctx context.Context, req *jsonrpc2.Request) (result any, err error) {
		// The request is borrowed from the transport frame; copy what the
		// deferred recovery and the logs keep.
		method, call := strings.Clone(req.Method()), req.IsCall()
		// The request's own context is pooled by jsonrpc2 and reset once the
		// handler returns, but a context derived from it (a command's
		// timeout, a simulation's cancel) starts a goroutine that asks it
		// for Done later: on a reset one that panicked ("cannot create
		// context from nil parent", seen under load). Handlers run inline
		// and nothing cancels a single request, so they get the
		// connection's context, which Serve cancels when it returns.
		ctx = jsonrpc2.DetachContext(ctx)
		defer func() {
			if r := recover(); r != nil {
				s.log.Printf("panic in %s: %v\n%s", method, r, debug.Stack())
				result, err = nil, nil
				if call {
					err = jsonrpc2.NewError(jsonrpc2.InternalError, fmt.Sprintf("clada-lsp: %s failed: %v", method, r))
				}
			}
		}()
		if method != protocol.MethodInitialize && method != protocol.MethodExit && !s.isInitialized() {
			if call {
				return nil, jsonrpc2.NewError(jsonrpc2.ServerNotInitialized, fmt.Sprintf("clada-lsp: %s before initialize; send initialize first", method))
			}
			return nil, nil
		}
		if method == protocol.MethodInitialized && len(req.Params()) == 0 {
			// Some clients send initialized without its (empty) params, which
			// protocol's decoder refuses; it still means "initialized".
			return nil, s.Initialized(ctx, &protocol.InitializedParams{})
		}
		result, err = next(ctx, req)
		if err != nil && errors.Is(err, jsonrpc2.ErrParse) {
			err = jsonrpc2.NewError(jsonrpc2.InvalidParams, fmt.Sprintf("clada-lsp: %s: bad params: %v", method, err))
		}
		if err != nil && !call {
			if !errors.Is(err, jsonrpc2.ErrMethodNotFound) {
				s.log.Printf("%s: %v", method, err)
			}
			return nil, nil
		}
		return result, err
	}
}

// diskState says whether the server hears of every change on disk (so a
// simulation result may be reused until it does) and the current disk
// generation.
func (s *Server) diskState() (trusted bool, gen uint64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.watched, s.diskGen
}

// selfWatched is diskState for a client that does not watch files: the
// server's own watch of the root (and the --allow directories) vouches for
// the disk, started on the first call; every change it saw since the last
// call starts a new generation. Without it (not Linux, --allow-escape,
// too many directories, or a failure) nothing is reused.
func (s *Server) selfWatched(cfg *engine.Config) (trusted bool, gen uint64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.selfOff || s.exited {
		return false, s.diskGen
	}
	if s.self == nil {
		if cfg == nil || cfg.Root == "" || cfg.AllowEscape {
			s.selfOff = true
			return false, s.diskGen
		}
		w, err := newDiskWatch(append([]string{cfg.Root}, cfg.Allow...))
		if err != nil {
			s.log.Printf("%v; every edit simulates the whole document, since a change on disk could go unseen", err)
			s.selfOff = true
			return false, s.diskGen
		}
		s.self = w
		s.diskGen++ // nothing simulated before the watch started is reused
		return true, s.diskGen
	}
	changed, err := s.self.changed()
	if err != nil {
		s.log.Printf("%v; every edit simulates the whole document from now on", err)
		s.self.close()
		s.self, s.selfOff = nil, true
		s.diskGen++
		return false, s.diskGen
	}
	if changed {
		s.diskGen++
	}
	return true, s.diskGen
}

// stopSelfWatch releases the server's own watch when Serve returns.
func (s *Server) stopSelfWatch() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.self != nil {
		s.self.close()
	}
	s.self, s.selfOff = nil, true
}

// diskChanged starts a new disk generation: every document's next simulation
// is a full one.
func (s *Server) diskChanged() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.diskGen++
}

func (s *Server) isInitialized() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.initialized
}

// Shutdown records that the client asked to stop; exit then ends cleanly.
func (s *Server) Shutdown(context.Context) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.shutdown = true
	return nil
}

// Exit ends Serve; the exit code depends on whether shutdown came first.
func (s *Server) Exit(context.Context) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.exited {
		s.exited = true
		close(s.exit)
	}
	return nil
}

// Request answers every method outside the LSP surface (ServerHandler routes
// them here): clada defines none, so a call gets MethodNotFound and guard
// drops a notification.
func (s *Server) Request(_ context.Context, method string, _ any) (any, error) {
	return nil, jsonrpc2.NewError(jsonrpc2.MethodNotFound, fmt.Sprintf("clada-lsp: method %q is not supported", method))
}

// uriPath turns a file:// URI into a local path; other schemes give "".
func uriPath(u uri.URI) string {
	p, err := url.Parse(string(u))
	if err != nil || p.Scheme != "file" {
		return ""
	}
	return localPath(p.Host, p.Path) // uri_path.go
}

// pathURI is uriPath's inverse.
func pathURI(p string) uri.URI {
	host, path := urlPath(p)
	return uri.URI((&url.URL{Scheme: "file", Host: host, Path: path}).String())
}
