//go:build unix

package fsys

import (
	"io/fs"
	"os"
	"syscall"
)

const (
	// openNonblock keeps an open from hanging on a FIFO swapped in after
	// the look; the SameFile check that follows then refuses it.
	openNonblock = syscall.O_NONBLOCK
	// openNoFollow opens a walk's file without following a final symlink.
	openNoFollow = syscall.O_NOFOLLOW | syscall.O_NONBLOCK
	// syncsDirs: a directory's fsync makes its entries durable.
	syncsDirs = true
	// holdsDirs: a batch holds its directories open (held_dirs.go).
	holdsDirs = true
	// linkWords name what SymlinkRefused refuses.
	linkWords = "symbolic link"
)

// linkCount is fi's hard-link count, which Unix's Lstat carries.
func (g guard) linkCount(_ string, fi fs.FileInfo) (uint64, error) {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Nlink), nil
	}
	return 1, nil // an Overlay's own file
}

// openLinkCount is the hard-link count of the open file f, whose Stat is fi.
func openLinkCount(_ *os.File, fi fs.FileInfo) (uint64, error) {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Nlink), nil
	}
	return 1, nil
}

// sameListed reports whether got, a file or folder opened as name under
// parent, is the one a listing described as listed.
func sameListed(_ *os.Root, _ string, listed, got fs.FileInfo) bool { return os.SameFile(listed, got) }

// errNotDir is ENOTDIR.
const errNotDir = syscall.ENOTDIR

// renameCheck has nothing to add: rename(2) refuses what os.Rename's
// contract (and the Overlay) refuse.
func renameCheck(*os.Root, string, string, string) error { return nil }
