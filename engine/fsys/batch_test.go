package fsys

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"testing"

	"github.com/clada-dev/clada/internal/state"
)

// batchTree lays out files (relative path → content) under a fresh root.
func batchTree(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for p, c := range files {
		abs := filepath.Join(root, p)
		if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(abs, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// wantTree checks every file's content and that no temp file is left.
func wantTree(t *testing.T, root string, want map[string]string) {
	t.Helper()
	for p, c := range want {
		got, err := os.ReadFile(filepath.Join(root, p))
		if err != nil || string(got) != c {
			t.Errorf("%s = %q, %v; want %q", p, got, err, c)
		}
	}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && state.IsTemp(d.Name()) {
			t.Errorf("temp file left: %s", p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

// A batch on the real tree, durable or not, replaces every file (an
// existing file keeps its mode; a new one's missing folders are made) and
// leaves no temp file.
func TestWriteFilesOnTheRealTree(t *testing.T) {
	for _, noFsync := range []bool{false, true} {
		root := batchTree(t, map[string]string{"d1/a": "a0", "d1/b": "b0", "d2/c": "c0"})
		if err := os.Chmod(filepath.Join(root, "d2/c"), 0o600); err != nil {
			t.Fatal(err)
		}
		w, err := NewOS(Options{Root: root, NoFsync: noFsync})
		if err != nil {
			t.Fatal(err)
		}
		files := []Write{
			{filepath.Join(root, "d1/a"), []byte("a1")},
			{filepath.Join(root, "d2/c"), []byte("c1")},
			{filepath.Join(root, "d1/b"), []byte("b1")},
			{filepath.Join(root, "d3/new/e"), []byte("e1")},
		}
		if n, err := writeFiles(w, files); n != len(files) || err != nil {
			t.Fatalf("no-fsync %v: WriteFiles = %d, %v; want %d, nil", noFsync, n, err, len(files))
		}
		w.Close()
		wantTree(t, root, map[string]string{"d1/a": "a1", "d1/b": "b1", "d2/c": "c1", "d3/new/e": "e1"})
		// Windows keeps no permission bits but read-only (0600 reads back
		// as 0666 there), so the mode is checked where there are some.
		if fi, err := os.Stat(filepath.Join(root, "d2/c")); runtime.GOOS != "windows" && (err != nil || fi.Mode().Perm() != 0o600) {
			t.Errorf("d2/c mode %v, %v; want 0600 kept", fi.Mode().Perm(), err)
		}
	}
}

// A file the policy refuses stops the batch there: the files before it are
// written, it and those after it keep what they had, and no temp file of
// any of them is left.
func TestWriteFilesStopsAtTheFirstRefusal(t *testing.T) {
	root := batchTree(t, map[string]string{"a": "a0", "c": "c0", "target": "t0"})
	if err := os.Symlink("target", filepath.Join(root, "link")); err != nil {
		t.Skip("no symlinks here:", err)
	}
	if fi, err := os.Lstat(filepath.Join(root, "link")); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		t.Skip("this system made no symbolic link (Wine makes a plain file):", fi, err)
	}
	w, err := NewOS(Options{Root: root})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	n, err := writeFiles(w, []Write{
		{filepath.Join(root, "a"), []byte("a1")},
		{filepath.Join(root, "link"), []byte("through the link")},
		{filepath.Join(root, "c"), []byte("c1")},
	})
	if n != 1 || err == nil {
		t.Fatalf("WriteFiles = %d, %v; want 1 and the link refused", n, err)
	}
	wantTree(t, root, map[string]string{"a": "a1", "c": "c0", "target": "t0"})
	if fi, err := os.Lstat(filepath.Join(root, "link")); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("link is no longer the symlink: %v, %v", fi, err)
	}
}

// Where the workspace cannot write a batch (an Overlay), WriteFiles writes
// file by file, with the same answer: how many are written, and why the
// next is not.
func TestWriteFilesFallsBackFileByFile(t *testing.T) {
	root := batchTree(t, map[string]string{"a": "a0", "dir/x": "x0"})
	w, err := NewOS(Options{Root: root})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	ov := NewOverlay(w)
	n, err := writeFiles(ov, []Write{
		{filepath.Join(root, "a"), []byte("a1")},
		{filepath.Join(root, "dir"), []byte("a folder")},
		{filepath.Join(root, "b"), []byte("b1")},
	})
	if n != 1 || err == nil {
		t.Fatalf("WriteFiles = %d, %v; want 1 and the folder refused", n, err)
	}
	if got, _ := ov.ReadFile(filepath.Join(root, "a")); string(got) != "a1" {
		t.Errorf("a in the overlay = %q, want a1", got)
	}
	if _, err := ov.Lstat(filepath.Join(root, "b")); err == nil {
		t.Error("b was written after the refusal")
	}
	wantTree(t, root, map[string]string{"a": "a0", "dir/x": "x0"}) // the disk is untouched
}

// On a real apply's write-back, what the cache holds for a file of the
// batch reaches the disk first, the observer hears of each file before it
// changes, and the cache forgets them: the disk holds the newer content.
func TestWriteBackWriteFiles(t *testing.T) {
	root := batchTree(t, map[string]string{"a": "a0", "b": "b0"})
	w, err := NewOS(Options{Root: root})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	var heard []string
	wb := NewWriteBack(w, nil, func(abs string, _ bool) { heard = append(heard, filepath.Base(abs)) })
	a, b := filepath.Join(root, "a"), filepath.Join(root, "b")
	for _, c := range []string{"a1", "a2"} { // a2 stays pending in the cache
		if err := wb.WriteFile(a, []byte(c)); err != nil {
			t.Fatal(err)
		}
	}
	if n, err := writeFiles(wb, []Write{{a, []byte("a3")}, {b, []byte("b1")}}); n != 2 || err != nil {
		t.Fatalf("WriteFiles = %d, %v", n, err)
	}
	// a: its pending a2 written out first (a1 never reached the disk),
	// then renamed in the batch, as b is
	if want := []string{"a", "a", "b"}; !slices.Equal(heard, want) {
		t.Errorf("the observer heard %v, want %v", heard, want)
	}
	if _, held := wb.files[a]; held {
		t.Error("the cache still holds a")
	}
	if failed := wb.Settle(); len(failed) != 0 {
		t.Fatal(failed)
	}
	wantTree(t, root, map[string]string{"a": "a3", "b": "b1"})
}

// A temp that cannot be synced is the batch's failure at that file, the
// first in the batch's order whatever order the syncers finish in.
func TestSyncAllReportsTheFirstFailure(t *testing.T) {
	root := t.TempDir()
	w, err := NewOS(Options{Root: root})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	var stage []staged
	for _, name := range []string{"a", "b", "c", "d"} {
		s, err := w.stageOne(filepath.Join(root, name), []byte(name), false)
		if err != nil {
			t.Fatal(err)
		}
		stage = append(stage, s)
	}
	if i, err := syncAll(stage); i != len(stage) || err != nil {
		t.Fatalf("syncAll = %d, %v; want all synced", i, err)
	}
	for _, s := range stage[1:] {
		if err := os.Remove(filepath.Join(root, s.tmp)); err != nil {
			t.Fatal(err)
		}
	}
	if i, err := syncAll(stage); i != 1 || err == nil {
		t.Fatalf("syncAll = %d, %v; want 1 and an error", i, err)
	}
}

// syncAll fsyncs the temps of stage, syncers at a time, and returns the
// first failure in stage's order (syncTemp's test).
func syncAll(stage []staged) (int, error) {
	return inParallel(len(stage), func(i int) error { return syncTemp(stage[i]) })
}

// A temp its syncer could not fsync stops a durable batch at that file,
// the lowest such whatever order the syncers finished in: the files
// before it are renamed, it and those after keep their content, and no
// temp is left.
func TestCommitStopsAtTheFirstUnsynced(t *testing.T) {
	root := batchTree(t, map[string]string{"d/a": "a0", "d/b": "b0", "d/c": "c0", "d/e": "e0"})
	w, err := NewOS(Options{Root: root})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	b := NewBatch(w)
	for _, p := range []string{"d/a", "d/b", "d/c", "d/e"} {
		if err := b.Add(filepath.Join(root, p), []byte(p+" new")); err != nil {
			t.Fatal(err)
		}
	}
	b.wait()
	if len(b.syncErrs) != 0 {
		t.Fatalf("sync failures %v", b.syncErrs)
	}
	first := errors.New("sync c")
	b.syncErrs = map[int]error{3: errors.New("sync e"), 2: first}
	if n, err := b.Commit(); n != 2 || err != first {
		t.Fatalf("Commit = %d, %v; want 2, %v", n, err, first)
	}
	wantTree(t, root, map[string]string{"d/a": "d/a new", "d/b": "d/b new", "d/c": "c0", "d/e": "e0"})
}

// inParallel names the lowest failing index, however the workers finish.
func TestInParallelFirstFailure(t *testing.T) {
	for range 20 {
		i, err := inParallel(50, func(i int) error {
			if i == 7 || i == 31 || i == 49 {
				return fmt.Errorf("fail %d", i)
			}
			return nil
		})
		if i != 7 || err == nil || err.Error() != "fail 7" {
			t.Fatalf("inParallel = %d, %v; want 7, fail 7", i, err)
		}
	}
	if i, err := inParallel(0, func(int) error { return nil }); i != 0 || err != nil {
		t.Fatalf("inParallel(0) = %d, %v", i, err)
	}
}

// writeFiles replaces files in ws (a test's way through a Batch), in order, each as WriteFile would, as
// one Batch, and returns how many are in place: files[:n] were written,
// and when n < len(files), err is why files[n] was not and files[n:] were
// not touched.
func writeFiles(ws Workspace, files []Write) (int, error) {
	b := NewBatch(ws)
	for i, f := range files {
		if err := b.Add(f.Name, f.Data); err != nil {
			if n, cerr := b.Commit(); n < i {
				return n, cerr
			}
			return i, err
		}
	}
	return b.Commit()
}
