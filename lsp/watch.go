package lsp

import (
	"context"

	"go.lsp.dev/protocol"
)

// DidChangeWatchedFiles republishes every open document: the workspace
// checks simulate against the files on disk, which just changed.
func (s *Server) DidChangeWatchedFiles(ctx context.Context, _ *protocol.DidChangeWatchedFilesParams) error {
	for _, d := range s.docs {
		s.publish(ctx, d)
	}
	return nil
}
