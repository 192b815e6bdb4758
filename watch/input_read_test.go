//go:build unix

package watch

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// The watched file may be named by a cloned repository's .clada.yaml: a
// FIFO or a link to a device is refused at once, by name, instead of
// blocking the watcher or reading without end; a link to a regular file is
// read.
func TestReadInputRefusesSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.md")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	zero := filepath.Join(dir, "zero.md")
	if err := os.Symlink("/dev/zero", zero); err != nil {
		t.Fatal(err)
	}
	real := filepath.Join(dir, "real.md")
	if err := os.WriteFile(real, []byte("answer"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.md")
	if err := os.Symlink(real, link); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ path, want string }{
		{fifo, fifo + " is not a regular file (p---------); watch a plain file"},
		{zero, zero + " is not a regular file (Dc---------); watch a plain file"},
		{dir, dir + " is not a regular file (d---------); watch a plain file"},
	} {
		_, err := readInput(tc.path)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("readInput(%s) = %v, want %q", tc.path, err, tc.want)
		}
	}
	if b, err := readInput(link); err != nil || string(b) != "answer" {
		t.Errorf("readInput(link) = %q, %v", b, err)
	}
}
