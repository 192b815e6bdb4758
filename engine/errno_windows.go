package engine

import (
	"errors"
	"syscall"

	"golang.org/x/sys/windows"
)

// sysErrno is the POSIX errno err stands for, or 0: the report speaks
// POSIX's words on every system (ENOTEMPTY, ENOTDIR), and Windows has codes
// of its own for the same conditions.
func sysErrno(err error) syscall.Errno {
	var errno syscall.Errno
	if !errors.As(err, &errno) {
		return 0
	}
	switch errno {
	case windows.ERROR_DIR_NOT_EMPTY:
		return syscall.ENOTEMPTY
	case windows.ERROR_DIRECTORY:
		return syscall.ENOTDIR
	}
	return errno
}
