package fsys

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"syscall"
	"time"

	"github.com/clada-dev/clada/engine/fault"
	"github.com/clada-dev/clada/engine/textedit"
)

// Overlay is an in-memory, copy-on-write view over a base Workspace: the
// policy (policy.go) over a memTree. Reads fall through to the base until
// a path is written; writes stay in memory, so the base is never changed.
// check, apply --dry-run, --atomic and the language server run ops on it
// to see what apply would do.
//
// Every directory the overlay holds is opaque: the base's entries below it
// are hidden. That holds by construction, because the overlay only records a
// directory it created where none was visible (or one it moved, whose content
// it copied in).
//
// An Overlay is for one goroutine at a time (one run, or one document in the
// language server); its base may be shared.
type Overlay struct {
	guard
	m *memTree
}

// memTree is the overlay's tree: what it holds, over its base.
type memTree struct {
	base  Workspace
	nodes map[string]*onode // absolute path → what the overlay says is there
	// maxRead is the read cap of the tree under the overlay: a moved file
	// over it is not held in memory (refuseBig).
	maxRead int64
	index   indexPlan // the files' edit indexes, as a real apply's write-back keeps them
}

// onode is one overlay entry; gone marks a deletion hiding the base.
type onode struct {
	dir    bool
	gone   bool
	notDir bool            // gone because an ancestor is a file (ENOTDIR, as the OS says)
	data   []byte          // nil while idx holds newer text (content)
	idx    *textedit.Index // the file's text with its searches indexed, or nil
	clean  bool            // the base's file as read (seed), not changed: no write to make
	mode   fs.FileMode
	mtime  time.Time
}

// content is the file's current content, never written to again.
func (n *onode) content() []byte {
	if n.data == nil && n.idx != nil {
		n.data = n.idx.Bytes()
	}
	return n.data
}

// NewOverlay layers an empty Overlay over base. Over the real tree (or a
// real apply's write-back) it keeps that tree's read cap and hard-link rule.
func NewOverlay(base Workspace) *Overlay {
	m := &memTree{base: base, nodes: map[string]*onode{}, maxRead: DefaultMaxRead, index: newIndexPlan(nil)}
	links := true
	if s, ok := base.(settings); ok {
		m.maxRead, links = s.settings()
	}
	return &Overlay{guard: guard{t: m, links: links}, m: m}
}

// DryRun: a run on an Overlay only simulates.
func (o *Overlay) DryRun() bool { return true }

// Held is the content of the regular file the overlay holds at abs (one a
// run wrote), and whether it holds one: a trial's outcome, to be written
// for real (engine's all-or-nothing groups).
func (o *Overlay) Held(abs string) ([]byte, bool) {
	n, ok := o.m.nodes[abs]
	if !ok || n.dir || n.gone || n.clean || !n.mode.IsRegular() {
		return nil, false
	}
	return n.content(), true
}

// Forget drops the overlay's content of the regular file at abs, once
// what a trial left there is written elsewhere (an all-or-nothing group's
// Batch): a trial over a thousand files then holds one at a time. abs must
// not be read through the overlay again; it would read the base.
func (o *Overlay) Forget(abs string) {
	if n, ok := o.m.nodes[abs]; ok && !n.dir && !n.gone && n.mode.IsRegular() {
		delete(o.m.nodes, abs)
	}
}

// planEdits takes the searches to index (PlanEdits).
func (o *Overlay) planEdits(plan map[string][]string) { o.m.index.plan = plan }

func (o *Overlay) unseeded(abs string) bool {
	return o.m.lookup(abs) == nil && o.m.index.planned(abs)
}

// seed holds data, the base's file at abs as read, in a clean node: the
// simulation sees what the base has, and Held offers nothing to write
// until an edit changes it.
func (o *Overlay) seed(abs string, data []byte) {
	if o.m.lookup(abs) != nil {
		return
	}
	fi, err := o.m.base.Lstat(abs)
	if err != nil || !fi.Mode().IsRegular() {
		return
	}
	o.m.nodes[abs] = &onode{data: data, mode: fi.Mode(), mtime: fi.ModTime(), clean: true}
}

