package engine

import (
	"context"
	"fmt"

	"github.com/clada-dev/clada/lang"
)

// wholeGroup names the groups that apply whole or not at all, by the word
// their reports use: a V4A patch and a unified diff are each one change to
// the tree, and stopping at the third hunk would leave files half patched
// (Codex's applier and patch(1) do; clada does not). Other groups run step
// by step and stop at their first failure.
func wholeGroup(g *lang.Group) string {
	switch {
	case g.Kind == lang.Patch:
		return "patch"
	case g.Kind == lang.Tasks && g.Syntax == lang.UDiff:
		return "diff"
	}
	return ""
}

// blockedWhole is the all-or-nothing rule, after validation passed: the
// group's items run first on an Overlay of ws (the same steps, the hunk
// batch included), into copies of their results. If one would fail, nothing
// runs for real: that item gets the trial's failure, every other item is
// reported not run, naming it, and true says the group is done. On an
// Overlay (dry run, --atomic's trial, the language server) the trial runs on
// an overlay of that overlay, so a dry run reports what apply does.
func blockedWhole(ctx context.Context, g *lang.Group, items []item, ws Workspace, cfg *Config, rep *Report) bool {
	noun := wholeGroup(g)
	if noun == "" || len(items) == 0 {
		return false
	}
	results := make([]ActionResult, len(items))
	trial := make([]item, len(items))
	for i, it := range items {
		results[i] = *it.res
		trial[i] = item{it.a, it.spec, &results[i]}
	}
	sim := &Report{}
	runItems(ctx, g, trial, NewOverlay(ws), cfg, sim)
	bad := -1
	for i, r := range results {
		if !r.Success && !r.Skipped {
			bad = i
			break
		}
	}
	if bad < 0 {
		return false
	}
	why := fmt.Sprintf("not run: %s would fail and a %s applies all or nothing; nothing of it was changed", items[bad].res.Task, noun)
	for i, it := range items {
		if i == bad {
			it.res.Result, it.res.Duration = results[i].Result, results[i].Duration
			continue
		}
		it.res.Skipped, it.res.Error = true, why
	}
	for _, w := range sim.Warnings {
		rep.Warn(w)
	}
	return true
}
