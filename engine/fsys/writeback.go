package fsys

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/clada-dev/clada/engine/textedit"
)

// WriteBack wraps the workspace of one real apply and remembers the files
// the apply wrote, so that N edits to one file cost one read and (about)
// one write instead of N of each.
//
// A file's first write in an apply is checked as the disk write would
// check it (its refusals are the action's own, at once), a new file's
// missing folder is made, and the content is held, not written: each file
// written at once cost its own fsync and its folder's, one after another
// (2,000 whole files took 5.8 s on a journaled disk), and an existing file
// the plan indexes (many edits to come, index_plan.go) was written twice,
// each time with its fsync and a rename that frees the old copy (a fifth of
// a 5,000-edit apply). Later reads are served from memory, and later
// writes only replace the content. The pending contents are written out
// before anything else looks at the tree: before a command runs
// (BeginAction), before a Lstat, ReadDir, Remove or Rename, and when the
// apply ends (Settle, before the git commit); more than one together
// (writeBatch: temps fsynced in parallel, renamed in order, each folder
// fsynced once), the observer told of each before its rename (the git
// model records the file's before-state then). Where the tree under the
// cache cannot stage temps (an Overlay), only an indexed file's first
// write is held, and the others go to disk at once. A crash therefore
// leaves every file wholly as some action left it, never partial. A pending content that
// cannot be written out is the failure of every action whose write it held
// (none of their changes reached the disk): Settle hands those back to the
// run.
//
// The same wrapper tells the run's observer (the hook) of every change on
// disk, and only those: a write kept in memory changes nothing yet.
type WriteBack struct {
	inner Workspace
	hook  func(abs string, whole bool) // nil: no observer
	files map[string]*wbFile
	// fold maps a lower-cased name to the name files holds it under: on a
	// case-insensitive file system (macOS, Windows) F.txt and f.txt are one
	// file, and the cache must not keep two contents of it.
	fold  map[string]string
	index indexPlan // the files' edit indexes (ReplaceIndexed)
	dirty []string  // paths with pending content, in first-pending order
	// owner is the action running now (BeginAction; -1: none), whose
	// failure a failed write-out of what it wrote is.
	owner  int
	failed []FlushError
}

// FlushError is a pending content that could not be written out: the
// actions Owners (as given to BeginAction, in the order they wrote) made
// it, and none of their changes reached the disk at Path, which keeps what
// it had before them.
type FlushError struct {
	Owners []int
	Path   string
	Err    error
}

// wbFile is one written file's current content.
type wbFile struct {
	data  []byte          // nil while idx holds newer text
	idx   *textedit.Index // the file's text with its searches indexed, or nil
	dirty bool            // the content is newer than the file on disk
	// writers are the actions (as WriteBack.owner) whose writes the pending
	// content holds, each once, in the order they wrote.
	writers []int
}

// content is the file's current content, never written to again.
func (f *wbFile) content() []byte {
	if f.data == nil && f.idx != nil {
		f.data = f.idx.Bytes()
	}
	return f.data
}

// NewWriteBack wraps inner for one real apply. plan is, per absolute path,
// the searches the apply's file_replace_text actions make there (at least
// MinIndexed of them), to be indexed; hook, when not nil, hears of every
// path before it changes on disk (whole: everything below it too).
func NewWriteBack(inner Workspace, plan map[string][]string, hook func(abs string, whole bool)) *WriteBack {
	return &WriteBack{inner: inner, hook: hook, index: newIndexPlan(plan),
		files: map[string]*wbFile{}, fold: map[string]string{}, owner: -1}
}

// changing tells the hook that abs (and everything below it, if whole) is
// about to change.
func (w *WriteBack) changing(abs string, whole bool) {
	if w.hook != nil {
		w.hook(abs, whole)
	}
}

// cached returns the content the apply last wrote to name, if it holds it.
func (w *WriteBack) cached(name string) ([]byte, bool) {
	f, ok := w.files[name]
	if !ok {
		w.otherSpelling(name)
		return nil, false
	}
	return f.content(), true
}

// otherSpelling writes out and forgets the file the cache holds under a
// name that differs from name only in case, before name is read from or
// written to disk: it may be the same file.
func (w *WriteBack) otherSpelling(name string) {
	other, ok := w.fold[strings.ToLower(name)]
	if !ok || other == name {
		return
	}
	w.flushOne(other)
	w.forget(other)
}

// forget drops name from the cache (after its content reached the disk, or
// failed to).
func (w *WriteBack) forget(name string) {
	delete(w.files, name)
	if low := strings.ToLower(name); w.fold[low] == name {
		delete(w.fold, low)
	}
}

