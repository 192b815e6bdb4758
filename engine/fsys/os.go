package fsys

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"

	"github.com/clada-dev/clada/engine/fault"
	"github.com/clada-dev/clada/internal/bigbuf"
	"github.com/clada-dev/clada/internal/state"
)

// Options is what the real tree needs from a run's configuration.
type Options struct {
	Root        string   // absolute project root
	Allow       []string // extra absolute directories the workspace serves (--allow)
	AllowEscape bool     // serve "/" as well, and allow hard-linked files (--allow-escape)
	NoFsync     bool     // skip fsync (keeps rename atomicity, loses power-loss durability)
	// MaxRead is the read cap of the tree (--max-read): an Overlay over it
	// refuses to hold a moved file bigger than this. 0 means DefaultMaxRead.
	MaxRead int64
}

// DefaultMaxRead is the read cap when none is configured: far above any
// source file, far below what runs a machine out of memory. A sparse 100
// GiB file once did, with no report and the batch half applied.
const DefaultMaxRead = 64 << 20

// OS is the real filesystem, the policy (policy.go) over an osTree. Every
// access goes through an os.Root opened at the project root (or an --allow
// directory, or "/" under --allow-escape), so even a symlink swapped in
// mid-run cannot lead a write outside.
type OS struct {
	guard
	t *osTree
}

// osTree is the plain os.Root filesystem under the policy.
type osTree struct {
	opt   Options
	roots []root
	held  heldDirs // while a batch runs (held_dirs.go)
	// noExchange is set once the filesystem refused to exchange two
	// names (batch_exchange.go): old contents are linked from then on.
	noExchange atomic.Bool
	// exchange is how names are exchanged: exchange, but for tests that
	// make a filesystem refuse it.
	exchange func(dir *os.File, a, b string) error
}

// root is one directory the workspace may reach and its os.Root.
type root struct {
	dir string
	r   *os.Root
}

// NewOS opens the root (and each --allow directory) for a run. Close it when
// the run ends.
func NewOS(opt Options) (*OS, error) {
	t := &osTree{opt: opt, exchange: exchange}
	dirs := append([]string{opt.Root}, opt.Allow...)
	if opt.AllowEscape {
		dirs = append(dirs, filepath.VolumeName(opt.Root)+string(filepath.Separator)) // "/", or the root's drive on Windows
	}
	w := &OS{guard: guard{t: t, links: opt.AllowEscape}, t: t}
	for _, d := range dirs {
		r, err := os.OpenRoot(d)
		if err != nil {
			w.Close()
			return nil, fmt.Errorf("open workspace directory %s: %w", d, err)
		}
		t.roots = append(t.roots, root{dir: filepath.Clean(d), r: r})
	}
	return w, nil
}

// Close releases the directory handles.
func (w *OS) Close() error {
	w.t.releaseAll()
	var first error
	for _, t := range w.t.roots {
		if err := t.r.Close(); err != nil && first == nil {
			first = err
		}
	}
	w.t.roots = nil
	return first
}

// openRegular opens a regular file for reading with ReadFile's checks (the
// policy, and the file opened is the one looked at), for a read that
// streams a file too big to read whole (OpenRegular). It returns the open
// file's info.
func (w *OS) openRegular(name string) (*os.File, fs.FileInfo, bool, error) {
	fi, err := w.regular(name)
	if err != nil {
		return nil, nil, true, err
	}
	f, fi, err := w.t.open(name, fi)
	return f, fi, true, err
}

// settings: an Overlay over the OS keeps its read cap and hard-link rule.
func (w *OS) settings() (maxRead int64, links bool) { return w.t.maxRead(), w.links }

func (t *osTree) maxRead() int64 {
	if t.opt.MaxRead > 0 {
		return t.opt.MaxRead
	}
	return DefaultMaxRead
}

// locate finds the root serving abs and the path relative to it ("." for the
// root's own directory).
func (t *osTree) locate(abs string) (*root, string, error) {
	for i := range t.roots {
		r := &t.roots[i]
		if Within(r.dir, abs) {
			rel, err := filepath.Rel(r.dir, abs)
			if err != nil {
				break
			}
			return r, rel, nil
		}
	}
	return nil, "", &RefusedError{Type: fault.PathEscape, Path: abs,
		Reason: fmt.Sprintf("'%s' is outside the project root", abs),
		Fix:    "use a path inside the root, add --allow DIR for that directory, or pass --allow-escape"}
}

