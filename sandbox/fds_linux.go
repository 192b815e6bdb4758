package sandbox

import (
	"errors"
	"math"

	"golang.org/x/sys/unix"
)

// CloseInherited marks every descriptor above 2 close-on-exec, so that a
// program this process starts gets only the standard three (and the ones
// os/exec hands it on purpose): a descriptor clada inherited open (an
// editor's, an agent host's or a shell's, on a file anywhere) would let a
// command write there, since Landlock checks opening a file, not writing
// through a descriptor already open (README "Safety", the process rules).
// The descriptors stay usable here.
func CloseInherited() error {
	err := unix.CloseRange(3, math.MaxUint32, unix.CLOSE_RANGE_CLOEXEC)
	if errors.Is(err, unix.ENOSYS) || errors.Is(err, unix.EINVAL) || errors.Is(err, unix.EPERM) {
		// Before Linux 5.11 (or under a seccomp filter that refuses the
		// call): one descriptor at a time.
		return markFDs("/proc/self/fd")
	}
	return err
}
