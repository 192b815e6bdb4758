package fsys

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
)

// Directories held open while a batch runs (Batch: a patch's or a diff's
// trial and its writes). Through os.Root alone, every op on a file walks
// from the root again: a look at pkg/f.go opens pkg, looks, closes it, and
// walkDirs has looked at pkg before that. A diff's file is looked at five
// times, read, staged and renamed, eleven directory opens a file in all,
// where git apply needs two. While a batch runs, the tree instead keeps
// each directory it reaches open (heldDir) and does a file's ops relative
// to that handle.
//
// What os.Root promised still holds: before every op the held directory is
// checked to be still the directory its name reaches from the root, one
// lstat per level (a rename or a swap for a symlink since shows as another
// file there, and the op goes the old way, which walks, refuses and reports
// as before). What is left is the window os.Root leaves too, between that
// look and the op. Outside a batch (a command ran, a directory was moved
// or removed: an inode number can come back) nothing is held.
//
// Windows keeps the walk (holdsDirs, os_windows.go): its SameFile over an
// Lstat opens the path again, which is what this saves.

// heldDir is one directory held open: its handle (as a root whose dir is
// its absolute path), what it was when opened, and where it hangs.
type heldDir struct {
	root
	fi   fs.FileInfo
	up   *heldDir // nil: name is in the tree root top
	top  *root
	name string
}

// heldDirs is the tree's held directories while holders > 0.
type heldDirs struct {
	mu      sync.Mutex
	holders int
	dirs    map[string]*heldDir // by tree root and relative path
	done    []*os.Root          // handles to close at the last release
}

// maxHeld bounds the directories held at once (each is a descriptor); a
// batch reaching more goes the old way for the rest.
const maxHeld = 256

// hold starts holding directories (NewBatch); release ends it.
func (t *osTree) hold() {
	if !holdsDirs {
		return
	}
	t.held.mu.Lock()
	defer t.held.mu.Unlock()
	t.held.holders++
}

// release ends a hold; the last one closes every held directory.
func (t *osTree) release() {
	if !holdsDirs {
		return
	}
	t.held.mu.Lock()
	defer t.held.mu.Unlock()
	if t.held.holders == 0 {
		return
	}
	if t.held.holders--; t.held.holders > 0 {
		return
	}
	for _, h := range t.held.dirs {
		t.held.done = append(t.held.done, h.r)
	}
	for _, r := range t.held.done {
		r.Close()
	}
	t.held.dirs, t.held.done = nil, nil
}

// releaseAll ends every hold (the tree closes).
func (t *osTree) releaseAll() {
	t.held.mu.Lock()
	n := t.held.holders
	t.held.mu.Unlock()
	for range n {
		t.release()
	}
}

// heldParent is the held directory of the file abs and its base name, when
// a batch holds directories and abs's directory (below a tree root) is
// still the one held; ok is false otherwise, and the caller takes the
// walk.
func (t *osTree) heldParent(abs string) (h *heldDir, base string, ok bool) {
	if !holdsDirs {
		return nil, "", false
	}
	t.held.mu.Lock()
	holding := t.held.holders > 0
	t.held.mu.Unlock()
	if !holding {
		return nil, "", false
	}
	r, rel, err := t.locate(abs)
	if err != nil {
		return nil, "", false
	}
	dir := filepath.Dir(rel)
	if dir == "." {
		return nil, "", false // in the tree root: one step already
	}
	h = t.heldDir(r, dir)
	if h == nil || !t.still(h) {
		return nil, "", false
	}
	return h, filepath.Base(rel), true
}

// heldDir is the held directory rel under r, opened (with its parents)
// when not held yet; nil when it cannot be (not a directory, a symlink,
// missing, too many held).
func (t *osTree) heldDir(r *root, rel string) *heldDir {
	key := r.dir + "\x00" + rel
	t.held.mu.Lock()
	h, ok := t.held.dirs[key]
	t.held.mu.Unlock()
	if ok {
		return h
	}
	var up *heldDir
	parent := r
	if d := filepath.Dir(rel); d != "." {
		if up = t.heldDir(r, d); up == nil {
			return nil
		}
		parent = &up.root
	}
	name := filepath.Base(rel)
	abs := filepath.Join(r.dir, rel)
	fi, err := parent.r.Lstat(name)
	if err != nil || dirStep(abs, fi) != nil {
		return nil
	}
	d, err := parent.r.OpenRoot(name)
	if err != nil {
		return nil
	}
	if sameDir(parent.r, name, d, abs, fi) != nil {
		d.Close()
		return nil
	}
	h = &heldDir{root: root{dir: abs, r: d}, fi: fi, up: up, top: r, name: name}
	t.held.mu.Lock()
	defer t.held.mu.Unlock()
	switch old, raced := t.held.dirs[key]; {
	case t.held.holders == 0 || len(t.held.dirs) >= maxHeld:
		d.Close()
		return nil
	case raced: // the other goroutine opened it meanwhile
		d.Close()
		return old
	}
	if t.held.dirs == nil {
		t.held.dirs = map[string]*heldDir{}
	}
	t.held.dirs[key] = h
	return h
}

// still reports whether h, and each held directory above it, is still the
// directory its name reaches from the root; one that is not is let go (the
// next op opens what is there now).
func (t *osTree) still(h *heldDir) bool {
	if h.up != nil && !t.still(h.up) {
		return false
	}
	parent := h.top
	if h.up != nil {
		parent = &h.up.root
	}
	fi, err := parent.r.Lstat(h.name)
	if err == nil && dirStep(h.dir, fi) == nil && os.SameFile(fi, h.fi) {
		return true
	}
	t.held.mu.Lock()
	defer t.held.mu.Unlock()
	key := h.top.dir + "\x00" + relOf(h)
	if t.held.dirs[key] == h {
		delete(t.held.dirs, key)
		t.held.done = append(t.held.done, h.r) // a staged file may still name it
	}
	return false
}

// relOf is h's path below its tree root.
func relOf(h *heldDir) string {
	if h.up == nil {
		return h.name
	}
	return filepath.Join(relOf(h.up), h.name)
}

// inHeld gives the error of an op on base in a held directory (dirRel
// below the tree root) the path the walk's op would have named, so that
// reports read the same either way.
func inHeld(err error, dirRel, base string) error {
	var pe *fs.PathError
	if errors.As(err, &pe) && pe.Path == base {
		pe.Path = filepath.Join(dirRel, base)
	}
	return err
}
