package engine

import (
	"context"

	"github.com/clada-dev/clada/lang"
)

// patchBlocked carries out the all-or-nothing rule of a Patch group (a V4A
// patch): the group is first run on an Overlay of ws; if any action would
// fail, the simulated results are reported (the failure with its error, the
// rest as not run) and true says nothing was changed. Codex applies a patch
// step by step and leaves the steps before a failure; clada does not.
// On an Overlay (dry run, --atomic's trial, the language server) the trial
// runs on an overlay of that overlay, so a dry run reports what apply does.
func patchBlocked(ctx context.Context, g *lang.Group, gnum int, n *int, ws Workspace, cfg *Config, rep *Report) bool {
	trial := &Report{}
	tn := *n
	runSteps(ctx, g, gnum, &tn, NewOverlay(ws), cfg, trial)
	failed := ""
	for _, r := range trial.Results {
		if !r.Success && !r.Skipped {
			failed = r.Task
			break
		}
		if !r.Success && failed == "" {
			failed = r.Task
		}
	}
	if failed == "" {
		return false
	}
	for i := range trial.Results {
		r := &trial.Results[i]
		r.Seq = len(rep.Results) + i + 1 // the trial report counted from 1
		if r.Success {
			r.Result = Result{Error: "not run: " + failed + " would fail and a patch applies all or nothing; nothing of it was changed"}
			r.Skipped = true
		}
	}
	rep.Results = append(rep.Results, trial.Results...)
	rep.Warnings = append(rep.Warnings, trial.Warnings...)
	*n = tn
	return true
}