// walkDirs checks every directory from the root down to relDir with the
// policy's dirStep: os.Root keeps every access inside the root, but would
// follow a symlink there. Missing ones are created when create is set (and
// their parents fsynced unless NoFsync), otherwise reported as the OS's
// not-exist error.
func (t *osTree) walkDirs(r *root, relDir string, create bool) error {
	if relDir == "." || relDir == "" {
		return nil
	}
	parts := strings.Split(relDir, string(filepath.Separator))
	cur := ""
	missing := false
	for _, part := range parts {
		if cur == "" {
			cur = part
		} else {
			cur = cur + string(filepath.Separator) + part
		}
		if !missing {
			fi, err := r.r.Lstat(cur)
			switch {
			case err == nil:
				if err := dirStep(filepath.Join(r.dir, cur), fi); err != nil {
					return err
				}
				continue
			case !errors.Is(err, fs.ErrNotExist) || !create:
				return err
			}
			missing = true
		}
		if err := r.r.Mkdir(cur, 0o777); err != nil && !errors.Is(err, fs.ErrExist) {
			return err
		}
		if err := t.syncDir(r, filepath.Dir(cur)); err != nil {
			return err
		}
	}
	return nil
}

// syncDir makes a directory's entries durable, unless NoFsync or the
// system cannot flush a directory (Windows: os_windows.go).
func (t *osTree) syncDir(r *root, rel string) error {
	if t.opt.NoFsync || !syncsDirs {
		return nil
	}
	f, err := r.r.Open(rel)
	if err != nil {
		return err
	}
	return syncClose(f)
}

// syncClose flushes f to disk and closes it; the first failure is its.
func syncClose(f *os.File) error {
	err := f.Sync()
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// parentOf locates abs and checks its parent directories.
func (t *osTree) parentOf(abs string, create bool) (*root, string, error) {
	r, rel, err := t.locate(abs)
	if err != nil {
		return nil, "", err
	}
	if err := t.walkDirs(r, filepath.Dir(rel), create); err != nil {
		return nil, "", err
	}
	return r, rel, nil
}

// refuseTreeRoot keeps remove and move from taking a root itself away.
func refuseTreeRoot(r *root, rel string) error {
	if rel != "." {
		return nil
	}
	return &RefusedError{Type: fault.PermissionDenied, Path: r.dir,
		Reason: fmt.Sprintf("'%s' is the workspace directory itself", r.dir),
		Fix:    "name a file or directory inside it"}
}

func (t *osTree) lstat(name string) (fs.FileInfo, error) {
	if h, base, ok := t.heldParent(name); ok {
		fi, err := h.r.Lstat(base)
		return fi, inHeld(err, relOf(h), base)
	}
	r, rel, err := t.parentOf(name, false)
	if err != nil {
		return nil, err
	}
	return r.r.Lstat(rel)
}

func (t *osTree) readFile(name string, fi fs.FileInfo) ([]byte, error) {
	f, fi, err := t.open(name, fi)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := readSized(f, fi.Size())
	if err != nil {
		return nil, &fs.PathError{Op: "read", Path: name, Err: err}
	}
	return data, nil
}

// open opens the regular file fi (the policy's look at name) and checks the
// file opened is that one: a symlink or FIFO swapped in since is refused.
// It returns the open file's info.
func (t *osTree) open(name string, fi fs.FileInfo) (*os.File, fs.FileInfo, error) {
	r, rel, err := t.locate(name)
	if err != nil {
		return nil, nil, err
	}
	// O_NONBLOCK: should a FIFO be swapped in after the look, opening it
	// must not hang; the SameFile check below then refuses it.
	var f *os.File
	if h, base, ok := t.heldParent(name); ok {
		f, err = h.r.OpenFile(base, os.O_RDONLY|openNonblock, 0)
		err = inHeld(err, relOf(h), base)
	} else {
		f, err = r.r.OpenFile(rel, os.O_RDONLY|openNonblock, 0)
	}
	if err != nil {
		return nil, nil, err
	}
	fi2, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, &fs.PathError{Op: "stat", Path: name, Err: err}
	}
	if !os.SameFile(fi, fi2) {
		f.Close()
		return nil, nil, SymlinkRefused(name)
	}
	return f, fi2, nil
}

