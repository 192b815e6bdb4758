package session

import (
	"context"
	"fmt"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/engine/fsys"
	"github.com/clada-dev/clada/lang"
)

// View opens the project's tree as an apply sees it (the same root, allowed
// directories and path policy: no symlinks, no special files, no hard
// links out) behind an overlay, so nothing done through it reaches the
// disk. Front doors read files through it (the editor's hover, an MCP
// resource) instead of opening the tree themselves. Call done when
// finished.
func (s *Session) View() (ws fsys.Workspace, done func(), err error) {
	base, err := engine.NewOS(s.Engine)
	if err != nil {
		return nil, nil, fmt.Errorf("open root %s: %w", s.Root, err)
	}
	return fsys.NewOverlay(base), func() { base.Close() }, nil
}

// Read runs doc, whose actions read and change nothing, on a View: the same
// validation and refusals as an apply, but no lock, no git and no hooks. A
// read need not wait behind an apply that holds the lock (an agent reads
// files while its tests run), and an atomic write means it sees a file
// whole, before or after. The report is a plain one: nothing in it was
// simulated.
func (s *Session) Read(ctx context.Context, doc *lang.Document) (*engine.Report, error) {
	ws, done, err := s.View()
	if err != nil {
		return nil, err
	}
	defer done()
	rep := engine.Run(ctx, doc, ws, s.Engine, nil)
	rep.DryRun = false
	return rep, nil
}

// Try returns what carrying out the action a alone would give now, on a
// View: the editor asks it why an edit would fail or whether it is
// already applied. ok is false when a cannot run (an unknown op, a syntax
// error, a root that does not open).
func (s *Session) Try(ctx context.Context, a *lang.Action) (r engine.Result, ok bool) {
	spec := lang.Lookup(a.Op)
	if spec == nil || a.HasErrors() {
		return r, false
	}
	ws, done, err := s.View()
	if err != nil {
		return r, false
	}
	defer done()
	return engine.Do(ctx, ws, s.Engine, spec.ID, a.ParamMap()), true
}
