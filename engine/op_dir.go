package engine

import (
	"errors"
	"io/fs"
	"syscall"
	"time"

	"github.com/clada-dev/clada/engine/fsys"
	"github.com/clada-dev/clada/lang"
)

// dirCreate is dir_create: mkdir -p; an existing directory is fine, an
// existing file is not.
func (x *opRun) dirCreate() Result {
	abs, p, bad := x.path(lang.ParamPath, true)
	if bad != nil {
		return *bad
	}
	if err := x.ws.MkdirAll(abs); err != nil {
		if fi, serr := x.ws.Lstat(abs); serr == nil && !fi.IsDir() {
			err = fs.ErrExist
		}
		return x.fail("mkdir", p, err)
	}
	return ok(map[string]any{"path": p})
}

// dirDelete is dir_delete: empty directories only (remove deletes trees).
func (x *opRun) dirDelete() Result {
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
		return x.fail("rmdir", p, err)
	}
	if !fi.IsDir() {
		r := x.fail("rmdir", p, fsys.NotDir("rmdir", p))
		r.Hint = "dir_delete removes empty directories; use file_delete for a file"
		return r
	}
	if err := x.ws.Remove(abs); err != nil {
		r := x.fail("rmdir", p, err)
		if r.Error != "" && sysErrno(err) == syscall.ENOTEMPTY {
			r.Hint = "dir_delete removes empty directories only; use remove to delete it with its contents"
		}
		return r
	}
	return ok(map[string]any{"path": p})
}

// LsEntry is one line of an ls result.
type LsEntry struct {
	Name     string `json:"name"`
	Type     string `json:"type"` // file, directory, symlink or other
	Size     int64  `json:"size"`
	Modified string `json:"modified"` // RFC 3339, UTC
}

// ls lists a directory: name, type, size, modified.
func (x *opRun) ls() Result {
	abs, p, bad := x.path(lang.ParamPath, false)
	if bad != nil {
		return *bad
	}
	infos, err := x.ws.ReadDir(abs)
	if err != nil {
		return x.fail("scandir", p, err)
	}
	entries := make([]LsEntry, len(infos))
	for i, fi := range infos {
		entries[i] = LsEntry{Name: fi.Name(), Type: fileType(fi.Mode()), Size: fi.Size(),
			Modified: fi.ModTime().UTC().Format(time.RFC3339)}
	}
	return ok(map[string]any{"path": p, "entries": entries})
}

func fileType(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "directory"
	case m&fs.ModeSymlink != 0:
		return "symlink"
	case m.IsRegular():
		return "file"
	}
	return "other"
}
