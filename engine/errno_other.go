//go:build !windows

package engine

import (
	"errors"
	"syscall"
)

// sysErrno is the errno err carries, or 0.
func sysErrno(err error) syscall.Errno {
	var errno syscall.Errno
	errors.As(err, &errno)
	return errno
}
