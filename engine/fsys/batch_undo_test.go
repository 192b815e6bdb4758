package fsys

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/clada-dev/clada/internal/state"
)

// noOldNames checks that no second name of an old content is left.
func noOldNames(t *testing.T, root string) {
	t.Helper()
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(d.Name(), ".old") && strings.Contains(d.Name(), ".clada-") {
			t.Errorf("old content's second name left: %s", p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

// How a test's tree keeps old contents (batch_exchange.go): as the system
// does (an exchange on Linux), by links as where exchanges are refused,
// or refusing the first exchange at the commit, as a filesystem does that
// the system cannot tell from others until it is asked.
type keeping int

const (
	keepAsSystem keeping = iota
	keepByLink
	keepRefused
)

var keepings = []keeping{keepAsSystem, keepByLink, keepRefused}

func (k keeping) String() string {
	return [...]string{"as the system", "by link", "exchange refused"}[k]
}

// commitAll runs an all-or-nothing batch of files on the tree at root,
// failing the renames fail says to, and returns Commit's answer and
// Undone.
func commitAll(t *testing.T, root string, noFsync bool, files []Write, fail func(string) error) (int, []Undone, error) {
	t.Helper()
	return commitKeeping(t, root, noFsync, keepAsSystem, files, fail)
}

// commitKeeping is commitAll on a tree keeping old contents as k says.
func commitKeeping(t *testing.T, root string, noFsync bool, k keeping, files []Write, fail func(string) error) (int, []Undone, error) {
	t.Helper()
	w, err := NewOS(Options{Root: root, NoFsync: noFsync})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	switch k {
	case keepByLink:
		w.t.noExchange.Store(true)
	case keepRefused:
		w.t.exchange = func(*os.File, string, string) error { return syscall.EINVAL }
	}
	return commitAllOn(t, w, files, fail)
}

// commitAllOn runs an all-or-nothing batch of files on w.
func commitAllOn(t *testing.T, w *OS, files []Write, fail func(string) error) (int, []Undone, error) {
	t.Helper()
	b := NewBatch(w)
	b.AllOrNothing, b.FailRename = true, fail
	for _, f := range files {
		if err := b.Add(f.Name, f.Data); err != nil {
			t.Fatal(err)
		}
	}
	n, err := b.Commit()
	return n, b.Undone(), err
}

// failAt fails the renames of name, the k-th time it is renamed (1: the
// write; 2: putting it back), with errFull.
func failAt(root string, at map[string]int) func(string) error {
	seen := map[string]int{}
	return func(name string) error {
		rel, _ := filepath.Rel(root, name)
		rel = filepath.ToSlash(rel)
		seen[rel]++
		if at[rel] == seen[rel] || (at[rel] < 0 && -at[rel] <= seen[rel]) {
			return errFull
		}
		return nil
	}
}

var errFull = errors.New("no space left on device")

// When a rename fails half-way, every file renamed before it gets its old
// content back, the very file (inode and mode) it was; a new file is gone
// again; no temp file or second name is left.
func TestAllOrNothingPutsBackWhatItRenamed(t *testing.T) {
	for _, c := range []struct {
		noFsync bool
		k       keeping
	}{{false, keepAsSystem}, {true, keepAsSystem}, {true, keepByLink}, {false, keepRefused}} {
		noFsync := c.noFsync
		root := batchTree(t, map[string]string{"d1/a": "a0", "d2/b": "b0", "d1/c": "c0"})
		if err := os.Chmod(filepath.Join(root, "d1/a"), 0o600); err != nil {
			t.Fatal(err)
		}
		before, _ := os.Stat(filepath.Join(root, "d1/a"))
		files := []Write{
			{filepath.Join(root, "d1/a"), []byte("a1")},
			{filepath.Join(root, "d3/new/n"), []byte("n1")},
			{filepath.Join(root, "d2/b"), []byte("b1")},
			{filepath.Join(root, "d1/c"), []byte("c1")},
		}
		n, undone, err := commitKeeping(t, root, noFsync, c.k, files, failAt(root, map[string]int{"d1/c": 1}))
		if n != 3 || !errors.Is(err, errFull) {
			t.Fatalf("no-fsync %v, keeping %v: Commit = %d, %v; want 3, %v", noFsync, c.k, n, err, errFull)
		}
		want := []Undone{{Name: files[0].Name}, {Name: files[1].Name}, {Name: files[2].Name}}
		if len(undone) != len(want) {
			t.Fatalf("Undone = %+v, want %+v", undone, want)
		}
		for i := range want {
			if undone[i] != want[i] {
				t.Errorf("Undone[%d] = %+v, want %+v", i, undone[i], want[i])
			}
		}
		wantTree(t, root, map[string]string{"d1/a": "a0", "d2/b": "b0", "d1/c": "c0"})
		noOldNames(t, root)
		if _, err := os.Lstat(filepath.Join(root, "d3/new/n")); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("the new file is still there: %v", err)
		}
		// Where hard links are refused the old content comes back as a
		// copy (keepOld), a file of its own; Windows under Wine may be such
		// a place, and keeps no permission bits but read-only.
		after, err := os.Stat(filepath.Join(root, "d1/a"))
		if runtime.GOOS != "windows" && (err != nil || !os.SameFile(before, after) || after.Mode().Perm() != before.Mode().Perm()) {
			t.Errorf("d1/a is not the file it was: %v, mode %v", err, after.Mode())
		}
	}
}

// A file that cannot be put back keeps its new content, and Undone says
// where its old content is: a file holding exactly it, left in place.
func TestAllOrNothingSaysWhereTheOldContentIs(t *testing.T) {
	for _, k := range keepings {
		root := batchTree(t, map[string]string{"a": "a0", "b": "b0", "c": "c0"})
		files := []Write{
			{filepath.Join(root, "a"), []byte("a1")},
			{filepath.Join(root, "b"), []byte("b1")},
			{filepath.Join(root, "c"), []byte("c1")},
		}
		n, undone, err := commitKeeping(t, root, true, k, files, failAt(root, map[string]int{"c": 1, "b": 2}))
		if n != 2 || !errors.Is(err, errFull) || len(undone) != 2 {
			t.Fatalf("keeping %v: Commit = %d, %v, %+v; want 2, %v and two files undone", k, n, err, undone, errFull)
		}
		if undone[0] != (Undone{Name: files[0].Name}) {
			t.Errorf("keeping %v: Undone[0] = %+v, want a put back", k, undone[0])
		}
		u := undone[1]
		if u.Name != files[1].Name || !errors.Is(u.Err, errFull) || filepath.Dir(u.Old) != root ||
			!strings.HasPrefix(filepath.Base(u.Old), ".b.clada-") || !strings.HasSuffix(u.Old, ".old") {
			t.Fatalf("keeping %v: Undone[1] = %+v; want b not put back, its old content beside it", k, u)
		}
		if got, err := os.ReadFile(u.Old); err != nil || string(got) != "b0" {
			t.Errorf("keeping %v: %s = %q, %v; want b's old content", k, u.Old, got, err)
		}
		wantTree(t, root, map[string]string{"a": "a0", "b": "b1", "c": "c0"})
	}
}

// With nothing failing, an all-or-nothing batch writes every file and
// leaves no second name.
func TestAllOrNothingSucceeds(t *testing.T) {
	for _, k := range keepings {
		root := batchTree(t, map[string]string{"a": "a0", "d/b": "b0"})
		files := []Write{{filepath.Join(root, "a"), []byte("a1")}, {filepath.Join(root, "d/b"), []byte("b1")}, {filepath.Join(root, "e/n"), []byte("n1")}}
		n, undone, err := commitKeeping(t, root, false, k, files, nil)
		if n != 3 || err != nil || undone != nil {
			t.Fatalf("keeping %v: Commit = %d, %v, %+v; want 3, nil, nil", k, n, err, undone)
		}
		wantTree(t, root, map[string]string{"a": "a1", "d/b": "b1", "e/n": "n1"})
		noOldNames(t, root)
	}
}

// Where the system exchanges names, staging links no old file: the old
// content is kept by the commit's exchange (batch_exchange.go), and the
// file put back is the very file it was. Once a filesystem refuses an
// exchange, the tree links old files as it stages them.
func TestAllOrNothingKeepsByExchange(t *testing.T) {
	if !canExchange {
		t.Skip("no exchange of names on " + runtime.GOOS)
	}
	root := batchTree(t, map[string]string{"d/a": "a0", "d/b": "b0"})
	before, _ := os.Stat(filepath.Join(root, "d/a"))
	w, err := NewOS(Options{Root: root, NoFsync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	b := NewBatch(w)
	b.AllOrNothing = true
	b.FailRename = failAt(root, map[string]int{"d/b": 1})
	for _, f := range []Write{{filepath.Join(root, "d/a"), []byte("a1")}, {filepath.Join(root, "d/b"), []byte("b1")}} {
		if err := b.Add(f.Name, f.Data); err != nil {
			t.Fatal(err)
		}
	}
	if err := b.Ready(); err != nil {
		t.Fatal(err)
	}
	noOldNames(t, root) // nothing linked at staging
	if n, err := b.Commit(); n != 1 || !errors.Is(err, errFull) {
		t.Fatalf("Commit = %d, %v; want 1, %v", n, err, errFull)
	}
	wantTree(t, root, map[string]string{"d/a": "a0", "d/b": "b0"})
	if after, err := os.Stat(filepath.Join(root, "d/a")); err != nil || !os.SameFile(before, after) {
		t.Errorf("d/a is not the file it was: %v", err)
	}

	w.t.exchange = func(*os.File, string, string) error { return syscall.EINVAL }
	if _, _, err := commitAllOn(t, w, []Write{{filepath.Join(root, "d/a"), []byte("a2")}}, nil); err != nil {
		t.Fatal(err)
	}
	if w.t.exchanges() {
		t.Error("the tree still exchanges after a refusal")
	}
	wantTree(t, root, map[string]string{"d/a": "a2", "d/b": "b0"})
	noOldNames(t, root)
}

// A file whose temp cannot be written renames nothing at all: Commit
// names it, and Undone (not nil) lists nothing undone, the failing file
// first or later alike.
func TestAllOrNothingRenamesNothingWhenAStageFails(t *testing.T) {
	for _, at := range []int{0, 1} {
		root := batchTree(t, map[string]string{"a": "a0", "c": "c0"})
		if err := os.Mkdir(filepath.Join(root, "dir"), 0o755); err != nil {
			t.Fatal(err)
		}
		files := []Write{{filepath.Join(root, "a"), []byte("a1")}, {filepath.Join(root, "c"), []byte("c1")}}
		files = slices.Insert(files, at, Write{filepath.Join(root, "dir"), []byte("a directory")})
		n, undone, err := commitAll(t, root, false, files, nil)
		if n != at || err == nil || undone == nil || len(undone) != 0 {
			t.Fatalf("directory at %d: Commit = %d, %v, %#v; want %d, the directory refused, nothing undone", at, n, err, undone, at)
		}
		wantTree(t, root, map[string]string{"a": "a0", "c": "c0"})
		noOldNames(t, root)
	}
}

// Where a hard link is refused, the old content is kept as a copy: the
// same bytes and mode, under a name that is no temp name.
func TestCopyOldKeepsBytesAndMode(t *testing.T) {
	root := batchTree(t, map[string]string{"d/a": "old bytes\n"})
	if err := os.Chmod(filepath.Join(root, "d/a"), 0o640); err != nil {
		t.Fatal(err)
	}
	r, err := os.OpenRoot(root)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	name := filepath.Join("d", ".a.clada-0000000000000001.old")
	if err := copyOld(r, filepath.Join("d", "a"), name); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join(root, name))
	if err != nil || string(got) != "old bytes\n" {
		t.Fatalf("copy = %q, %v", got, err)
	}
	if fi, _ := os.Stat(filepath.Join(root, name)); runtime.GOOS != "windows" && fi.Mode().Perm() != 0o640 {
		t.Errorf("copy's mode %v, want 0640", fi.Mode().Perm())
	}
	if state.IsTemp(filepath.Base(name)) {
		t.Errorf("%s is a temp name: the lock's recovery would remove it", name)
	}
}
