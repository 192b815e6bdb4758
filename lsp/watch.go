package lsp

import (
	"context"
	"encoding/json"
	"time"
)

// registerWatchers asks a client that supports dynamic registration to send
// workspace/didChangeWatchedFiles for every file under the root; without it
// neovim and VS Code never report file changes. It runs on its own goroutine
// because the reply arrives on the read loop this handler would block, and
// on a fresh context: the handler's context describes the incoming message,
// which jsonrpc2 frees when the handler returns.
func (s *Server) registerWatchers() {
	s.mu.Lock()
	ok := s.dynWatch && s.root != ""
	s.mu.Unlock()
	if !ok {
		return
	}
	params := map[string]any{"registrations": []any{map[string]any{
		"id": "clada-watch", "method": "workspace/didChangeWatchedFiles",
		"registerOptions": map[string]any{"watchers": []any{map[string]any{"globPattern": "**/*"}}},
	}}}
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		if _, err := s.conn.Call(ctx, "client/registerCapability", params, nil); err != nil {
			s.log.Printf("client/registerCapability: %v", err)
		}
	}()
}

func init() { methods["workspace/didChangeWatchedFiles"] = (*Server).didChangeWatchedFiles }

// didChangeWatchedFiles republishes every open document: the workspace
// checks simulate against the files on disk, which just changed.
func (s *Server) didChangeWatchedFiles(ctx context.Context, _ json.RawMessage) (any, error) {
	for _, d := range s.docs {
		s.publish(ctx, d)
	}
	return nil, nil
}
