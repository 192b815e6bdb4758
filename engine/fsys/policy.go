package fsys

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"syscall"

	"github.com/clada-dev/clada/engine/fault"
	"github.com/clada-dev/clada/internal/state"
)

// The symlink and special-file policy (DESIGN.md, "Paths and safety"),
// written once for both workspaces. Reading or writing *through* a symlink
// is refused, wherever it is in the path; moving or removing a symlink
// itself is allowed. Only regular files are read or written: a FIFO can
// block forever, a device talks to hardware. A file with a second hard
// link is refused unless --allow-escape, since the other name may be
// outside the root.
//
// guard applies it to the entry an op acts on and to that entry's parent;
// the trees it decorates refuse a symlink or a file among the ancestors
// as they walk to a path (the OS walks them one by one through its
// os.Root, judging each with dirStep; an Overlay holds only directories it
// made under directories, and asks its base for the rest).

// tree is a file tree that does what it is asked, with no policy of its
// own: the OS's (os.go) or an Overlay's (overlay.go). guard calls it only
// once the policy allows the op; fi is what guard saw at name.
type tree interface {
	lstat(name string) (fs.FileInfo, error)
	// readFile reads the regular file fi describes; a tree that opens the
	// file checks that it is still that file.
	readFile(name string, fi fs.FileInfo) ([]byte, error)
	// writeFile replaces name; old is the file there (nil when none, and
	// then the missing parents are made).
	writeFile(name string, data []byte, old fs.FileInfo) error
	mkdirAll(name string) error
	mkdir(name string) error
	remove(name string) error
	removeAll(name string) error
	rename(oldname, newname string) error
	readDir(name string) ([]fs.FileInfo, error)
}

// guard is the policy as a decorator: a Workspace over a tree.
type guard struct {
	t tree
	// links allows a regular file with more than one hard link
	// (--allow-escape, or a tree whose files have no link count).
	links bool
}

func (g guard) Lstat(name string) (fs.FileInfo, error) { return g.t.lstat(name) }

func (g guard) ReadFile(name string) ([]byte, error) {
	fi, err := g.regular(name)
	if err != nil {
		return nil, err
	}
	return g.t.readFile(name, fi)
}

// regular looks at name for a read and refuses anything but a regular file
// with one name.
func (g guard) regular(name string) (fs.FileInfo, error) {
	fi, err := g.t.lstat(name)
	if err != nil {
		return nil, err
	}
	if err := regularFile(name, fi); err != nil {
		return nil, err
	}
	if err := g.singleLink(name, fi); err != nil {
		return nil, err
	}
	return fi, nil
}

func (g guard) WriteFile(name string, data []byte) error {
	fi, err := g.writeTarget(name)
	if err != nil {
		return err
	}
	return g.t.writeFile(name, data, fi)
}

// writeTarget is what a write to name would replace: the regular file
// there, or nil when there is none (a new file); an error refuses the
// write. Writes replace the file by a rename, so they never write through
// a link; a file clada cannot read is not one it rewrites either.
func (g guard) writeTarget(name string) (fs.FileInfo, error) {
	fi, err := g.regular(name) // the checks a read makes
	if isNotExist(err) {
		return nil, nil
	}
	return fi, err
}

// checkRewrite says whether a write to name would replace an existing
// regular file (false for a new one), or why it is refused, without
// writing (rewriteChecker).
func (g guard) checkRewrite(name string) (bool, error) {
	fi, err := g.writeTarget(name)
	return fi != nil, err
}

func (g guard) MkdirAll(name string) error {
	fi, err := g.t.lstat(name)
	switch {
	case err == nil:
		return dirStep(name, fi) // nil for a directory: nothing to make
	case !isNotExist(err):
		return err
	}
	return g.t.mkdirAll(name)
}

func (g guard) Mkdir(name string) error {
	if err := g.parent(name); err != nil {
		return err
	}
	return g.t.mkdir(name)
}

func (g guard) Remove(name string) error {
	if err := g.parent(name); err != nil {
		return err
	}
	return g.t.remove(name)
}

