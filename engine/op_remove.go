package engine

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"syscall"

	"github.com/clada-dev/clada/engine/fault"
	"github.com/clada-dev/clada/engine/fsys"
	"github.com/clada-dev/clada/engine/textedit"
	"github.com/clada-dev/clada/lang"
)

// notRoot refuses to remove or move the root (or an --allow directory)
// itself: no op may take away the tree it works in.
func (x *opRun) notRoot(abs, p string) *Result {
	for _, d := range append([]string{x.cfg.Root}, x.cfg.Allow...) {
		if abs == filepath.Clean(d) {
			return &Result{Error: fmt.Sprintf("%s: '%s' is the project root", x.op, p), Type: fault.PermissionDenied,
				Hint: "name a file or directory inside the root"}
		}
	}
	return nil
}

// fileDelete is file_delete: a regular file (or a symlink itself) only.
func (x *opRun) fileDelete() Result {
	abs, p, bad := x.path(lang.ParamPath, true)
	if bad != nil {
		return *bad
	}
	if bad := x.notRoot(abs, p); bad != nil {
		return *bad
	}
	fi, err := x.ws.Lstat(abs)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			if done, ok := x.deletedBefore(abs, p); ok {
				return done // removed_before.go
			}
		}
		r := x.fail("unlink", p, err)
		if errors.Is(err, fs.ErrNotExist) {
			r.Hint = fmt.Sprintf("'%s' does not exist: if this answer was applied before, it is already deleted; otherwise check the path (it is relative to the project root)", p)
		}
		return r
	}
	switch m := fi.Mode(); {
	case m.IsDir():
		r := x.fail("unlink", p, syscall.EISDIR)
		r.Hint = "file_delete removes files only; use dir_delete for an empty directory or remove for a whole tree"
		return r
	case m&fs.ModeSymlink == 0 && !m.IsRegular():
		return x.fail("unlink", p, fsys.NotRegular(p, m))
	}
	if bad := x.holdsOldContent(abs, p, fi); bad != nil {
		return *bad
	}
	if err := x.ws.Remove(abs); err != nil {
		return x.fail("unlink", p, err)
	}
	return ok(map[string]any{"path": p})
}

// holdsOldContent refuses to delete a file that no longer holds the
// old_content the answer saw (a unified diff's deleted file states the
// whole file in its removed lines): deleting it would lose whatever
// changed since, and git apply refuses it too. Line ends written as \n
// match a CRLF file, and a BOM is the file's own, as for any edit.
func (x *opRun) holdsOldContent(abs, p string, fi fs.FileInfo) *Result {
	want, given := x.params[lang.ParamOldContent]
	if !given {
		return nil
	}
	if !fi.Mode().IsRegular() {
		return &Result{Param: lang.ParamOldContent, Error: fmt.Sprintf("%s: '%s' is a symbolic link, not the file whose content the answer states", x.op, p),
			Type: fault.SearchNotFound, Hint: "delete the link yourself if that is what you want"}
	}
	data, bad := x.readCapped(abs, p)
	if bad != nil {
		return bad
	}
	t, err := textedit.Decode(data)
	if err == nil && (t.Body == want || t.Body == t.ToFileEOL(want)) {
		return nil
	}
	r := &Result{Param: lang.ParamOldContent, Type: fault.SearchNotFound,
		Error: fmt.Sprintf("%s: '%s' has changed since the answer was written: it no longer holds the content the answer deletes", x.op, p),
		Hint:  "the file keeps its changes; check them (git diff), then delete it yourself if it should go, or ask for the answer again from the file as it is now"}
	if err == nil {
		if d := textedit.ContentDiffers(t.Body, t.ToFileEOL(want)); d != "" {
			r.Hint = d + "; " + r.Hint
		}
	}
	return r
}

// remove deletes a file, a symlink itself, or a directory with everything
// in it.
func (x *opRun) remove() Result {
	abs, p, bad := x.path(lang.ParamPath, true)
	if bad != nil {
		return *bad
	}
	if bad := x.notRoot(abs, p); bad != nil {
		return *bad
	}
	if _, err := x.ws.Lstat(abs); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			if done, ok := x.deletedBefore(abs, p); ok {
				return done // removed_before.go
			}
		}
		return x.fail("rm", p, err)
	}
	if bad := x.protectedBelow(abs, p); bad != nil { // protected_tree.go
		return *bad
	}
	if err := x.ws.RemoveAll(abs); err != nil {
		return x.fail("rm", p, err)
	}
	return ok(map[string]any{"path": p})
}
