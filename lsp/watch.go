package lsp

import (
	"context"
	"encoding/json"
)

func init() { methods["workspace/didChangeWatchedFiles"] = (*Server).didChangeWatchedFiles }

// didChangeWatchedFiles republishes every open document: the workspace
// checks simulate against the files on disk, which just changed.
func (s *Server) didChangeWatchedFiles(ctx context.Context, _ json.RawMessage) (any, error) {
	for _, d := range s.docs {
		s.publish(ctx, d)
	}
	return nil, nil
}