func (g guard) RemoveAll(name string) error {
	if err := g.parent(name); err != nil {
		return err
	}
	return g.t.removeAll(name)
}

func (g guard) Rename(oldname, newname string) error {
	if err := g.parent(oldname); err != nil {
		return err
	}
	if err := g.parent(newname); err != nil {
		return err
	}
	return g.t.rename(oldname, newname)
}

func (g guard) ReadDir(name string) ([]fs.FileInfo, error) {
	fi, err := g.t.lstat(name)
	if err != nil {
		return nil, err
	}
	if state.IsLink(fi) {
		return nil, SymlinkRefused(name)
	}
	if !fi.IsDir() {
		return nil, notDir("scandir", name)
	}
	return g.t.readDir(name)
}

// parent checks that name's parent is a real directory, for the ops that
// change an entry in it.
func (g guard) parent(name string) error {
	dir := filepath.Dir(name)
	fi, err := g.t.lstat(dir)
	if err != nil {
		return err
	}
	if state.IsLink(fi) {
		return SymlinkRefused(dir)
	}
	if !fi.IsDir() {
		return notDir("open", name)
	}
	return nil
}

// singleLink refuses a regular file with more than one hard link, unless
// allowed (--allow-escape): the other name may be outside the root (a
// cloned archive or a command can make one), and reading through it would
// disclose that file. grep's walk, which reads by folder handle, applies it
// too (walk.go, through hardLinked).
func (g guard) singleLink(name string, fi fs.FileInfo) error {
	if g.links || !fi.Mode().IsRegular() {
		return nil
	}
	n, err := g.linkCount(name, fi) // os_unix.go, os_windows.go
	if err != nil {
		return err
	}
	return hardLinked(name, n)
}

// hardLinked refuses the file name when it has n > 1 hard links.
func hardLinked(name string, n uint64) error {
	if n <= 1 {
		return nil
	}
	return &RefusedError{Type: fault.PermissionDenied, Path: name,
		Reason: fmt.Sprintf("'%s' has %d hard links; clada does not read or write a file that may also be a file outside the root", name, n),
		Fix:    "copy it to a file of its own (cp), or pass --allow-escape", Err: ErrHardLinked}
}

// regularFile refuses symlinks, directories and special files.
func regularFile(name string, fi fs.FileInfo) error {
	m := fi.Mode()
	switch {
	case state.IsLink(fi):
		return SymlinkRefused(name)
	case m.IsDir():
		return &fs.PathError{Op: "open", Path: name, Err: syscall.EISDIR}
	case !m.IsRegular():
		return NotRegular(name, m)
	}
	return nil
}

// dirStep refuses a directory on the way to a path (or a directory to list
// or make) that is a symlink or not a directory at all.
func dirStep(abs string, fi fs.FileInfo) error {
	switch {
	case state.IsLink(fi):
		return SymlinkRefused(abs)
	case !fi.IsDir():
		return notDir("stat", abs)
	}
	return nil
}

// NotRegular is the refusal for FIFOs, sockets, devices and the like:
// opening them can block forever or talk to hardware.
func NotRegular(name string, mode fs.FileMode) error {
	kind := "special file"
	switch {
	case mode&fs.ModeNamedPipe != 0:
		kind = "named pipe (FIFO)"
	case mode&fs.ModeSocket != 0:
		kind = "socket"
	case mode&fs.ModeDevice != 0:
		kind = "device"
	}
	return &RefusedError{Type: fault.PermissionDenied, Path: name,
		Reason: fmt.Sprintf("'%s' is a %s, not a regular file", name, kind),
		Fix:    "clada reads and writes regular files only; pick a regular file", Err: ErrNotRegular}
}

// SymlinkRefused is the refusal for going through a symlink at link.
func SymlinkRefused(link string) error {
	return &RefusedError{Type: fault.SymlinkNotAllowed, Path: link,
		Reason: fmt.Sprintf("'%s' is a %s; clada does not read or write through symlinks", link, linkWords),
		Fix:    "use the real path the link points to (moving or removing the link itself is allowed)"}
}

// isNotExist reports a path that is not there.
func isNotExist(err error) bool { return errors.Is(err, fs.ErrNotExist) }
