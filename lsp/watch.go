package lsp

import (
	"context"
	"fmt"

	"go.lsp.dev/protocol"
)

// watcherID names clada's file-watcher registration (an unregister would use it).
const watcherID = "clada-watch"

// Initialized asks the client, once per connection, to watch every file
// under the root (see registerWatcher), when the client allows dynamic
// registration and there is a root to watch.
func (s *Server) Initialized(context.Context, *protocol.InitializedParams) error {
	s.mu.Lock()
	start := s.dynWatch && s.root != "" && !s.watching
	if start {
		s.watching = true
	}
	s.mu.Unlock()
	if start {
		go s.registerWatcher()
	}
	return nil
}

// registerWatcher sends client/registerCapability for
// workspace/didChangeWatchedFiles on "**/*": clients (VS Code, neovim) report
// file changes only for watchers a server registered, and the workspace
// diagnostics go stale without them.
//
// It runs on its own goroutine because the reply arrives on the read loop,
// which a handler waiting for it would block forever. Its context ends after
// regTTL or when Serve returns, so a client that never answers holds up
// nothing: later messages, shutdown and exit are handled meanwhile. Failure
// is logged, not fatal; diagnostics then refresh on edits only.
func (s *Server) registerWatcher() {
	ctx, cancel := context.WithTimeout(s.life, s.regTTL)
	defer cancel()
	params, err := watcherRegistration()
	if err == nil {
		err = s.client.RegisterCapability(ctx, params)
	}
	if err != nil {
		s.log.Printf("client/registerCapability for %s: %v; file changes under the root will not republish diagnostics",
			protocol.MethodWorkspaceDidChangeWatchedFiles, err)
		return
	}
	// From now on the client reports changes on disk, so simulation results
	// may be reused until it does. Whatever changed before it watched was
	// never reported: start a new generation, so nothing older is reused.
	s.mu.Lock()
	s.watched = true
	s.diskGen++
	s.mu.Unlock()
}

// watcherRegistration is the registration of one "**/*" watcher for every
// kind of change (create, change, delete).
func watcherRegistration() (*protocol.RegistrationParams, error) {
	opts, err := protocol.Marshal(&protocol.DidChangeWatchedFilesRegistrationOptions{
		Watchers: []protocol.FileSystemWatcher{{GlobPattern: protocol.Pattern("**/*")}},
	})
	if err != nil {
		return nil, fmt.Errorf("encoding the watcher options: %w", err)
	}
	return &protocol.RegistrationParams{Registrations: []protocol.Registration{{
		ID: watcherID, Method: protocol.MethodWorkspaceDidChangeWatchedFiles, RegisterOptions: opts,
	}}}, nil
}

// DidChangeWatchedFiles republishes every open document: the workspace
// checks simulate against the files on disk, which just changed, so nothing
// simulated before may be reused. (A document saved in the editor is a
// change on disk too: the watcher reports it.)
func (s *Server) DidChangeWatchedFiles(ctx context.Context, _ *protocol.DidChangeWatchedFilesParams) error {
	s.diskChanged()
	s.mu.Lock()
	s.openSession() // .clada.yaml (or the trust store) may be among the changed files
	s.mu.Unlock()
	for _, d := range s.docs {
		s.publish(ctx, d)
	}
	return nil
}