// replaceIndexed is ReplaceIndexed on this overlay: the fast path of a real
// apply's write-back (writeback.go), on a file the overlay already holds,
// so that an all-or-nothing trial, --atomic, --dry-run and the language
// server's simulation cost what the apply costs (a 5,000-hunk diff of a
// 10 MiB file copied the whole file into the overlay at every hunk).
func (o *Overlay) replaceIndexed(abs string, edit indexEdit) (textedit.Indexed, int) {
	m := o.m
	m.index.asked(abs)
	n, ok := m.nodes[abs]
	if !ok || n.dir || n.gone || n.mode&fs.ModeSymlink != 0 {
		return textedit.Declined, 0
	}
	if n.idx = m.index.indexFor(abs, n.idx, n.data); n.idx == nil {
		return textedit.Declined, 0
	}
	r, line := edit.apply(n.idx)
	if r == textedit.Replaced {
		n.data, n.mtime, n.clean = nil, time.Now(), false
	}
	if m.index.done(abs) {
		n.content()
		n.idx = nil
	}
	return r, line
}

// lookup returns the overlay's node for name, a gone node when an ancestor
// the overlay holds hides it, or nil when the base decides.
func (m *memTree) lookup(name string) *onode {
	if n, ok := m.nodes[name]; ok {
		return n
	}
	if len(m.nodes) == 0 {
		return nil
	}
	for p := filepath.Dir(name); ; p = filepath.Dir(p) {
		if n, ok := m.nodes[p]; ok {
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
		return notDir(op, name)
	}
	return &fs.PathError{Op: op, Path: name, Err: fs.ErrNotExist}
}

func (m *memTree) lstat(name string) (fs.FileInfo, error) {
	if n := m.lookup(name); n != nil {
		if n.gone {
			return nil, goneErr("lstat", name, n)
		}
		return memInfo{name: filepath.Base(name), n: n}, nil
	}
	return m.base.Lstat(name)
}

func (m *memTree) readFile(name string, _ fs.FileInfo) ([]byte, error) {
	if n := m.lookup(name); n != nil {
		return n.content(), nil
	}
	return m.base.ReadFile(name)
}

func (m *memTree) writeFile(name string, data []byte, old fs.FileInfo) error {
	mode := fs.FileMode(0o644)
	if old != nil {
		mode = old.Mode().Perm()
	} else if err := m.mkdirAll(filepath.Dir(name)); err != nil {
		return err
	}
	if n, ok := m.nodes[name]; ok && n.idx != nil {
		m.index.wroteOrdinary(name)
	}
	// data is never written to again (Workspace.WriteFile), so it is kept
	// as given: a copy of a 10 MiB file cost a fifth of a 5,000-hunk
	// patch's apply here, most of it the fresh pages' faults.
	m.nodes[name] = &onode{data: data, mode: mode, mtime: time.Now()}
	return nil
}

// mkdirAll makes name and its missing parents, each under a directory
// (dirStep, as the OS's walk judges each step).
func (m *memTree) mkdirAll(name string) error {
	fi, err := m.lstat(name)
	switch {
	case err == nil:
		return dirStep(name, fi)
	case !errors.Is(err, fs.ErrNotExist):
		return err
	}
	if parent := filepath.Dir(name); parent != name {
		if err := m.mkdirAll(parent); err != nil {
			return err
		}
	}
	m.nodes[name] = &onode{dir: true, mode: fs.ModeDir | 0o755, mtime: time.Now()}
	return nil
}

func (m *memTree) mkdir(name string) error {
	if _, err := m.lstat(name); err == nil {
		return &fs.PathError{Op: "mkdir", Path: name, Err: fs.ErrExist}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	m.nodes[name] = &onode{dir: true, mode: fs.ModeDir | 0o755, mtime: time.Now()}
	return nil
}

func (m *memTree) remove(name string) error {
	fi, err := m.lstat(name)
	if err != nil {
		return err
	}
	if fi.IsDir() {
		entries, err := m.readDir(name)
		if err != nil {
			return err
		}
		if len(entries) > 0 {
			return &fs.PathError{Op: "rmdir", Path: name, Err: syscall.ENOTEMPTY}
		}
	}
	m.hide(name)
	return nil
}

func (m *memTree) removeAll(name string) error {
	if _, err := m.lstat(name); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		return err
	}
	m.hide(name)
	return nil
}

// hide marks name deleted and drops whatever the overlay held below it.
func (m *memTree) hide(name string) {
	prefix := name + string(filepath.Separator)
	for p := range m.nodes {
		if strings.HasPrefix(p, prefix) {
			delete(m.nodes, p)
		}
	}
	m.nodes[name] = &onode{gone: true}
}

// rename copies what oldname holds (a whole subtree for a directory) to
// newname and hides oldname.
func (m *memTree) rename(oldname, newname string) error {
	fi, err := m.lstat(oldname)
	if err != nil {
		return err
	}
	if oldname == newname {
		return nil
	}
	if fi.IsDir() && Within(oldname, newname) {
		return &fs.PathError{Op: "rename", Path: oldname, Err: syscall.EINVAL}
	}
	if dst, err := m.lstat(newname); err == nil {
		// As os.Rename (and os.Root's) does: an existing directory is never
		// replaced, empty or not.
		if dst.IsDir() {
			return &fs.PathError{Op: "rename", Path: newname, Err: syscall.EEXIST}
		}
		if fi.IsDir() {
			return notDir("rename", newname)
		}
	}
	moved := map[string]*onode{}
	if err := m.collect(oldname, newname, fi, moved); err != nil {
		return err
	}
	m.hide(oldname)
	m.hide(newname)
	for p, n := range moved {
		m.nodes[p] = n
	}
	return nil
}

// collect copies the entry at from (described by fi) into out under to.
func (m *memTree) collect(from, to string, fi fs.FileInfo, out map[string]*onode) error {
	switch {
	case fi.Mode()&fs.ModeSymlink != 0 || (!fi.IsDir() && !fi.Mode().IsRegular()):
		// The overlay keeps no link target, only that a link is there: it
		// cannot be read through (as on disk) and is left out of Changes.
		// A FIFO, socket or device inside a moved directory is kept the
		// same way, unopened, as a real rename moves it along.
		out[to] = &onode{mode: fi.Mode(), mtime: fi.ModTime()}
	case fi.IsDir():
		out[to] = &onode{dir: true, mode: fi.Mode(), mtime: fi.ModTime()}
		entries, err := m.readDir(from)
		if err != nil {
			return err
		}
		for _, e := range entries {
			if err := m.collect(filepath.Join(from, e.Name()), filepath.Join(to, e.Name()), e, out); err != nil {
				return err
			}
		}
	default:
		if err := m.refuseBig(from, fi); err != nil {
			return err
		}
		data, err := m.readFile(from, fi)
		if err != nil {
			return err
		}
		out[to] = &onode{data: data, mode: fi.Mode().Perm(), mtime: fi.ModTime()}
	}
	return nil
}

// readDir merges the base's entries with what the overlay holds below name.
func (m *memTree) readDir(name string) ([]fs.FileInfo, error) {
	byName := map[string]fs.FileInfo{}
	if m.lookup(name) == nil {
		base, err := m.base.ReadDir(name)
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
	for p, n := range m.nodes {
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
	m := o.m
	var out []textedit.Change
	for p, n := range m.nodes {
		if n.mode&fs.ModeSymlink != 0 {
			out = m.baseFilesGone(p, out)
			continue
		}
		if n.gone || n.dir {
			// A deletion, or an opaque directory hiding what the base had.
			out = m.baseFilesGone(p, out)
			continue
		}
		if m.baseBig(p) { // too big to diff, not read
			out = append(out, textedit.Change{Path: p, Before: []byte{}, After: n.content()})
			continue
		}
		before, err := m.base.ReadFile(p)
		if err != nil {
			out = m.baseFilesGone(p, out) // a base directory this file replaced
			out = append(out, textedit.Change{Path: p, After: n.content(), Created: true})
			continue
		}
		if after := n.content(); string(before) != string(after) {
			out = append(out, textedit.Change{Path: p, Before: before, After: after})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out
}

// Rewrites lists, sorted by path, the files the overlay changed, with ok
// true when each is an existing regular file of the base that the overlay
// only rewrote (same kind, same permissions). Anything else the overlay
// did (a file made, removed, moved or linked, a folder made) makes ok
// false: --atomic then cannot write its simulation's result as is.
func (o *Overlay) Rewrites() (_ []Write, ok bool) {
	m := o.m
	var out []Write
	for p, n := range m.nodes {
		if n.gone || n.dir || !n.mode.IsRegular() {
			return nil, false
		}
		if n.clean {
			continue // read, never written
		}
		fi, err := m.base.Lstat(p)
		if err != nil || !fi.Mode().IsRegular() || fi.Mode().Perm() != n.mode.Perm() || fi.Size() > m.maxRead {
			return nil, false
		}
		after := n.content()
		if fi.Size() == int64(len(after)) { // else it changed: no need to read it again
			before, err := m.base.ReadFile(p)
			if err != nil {
				return nil, false
			}
			if string(before) == string(after) {
				continue
			}
		}
		out = append(out, Write{Name: p, Data: after})
	}
	slices.SortFunc(out, func(a, b Write) int { return strings.Compare(a.Name, b.Name) })
	return out, true
}

// baseFilesGone appends a deletion for every base file at or below p that
// the overlay does not bring back.
func (m *memTree) baseFilesGone(p string, out []textedit.Change) []textedit.Change {
	fi, err := m.base.Lstat(p)
	if err != nil {
		return out
	}
	if !fi.IsDir() {
		if n, ok := m.nodes[p]; ok && !n.gone && !n.dir {
			return out // replaced by an overlay file, reported there
		}
		var data []byte
		if !m.baseBig(p) { // a huge deleted file is not read for its diff
			data, _ = m.base.ReadFile(p)
		}
		return append(out, textedit.Change{Path: p, Before: data, Deleted: true})
	}
	entries, err := m.base.ReadDir(p)
	if err != nil {
		return out
	}
	for _, e := range entries {
		child := filepath.Join(p, e.Name())
		if _, ok := m.nodes[child]; ok {
			continue // the overlay holds it: reported under its own entry
		}
		out = m.baseFilesGone(child, out)
	}
	return out
}

// refuseBig refuses to simulate moving a file over the read cap: the
// simulation holds moved files in memory, and a sparse 100 GiB file ran
// clada out of memory in a dry run.
func (m *memTree) refuseBig(name string, fi fs.FileInfo) error {
	if !fi.Mode().IsRegular() || fi.Size() <= m.maxRead {
		return nil
	}
	return &RefusedError{Type: fault.PermissionDenied, Path: name,
		Reason: fmt.Sprintf("'%s' is %s, too big to simulate (over the %s read limit)", name, HumanBytes(fi.Size()), HumanBytes(m.maxRead)),
		Fix:    "apply it without --dry-run or --atomic, or raise --max-read"}
}

// baseBig reports whether the base file at p is over the read cap.
func (m *memTree) baseBig(p string) bool {
	fi, err := m.base.Lstat(p)
	return err == nil && fi.Mode().IsRegular() && fi.Size() > m.maxRead
}

// untouched reports whether the overlay holds nothing at or below abs, so
// the base's tree there is exactly what the simulation sees (a walk then
// goes on in the base, by handle: walk.go).
func (o *Overlay) untouched(abs string) bool {
	if o.m.lookup(abs) != nil {
		return false
	}
	prefix := abs + string(filepath.Separator)
	for p := range o.m.nodes {
		if strings.HasPrefix(p, prefix) {
			return false
		}
	}
	return true
}

// walkBase is the base an untouched folder is walked in.
func (o *Overlay) walkBase() Workspace { return o.m.base }

// memInfo describes an overlay entry.
type memInfo struct {
	name string
	n    *onode
}

func (m memInfo) Name() string { return m.name }
func (m memInfo) Size() int64  { return int64(len(m.n.content())) }
func (m memInfo) Mode() fs.FileMode {
	if m.n.dir {
		return fs.ModeDir | m.n.mode.Perm()
	}
	return m.n.mode & (fs.ModeSymlink | fs.ModePerm)
}
func (m memInfo) ModTime() time.Time { return m.n.mtime }
func (m memInfo) IsDir() bool        { return m.n.dir }
func (m memInfo) Sys() any           { return nil }
