package history

import (
	"context"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/lang"
)

// Attach is the git model of one apply of doc under cfg (TrackerWith) and
// the config to run it with: cfg with RemovedBy answered from the same
// model's repository and history (removedBy), so a delete or move that an
// apply clada signed already made is already applied inside the run
// (engine/removed_before.go). The repository is found once for both, and
// only when the run first needs it. Under --no-git cfg comes back as it
// is and the observer is nil.
func Attach(ctx context.Context, cfg *engine.Config, doc *lang.Document, gc *GitConfig) (*engine.Config, engine.Observer) {
	if cfg.NoGit {
		return cfg, nil
	}
	c := *cfg
	t := &applyTracker{ctx: ctx, cfg: &c, doc: doc, gc: gc, at: map[string]int{}}
	c.RemovedBy = t.removedBy
	return &c, t
}

// RemovedBy is engine.Config.RemovedBy for a run with no git model of its
// own (a simulation: the language server's, check --against): it finds
// the repository (one git process) and reads the history the first time
// it is asked. nil under --no-git.
func RemovedBy(ctx context.Context, cfg *engine.Config) func(abs, to string) string {
	if cfg.NoGit {
		return nil
	}
	t := &applyTracker{ctx: ctx, cfg: cfg, doc: &lang.Document{}, at: map[string]int{}}
	return t.removedBy
}

// removedBy says which apply of clada's history (README, "The git model")
// took abs away, when it is the newest signed apply, still standing, that
// changed abs and it deleted abs (to == "") or moved it to the absolute
// path to (movedTo: found by its bytes, or inside a directory moved that
// holds its files now); "" when no such apply shows it: outside a work
// tree, with no key to check the records by, for a path a later apply
// made again, or for a delete asked of a path an apply moved away (the
// answer did not ask for that move, so nothing shows it ran). The history
// is read once, when first asked.
func (t *applyTracker) removedBy(abs, to string) string {
	if !t.open() {
		return ""
	}
	rel, ok := t.rel(abs)
	if !ok {
		return ""
	}
	rec, f, ok := lastChange(t.history().signed, rel)
	if !ok || f.After != nil {
		return ""
	}
	moved := t.movedTo(rec, f)
	if to == "" {
		if moved != "" {
			return ""
		}
		return rec.ID
	}
	if dest, ok := t.rel(to); !ok || moved == "" || moved != dest {
		return ""
	}
	return rec.ID
}

// history is the history of applies as it was when first asked for in
// this apply (an unreadable one knows of no apply); the apply's own
// record, written since, is not done yet and changes no answer.
func (t *applyTracker) history() *records {
	if t.hist == nil {
		h, err := readHistory(t.r.gitDir, t.r.key(false))
		if err != nil {
			h = records{}
		}
		t.hist = &h
	}
	return t.hist
}
