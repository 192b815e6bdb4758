//go:build unix

package sandbox

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"golang.org/x/sys/unix"
)

// openInheritable opens a file the way a parent that leaks one does:
// without close-on-exec.
func openInheritable(t *testing.T) int {
	t.Helper()
	fd, err := unix.Open(filepath.Join(t.TempDir(), "f"), unix.O_CREAT|unix.O_WRONLY|unix.O_APPEND, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { unix.Close(fd) })
	if cloexec(t, fd) {
		t.Fatalf("descriptor %d is close-on-exec from the start", fd)
	}
	return fd
}

func cloexec(t *testing.T, fd int) bool {
	t.Helper()
	flags, err := unix.FcntlInt(uintptr(fd), unix.F_GETFD, 0)
	if err != nil {
		t.Fatal(err)
	}
	return flags&unix.FD_CLOEXEC != 0
}

// A descriptor above 2 left open for children is marked close-on-exec and
// stays usable here; the standard three are left as they are.
func TestCloseInherited(t *testing.T) {
	fd := openInheritable(t)
	std := [3]bool{cloexec(t, 0), cloexec(t, 1), cloexec(t, 2)}
	if err := CloseInherited(); err != nil {
		t.Fatal(err)
	}
	if !cloexec(t, fd) {
		t.Fatalf("descriptor %d is still inherited", fd)
	}
	if _, err := unix.Write(fd, []byte("x")); err != nil {
		t.Fatalf("descriptor %d is no longer usable: %v", fd, err)
	}
	if got := [3]bool{cloexec(t, 0), cloexec(t, 1), cloexec(t, 2)}; got != std {
		t.Fatalf("the standard descriptors changed: %v, were %v", got, std)
	}
}

// The walk of the descriptor directory, for kernels without close_range.
func TestMarkFDs(t *testing.T) {
	dir := "/dev/fd"
	if runtime.GOOS == "linux" {
		dir = "/proc/self/fd"
	}
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("no %s here", dir)
	}
	fd := openInheritable(t)
	if err := markFDs(dir); err != nil {
		t.Fatal(err)
	}
	if !cloexec(t, fd) {
		t.Fatalf("descriptor %d is still inherited", fd)
	}
}
