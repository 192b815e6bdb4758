package fsys

import (
	"io/fs"
	"os"
	"syscall"

	"github.com/clada-dev/clada/internal/state"
	"golang.org/x/sys/windows"
)

const (
	// openNonblock: Windows has no FIFOs among files (a named pipe lives in
	// \\.\pipe\, which os.Root cannot reach).
	openNonblock = 0
	// openNoFollow: os.Root on Windows follows a final link only inside
	// the root, and the SameFile check after the open refuses one swapped
	// in.
	openNoFollow = 0
	// syncsDirs is false: Windows flushes no directory handle
	// (FlushFileBuffers needs write access to it). The temp file is
	// flushed before the rename, and NTFS journals the rename itself, so a
	// power cut leaves the old content or the new, never a mix.
	syncsDirs = false
	// holdsDirs is false: a batch walks from the root as every op does
	// (held_dirs.go); Windows' SameFile over an Lstat opens the path again.
	holdsDirs = false
	// linkWords name what SymlinkRefused refuses: on Windows junctions and
	// other reparse points count as links (state.IsLink).
	linkWords = "symbolic link or junction (a reparse point)"
)

// linkCounter is a tree that can count a file's hard links; Windows' Lstat
// does not carry the count, so the file is opened and asked
// (GetFileInformationByHandle).
type linkCounter interface {
	linkCount(name string, fi fs.FileInfo) (uint64, error)
}

// linkCount asks the tree for fi's hard-link count; a tree that cannot
// tell (none here) counts one.
func (g guard) linkCount(name string, fi fs.FileInfo) (uint64, error) {
	if c, ok := g.t.(linkCounter); ok {
		return c.linkCount(name, fi)
	}
	return 1, nil
}

// linkCount opens the regular file fi through its root and reads its link
// count from the handle; a file swapped since the look is refused.
func (t *osTree) linkCount(name string, fi fs.FileInfo) (uint64, error) {
	f, _, err := t.open(name, fi)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	return openLinkCount(f, fi)
}

// openLinkCount is the hard-link count of the open file f, read from its
// handle (Windows' Stat does not carry it).
func openLinkCount(f *os.File, _ fs.FileInfo) (uint64, error) {
	var d windows.ByHandleFileInformation
	if err := windows.GetFileInformationByHandle(windows.Handle(f.Fd()), &d); err != nil {
		return 0, &fs.PathError{Op: "GetFileInformationByHandle", Path: f.Name(), Err: err}
	}
	return uint64(d.NumberOfLinks), nil
}

// linkCount of an Overlay: its own files have one name; the base's are
// counted by the base.
func (m *memTree) linkCount(name string, fi fs.FileInfo) (uint64, error) {
	if m.lookup(name) != nil {
		return 1, nil
	}
	return linksIn(m.base, name, fi)
}

// linksIn counts fi's links in the workspace ws: the OS and an Overlay
// (through their guard) and a real apply's write-back over them can;
// another counts one.
func linksIn(ws Workspace, name string, fi fs.FileInfo) (uint64, error) {
	if c, ok := ws.(linkCounter); ok {
		return c.linkCount(name, fi)
	}
	return 1, nil
}

// linkCount of a real apply's write-back is its inner workspace's.
func (w *WriteBack) linkCount(name string, fi fs.FileInfo) (uint64, error) {
	return linksIn(w.inner, name, fi)
}

// sameListed reports whether got, a file or folder opened as name under
// parent, is the one a listing described as listed. A listing on Windows
// may carry no file ID (Wine's do not, nor FAT's), and os.SameFile then
// says no: name is looked at again through its parent's handle, which
// sees a link as a link and carries the ID, and that look must match got.
func sameListed(parent *os.Root, name string, listed, got fs.FileInfo) bool {
	if os.SameFile(listed, got) {
		return true
	}
	l, err := parent.Lstat(name)
	return err == nil && !state.IsLink(l) && l.Mode().Type() == listed.Mode().Type() && os.SameFile(l, got)
}

// errNotDir is ERROR_DIRECTORY: Windows' syscall.ENOTDIR is
// ERROR_PATH_NOT_FOUND, which os reads as "does not exist".
const errNotDir = windows.ERROR_DIRECTORY

// renameCheck refuses what rename(2) refuses, as the Overlay does, where
// Windows' replace-if-exists rename would replace: a directory over a file
// (ENOTDIR), anything over a directory (EEXIST, as os.Rename promises).
func renameCheck(r *os.Root, oldRel, newRel, newname string) error {
	src, err := r.Lstat(oldRel)
	if err != nil {
		return nil // the rename reports it
	}
	dst, err := r.Lstat(newRel)
	switch {
	case err != nil:
		return nil
	case dst.IsDir():
		return &fs.PathError{Op: "rename", Path: newname, Err: syscall.EEXIST}
	case src.IsDir():
		return notDir("rename", newname)
	}
	return nil
}
