package history

import (
	"cmp"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/engine/fault"
	"github.com/clada-dev/clada/lang"
)

// missingHints says, for each action that failed because its file is not
// on disk, what git and clada's own history know about that file, where
// the op could only guess ("if this answer was applied before, ... ;
// otherwise check the path"). In the order tried:
//   - a sparse checkout leaves the file out (sparse_hint.go);
//   - an action of this answer before it deleted or moved the file;
//   - git tracks the file, which is missing from the work tree: it was
//     deleted and that is not committed (git status lists it);
//   - an apply clada recorded and signed (README "The git model") deleted
//     the file or moved it away, and still stands: the hint names that
//     apply, its commit and how long ago, and for a delete or a move to
//     the same place says it is already done;
//   - none of these: the file is not there, and the hint asks to check the
//     path alone, so the session may add a near name ("did you mean").
//
// Each such hint replaces the op's, and only the last asks to check the
// path (engine.Result.CheckPath). It runs git only when such a failure
// happened: one rev-parse to find the repository (unless the apply found
// it already) and one ls-files for all the paths; the history is a file
// read. Without git (--no-git, not a repository) the op's own hint stays.
func (t *applyTracker) missingHints(rep *engine.Report) {
	type missing struct {
		i     int    // index in rep.Results
		shown string // the path as the answer wrote it
		rel   string // the path from the work tree top
	}
	var all []missing
	at := map[string]bool{}
	for i := range rep.Results {
		r := &rep.Results[i]
		if r.Success || r.Type != fault.FileNotFound {
			continue
		}
		p, _ := r.Value(cmp.Or(r.Param, lang.ParamPath))
		if p == "" {
			continue
		}
		abs, err := t.cfg.Resolve(p)
		if err != nil || !t.open() {
			continue
		}
		if rel, ok := t.rel(abs); ok {
			all = append(all, missing{i, p, rel})
			at[rel] = true
		}
	}
	if len(all) == 0 {
		return
	}
	l, err := t.r.indexListing(t.ctx, "", sortedKeys(at), false)
	if err != nil {
		return // only a hint
	}
	for _, m := range all {
		r := &rep.Results[m.i]
		spec := lang.Lookup(r.Action)
		if l.skip[m.rel] {
			// In place of "check the path": the path is right.
			r.Hint, r.CheckPath = t.sparseHint(spec, m.rel), false
			continue
		}
		if !r.CheckPath || spec == nil || engine.CreatesFile(r.Action) || (r.Param != "" && r.Param != lang.ParamPath && r.Param != lang.ParamOldPath) {
			continue // a file the op would make (its folder is missing), or a hint that knows better
		}
		if hint, known := t.thisApplyHint(rep, m.i, m.shown, m.rel); known {
			r.Hint, r.CheckPath = hint, false
			continue
		}
		if l.tracked[m.rel] {
			// Tracked (a directory: files below it): any apply that
			// deleted it took its entries out of the index, so it came
			// back since and went again.
			r.Hint, r.CheckPath = fmt.Sprintf("'%s' is not on disk, though git tracks it: it was deleted in the work tree and that is not committed (`git status` lists it)", m.shown), false
			if spec.ID != lang.OpFileDelete && spec.ID != lang.OpRemove {
				r.Hint += fmt.Sprintf("; `git restore -- %s` brings it back", t.fromRoot(m.rel))
			}
			continue
		}
		switch hint, known := t.historyHint(r, m.shown, m.rel, t.history().signed); {
		case known:
			r.Hint, r.CheckPath = hint, false
		case spec.ID == lang.OpFileDelete:
			// Nothing shows an earlier apply: the op's "if this answer was
			// applied before" would send a mistyped path's model on.
			r.Hint = fmt.Sprintf("'%s' does not exist: check the path (it is relative to the project root)", m.shown)
		case spec.ID == lang.OpFileMove:
			r.Hint = "check old_path: it is relative to the project root" // as when the destination is missing too
		}
	}
}

// thisApplyHint is what this apply did to rel, when the file was there as
// it began and an action before result i took it away (its deletion is
// not committed yet, so git still tracks it): the task that deleted or
// moved it, or else that an earlier action did (a command).
func (t *applyTracker) thisApplyHint(rep *engine.Report, i int, shown, rel string) (string, bool) {
	k, ok := t.at[rel]
	if !ok || k < 0 || t.rec.Files[k].Before == nil {
		return "", false
	}
	for j := i - 1; j >= 0; j-- {
		e := &rep.Results[j]
		param := engine.TakesAway(e.Action)
		if !e.Success || e.AlreadyApplied || param == "" {
			continue
		}
		p, _ := e.Value(param)
		abs, err := t.cfg.Resolve(p)
		if err != nil {
			continue
		}
		gone, ok := t.rel(abs)
		below, inside := strings.CutPrefix(rel, gone+"/")
		if !ok || (gone != rel && !inside) {
			continue
		}
		if to, _ := e.Data["new_path"].(string); param == lang.ParamOldPath && to != "" {
			if inside {
				to = path.Join(to, below)
			}
			return fmt.Sprintf("'%s' does not exist: %s of this answer moved it to '%s'", shown, e.Task, to), true
		}
		return fmt.Sprintf("'%s' does not exist: %s of this answer deleted it", shown, e.Task), true
	}
	return fmt.Sprintf("'%s' does not exist: it was there when this apply began, and an action before this one took it away", shown), true
}

