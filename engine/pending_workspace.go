package engine

// PLACEHOLDER, owned by the runner: the workspace/op engineer's files
// (workspace*.go, op*.go) replace these declarations. Delete this file in the
// same commit that adds the real Workspace, OSWorkspace, Overlay, NewOS,
// NewOverlay and Do; nothing else in the runner needs to change.

import (
	"context"
	"fmt"
)

// OSWorkspace is the real tree under cfg.Root.
type OSWorkspace struct {
	Workspace
	cfg *Config
}

// NewOS opens the real tree.
func NewOS(cfg *Config) (*OSWorkspace, error) { return &OSWorkspace{cfg: cfg}, nil }

// Overlay is an in-memory copy-on-write layer over a Workspace.
type Overlay struct{ Workspace }

// NewOverlay layers an Overlay over base.
func NewOverlay(base Workspace) *Overlay { return &Overlay{Workspace: base} }

// Do carries out one non-exec op.
func Do(_ context.Context, _ Workspace, _ *Config, op string, _ map[string]string) Result {
	return Result{Error: fmt.Sprintf("%s: the file ops are not built yet", op)}
}
