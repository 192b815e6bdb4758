package fsys

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// canExchange: Linux swaps two names in one step (renameat2 with
// RENAME_EXCHANGE, since 3.15; batch_exchange.go).
const canExchange = true

// exchange swaps the names a and b in the directory dir.
func exchange(dir *os.File, a, b string) error {
	c, err := dir.SyscallConn()
	if err != nil {
		return err
	}
	var xerr error
	if err := c.Control(func(fd uintptr) {
		xerr = unix.Renameat2(int(fd), a, int(fd), b, unix.RENAME_EXCHANGE)
	}); err != nil {
		return err
	}
	return xerr
}

// exchangeRefused reports an exchange the filesystem or kernel does not
// do, rather than one that failed.
func exchangeRefused(err error) bool {
	return errors.Is(err, unix.EINVAL) || errors.Is(err, unix.ENOSYS) || errors.Is(err, unix.EOPNOTSUPP)
}

// startWriteback asks Linux to start writing a staged temp's pages to disk
// now, without waiting (sync_file_range, SYNC_FILE_RANGE_WRITE; git's
// batch fsync mode does the same before its one flush). Without it ext4
// allocates and writes a file replaced by rename at the rename itself
// (its auto_da_alloc guard against empty files after a crash), so a
// thousand-file batch's renames, done in order once the trial is over,
// paid for a thousand writebacks one after another; started as each temp
// is written, they overlap the trial. (With fsync on, the batch's syncers
// fsync each temp as it is written, which starts the same writeback.) A
// failure is no one's business: the kernel's own writeback still comes.
func startWriteback(f *os.File) {
	c, err := f.SyscallConn()
	if err != nil {
		return
	}
	_ = c.Control(func(fd uintptr) {
		_ = unix.SyncFileRange(int(fd), 0, 0, unix.SYNC_FILE_RANGE_WRITE)
	})
}
