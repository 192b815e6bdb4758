package engine

import (
	"path"
	"path/filepath"
	"strings"
)

// A delete or move whose path is gone fails unless something shows it ran:
// a path mistyped looks the same on disk (README, "already applied"). The
// proof clada accepts is its own history of applies (Config.RemovedBy):
// an apply it signed, still standing, deleted that path or moved it where
// the answer moves it. Then the step is already applied: a success that
// writes nothing, so a patch or diff that only renames and deletes, or a
// SHAM file_delete, answered again, is already applied as a whole instead
// of failing on its first delete. The step's result names that apply
// (data "appliedBy").

// deletedBefore is the result of a delete (file_delete, remove,
// dir_delete) of p (at abs), which is not there, when the history shows
// an apply that deleted it; false when nothing shows one.
func (x *opRun) deletedBefore(abs, p string) (Result, bool) {
	if x.cfg.RemovedBy == nil {
		return Result{}, false
	}
	id := x.cfg.RemovedBy(abs, "")
	if id == "" {
		return Result{}, false
	}
	return Result{Success: true, AlreadyApplied: true, Data: map[string]any{"path": p, "appliedBy": id}}, true
}

// movedBefore is the result of a file_move of oldP (at src), which is not
// there, to newP (at dst), when the history shows an apply that moved it
// to where this move puts it, and it is there now (edited since or not:
// the move is done); false otherwise. Where a move puts it follows mv's
// rule (move): inside dst when dst is a directory now or newP ends in
// "/", and dst itself for a directory renamed to it; both are asked.
func (x *opRun) movedBefore(src, dst, oldP, newP string) (Result, bool) {
	if x.cfg.RemovedBy == nil {
		return Result{}, false
	}
	type place struct{ abs, shown string }
	var places []place
	slash := strings.ReplaceAll(newP, `\`, "/")
	if fi, err := x.ws.Lstat(dst); err == nil && fi.IsDir() || strings.HasSuffix(slash, "/") {
		places = append(places, place{filepath.Join(dst, filepath.Base(src)), path.Join(slash, filepath.Base(src))})
	}
	places = append(places, place{dst, newP})
	for _, at := range places {
		if _, err := x.ws.Lstat(at.abs); err != nil {
			continue
		}
		if id := x.cfg.RemovedBy(src, at.abs); id != "" {
			return Result{Success: true, AlreadyApplied: true, Data: map[string]any{"old_path": oldP, "new_path": at.shown, "appliedBy": id}}, true
		}
	}
	return Result{}, false
}
