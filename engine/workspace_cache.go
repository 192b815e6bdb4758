package engine

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/clada-dev/clada/engine/textedit"
	"github.com/clada-dev/clada/lang"
)

// writeBack is the OS workspace's memory of the files one real apply wrote,
// so that N edits to one file cost one read and (about) one write instead of
// N of each (issue 17 §1).
//
// A file's first write in an apply goes to disk at once, exactly as without
// the cache: its checks, its errors, the git model's record of the file's
// before-state (changing) and the atomic temp+fsync+rename all happen then.
// Its content stays in memory; later reads are served from there, and later
// writes only replace it (the path, its parents and its kind on disk are
// what the first write left). Those pending contents are written out, each
// with the same atomic sequence, before anything else looks at the tree:
// before a command runs, before a Lstat, ReadDir, Remove or Rename, and when
// the apply ends (before the git commit). A crash therefore leaves every file
// wholly as some action left it, never partial.
type writeBack struct {
	files map[string]*wbFile
	// fold maps a lower-cased name to the name files holds it under: on a
	// case-insensitive file system (macOS, Windows) F.txt and f.txt are one
	// file, and the cache must not keep two contents of it.
	fold  map[string]string
	plan  editPlan // the searches to index, per file (edit_index.go)
	dirty []string // paths with pending content, in first-pending order
	// rep and owner: the action running now is rep.Results[owner] (-1:
	// none); a failed flush is its failure. An index, as Results grows.
	rep   *Report
	owner int
}

// wbFile is one written file's current content.
type wbFile struct {
	data  []byte          // nil while idx holds newer text
	idx   *textedit.Index // the file's text with its searches indexed, or nil
	skip  int             // edits to leave to the ordinary path before indexing again
	dirty bool            // the content is newer than the file on disk
	owner int             // the last action that wrote the content, as writeBack.owner
}

// content is the file's current content, never written to again.
func (f *wbFile) content() []byte {
	if f.data == nil && f.idx != nil {
		f.data = f.idx.Bytes()
	}
	return f.data
}

func newWriteBack() *writeBack {
	return &writeBack{files: map[string]*wbFile{}, fold: map[string]string{}, owner: -1}
}

// cached returns the content the apply last wrote to name, if it holds it.
func (w *OSWorkspace) cached(name string) ([]byte, bool) {
	if w.wb == nil {
		return nil, false
	}
	f, ok := w.wb.files[name]
	if !ok {
		w.otherSpelling(name)
		return nil, false
	}
	return f.content(), true
}

// otherSpelling writes out and forgets the file the cache holds under a
// name that differs from name only in case, before name is read from or
// written to disk: it may be the same file.
func (w *OSWorkspace) otherSpelling(name string) {
	if w.wb == nil {
		return
	}
	other, ok := w.wb.fold[strings.ToLower(name)]
	if !ok || other == name {
		return
	}
	w.flushOne(other)
	w.forget(other)
}

// forget drops name from the cache (after its content reached the disk, or
// failed to).
func (w *OSWorkspace) forget(name string) {
	delete(w.wb.files, name)
	if low := strings.ToLower(name); w.wb.fold[low] == name {
		delete(w.wb.fold, low)
	}
}

// writeLater takes a write to a file this apply already wrote to disk and
// keeps it in memory; it reports false when the write must go to disk now.
func (w *OSWorkspace) writeLater(name string, data []byte) bool {
	if w.wb == nil {
		return false
	}
	f, ok := w.wb.files[name]
	if !ok {
		return false
	}
	if f.idx != nil {
		// Written the ordinary way: the index no longer knows the text.
		// Leave a few edits to that way before paying for a new one.
		f.idx, f.skip = nil, minIndexed
	}
	f.data = data
	w.pending(name, f)
	return true
}

// pending marks f, the file at name, newer than the disk.
func (w *OSWorkspace) pending(name string, f *wbFile) {
	if !f.dirty {
		f.dirty = true
		w.wb.dirty = append(w.wb.dirty, name)
	}
	f.owner = w.wb.owner
}

