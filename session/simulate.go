package session

import (
	"context"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/engine/fsys"
	"github.com/clada-dev/clada/engine/history"
	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
)

// CodeWorkspace marks diagnostics that come from simulating the document on
// the workspace rather than from checking its text.
const CodeWorkspace = "WORKSPACE"

// Simulate returns what a run of doc in this session would fail on, as
// diagnostics at the param each failure is about (blame), computed by
// engine.Simulate on an overlay of the root: nothing touches the disk.
// prev is the state an earlier call on the same document left, valid only
// while the disk is as it was then (nil: none); keep asks for the state to
// pass next time. The error is the root's, when it cannot be opened.
func (s *Session) Simulate(ctx context.Context, doc *lang.Document, prev *engine.Simulation, keep bool) (source.Diagnostics, *engine.Simulation, error) {
	cfg := s.Engine
	if removed := history.RemovedBy(ctx, cfg); removed != nil {
		// What apply does with a delete or move clada's history shows
		// done (engine.Config.RemovedBy): the file is read, and git found,
		// only when such a path is missing.
		c := *cfg
		c.RemovedBy = removed
		cfg = &c
	}
	fails, next, err := engine.Simulate(ctx, doc, cfg, prev, keep, func() (fsys.Workspace, func(), error) {
		base, err := engine.NewOS(cfg)
		if err != nil {
			return nil, nil, err
		}
		return base, func() { base.Close() }, nil
	})
	if err != nil {
		return nil, nil, err
	}
	var out source.Diagnostics
	for _, f := range fails {
		if p := pathParam(f.Action, f.Result.Param); p != nil && s.escapes(p.Value) != nil {
			continue // Check's OUTSIDE_ROOT says it, at the same path
		}
		out = append(out, source.Diagnostic{Severity: source.Error, Code: CodeWorkspace,
			Message: f.Result.Error, Hint: f.Result.Hint, Range: blame(f.Action, f.Result)})
	}
	return out, next, nil
}

// blame is where a failed result points: the value of the param it is
// about (engine.Result.Param: the search text for a failed match, the line
// range for lines beyond the file, else the path the op works on); the op
// name when the result names no param the action has.
func blame(a *lang.Action, r engine.Result) source.Range {
	if r.Param != "" {
		if p := a.Param(r.Param); p != nil {
			return p.ValueRange
		}
	}
	return a.OpRange
}
