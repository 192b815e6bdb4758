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

// A watched file saved as UTF-16 (with its byte-order mark) is read as the
// text it holds; one without a mark is refused, naming the file.
func TestReadInputDecodes(t *testing.T) {
	dir := t.TempDir()
	const text = "#!SHAM [@three-char-SHA-256: w1]\naction = \"ls\"\n#!END_SHAM_w1\n"
	u16 := []byte{0xFF, 0xFE}
	for _, r := range text {
		u16 = append(u16, byte(r), 0)
	}
	marked := filepath.Join(dir, "marked.md")
	bare := filepath.Join(dir, "bare.md")
	if err := os.WriteFile(marked, u16, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bare, u16[2:], 0o644); err != nil {
		t.Fatal(err)
	}
	if b, err := readInput(marked); err != nil || string(b) != text {
		t.Errorf("readInput(UTF-16LE) = %q, %v; want the text", b, err)
	}
	want := bare + ": the answer has NUL bytes among its first characters, as UTF-16 saved without a byte-order mark does; save it as UTF-8"
	if _, err := readInput(bare); err == nil || err.Error() != want {
		t.Errorf("readInput(no mark) = %v, want %q", err, want)
	}
}
