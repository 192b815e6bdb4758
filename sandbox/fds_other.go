//go:build unix && !linux

package sandbox

// CloseInherited marks every descriptor above 2 close-on-exec, so that a
// program this process starts gets only the standard three (and the ones
// os/exec hands it on purpose). See fds_linux.go.
func CloseInherited() error {
	return markFDs("/dev/fd")
}