// historyHint is what the newest apply of recs that changed rel, and still
// stands, did to it: moved it away or deleted it (known); nothing known
// when that apply made or changed the file, since something else then
// took it away, or when no apply touched it.
func (t *applyTracker) historyHint(r *engine.ActionResult, shown, rel string, recs []ApplyRecord) (string, bool) {
	rec, f, ok := lastChange(recs, rel)
	if !ok || f.After != nil {
		return "", false
	}
	who := "clada's apply " + rec.ID + " ("
	if rec.ApplyCommit != "" {
		who += fmt.Sprintf("commit %.12s, ", rec.ApplyCommit)
	}
	who += ago(time.Since(rec.Time)) + ")"
	to := t.movedTo(rec, f)
	switch {
	case to == "" && engine.TakesAway(r.Action) == lang.ParamPath:
		return fmt.Sprintf("'%s' is already deleted: %s deleted it", shown, who), true
	case to == "":
		return fmt.Sprintf("'%s' does not exist: %s deleted it", shown, who), true
	case engine.TakesAway(r.Action) == lang.ParamOldPath && t.sameDest(r, to):
		return fmt.Sprintf("'%s' is already moved: %s moved it to '%s'", shown, who, t.fromRoot(to)), true
	}
	return fmt.Sprintf("'%s' does not exist: %s moved it to '%s'", shown, who, t.fromRoot(to)), true
}

// lastChange is the newest record of recs (in history order) that changed
// rel and still stands: done, neither undone, nor interrupted before its
// state after was read, nor folded into a squash (whose own record stands
// for it).
func lastChange(recs []ApplyRecord, rel string) (ApplyRecord, FileChange, bool) {
	for i := len(recs) - 1; i >= 0; i-- {
		if recs[i].Status != ApplyDone {
			continue
		}
		for _, f := range recs[i].Files {
			if f.Path == rel && !sameState(f.Before, f.After) {
				return recs[i], f, true
			}
		}
	}
	return ApplyRecord{}, FileChange{}, false
}

// movedTo is the path (from the work tree top) where rec put what gone's
// path held before, when rec removed that path and put it elsewhere: a
// move; "" when nothing shows one. A file is found by its bytes, or inside
// a directory moved; a directory moved is one rec made (dirMovedTo).
func (t *applyTracker) movedTo(rec ApplyRecord, gone FileChange) string {
	if gone.Before == nil {
		return ""
	}
	if gone.Before.Mode != modeDir && gone.Before.Raw != "" {
		for _, f := range rec.Files {
			if f.Path != gone.Path && f.After != nil && f.After.Raw == gone.Before.Raw &&
				f.After.Mode == gone.Before.Mode && !sameState(f.Before, f.After) {
				return f.Path
			}
		}
	}
	for d := gone.Path; d != "."; d = path.Dir(d) {
		if to := t.dirMovedTo(rec, d); to != "" {
			return to + strings.TrimPrefix(gone.Path, d)
		}
	}
	return ""
}

// dirMovedTo is the directory rec moved the directory dir to: a move
// records the directory it makes and nothing below it (the files come
// along), so it is a directory rec made with no recorded path below, that
// holds now every file rec recorded as gone below dir; "" when rec did not
// remove dir, or no such directory shows (an empty one moved, or files
// changed since).
func (t *applyTracker) dirMovedTo(rec ApplyRecord, dir string) string {
	var gone []string // below dir
	removed := false
	for _, f := range rec.Files {
		switch below, ok := strings.CutPrefix(f.Path, dir+"/"); {
		case f.Path == dir:
			removed = f.Before != nil && f.Before.Mode == modeDir && f.After == nil
		case ok && f.Before != nil && f.Before.Mode != modeDir && f.After == nil:
			gone = append(gone, below)
		}
	}
	if !removed || len(gone) == 0 {
		return ""
	}
next:
	for _, f := range rec.Files {
		if f.Before != nil || f.After == nil || f.After.Mode != modeDir {
			continue
		}
		for _, g := range rec.Files {
			if strings.HasPrefix(g.Path, f.Path+"/") {
				continue next // a parent made for what is below it
			}
		}
		for _, below := range gone {
			if _, err := os.Lstat(filepath.Join(t.r.top, filepath.FromSlash(f.Path+"/"+below))); err != nil {
				continue next
			}
		}
		return f.Path
	}
	return ""
}

// sameDest reports whether a file_move's new_path (or, for an existing
// folder, the same name inside it) is to: the answer asks for the move
// that was made.
func (t *applyTracker) sameDest(r *engine.ActionResult, to string) bool {
	p, _ := r.Value(lang.ParamNewPath)
	old, _ := r.Value(lang.ParamOldPath)
	abs, err := t.cfg.Resolve(p)
	if p == "" || err != nil {
		return false
	}
	rel, ok := t.rel(abs)
	return ok && (rel == to || rel+"/"+path.Base(filepath.ToSlash(old)) == to)
}

// fromRoot is rel (from the work tree top) as a path from the project
// root, the way the answer names its paths and a command run there sees
// them.
func (t *applyTracker) fromRoot(rel string) string {
	p, err := filepath.Rel(t.cfg.Root, filepath.Join(t.r.top, filepath.FromSlash(rel)))
	if err != nil {
		return rel
	}
	return filepath.ToSlash(p)
}

// ago says how long ago d was, as roughly as a person would.
func ago(d time.Duration) string {
	switch {
	case d < time.Minute:
		return "less than a minute ago"
	case d < 2*time.Minute:
		return "a minute ago"
	case d < time.Hour:
		return fmt.Sprintf("%d minutes ago", int(d/time.Minute))
	case d < 2*time.Hour:
		return "an hour ago"
	case d < 48*time.Hour:
		return fmt.Sprintf("%d hours ago", int(d/time.Hour))
	}
	return fmt.Sprintf("%d days ago", int(d/(24*time.Hour)))
}
