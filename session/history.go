package session

import (
	"context"
	"fmt"

	"github.com/clada-dev/clada/engine/history"
)

// The history of applies (README, "The git model") through the session,
// so `clada undo`, `clada squash`, `clada log` and the MCP server's undo
// see what an apply sees: the root, the user's directory (the key that
// signs the history) and every deny pattern, the project's .clada.yaml's
// and the core.hooksPath directory's included. Undo never writes a path an
// apply could not write.

// Undo reverses the newest apply recorded for the root (history.Undo).
// Like Apply it refuses while the project's config does not load: its deny
// patterns are not known.
func (s *Session) Undo(ctx context.Context) (*history.UndoResult, error) {
	if s.ConfigErr != nil {
		return nil, fmt.Errorf("undo: refused until the project's config loads: %w", s.ConfigErr)
	}
	return history.Undo(ctx, s.protected(ctx))
}

// Squash folds clada's apply commits on top of HEAD (history.Squash).
func (s *Session) Squash(ctx context.Context, count int) (*history.SquashResult, error) {
	if s.ConfigErr != nil {
		return nil, fmt.Errorf("squash: refused until the project's config loads: %w", s.ConfigErr)
	}
	return history.Squash(ctx, s.protected(ctx), count)
}

// Log lists the applies recorded for the root, newest first (history.Applies).
func (s *Session) Log(ctx context.Context) ([]history.ApplyRecord, error) {
	return history.Applies(ctx, s.Engine)
}
