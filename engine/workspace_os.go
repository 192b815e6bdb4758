package engine

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// OSWorkspace is the real filesystem. Every access goes through an os.Root
// opened at the project root (or an --allow directory, or "/" under
// --allow-escape), so even a symlink swapped in mid-run cannot lead a write
// outside; on top of that it refuses symlinks and special files by policy.
type OSWorkspace struct {
	cfg   *Config
	trees []tree
	// obs, during a real run that has one, hears of every path before it
	// changes (observer.go).
	obs Observer
	// wb, during a real apply, holds the files it wrote (workspace_cache.go).
	wb *writeBack
}

// changing tells the run's observer that abs (and everything below it, if
// whole) is about to change.
func (w *OSWorkspace) changing(abs string, whole bool) {
	if w.obs != nil {
		w.obs.BeforeChange(abs, whole)
	}
}

// tree is one directory the workspace may reach and its os.Root.
type tree struct {
	dir  string
	root *os.Root
}

// NewOS opens the root (and each --allow directory) for a run. Close it when
// the run ends.
func NewOS(cfg *Config) (*OSWorkspace, error) {
	w := &OSWorkspace{cfg: cfg}
	dirs := append([]string{cfg.Root}, cfg.Allow...)
	if cfg.AllowEscape {
		dirs = append(dirs, string(filepath.Separator))
	}
	for _, d := range dirs {
		r, err := os.OpenRoot(d)
		if err != nil {
			w.Close()
			return nil, fmt.Errorf("open workspace directory %s: %w", d, err)
		}
		w.trees = append(w.trees, tree{dir: filepath.Clean(d), root: r})
	}
	return w, nil
}

// Close releases the directory handles.
func (w *OSWorkspace) Close() error {
	var first error
	for _, t := range w.trees {
		if err := t.root.Close(); err != nil && first == nil {
			first = err
		}
	}
	w.trees = nil
	return first
}

// locate finds the tree serving abs and the path relative to it ("." for the
// tree's own directory).
func (w *OSWorkspace) locate(abs string) (*tree, string, error) {
	for i := range w.trees {
		t := &w.trees[i]
		if within(t.dir, abs) {
			rel, err := filepath.Rel(t.dir, abs)
			if err != nil {
				break
			}
			return t, rel, nil
		}
	}
	return nil, "", &RefusedError{Type: "path_escape", Path: abs,
		Reason: fmt.Sprintf("'%s' is outside the project root %s", abs, w.cfg.Root),
		Fix:    "use a path inside the root, add --allow DIR for that directory, or pass --allow-escape"}
}

// walkDirs checks every directory from the tree down to relDir: each must be
// a real directory, never a symlink. Missing ones are created when create is
// set (and their parents fsynced unless NoFsync), otherwise reported as the
// OS's not-exist error.
func (w *OSWorkspace) walkDirs(t *tree, relDir string, create bool) error {
	if relDir == "." || relDir == "" {
		return nil
	}
	parts := strings.Split(relDir, string(filepath.Separator))
	cur := ""
	missing := false
	for _, part := range parts {
		if cur == "" {
			cur = part
		} else {
			cur = cur + string(filepath.Separator) + part
		}
		if !missing {
			fi, err := t.root.Lstat(cur)
			switch {
			case err == nil && fi.Mode()&fs.ModeSymlink != 0:
				return symlinkRefused(filepath.Join(t.dir, cur))
			case err == nil && !fi.IsDir():
				return &fs.PathError{Op: "stat", Path: filepath.Join(t.dir, cur), Err: syscall.ENOTDIR}
			case err == nil:
				continue
			case !errors.Is(err, fs.ErrNotExist) || !create:
				return err
			}
			missing = true
		}
		if err := t.root.Mkdir(cur, 0o777); err != nil && !errors.Is(err, fs.ErrExist) {
			return err
		}
		if err := w.syncDir(t, filepath.Dir(cur)); err != nil {
			return err
		}
	}
	return nil
}

