package engine

import (
	"fmt"
	"time"

	"github.com/clada-dev/clada/engine/fsys"
	"github.com/clada-dev/clada/lang"
)

// commitSimulated carries out an --atomic apply whose simulation succeeded
// by writing what the simulation left, once per file, instead of running
// every action again on the tree: the second run located every edit a
// second time, and made 5,000 edits of one file cost --atomic about twice
// a plain apply. It does so only when the simulation rewrote existing files
// and did nothing else (fsys.Overlay.Rewrites), which is what an answer of
// edits does; ok false sends the apply the ordinary way, with nothing
// written.
//
// The caller holds the root's lock from before the simulation (lockRoot),
// so no other apply changed those files since. The files are staged as
// temps first (fsys.Batch); a temp that cannot be written aborts them all
// and hands the apply to the ordinary run, which reports why. Only then
// does the observer hear of each file (the git model records its
// before-state), and the temps are renamed into place in path order. A
// rename that fails puts the files renamed before it back (the batch is
// all or nothing: fsys/batch_undo.go), and every action that changed a
// file fails, saying what became of that file (commitFailed): the git
// model reads the files after the apply, so a file put back is no change
// of its, and one that could not be is, with its before-state recorded.
//
// The report is the simulation's, which is what the ordinary run reports
// for the same actions on the same files: the ops' results do not depend
// on where they ran (op_table.go), only a command's does, and --atomic
// refuses commands before this.
func commitSimulated(sim *Report, ov *fsys.Overlay, base fsys.Workspace, cfg *Config, obs Observer) (*Report, bool) {
	if cfg.ordinaryOnly {
		return nil, false
	}
	start := time.Now()
	writes, ok := ov.Rewrites()
	if !ok {
		return nil, false
	}
	b := fsys.NewBatch(base)
	b.AllOrNothing, b.FailRename = true, cfg.failRename
	for _, w := range writes {
		if err := b.Add(w.Name, w.Data); err != nil {
			b.Abort()
			return nil, false
		}
	}
	if err := b.Ready(); err != nil {
		b.Abort()
		return nil, false
	}
	rep := *sim
	rep.DryRun = false
	if obs != nil {
		for _, w := range writes {
			obs.BeforeChange(w.Name, false)
		}
	}
	if n, err := b.Commit(); n < len(writes) {
		commitFailed(&rep, cfg, writes, n, err, b.Undone())
	}
	rep.Success = rep.Success && rep.Failed() == 0
	rep.Duration += time.Since(start) // the simulation's, and the writes'
	if obs != nil {
		obs.Finish(&rep)
	}
	return &rep, true
}

// commitFailed fails every action of an --atomic apply whose commit
// failed at writes[n] (err), and says what became of its file: the file
// that could not be saved and those after it were left as they were; each
// one before it was put back (undone[i]), or could not be, and then its
// result says where its old content is, or was never renamed (i beyond
// undone: its temp waited for one that could not be written).
func commitFailed(rep *Report, cfg *Config, writes []fsys.Write, n int, err error, undone []fsys.Undone) {
	failed := shownPath(cfg, writes[n].Name)
	stuck := notPutBack(undone)
	fail := func(name, msg, hint string) {
		for _, o := range changedBy(rep, cfg, name) {
			r := &rep.Results[o]
			r.Success = false
			r.Error, r.Hint = r.Action+": "+msg, hint
		}
	}
	for i, w := range writes {
		shown := shownPath(cfg, w.Name)
		switch {
		case i < n && undone == nil:
			// Renamed, and not undone: a directory's fsync failed after
			// every rename (Batch.Commit), which is file n's failure.
		case i == n:
			hint := "--atomic changed nothing: every file is as it was; free space or fix permissions and apply again"
			if stuck > 0 {
				hint = fmt.Sprintf("this file was left as it was, but %d file(s) written before it could not be put back: their results say where their old content is", stuck)
			}
			fail(w.Name, fmt.Sprintf("saving '%s' failed: %v", shown, err), hint)
		case i > n || i >= len(undone):
			fail(w.Name, fmt.Sprintf("not written: saving '%s' failed and --atomic applies all or nothing; '%s' was left as it was", failed, shown), "")
		case i < len(undone) && undone[i].Err == nil:
			fail(w.Name, fmt.Sprintf("undone: saving '%s' failed and --atomic applies all or nothing; '%s' was put back as it was", failed, shown), "")
		default: // i < len(undone), and the file could not be put back
			msg, hint := keptNew(cfg, undone[i], fmt.Sprintf("saving '%s'", failed), "action")
			fail(w.Name, msg, hint)
		}
	}
}

// notPutBack counts the files a failed all-or-nothing commit could not put
// back.
func notPutBack(undone []fsys.Undone) int {
	n := 0
	for _, u := range undone {
		if u.Err != nil {
			n++
		}
	}
	return n
}

// keptNew is the error and hint of a step (unit: "action", "step") whose
// file u a failed all-or-nothing commit could not put back after cause
// failed: the file keeps its new content, and the hint says how to undo it.
func keptNew(cfg *Config, u fsys.Undone, cause, unit string) (string, string) {
	shown := shownPath(cfg, u.Name)
	msg := fmt.Sprintf("'%s' keeps its new content: %s failed, and putting this file back failed too: %v", shown, cause, u.Err)
	if u.Old != "" {
		return msg, fmt.Sprintf("its old content is in '%s': move that over '%s' to undo this %s", shownPath(cfg, u.Old), shown, unit)
	}
	return msg, fmt.Sprintf("'%s' did not exist before: remove it to undo this %s", shown, unit)
}

// changedBy lists the results (by index) of the actions that changed the
// file at abs: a successful result naming it, not already applied.
func changedBy(rep *Report, cfg *Config, abs string) []int {
	var out []int
	for i := range rep.Results {
		r := &rep.Results[i]
		if !r.Success || r.AlreadyApplied {
			continue
		}
		if p, ok := r.Value(lang.ParamPath); ok {
			if a, err := cfg.Resolve(p); err == nil && a == abs {
				out = append(out, i)
			}
		}
	}
	return out
}
