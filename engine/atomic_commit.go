package engine

import (
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
// rename that fails is the failure of every action that changed that file
// or a later one, none of which reached the disk (flushFailed's words).
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
	n, err := b.Commit()
	for _, w := range writes[min(n, len(writes)):] {
		flushFailed(&rep, cfg, fsys.FlushError{Path: w.Name, Err: err, Owners: changedBy(&rep, cfg, w.Name)})
	}
	rep.Success = rep.Success && rep.Failed() == 0
	rep.Duration += time.Since(start) // the simulation's, and the writes'
	if obs != nil {
		obs.Finish(&rep)
	}
	return &rep, true
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
