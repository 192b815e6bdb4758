package state

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// A rename over a file another program holds open (an editor, a virus
// scanner) waits for it to let go instead of failing, up to sharingWait.
func TestRenameRetriesWhileInUse(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "target"), []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "tmp"), []byte("new"), 0o644); err != nil {
		t.Fatal(err)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	held, err := os.Open(filepath.Join(dir, "target")) // shares read and write, not delete
	if err != nil {
		t.Fatal(err)
	}
	if err := root.Rename("tmp", "target"); err == nil {
		held.Close()
		t.Skip("this system replaced a file held open without delete sharing; the retry is untested here")
	} else if !inUse(err) {
		held.Close()
		t.Fatalf("rename over a held file: %v, not an in-use error", err)
	}
	const hold = 300 * time.Millisecond
	go func() { time.Sleep(hold); held.Close() }()
	start := time.Now()
	if err := Rename(root, "tmp", "target"); err != nil {
		t.Fatalf("Rename gave up: %v", err)
	}
	if d := time.Since(start); d < hold/2 {
		t.Errorf("Rename returned after %s, before the file was let go", d)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "target")); string(b) != "new" {
		t.Errorf("target = %q", b)
	}
}
