package state

import (
	"errors"
	"os"

	"golang.org/x/sys/windows"
)

// Windows locks are mandatory for the bytes they cover: a waiting apply
// could not read the holder's pid (readHolder) in a locked range. So the
// lock covers one byte far past anything clada writes there, which Windows
// allows (a range may lie beyond the end of the file).
const lockOffsetHigh = 0x7fffffff

// tryLock takes an exclusive LockFileEx lock on f without waiting; busy
// means another process (or another handle) holds it.
func tryLock(f *os.File) (busy bool, err error) {
	ol := windows.Overlapped{OffsetHigh: lockOffsetHigh}
	err = windows.LockFileEx(windows.Handle(f.Fd()), windows.LOCKFILE_EXCLUSIVE_LOCK|windows.LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, &ol)
	if errors.Is(err, windows.ERROR_LOCK_VIOLATION) || errors.Is(err, windows.ERROR_IO_PENDING) {
		return true, nil
	}
	return false, err
}

// unlock drops the lock before the handle closes: Windows releases a
// closed handle's locks only "when resources allow" (LockFileEx's
// documentation), and the next apply should not wait for that.
func unlock(f *os.File) {
	ol := windows.Overlapped{OffsetHigh: lockOffsetHigh}
	_ = windows.UnlockFileEx(windows.Handle(f.Fd()), 0, 1, 0, &ol)
}
