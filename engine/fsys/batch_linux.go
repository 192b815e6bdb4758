package fsys

import (
	"os"

	"golang.org/x/sys/unix"
)

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
