package engine

import (
	"context"
	"errors"
	"fmt"
	"io/fs"

	"github.com/clada-dev/clada/engine/fsys"
	"github.com/clada-dev/clada/engine/textedit"
	"github.com/clada-dev/clada/lang"
)

// wholeGroup names the groups that apply whole or not at all, by the word
// their reports use: a V4A patch and a unified diff are each one change to
// the tree, and stopping at the third hunk would leave files half patched
// (Codex's applier and patch(1) do; clada does not). Other groups run step
// by step and stop at their first failure.
func wholeGroup(g *lang.Group) string {
	if g.Kind == lang.Standalone {
		return ""
	}
	return g.Syntax.Def().AllOrNothing
}

// blockedWhole is the all-or-nothing rule, after validation passed: the
// group's items run first on an Overlay of ws (the same steps, the hunk
// batch included), into copies of their results. If one would fail, nothing
// runs for real: that item gets the trial's failure, every other item is
// reported not run, naming it, and true says the group is done. On an
// Overlay (dry run, --atomic's trial, the language server) the trial runs on
// an overlay of that overlay, so a dry run reports what apply does.
func blockedWhole(ctx context.Context, g *lang.Group, items []item, ws fsys.Workspace, cfg *Config, rep *Report) bool {
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
	ov := fsys.NewOverlay(ws)
	fsys.PlanEdits(ov, planActions(func(yield func(*lang.Action) bool) {
		for _, it := range items {
			if !yield(it.a) {
				return
			}
		}
	}, cfg)) // the trial costs what the apply costs (edit_index.go)
	runItems(ctx, g, trial, ov, cfg, sim)
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
	if replay, ok := replayedWhole(ctx, g, items, ws, cfg); ok {
		for i, it := range items {
			it.res.Result, it.res.Duration = replay[i].Result, replay[i].Duration
		}
		return true
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

// replayedWhole recognises a patch or diff answered a second time: it
// deletes files that are already gone, adds files that already hold exactly
// what it adds, and every other step is already applied (textedit/replay.go).
// The first
// apply made exactly this state, so the whole group is already applied, the
// deletes included, and nothing is written. At least one step other than a
// delete must be such a replay: a patch that only deletes missing files
// shows no sign of having run, and its path may simply be wrong.
func replayedWhole(ctx context.Context, g *lang.Group, items []item, ws fsys.Workspace, cfg *Config) ([]ActionResult, bool) {
	results := make([]ActionResult, len(items))
	var trial []item
	deletes := 0
	for i, it := range items {
		results[i] = *it.res
		if p, gone := deletedAlready(it.a, ws, cfg); gone {
			results[i].Result = Result{Success: true, AlreadyApplied: true, Data: map[string]any{"path": p}}
			deletes++
			continue
		}
		if p, held := writtenAlready(it.a, ws, cfg); held {
			results[i].Result = Result{Success: true, AlreadyApplied: true, Data: map[string]any{"path": p, "bytesWritten": 0}}
			continue
		}
		trial = append(trial, item{it.a, it.spec, &results[i]})
	}
	if deletes == 0 || deletes == len(items) {
		return nil, false
	}
	runItems(ctx, g, trial, fsys.NewOverlay(ws), cfg, &Report{})
	for _, r := range results {
		if !r.Success || !r.AlreadyApplied {
			return nil, false
		}
	}
	return results, true
}

// deletedAlready says whether a is a file_delete whose file is not there.
func deletedAlready(a *lang.Action, ws fsys.Workspace, cfg *Config) (string, bool) {
	if a.Op != lang.OpFileDelete.String() {
		return "", false
	}
	p, _ := a.Value(lang.ParamPath)
	abs, err := cfg.Resolve(p)
	if err != nil {
		return "", false
	}
	_, err = ws.Lstat(abs)
	return p, errors.Is(err, fs.ErrNotExist)
}

// writtenAlready says whether a is a file_write whose file already holds
// exactly what it writes (in the file's line ends).
func writtenAlready(a *lang.Action, ws fsys.Workspace, cfg *Config) (string, bool) {
	if a.Op != lang.OpFileWrite.String() {
		return "", false
	}
	p, _ := a.Value(lang.ParamPath)
	content, _ := a.Value(lang.ParamContent)
	abs, err := cfg.Resolve(p)
	if err != nil {
		return "", false
	}
	if fi, err := ws.Lstat(abs); err != nil || !fi.Mode().IsRegular() || fi.Size() > int64(len(content))*2+16 {
		return "", false
	}
	old, err := ws.ReadFile(abs)
	return p, err == nil && string(old) == textedit.FileEOL(old, content)
}
