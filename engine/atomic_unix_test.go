//go:build unix

package engine

import (
	"context"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/clada-dev/clada/lang"
)

// With fsync on (the default), a write keeps the file's mode and replaces
// the inode, so a hard link elsewhere keeps the old content.
func TestAtomicWriteKeepsModeNewInode(t *testing.T) {
	cfg, root, outside := testRoot(t)
	cfg.NoFsync = false
	f := filepath.Join(root, "run.sh")
	writeTree(t, root, map[string]string{"run.sh": "echo old\n"})
	if err := os.Chmod(f, 0o750); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(outside, "hard")
	if err := os.Link(f, link); err != nil {
		t.Fatal(err)
	}
	before, _ := os.Stat(f)
	cfg.AllowEscape = true // a hard-linked file is refused otherwise (singleLink)
	ws, err := NewOS(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	r := Do(context.Background(), ws, cfg, lang.OpFileReplaceText, p("path", "run.sh", "old_text", "old", "new_text", "new"))
	if !r.Success {
		t.Fatalf("%+v", r)
	}
	after, err := os.Stat(f)
	if err != nil {
		t.Fatal(err)
	}
	if after.Mode().Perm() != 0o750 {
		t.Errorf("mode %v, want 0750", after.Mode().Perm())
	}
	if os.SameFile(before, after) {
		t.Error("the write reused the inode; it must rename a new file into place")
	}
	if got, _ := os.ReadFile(link); string(got) != "echo old\n" {
		t.Errorf("the hard link outside was written through: %q", got)
	}
	if got, _ := os.ReadFile(f); string(got) != "echo new\n" {
		t.Errorf("run.sh = %q", got)
	}
	if st := after.Sys().(*syscall.Stat_t); st.Nlink != 1 {
		t.Errorf("nlink %d, want 1", st.Nlink)
	}
}

// A new file gets 0666 less the umask, like any program's output.
func TestAtomicWriteNewFileMode(t *testing.T) {
	cfg, root, _ := testRoot(t)
	old := syscall.Umask(0o027)
	defer syscall.Umask(old)
	ws, err := NewOS(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	if err := ws.WriteFile(filepath.Join(root, "n.txt"), []byte("x")); err != nil {
		t.Fatal(err)
	}
	fi, _ := os.Stat(filepath.Join(root, "n.txt"))
	if fi.Mode().Perm() != 0o640 {
		t.Errorf("mode %v, want 0640", fi.Mode().Perm())
	}
}