// writeLater takes a write to a file this apply already wrote to disk and
// keeps it in memory; it reports false when the write must go to disk now.
func (w *WriteBack) writeLater(name string, data []byte) bool {
	f, ok := w.files[name]
	if !ok {
		return false
	}
	if f.idx != nil {
		f.idx = nil
		w.index.wroteOrdinary(name)
	}
	f.data = data
	w.pending(name, f)
	return true
}

// pending marks f, the file at name, newer than the disk, by the action
// running now.
func (w *WriteBack) pending(name string, f *wbFile) {
	if !f.dirty {
		f.dirty = true
		w.dirty = append(w.dirty, name)
	}
	if n := len(f.writers); w.owner >= 0 && (n == 0 || f.writers[n-1] != w.owner) {
		f.writers = append(f.writers, w.owner)
	}
}

// hold keeps data as name's content, what the disk has (a write just put
// it there, or a read found it there) until pending says it is newer.
func (w *WriteBack) hold(name string, data []byte) *wbFile {
	f := &wbFile{data: data}
	w.files[name] = f
	w.fold[strings.ToLower(name)] = name
	return f
}

// holdFirst keeps the first write of name in memory, after the checks its
// write-out will make (the guard's, policy.go) and with its missing
// folders made, when the write-out can be batched (the real tree: flush
// commits every held file together, one fsync each, in parallel, and one
// per folder, where a file written at once cost its own two), or when the
// plan indexes name and the write replaces an existing file (the
// WriteBack's comment says why); false sends it to disk, err is the
// refusal the disk write would give.
func (w *WriteBack) holdFirst(name string, data []byte) (bool, error) {
	c, ok := w.inner.(rewriteChecker)
	if !ok {
		return false, nil
	}
	olds, planned := w.index.plan[name]
	batches := w.batches()
	if !batches && !(planned && worthIndexing(len(olds), len(data))) {
		return false, nil
	}
	exists, err := c.checkRewrite(name)
	switch {
	case err != nil:
		return false, err
	case !exists && !batches: // an indexed file, but new: to disk at once
		return false, nil
	case !exists:
		dir := filepath.Dir(name)
		if _, err := w.inner.Lstat(dir); isNotExist(err) {
			w.changing(dir, false)
			if err := w.inner.MkdirAll(dir); err != nil {
				return false, err
			}
		}
	}
	w.pending(name, w.hold(name, data))
	return true, nil
}

// batches reports whether pending contents are written out together
// (writeBatch): the tree under the cache stages temp files.
func (w *WriteBack) batches() bool {
	st, ok := w.inner.(stager)
	return ok && st.tree() != nil
}

// flush writes every pending content to disk, oldest first. A write that
// fails is the failure of the action that last wrote that file (its
// content never reached the disk); the file stays as it was before.
func (w *WriteBack) flush() {
	if len(w.dirty) == 0 {
		return
	}
	pending := w.dirty
	w.dirty = nil
	if len(pending) > 1 && w.batches() {
		w.writeBatch(pending)
		return
	}
	for _, name := range pending {
		w.flushOne(name)
	}
}

// writeBatch writes the pending contents of names out together (Batch:
// each file wholly old or wholly new, as one at a time), oldest first. A
// file that cannot be written is the failure of its writers, as in
// flushOne, and the files after it are written in a batch of their own.
func (w *WriteBack) writeBatch(names []string) {
	for len(names) > 0 {
		b := NewBatch(w.inner) // under the cache: its pending contents are these
		var files []string
		for _, name := range names {
			f, ok := w.files[name]
			if !ok || !f.dirty {
				continue
			}
			w.changing(name, false)
			_ = b.Add(name, f.content())
			files = append(files, name)
		}
		n, err := b.Commit()
		for _, name := range files[:n] {
			w.written(name)
		}
		if n == len(files) {
			return
		}
		w.notWritten(files[n], w.written(files[n]), err)
		names = files[n+1:]
	}
}

// written marks name's pending content as on disk and returns the
// actions whose writes it held.
func (w *WriteBack) written(name string) []int {
	f := w.files[name]
	writers := f.writers
	f.dirty, f.writers = false, nil
	return writers
}

// notWritten drops name, whose pending content could not be written out,
// and makes that the failure of its writers.
func (w *WriteBack) notWritten(name string, writers []int, err error) {
	w.forget(name)
	if len(writers) > 0 {
		w.failed = append(w.failed, FlushError{Owners: writers, Path: name, Err: err})
	}
}

// flushOne writes name's pending content, if any.
func (w *WriteBack) flushOne(name string) {
	f, ok := w.files[name]
	if !ok || !f.dirty {
		return
	}
	writers := w.written(name)
	if err := w.writeDisk(name, f.content()); err != nil {
		w.notWritten(name, writers, err)
	}
}

