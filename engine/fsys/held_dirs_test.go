package fsys

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// While a batch holds directories, a directory swapped for a symlink (to a
// folder outside holding the same file names) or moved out of the root is
// seen at the next op: the look, the read and the write refuse or miss it
// exactly as the walk from the root does (the write is refused through the
// link, and makes a new file in place of the one moved out), and nothing
// outside changes.
func TestHeldDirSwappedOrMovedAway(t *testing.T) {
	if !holdsDirs {
		t.Skip("this system walks from the root for every op")
	}
	for _, how := range []string{"symlink", "moved out"} {
		t.Run(how, func(t *testing.T) {
			root := batchTree(t, map[string]string{"pkg/sub/f.go": "in"})
			outside := batchTree(t, map[string]string{"pkg/sub/f.go": "outside"})
			w, err := NewOS(Options{Root: root, NoFsync: true})
			if err != nil {
				t.Fatal(err)
			}
			defer w.Close()
			f := filepath.Join(root, "pkg/sub/f.go")
			b := NewBatch(w)
			if data, err := w.ReadFile(f); err != nil || string(data) != "in" {
				t.Fatalf("ReadFile before = %q, %v", data, err)
			}
			if len(w.t.held.dirs) != 2 {
				t.Fatalf("held %d directories, want pkg and pkg/sub", len(w.t.held.dirs))
			}
			// pkg leaves the root; in the symlink case a link to the
			// outside tree's pkg takes its name.
			away := t.TempDir()
			if err := os.Rename(filepath.Join(root, "pkg"), filepath.Join(away, "pkg")); err != nil {
				t.Fatal(err)
			}
			wantErr := func(err error) bool { return errors.Is(err, os.ErrNotExist) }
			written := 1
			if how == "symlink" {
				written = 0
				if err := os.Symlink(filepath.Join(outside, "pkg"), filepath.Join(root, "pkg")); err != nil {
					t.Skip("no symlinks here:", err)
				}
				wantErr = func(err error) bool {
					var re *RefusedError
					return errors.As(err, &re) && re.Path == filepath.Join(root, "pkg")
				}
			}
			if _, err := w.Lstat(f); !wantErr(err) {
				t.Errorf("Lstat after: %v", err)
			}
			if data, err := w.ReadFile(f); !wantErr(err) {
				t.Errorf("ReadFile after = %q, %v", data, err)
			}
			if err := b.Add(f, []byte("new")); err != nil {
				t.Fatal(err)
			}
			if n, err := b.Commit(); n != written || (written == 0) != wantErr(err) {
				t.Errorf("Commit = %d, %v; want %d", n, err, written)
			}
			wantTree(t, outside, map[string]string{"pkg/sub/f.go": "outside"})
			wantTree(t, away, map[string]string{"pkg/sub/f.go": "in"})
			if written == 1 {
				wantTree(t, root, map[string]string{"pkg/sub/f.go": "new"})
			}
			if len(w.t.held.dirs) != 0 || w.t.held.holders != 0 {
				t.Errorf("after Commit: %d held, %d holders; want none", len(w.t.held.dirs), w.t.held.holders)
			}
		})
	}
}

// A directory renamed away between staging and Commit takes its temp with
// it: the rename fails as the walk's does, and the file keeps its old
// content at its name (now in the new directory, untouched).
func TestHeldDirRenamedBeforeCommit(t *testing.T) {
	root := batchTree(t, map[string]string{"a/f": "f0", "b/g": "g0"})
	w, err := NewOS(Options{Root: root, NoFsync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	b := NewBatch(w)
	for _, p := range []string{"a/f", "b/g"} {
		if err := b.Add(filepath.Join(root, p), []byte(p+" new")); err != nil {
			t.Fatal(err)
		}
	}
	b.wait() // both temps written
	if err := os.Rename(filepath.Join(root, "b"), filepath.Join(root, "c")); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(root, "b"), 0o755); err != nil {
		t.Fatal(err)
	}
	if n, err := b.Commit(); n != 1 || !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("Commit = %d, %v; want 1 and b/g's temp missing", n, err)
	}
	if got, _ := os.ReadFile(filepath.Join(root, "a/f")); string(got) != "a/f new" {
		t.Errorf("a/f = %q", got)
	}
	if got, _ := os.ReadFile(filepath.Join(root, "c/g")); string(got) != "g0" {
		t.Errorf("c/g = %q, want its old content", got)
	}
	if _, err := os.Lstat(filepath.Join(root, "b/g")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("b/g: %v; want nothing written into the new b", err)
	}
}

// Errors through a held directory name the path the walk's do.
func TestHeldDirErrorPath(t *testing.T) {
	root := batchTree(t, map[string]string{"a/b/f": "x"})
	w, err := NewOS(Options{Root: root, NoFsync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	_, walked := w.Lstat(filepath.Join(root, "a/b/missing"))
	b := NewBatch(w)
	defer b.Abort()
	if _, err := w.Lstat(filepath.Join(root, "a/b/f")); err != nil {
		t.Fatal(err)
	}
	_, held := w.Lstat(filepath.Join(root, "a/b/missing"))
	if walked == nil || held == nil || walked.Error() != held.Error() {
		t.Errorf("held: %v; walked: %v", held, walked)
	}
	if n := len(w.t.held.dirs); holdsDirs && n != 2 || !holdsDirs && n != 0 {
		t.Errorf("held %d directories, want a and a/b (none where the system walks from the root)", n)
	}
}
