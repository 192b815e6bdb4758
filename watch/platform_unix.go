//go:build unix

package watch

import (
	"os"
	"syscall"
)

// openNonblock keeps opening a FIFO from blocking; readInput then refuses it.
const openNonblock = syscall.O_NONBLOCK | syscall.O_CLOEXEC

// clearNonblock clears O_NONBLOCK once the open is done.
func clearNonblock(f *os.File) { _ = syscall.SetNonblock(int(f.Fd()), false) }

// fileID is the file's device and inode.
func fileID(_ string, fi os.FileInfo) (dev, ino uint64) {
	if sys, ok := fi.Sys().(*syscall.Stat_t); ok {
		return uint64(sys.Dev), sys.Ino
	}
	return 0, 0
}