// writeDisk writes data to name on disk, telling the hook first.
func (w *WriteBack) writeDisk(name string, data []byte) error {
	w.changing(name, false)
	return w.inner.WriteFile(name, data)
}

// settle writes all pending content and forgets the rest: after this the
// disk is the only truth (a command or a move may change anything).
func (w *WriteBack) settle() {
	w.flush()
	clear(w.files)
	clear(w.fold)
}

// Settle writes everything out at the end of the apply, leaves the cache
// empty, and returns every pending content that could not be written out
// during the apply, in the order it failed.
func (w *WriteBack) Settle() []FlushError {
	w.settle()
	failed := w.failed
	w.failed = nil
	return failed
}

// BeginAction says which action runs next (owner, an index the run chose);
// before a command it writes everything out, since the command must see the
// files as the actions left them, and may change any of them.
func (w *WriteBack) BeginAction(owner int, command bool) {
	if command {
		w.settle()
	}
	w.owner = owner
}

func (w *WriteBack) ReadFile(name string) ([]byte, error) {
	if data, ok := w.cached(name); ok {
		return data, nil
	}
	return w.inner.ReadFile(name)
}

func (w *WriteBack) Lstat(name string) (fs.FileInfo, error) {
	w.flushOne(name)
	return w.inner.Lstat(name)
}

// WriteFile goes to disk for a file's first write in the apply, and to
// memory after that.
func (w *WriteBack) WriteFile(name string, data []byte) error {
	if w.writeLater(name, data) {
		return nil
	}
	w.otherSpelling(name)
	if held, err := w.holdFirst(name, data); held || err != nil {
		return err
	}
	if err := w.writeDisk(name, data); err != nil {
		return err
	}
	w.hold(name, data)
	return nil
}

func (w *WriteBack) MkdirAll(name string) error {
	w.changing(name, false)
	return w.inner.MkdirAll(name)
}

func (w *WriteBack) Mkdir(name string) error {
	w.changing(name, false)
	return w.inner.Mkdir(name)
}

func (w *WriteBack) Remove(name string) error {
	w.settle()
	w.changing(name, true)
	return w.inner.Remove(name)
}

func (w *WriteBack) RemoveAll(name string) error {
	w.settle()
	w.changing(name, true)
	return w.inner.RemoveAll(name)
}

func (w *WriteBack) Rename(oldname, newname string) error {
	w.settle()
	w.changing(oldname, true)
	w.changing(newname, true)
	return w.inner.Rename(oldname, newname)
}

func (w *WriteBack) ReadDir(name string) ([]fs.FileInfo, error) {
	w.flush()
	return w.inner.ReadDir(name)
}

func (w *WriteBack) unseeded(abs string) bool {
	_, held := w.files[abs]
	return !held && w.index.planned(abs)
}

// seed holds data, the file at abs as on disk, as a clean content: not
// pending, so nothing is written until an edit changes it. A later write
// of abs is held like a first write of a planned file (holdFirst): the
// read that gave data made the same checks.
func (w *WriteBack) seed(abs string, data []byte) {
	if _, held := w.files[abs]; held {
		return
	}
	w.otherSpelling(abs)
	w.hold(abs, data)
}

// replaceIndexed is ReplaceIndexed on this write-back.
func (w *WriteBack) replaceIndexed(abs string, edit indexEdit) (textedit.Indexed, int) {
	w.index.asked(abs)
	f := w.files[abs]
	if f == nil {
		return textedit.Declined, 0
	}
	if f.idx = w.index.indexFor(abs, f.idx, f.data); f.idx == nil {
		return textedit.Declined, 0
	}
	r, line := edit.apply(f.idx)
	if r == textedit.Replaced {
		f.data = nil
		w.pending(abs, f)
	}
	if w.index.done(abs) {
		f.content()
		f.idx = nil
	}
	return r, line
}

// The capabilities of the workspace under the cache, passed on: a streamed
// read of a big file and a walk by handle read the disk itself, so what the
// cache holds is written out first (a streamed file was just Lstat'ed, which
// wrote it out; a walk may read any file below its folder, so everything
// is), and an Overlay over the cache keeps the tree's read cap and hard-link
// rule.

func (w *WriteBack) settings() (int64, bool) {
	if s, ok := w.inner.(settings); ok {
		return s.settings()
	}
	return DefaultMaxRead, true
}

func (w *WriteBack) openRegular(name string) (*os.File, fs.FileInfo, bool, error) {
	return OpenRegular(w.inner, name)
}

func (w *WriteBack) openDir(abs string, fi fs.FileInfo) (*os.Root, bool, error) {
	w.flush()
	return openDir(w.inner, abs, fi)
}