// writeFile replaces name with data so that a reader (or a crash) sees either
// the old content or the new, never a mix: the data goes to a temp file in
// the same directory, is fsynced, renamed over the target, and the directory
// is fsynced. Renaming also means a hard link to a file outside the root is
// replaced by a new inode rather than written through. An existing file keeps
// its mode; a new one gets the system default (0666 less the umask).
func (t *osTree) writeFile(name string, data []byte, old fs.FileInfo) error {
	// An existing file's parents were checked on the way to it; a new
	// one's are checked again as the missing ones are made.
	r, rel, err := t.locate(name)
	if err == nil && old == nil {
		err = t.walkDirs(r, filepath.Dir(rel), true)
	}
	if err != nil {
		return err
	}
	dir := filepath.Dir(rel)
	f, tmp, err := state.CreateTemp(r.r, dir, filepath.Base(rel))
	if err != nil {
		return err
	}
	if err := t.fillTemp(f, data, old); err != nil {
		_ = r.r.Remove(tmp)
		return err
	}
	if err := state.Rename(r.r, tmp, rel); err != nil {
		_ = r.r.Remove(tmp)
		return err
	}
	return t.syncDir(r, dir)
}

// fillTemp writes, fixes the mode (that of old, when there is one), syncs
// and closes the temp file.
func (t *osTree) fillTemp(f *os.File, data []byte, old fs.FileInfo) error {
	_, err := f.Write(data)
	if err == nil && old != nil {
		err = f.Chmod(old.Mode().Perm())
	}
	if err == nil && !t.opt.NoFsync {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

func (t *osTree) mkdirAll(name string) error {
	r, rel, err := t.locate(name)
	if err != nil {
		return err
	}
	return t.walkDirs(r, rel, true)
}

func (t *osTree) mkdir(name string) error {
	r, rel, err := t.locate(name)
	if err != nil {
		return err
	}
	if err := r.r.Mkdir(rel, 0o777); err != nil {
		return err
	}
	return t.syncDir(r, filepath.Dir(rel))
}

func (t *osTree) remove(name string) error { return t.rm(name, (*os.Root).Remove) }

func (t *osTree) removeAll(name string) error { return t.rm(name, (*os.Root).RemoveAll) }

// rm is remove or removeAll: both refuse a root itself and make the removal
// durable by syncing the parent directory.
func (t *osTree) rm(name string, rm func(*os.Root, string) error) error {
	r, rel, err := t.locate(name)
	if err != nil {
		return err
	}
	if err := refuseTreeRoot(r, rel); err != nil {
		return err
	}
	if err := rm(r.r, rel); err != nil {
		return err
	}
	return t.syncDir(r, filepath.Dir(rel))
}

func (t *osTree) rename(oldname, newname string) error {
	r, oldRel, err := t.locate(oldname)
	if err != nil {
		return err
	}
	r2, newRel, err := t.locate(newname)
	if err != nil {
		return err
	}
	if r != r2 {
		return &RefusedError{Type: fault.PermissionDenied, Path: oldname,
			Reason: fmt.Sprintf("cannot move '%s' to '%s': they are in different allowed directories", oldname, newname),
			Fix:    "move within one directory tree, or copy the content with file_read and file_write"}
	}
	if err := refuseTreeRoot(r, oldRel); err != nil {
		return err
	}
	if err := refuseTreeRoot(r, newRel); err != nil {
		return err
	}
	if err := renameCheck(r.r, oldRel, newRel, newname); err != nil { // os_windows.go
		return err
	}
	if err := state.Rename(r.r, oldRel, newRel); err != nil {
		return err
	}
	if err := t.syncDir(r, filepath.Dir(newRel)); err != nil {
		return err
	}
	if filepath.Dir(oldRel) != filepath.Dir(newRel) {
		return t.syncDir(r, filepath.Dir(oldRel))
	}
	return nil
}

func (t *osTree) readDir(name string) ([]fs.FileInfo, error) {
	r, rel, err := t.locate(name)
	if err != nil {
		return nil, err
	}
	f, err := r.r.Open(rel)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return sortedInfos(f)
}

// openDir opens abs as an os.Root of its own, for a walk that goes on by
// handle (walk.go); fi is abs's Lstat, and a folder swapped since is
// refused.
func (w *OS) openDir(abs string, fi fs.FileInfo) (*os.Root, bool, error) {
	r, rel, err := w.t.parentOf(abs, false)
	if err != nil {
		return nil, true, err
	}
	d, err := r.r.OpenRoot(rel)
	if err != nil {
		return nil, true, err
	}
	if err := sameDir(r.r, rel, d, abs, fi); err != nil {
		d.Close()
		return nil, true, err
	}
	return d, true, nil
}

// readSized reads f whole into one buffer sized from its Lstat size, plus one
// byte so the end is seen without growing: a 10 MiB file costs 10 MiB, not
// the 30 bytes.Buffer's doubling made of it. A file that grew meanwhile is
// still read whole.
func readSized(f io.Reader, size int64) ([]byte, error) {
	buf := bigbuf.Make(0, int(max(size, 0))+1)
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