// syncDir makes a directory's entries durable, unless NoFsync.
func (w *OSWorkspace) syncDir(t *tree, rel string) error {
	if w.cfg.NoFsync {
		return nil
	}
	f, err := t.root.Open(rel)
	if err != nil {
		return err
	}
	err = f.Sync()
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// parentOf locates abs and checks its parent directories.
func (w *OSWorkspace) parentOf(abs string, create bool) (*tree, string, error) {
	t, rel, err := w.locate(abs)
	if err != nil {
		return nil, "", err
	}
	if err := w.walkDirs(t, filepath.Dir(rel), create); err != nil {
		return nil, "", err
	}
	return t, rel, nil
}

// refuseTreeRoot keeps remove and move from taking the root itself away.
func refuseTreeRoot(t *tree, rel string) error {
	if rel != "." {
		return nil
	}
	return &RefusedError{Type: "permission_denied", Path: t.dir,
		Reason: fmt.Sprintf("'%s' is the workspace directory itself", t.dir),
		Fix:    "name a file or directory inside it"}
}

func (w *OSWorkspace) Lstat(name string) (fs.FileInfo, error) {
	w.flushOne(name)
	t, rel, err := w.parentOf(name, false)
	if err != nil {
		return nil, err
	}
	return t.root.Lstat(rel)
}

func (w *OSWorkspace) ReadFile(name string) ([]byte, error) {
	if data, ok := w.cached(name); ok {
		return data, nil
	}
	f, fi, err := w.openRegular(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := readSized(f, fi.Size())
	if err != nil {
		return nil, &fs.PathError{Op: "read", Path: name, Err: err}
	}
	return data, nil
}

// singleLink refuses a regular file with more than one hard link, unless
// --allow-escape: the other name may be outside the root (a cloned archive
// or a command can make one), and reading through it would disclose that
// file. (Writes replace the file by a rename, so they never write through
// a link; they are refused all the same, so that a file clada cannot read
// is not one it rewrites.)
func (w *OSWorkspace) singleLink(name string, fi fs.FileInfo) error {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok || st.Nlink <= 1 || w.cfg.AllowEscape || !fi.Mode().IsRegular() {
		return nil
	}
	return &RefusedError{Type: "permission_denied", Path: name,
		Reason: fmt.Sprintf("'%s' has %d hard links; clada does not read or write a file that may also be a file outside the root", name, st.Nlink),
		Fix:    "copy it to a file of its own (cp), or pass --allow-escape"}
}

// regularFile refuses symlinks, directories and special files.
func regularFile(name string, fi fs.FileInfo) error {
	m := fi.Mode()
	switch {
	case m&fs.ModeSymlink != 0:
		return symlinkRefused(name)
	case m.IsDir():
		return &fs.PathError{Op: "open", Path: name, Err: syscall.EISDIR}
	case !m.IsRegular():
		return notRegular(name, m)
	}
	return nil
}

func (w *OSWorkspace) MkdirAll(name string) error {
	w.changing(name, false)
	t, rel, err := w.locate(name)
	if err != nil {
		return err
	}
	return w.walkDirs(t, rel, true)
}

func (w *OSWorkspace) Mkdir(name string) error {
	w.changing(name, false)
	t, rel, err := w.parentOf(name, false)
	if err != nil {
		return err
	}
	if err := t.root.Mkdir(rel, 0o777); err != nil {
		return err
	}
	return w.syncDir(t, filepath.Dir(rel))
}

func (w *OSWorkspace) Remove(name string) error { return w.remove(name, (*os.Root).Remove) }

func (w *OSWorkspace) RemoveAll(name string) error { return w.remove(name, (*os.Root).RemoveAll) }

// remove is Remove or RemoveAll (rm): both refuse a tree's root and make the
// removal durable by syncing the parent directory.
func (w *OSWorkspace) remove(name string, rm func(*os.Root, string) error) error {
	w.settle()
	w.changing(name, true)
	t, rel, err := w.parentOf(name, false)
	if err != nil {
		return err
	}
	if err := refuseTreeRoot(t, rel); err != nil {
		return err
	}
	if err := rm(t.root, rel); err != nil {
		return err
	}
	return w.syncDir(t, filepath.Dir(rel))
}

func (w *OSWorkspace) Rename(oldname, newname string) error {
	w.settle()
	w.changing(oldname, true)
	w.changing(newname, true)
	t, oldRel, err := w.parentOf(oldname, false)
	if err != nil {
		return err
	}
	t2, newRel, err := w.parentOf(newname, false)
	if err != nil {
		return err
	}
	if t != t2 {
		return &RefusedError{Type: "permission_denied", Path: oldname,
			Reason: fmt.Sprintf("cannot move '%s' to '%s': they are in different allowed directories", oldname, newname),
			Fix:    "move within one directory tree, or copy the content with file_read and file_write"}
	}
	if err := refuseTreeRoot(t, oldRel); err != nil {
		return err
	}
	if err := refuseTreeRoot(t, newRel); err != nil {
		return err
	}
	if err := t.root.Rename(oldRel, newRel); err != nil {
		return err
	}
	if err := w.syncDir(t, filepath.Dir(newRel)); err != nil {
		return err
	}
	if filepath.Dir(oldRel) != filepath.Dir(newRel) {
		return w.syncDir(t, filepath.Dir(oldRel))
	}
	return nil
}

func (w *OSWorkspace) ReadDir(name string) ([]fs.FileInfo, error) {
	w.flush()
	t, rel, err := w.parentOf(name, false)
	if err != nil {
		return nil, err
	}
	fi, err := t.root.Lstat(rel)
	if err != nil {
		return nil, err
	}
	if fi.Mode()&fs.ModeSymlink != 0 {
		return nil, symlinkRefused(name)
	}
	if !fi.IsDir() {
		return nil, &fs.PathError{Op: "scandir", Path: name, Err: syscall.ENOTDIR}
	}
	f, err := t.root.Open(rel)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return sortedInfos(f)
}
