package engine

import (
	"errors"
	"github.com/clada-dev/clada/engine/textedit"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"time"
)

// Overlay is an in-memory, copy-on-write view over a base Workspace. Reads
// fall through to the base until a path is written; writes stay in memory,
// so the base is never changed. check, apply --dry-run, --atomic and the
// language server run ops on it to see what apply would do.
//
// Every directory the overlay holds is opaque: the base's entries below it
// are hidden. That holds by construction, because the overlay only records a
// directory it created where none was visible (or one it moved, whose content
// it copied in).
//
// An Overlay is for one goroutine at a time (one run, or one document in the
// language server); its base may be shared.
type Overlay struct {
	base  Workspace
	nodes map[string]*onode // absolute path → what the overlay says is there
}

// onode is one overlay entry; gone marks a deletion hiding the base.
type onode struct {
	dir    bool
	gone   bool
	notDir bool // gone because an ancestor is a file (ENOTDIR, as the OS says)
	data   []byte
	mode   fs.FileMode
	mtime  time.Time
}

// NewOverlay layers an empty Overlay over base.
func NewOverlay(base Workspace) *Overlay {
	return &Overlay{base: base, nodes: map[string]*onode{}}
}

// lookup returns the overlay's node for name, a gone node when an ancestor
// the overlay holds hides it, or nil when the base decides.
func (o *Overlay) lookup(name string) *onode {
	if n, ok := o.nodes[name]; ok {
		return n
	}
	if len(o.nodes) == 0 {
		return nil
	}
	for p := filepath.Dir(name); ; p = filepath.Dir(p) {
		if n, ok := o.nodes[p]; ok {
			// A deletion, a file, or an (opaque) overlay directory: either
			// way the base's entry below it is not visible.
			return &onode{gone: true, notDir: !n.gone && !n.dir}
		}
		if p == filepath.Dir(p) {
			return nil
		}
	}
}

// goneErr is the error for a path the overlay says is not there.
func goneErr(op, name string, n *onode) error {
	if n.notDir {
		return &fs.PathError{Op: op, Path: name, Err: syscall.ENOTDIR}
	}
	return &fs.PathError{Op: op, Path: name, Err: fs.ErrNotExist}
}

func (o *Overlay) Lstat(name string) (fs.FileInfo, error) {
	if n := o.lookup(name); n != nil {
		if n.gone {
			return nil, goneErr("lstat", name, n)
		}
		return memInfo{name: filepath.Base(name), n: n}, nil
	}
	return o.base.Lstat(name)
}

func (o *Overlay) ReadFile(name string) ([]byte, error) {
	if n := o.lookup(name); n != nil {
		switch {
		case n.gone:
			return nil, goneErr("open", name, n)
		case n.dir:
			return nil, &fs.PathError{Op: "open", Path: name, Err: syscall.EISDIR}
		case n.mode&fs.ModeSymlink != 0:
			return nil, symlinkRefused(name)
		}
		return n.data, nil
	}
	return o.base.ReadFile(name)
}

// parentDir checks that name's parent exists in this view as a real
// directory (the base refuses symlinks on the way).
func (o *Overlay) parentDir(name string) error {
	fi, err := o.Lstat(filepath.Dir(name))
	if err != nil {
		return err
	}
	if fi.Mode()&fs.ModeSymlink != 0 {
		return symlinkRefused(filepath.Dir(name))
	}
	if !fi.IsDir() {
		return &fs.PathError{Op: "open", Path: name, Err: syscall.ENOTDIR}
	}
	return nil
}

func (o *Overlay) WriteFile(name string, data []byte) error {
	mode := fs.FileMode(0o644)
	fi, err := o.Lstat(name)
	switch {
	case err == nil:
		if err := regularFile(name, fi); err != nil {
			return err
		}
		// The real write would refuse a hard-linked file: say so here too.
		if b, ok := o.base.(*OSWorkspace); ok && o.lookup(name) == nil {
			if err := b.singleLink(name, fi); err != nil {
				return err
			}
		}
		mode = fi.Mode().Perm()
	case !errors.Is(err, fs.ErrNotExist):
		return err
	default:
		if err := o.MkdirAll(filepath.Dir(name)); err != nil {
			return err
		}
	}
	o.nodes[name] = &onode{data: append([]byte(nil), data...), mode: mode, mtime: time.Now()}
	return nil
}

