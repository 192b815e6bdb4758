package engine

import (
	"fmt"
	"io/fs"
	"path/filepath"
	"syscall"

	"github.com/clada-dev/clada/engine/fault"
	"github.com/clada-dev/clada/engine/fsys"
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
		return x.fail("unlink", p, err)
	}
	switch m := fi.Mode(); {
	case m.IsDir():
		r := x.fail("unlink", p, syscall.EISDIR)
		r.Hint = "file_delete removes files only; use dir_delete for an empty directory or remove for a whole tree"
		return r
	case m&fs.ModeSymlink == 0 && !m.IsRegular():
		return x.fail("unlink", p, fsys.NotRegular(p, m))
	}
	if err := x.ws.Remove(abs); err != nil {
		return x.fail("unlink", p, err)
	}
	return ok(map[string]any{"path": p})
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
