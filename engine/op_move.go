package engine

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"strings"

	"github.com/clada-dev/clada/engine/fault"
	"github.com/clada-dev/clada/engine/fsys"
	"github.com/clada-dev/clada/lang"
)

// move is file_move (CML move): files and directories; creates the
// destination's parents; a file at the destination is overwritten and
// reported with overwrote: true. A destination ending in "/" or naming an
// existing directory receives the source inside it (file.txt to dir/ is
// dir/file.txt; src/ to an existing dest/ is dest/src; src/ to a missing
// dest/ renames src to dest). A symlink is moved as itself.
func (x *opRun) move() Result {
	src, oldP, bad := x.path(lang.ParamOldPath, true)
	if bad != nil {
		return *bad
	}
	dst, newP, bad := x.path(lang.ParamNewPath, true)
	if bad != nil {
		return *bad
	}
	if bad := x.notRoot(src, oldP); bad != nil {
		return *bad
	}
	sfi, err := x.ws.Lstat(src)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			if done, ok := x.movedBefore(src, dst, oldP, newP); ok {
				return done // removed_before.go
			}
			hint := "check old_path: it is relative to the project root"
			if fi, err := x.ws.Lstat(dst); err == nil && fi.Mode().IsRegular() {
				// An answer sent again: say what the tree shows, never
				// guess that the move ran (a wrong old_path looks the same).
				hint = fmt.Sprintf("'%s' exists and '%s' does not: if this answer was applied before, the move is done; otherwise check old_path (it is relative to the project root)", newP, oldP)
			}
			return Result{Error: fmt.Sprintf("file_move: Source file not found '%s' (ENOENT)", oldP), Type: fault.FileNotFound, Hint: hint, CheckPath: true}
		}
		return x.failMove("rename", oldP, newP, err)
	}
	// A FIFO, socket or device is refused whichever workspace runs the move,
	// so --dry-run says what the real apply does.
	if m := sfi.Mode(); !m.IsRegular() && !m.IsDir() && m&fs.ModeSymlink == 0 {
		return x.fail("rename", oldP, fsys.NotRegular(oldP, m))
	}
	if bad := x.protectedBelow(src, oldP); bad != nil { // protected_tree.go
		return *bad
	}
	// mv's rule, as CML spells it: an existing directory receives the source
	// inside it; a trailing "/" makes a file go inside the (new) directory,
	// while a directory moved to a "dest/" that does not exist yet is renamed
	// to it (src/ to a missing dest/ is dest/, not dest/src).
	into := false
	if fi, err := x.ws.Lstat(dst); err == nil && fi.IsDir() && src != dst {
		into = true
	} else if strings.HasSuffix(strings.ReplaceAll(newP, `\`, "/"), "/") {
		sfi, _ := x.ws.Lstat(src)
		into = sfi == nil || !sfi.IsDir()
	}
	if into {
		dst = filepath.Join(dst, filepath.Base(src))
		newP = path.Join(strings.ReplaceAll(newP, `\`, "/"), filepath.Base(src))
		if err := x.cfg.CheckWrite(newP, dst); err != nil {
			return atNewPath(x.fail("rename", newP, err))
		}
	}
	if fsys.Within(src, dst) && src != dst {
		return Result{Error: fmt.Sprintf("%s: cannot move '%s' into itself ('%s')", x.op, oldP, newP),
			Hint: "pick a destination outside the directory being moved"}
	}
	if bad := x.notRoot(dst, newP); bad != nil {
		return atNewPath(*bad)
	}
	if src == dst {
		return ok(map[string]any{"old_path": oldP, "new_path": newP})
	}
	overwrote := false
	if fi, err := x.ws.Lstat(dst); err == nil {
		overwrote = !fi.IsDir()
	}
	if overwrote && x.params[lang.ParamOverwrite] == "false" {
		return Result{Param: lang.ParamNewPath, Error: fmt.Sprintf("%s: '%s' already exists; not moving '%s' onto it", x.op, newP, oldP), Type: fault.FileExists,
			Hint: "move it somewhere free, or delete the existing file first"}
	}
	if err := x.ws.MkdirAll(filepath.Dir(dst)); err != nil { // the destination's parents
		return atNewPath(x.failMove("rename", oldP, newP, err))
	}
	if err := x.ws.Rename(src, dst); err != nil {
		return x.failMove("rename", oldP, newP, err)
	}
	data := map[string]any{"old_path": oldP, "new_path": newP}
	if overwrote {
		data["overwrote"] = true
	}
	return ok(data)
}

// atNewPath is a failure of file_move that is the destination's: new_path
// is what to fix.
func atNewPath(r Result) Result {
	r.Param = lang.ParamNewPath
	return r
}