func (o *Overlay) MkdirAll(name string) error {
	fi, err := o.Lstat(name)
	switch {
	case err == nil && fi.Mode()&fs.ModeSymlink != 0:
		return symlinkRefused(name)
	case err == nil && fi.IsDir():
		return nil
	case err == nil:
		return &fs.PathError{Op: "mkdir", Path: name, Err: syscall.ENOTDIR}
	case !errors.Is(err, fs.ErrNotExist):
		return err
	}
	if parent := filepath.Dir(name); parent != name {
		if err := o.MkdirAll(parent); err != nil {
			return err
		}
	}
	o.nodes[name] = &onode{dir: true, mode: fs.ModeDir | 0o755, mtime: time.Now()}
	return nil
}

func (o *Overlay) Mkdir(name string) error {
	if err := o.parentDir(name); err != nil {
		return err
	}
	if _, err := o.Lstat(name); err == nil {
		return &fs.PathError{Op: "mkdir", Path: name, Err: fs.ErrExist}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	o.nodes[name] = &onode{dir: true, mode: fs.ModeDir | 0o755, mtime: time.Now()}
	return nil
}

func (o *Overlay) Remove(name string) error {
	if err := o.parentDir(name); err != nil {
		return err
	}
	fi, err := o.Lstat(name)
	if err != nil {
		return err
	}
	if fi.IsDir() {
		entries, err := o.ReadDir(name)
		if err != nil {
			return err
		}
		if len(entries) > 0 {
			return &fs.PathError{Op: "rmdir", Path: name, Err: syscall.ENOTEMPTY}
		}
	}
	o.hide(name)
	return nil
}

func (o *Overlay) RemoveAll(name string) error {
	if err := o.parentDir(name); err != nil {
		return err
	}
	if _, err := o.Lstat(name); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		return err
	}
	o.hide(name)
	return nil
}

// hide marks name deleted and drops whatever the overlay held below it.
func (o *Overlay) hide(name string) {
	prefix := name + string(filepath.Separator)
	for p := range o.nodes {
		if strings.HasPrefix(p, prefix) {
			delete(o.nodes, p)
		}
	}
	o.nodes[name] = &onode{gone: true}
}

// Rename copies what oldname holds (a whole subtree for a directory) to
// newname and hides oldname.
func (o *Overlay) Rename(oldname, newname string) error {
	if err := o.parentDir(oldname); err != nil {
		return err
	}
	if err := o.parentDir(newname); err != nil {
		return err
	}
	fi, err := o.Lstat(oldname)
	if err != nil {
		return err
	}
	if oldname == newname {
		return nil
	}
	if fi.IsDir() && within(oldname, newname) {
		return &fs.PathError{Op: "rename", Path: oldname, Err: syscall.EINVAL}
	}
	if dst, err := o.Lstat(newname); err == nil {
		// As os.Rename (and os.Root's) does: an existing directory is never
		// replaced, empty or not.
		if dst.IsDir() {
			return &fs.PathError{Op: "rename", Path: newname, Err: syscall.EEXIST}
		}
		if fi.IsDir() {
			return &fs.PathError{Op: "rename", Path: newname, Err: syscall.ENOTDIR}
		}
	}
	moved := map[string]*onode{}
	if err := o.collect(oldname, newname, fi, moved); err != nil {
		return err
	}
	o.hide(oldname)
	o.hide(newname)
	for p, n := range moved {
		o.nodes[p] = n
	}
	return nil
}

// collect copies the entry at from (described by fi) into out under to.
func (o *Overlay) collect(from, to string, fi fs.FileInfo, out map[string]*onode) error {
	switch {
	case fi.Mode()&fs.ModeSymlink != 0 || (!fi.IsDir() && !fi.Mode().IsRegular()):
		// The overlay keeps no link target, only that a link is there: it
		// cannot be read through (as on disk) and is left out of Changes.
		// A FIFO, socket or device inside a moved directory is kept the
		// same way, unopened, as a real rename moves it along.
		out[to] = &onode{mode: fi.Mode(), mtime: fi.ModTime()}
	case fi.IsDir():
		out[to] = &onode{dir: true, mode: fi.Mode(), mtime: fi.ModTime()}
		entries, err := o.ReadDir(from)
		if err != nil {
			return err
		}
		for _, e := range entries {
			if err := o.collect(filepath.Join(from, e.Name()), filepath.Join(to, e.Name()), e, out); err != nil {
				return err
			}
		}
	default:
		if err := o.refuseBig(from, fi); err != nil { // read_cap.go
			return err
		}
		data, err := o.ReadFile(from)
		if err != nil {
			return err
		}
		out[to] = &onode{data: data, mode: fi.Mode().Perm(), mtime: fi.ModTime()}
	}
	return nil
}

