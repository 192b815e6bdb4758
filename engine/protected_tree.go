package engine

import (
	"errors"
	"fmt"
	"path"
	"path/filepath"

	"github.com/clada-dev/clada/engine/fault"
	"github.com/clada-dev/clada/engine/fsys"
)

// protectedBelow refuses removing or moving a directory that holds a path
// no action may write (CheckWrite: .git, .clada, .ssh, a deny pattern):
// `remove home` takes home/.ssh/authorized_keys with it, and moving a tree
// rewrites every path below it. It walks the directory as the workspace
// sees it; an unreadable part is left for the op itself to report.
func (x *opRun) protectedBelow(abs, p string) *Result {
	fi, err := x.ws.Lstat(abs)
	if err != nil || !fi.IsDir() {
		return nil
	}
	var found error
	var walk func(dir, shown string)
	walk = func(dir, shown string) {
		entries, err := x.ws.ReadDir(dir)
		if err != nil {
			return
		}
		for _, e := range entries {
			if found != nil {
				return
			}
			child, childShown := filepath.Join(dir, e.Name()), path.Join(shown, e.Name())
			if err := x.cfg.CheckWrite(childShown, child); err != nil {
				found = err
				return
			}
			if e.IsDir() {
				walk(child, childShown)
			}
		}
	}
	walk(abs, p)
	var refused *fsys.RefusedError
	if !errors.As(found, &refused) {
		return nil
	}
	return &Result{Type: fault.PermissionDenied,
		Error: fmt.Sprintf("%s: '%s' holds a path actions never write: %s", x.op, p, refused.Reason),
		Hint:  refused.Fix + "; or name the parts of '" + p + "' to change one by one"}
}
