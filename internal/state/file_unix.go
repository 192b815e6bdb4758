//go:build unix

package state

import (
	"io/fs"
	"os"
	"syscall"
)

// clearNonblock clears O_NONBLOCK again once the open is done: it only
// guarded the open against a FIFO.
func clearNonblock(f *os.File) { _ = syscall.SetNonblock(int(f.Fd()), false) }

// IsLink reports whether fi (an Lstat) is a link clada never goes
// through: a symlink.
func IsLink(fi fs.FileInfo) bool { return fi.Mode()&fs.ModeSymlink != 0 }

// Rename renames oldname to newname under root, replacing what is there.
func Rename(root *os.Root, oldname, newname string) error { return root.Rename(oldname, newname) }