// wrote remembers the content a write just put on disk.
func (w *OSWorkspace) wrote(name string, data []byte) {
	if w.wb != nil {
		w.wb.files[name] = &wbFile{data: data, owner: w.wb.owner}
		w.wb.fold[strings.ToLower(name)] = name
	}
}

// flush writes every pending content to disk, oldest first. A write that
// fails turns the action that last wrote that file into a failure (its
// content never reached the disk); the file stays as it was before.
func (w *OSWorkspace) flush() {
	if w.wb == nil || len(w.wb.dirty) == 0 {
		return
	}
	pending := w.wb.dirty
	w.wb.dirty = nil
	for _, name := range pending {
		w.flushOne(name)
	}
}

// flushOne writes name's pending content, if any.
func (w *OSWorkspace) flushOne(name string) {
	if w.wb == nil {
		return
	}
	f, ok := w.wb.files[name]
	if !ok || !f.dirty {
		return
	}
	f.dirty = false
	if err := w.writeFile(name, f.content()); err != nil {
		w.forget(name)
		if i := f.owner; i >= 0 && w.wb.rep != nil && i < len(w.wb.rep.Results) {
			r := &w.wb.rep.Results[i]
			r.Success = false
			r.Error = fmt.Sprintf("%s: saving '%s' failed: %v", r.Action, w.shownPath(name), err)
			r.Hint = "the file was left as it was before this action; free space or fix permissions and apply again"
		}
	}
}

// settle writes all pending content and forgets the rest: after this the
// disk is the only truth (a command or a move may change anything).
func (w *OSWorkspace) settle() {
	if w.wb == nil {
		return
	}
	w.flush()
	clear(w.wb.files)
	clear(w.wb.fold)
}

// shownPath is name relative to the root when inside it, as results name paths.
func (w *OSWorkspace) shownPath(name string) string {
	if rel, err := filepath.Rel(w.cfg.Root, name); err == nil && filepath.IsLocal(rel) {
		return filepath.ToSlash(rel)
	}
	return name
}

// startCache turns the write-back on for one Run on the real tree, and
// returns the function that writes everything out at its end.
func startCache(ws Workspace, doc *lang.Document, cfg *Config, rep *Report) func() {
	w, ok := ws.(*OSWorkspace)
	if !ok {
		return func() {}
	}
	w.wb = newWriteBack()
	w.wb.rep = rep
	w.wb.plan = planEdits(doc, cfg)
	return func() { w.settle(); w.wb = nil }
}

// beginAction tells the cache which action runs next; before a command it
// writes everything out, since the command must see the files as the
// actions left them, and may change any of them.
func beginAction(ws Workspace, spec *lang.OpSpec, res *ActionResult) {
	w, ok := ws.(*OSWorkspace)
	if !ok || w.wb == nil {
		return
	}
	if spec.Kind == lang.Exec {
		w.settle()
	}
	w.wb.owner = res.Seq - 1
}

// WriteFile is writeFile (atomic.go) behind the apply's write-back.
func (w *OSWorkspace) WriteFile(name string, data []byte) error {
	if w.writeLater(name, data) {
		return nil
	}
	w.otherSpelling(name)
	if err := w.writeFile(name, data); err != nil {
		return err
	}
	w.wrote(name, data)
	return nil
}

// readSized reads f whole into one buffer sized from its Lstat size, plus one
// byte so the end is seen without growing: a 10 MiB file costs 10 MiB, not
// the 30 bytes.Buffer's doubling made of it. A file that grew meanwhile is
// still read whole.
func readSized(f io.Reader, size int64) ([]byte, error) {
	buf := make([]byte, 0, max(size, 0)+1)
	for {
		n, err := f.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		switch {
		case err == io.EOF:
			return buf, nil
		case err != nil:
			return nil, err
		case len(buf) == cap(buf):
			buf = append(buf, 0)[:len(buf)]
		}
	}
}
