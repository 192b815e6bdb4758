package engine

import (
	"context"

	"github.com/clada-dev/clada/lang"
)

// allOrNothing reports whether g applies whole or not at all: a unified
// diff is one change to the tree, and stopping at its third hunk would
// leave files half patched (patch(1) does; clada does not).
func allOrNothing(g *lang.Group) bool { return g.Kind == lang.Tasks && g.Syntax == lang.UDiff }

// preflight runs a group's actions on an Overlay over ws, in order, and
// returns the index and result of the first that would fail (-1 when all
// would succeed). Nothing reaches ws. Commands never appear in the groups
// that get here (the foreign formats only edit files).
func preflight(ctx context.Context, actions []*lang.Action, specs []*lang.OpSpec, ws Workspace, cfg *Config) (int, Result) {
	sim := NewOverlay(ws)
	for i, a := range actions {
		if specs[i].Kind == lang.Exec {
			continue
		}
		if r := Do(ctx, sim, cfg, specs[i].Name, a.ParamMap()); !r.Success {
			return i, r
		}
	}
	return -1, Result{}
}
