package engine

import (
	"context"
	"fmt"

	"github.com/clada-dev/clada/engine/fsys"
	"github.com/clada-dev/clada/lang"
)

// firstCommand is the first action of a simulated --atomic apply that runs a
// command, or nil. A simulation cannot check a command (it never runs) and
// nothing can take back what one did, so "write, a command that fails,
// write" used to leave both writes: --atomic refuses such an answer whole.
func firstCommand(sim *Report) *ActionResult {
	for i := range sim.Results {
		if s := lang.Lookup(sim.Results[i].Action); s != nil && s.Kind == lang.Exec {
			return &sim.Results[i]
		}
	}
	return nil
}

// atomicCommandRefusal is the report's lead sentence for that refusal.
func atomicCommandRefusal(task *ActionResult) string {
	return fmt.Sprintf("%s (%s) runs a command, and --atomic cannot simulate a command or undo one; "+
		"--atomic changed nothing (apply without --atomic, or send the commands in an answer of their own)", task.Task, task.Subject())
}

// runActionSafe is runAction that cannot take the process down: a panic
// (a bug in clada) becomes this action's failure, so the report is still
// written and the actions after it still run or are skipped as usual.
func runActionSafe(ctx context.Context, spec *lang.OpSpec, a *lang.Action, label string, ws fsys.Workspace, cfg *Config) (r Result) {
	defer func() {
		if v := recover(); v != nil {
			r = Result{Error: fmt.Sprintf("%s: internal error (a bug in clada, please report it): %v", a.Op, v),
				Hint: "this action may have been cut short; check its file before retrying"}
			if def := opFor(spec.ID); def != nil {
				r.Param = def.blame // the file the action may have left half done
			}
		}
	}()
	return runAction(ctx, spec, a, label, ws, cfg)
}