func (o *Overlay) ReadDir(name string) ([]fs.FileInfo, error) {
	fi, err := o.Lstat(name)
	if err != nil {
		return nil, err
	}
	if fi.Mode()&fs.ModeSymlink != 0 {
		return nil, symlinkRefused(name)
	}
	if !fi.IsDir() {
		return nil, &fs.PathError{Op: "scandir", Path: name, Err: syscall.ENOTDIR}
	}
	byName := map[string]fs.FileInfo{}
	if o.lookup(name) == nil {
		base, err := o.base.ReadDir(name)
		if err != nil {
			return nil, err
		}
		for _, e := range base {
			byName[e.Name()] = e
		}
	}
	prefix := name + string(filepath.Separator)
	if name == string(filepath.Separator) {
		prefix = name
	}
	for p, n := range o.nodes {
		if !strings.HasPrefix(p, prefix) || strings.ContainsRune(p[len(prefix):], filepath.Separator) {
			continue
		}
		child := p[len(prefix):]
		if n.gone {
			delete(byName, child)
		} else {
			byName[child] = memInfo{name: child, n: n}
		}
	}
	out := make([]fs.FileInfo, 0, len(byName))
	for _, e := range byName {
		out = append(out, e)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name() < out[j].Name() })
	return out, nil
}

// Changes lists every file whose content differs from the base, sorted by
// path: created, modified and deleted files (a deleted directory lists the
// files it held). Directories themselves are not listed. To replay them,
// apply the deletions first: a new file may take the place of a directory
// whose files are deleted.
func (o *Overlay) Changes() []textedit.Change {
	var out []textedit.Change
	for p, n := range o.nodes {
		if n.mode&fs.ModeSymlink != 0 {
			out = o.baseFilesGone(p, out)
			continue
		}
		if n.gone || n.dir {
			// A deletion, or an opaque directory hiding what the base had.
			out = o.baseFilesGone(p, out)
			continue
		}
		if o.baseBig(p) { // read_cap.go: too big to diff, not read
			out = append(out, textedit.Change{Path: p, Before: []byte{}, After: n.data})
			continue
		}
		before, err := o.base.ReadFile(p)
		if err != nil {
			out = o.baseFilesGone(p, out) // a base directory this file replaced
			out = append(out, textedit.Change{Path: p, After: n.data, Created: true})
			continue
		}
		if string(before) != string(n.data) {
			out = append(out, textedit.Change{Path: p, Before: before, After: n.data})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out
}

// baseFilesGone appends a deletion for every base file at or below p that
// the overlay does not bring back.
func (o *Overlay) baseFilesGone(p string, out []textedit.Change) []textedit.Change {
	fi, err := o.base.Lstat(p)
	if err != nil {
		return out
	}
	if !fi.IsDir() {
		if n, ok := o.nodes[p]; ok && !n.gone && !n.dir {
			return out // replaced by an overlay file, reported there
		}
		var data []byte
		if !o.baseBig(p) { // read_cap.go: a huge deleted file is not read for its diff
			data, _ = o.base.ReadFile(p)
		}
		return append(out, textedit.Change{Path: p, Before: data, Deleted: true})
	}
	entries, err := o.base.ReadDir(p)
	if err != nil {
		return out
	}
	for _, e := range entries {
		child := filepath.Join(p, e.Name())
		if _, ok := o.nodes[child]; ok {
			continue // the overlay holds it: reported under its own entry
		}
		out = o.baseFilesGone(child, out)
	}
	return out
}

// memInfo describes an overlay entry.
type memInfo struct {
	name string
	n    *onode
}

func (m memInfo) Name() string { return m.name }
func (m memInfo) Size() int64  { return int64(len(m.n.data)) }
func (m memInfo) Mode() fs.FileMode {
	if m.n.dir {
		return fs.ModeDir | m.n.mode.Perm()
	}
	return m.n.mode & (fs.ModeSymlink | fs.ModePerm)
}
func (m memInfo) ModTime() time.Time { return m.n.mtime }
func (m memInfo) IsDir() bool        { return m.n.dir }
func (m memInfo) Sys() any           { return nil }
