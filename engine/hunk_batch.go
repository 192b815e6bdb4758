package engine

import (
	"context"

	"github.com/clada-dev/clada/engine/fsys"
	"github.com/clada-dev/clada/engine/textedit"
	"github.com/clada-dev/clada/lang"
)

// hunkBatch carries out a run of consecutive tolerant file_replace_text
// actions on one file (a V4A Update with many hunks) in one read, one
// in-memory pass and one write, instead of a read, match and atomic write
// per hunk. The hunks are applied one after another on the same text, so
// each result is the one the action alone would give: first each on the
// exact rung, on the file's raw bytes and then its index (edit_index.go),
// and from the first one that needs the ladder on, on line tables. If a
// hunk on line tables fails, those give nothing and every action from
// there runs on its own, so a failure is reported exactly as without
// batching.
type hunkBatch struct {
	run  map[*lang.Action][]*lang.Action // first action of a run → the run
	done map[*lang.Action]Result
}

// newHunkBatch finds the runs of a Patch group; nil for any other group.
func newHunkBatch(g *lang.Group) *hunkBatch {
	if g.Kind != lang.Patch {
		return nil
	}
	b := &hunkBatch{run: map[*lang.Action][]*lang.Action{}, done: map[*lang.Action]Result{}}
	key := func(a *lang.Action) string {
		if a.Op != lang.OpFileReplaceText.String() || a.HasErrors() {
			return ""
		}
		p := a.Param(lang.ParamPath)
		if p == nil || a.Param(lang.ParamTolerance) == nil {
			return ""
		}
		return p.Value
	}
	for i := 0; i < len(g.Actions); {
		k := key(g.Actions[i])
		j := i + 1
		for k != "" && j < len(g.Actions) && key(g.Actions[j]) == k {
			j++
		}
		if j-i > 1 {
			b.run[g.Actions[i]] = g.Actions[i:j]
		}
		i = j
	}
	return b
}

// result gives a's result when a belongs to a run that applied whole.
func (b *hunkBatch) result(ctx context.Context, a *lang.Action, ws fsys.Workspace, cfg *Config) (Result, bool) {
	if b == nil {
		return Result{}, false
	}
	if r, ok := b.done[a]; ok {
		return r, true
	}
	run, found := b.run[a]
	if !found {
		return Result{}, false
	}
	delete(b.run, a)
	// The exact rung first, on the raw bytes and then on the file's index
	// (edit_index.go): most hunks match exactly, and line tables of a big
	// file cost far more than finding them there. The hunks from the first
	// one that needs the ladder on run on line tables.
	var done []Result
	abs, p := "", ""
	for _, ra := range run {
		hx := &opRun{ctx: ctx, ws: ws, cfg: cfg, op: lang.OpFileReplaceText.String(), params: ra.ParamMap()}
		var r Result
		fast := false
		if abs != "" { // the run's path, checked for its first hunk
			r, fast = hx.replaceLinesFastAt(abs, p)
		} else if fsys.Indexes(ws) {
			var bad *Result
			if abs, p, bad = hx.path(lang.ParamPath, true); bad != nil {
				abs = ""
			} else {
				r, fast = hx.replaceLinesFastAt(abs, p)
			}
		}
		if !fast && len(done) == 0 {
			r, fast = hx.exactHunkSaved()
		}
		if !fast || !r.Success { // a failed write: the hunk runs on its own and says so
			break
		}
		done = append(done, r)
	}
	for i, r := range done {
		b.done[run[i]] = r
	}
	if rest := run[len(done):]; len(rest) > 0 && !b.onLines(ctx, rest, ws, cfg) && len(done) == 0 {
		return Result{}, false
	}
	r, ok := b.done[a]
	return r, ok
}

// onLines carries out run on the file's line tables, recording every
// result; false, having recorded none and changed nothing, when a hunk
// fails or the file cannot be written (each then runs on its own).
func (b *hunkBatch) onLines(ctx context.Context, run []*lang.Action, ws fsys.Workspace, cfg *Config) bool {
	x := &opRun{ctx: ctx, ws: ws, cfg: cfg, op: lang.OpFileReplaceText.String(), params: run[0].ParamMap()}
	abs, p, t, bad := x.editFile()
	if bad != nil {
		return false
	}
	lines := textedit.NewFileLines(t.Body)
	results := make([]Result, len(run))
	changed := false
	for i, ra := range run {
		hx := &opRun{ctx: ctx, ws: ws, cfg: cfg, op: lang.OpFileReplaceText.String(), params: ra.ParamMap()}
		d, already, bad := hx.applyHunk(lines, p, t.Body)
		switch {
		case bad != nil:
			return false
		case already: // a replayed hunk (textedit/replay.go): the lines are unchanged
			results[i] = appliedAlready(p)
		default:
			results[i], changed = ok(d), true
		}
	}
	if changed { // a wholly replayed run writes nothing
		t.Body = lines.Text()
		if r := x.save(abs, p, t, nil); !r.Success {
			return false
		}
	}
	for i, ra := range run {
		b.done[ra] = results[i]
	}
	return true
}
