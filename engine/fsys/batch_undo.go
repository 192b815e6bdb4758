package fsys

import (
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
)

// How an all-or-nothing batch (Batch.AllOrNothing) puts files back. A
// rename can fail half-way through Commit (a directory made read-only, a
// full disk, a file held open on Windows), and the files renamed before it
// would be new while the rest are old: the half-applied state --atomic and
// the all-or-nothing groups promise never to leave (README, "Safety").
// So, as each existing file's temp is written, the old file gets a second
// name beside it (a hard link, ".<name>.clada-<16 hex>.old"): a link
// costs no copy, and it is made on the staging goroutine, beside the
// trial, not on the commit's path. Where the system exchanges two names in
// one step (Linux), no link is made: the commit exchanges the temp with
// the file, and the temp's name holds the old content from then on
// (batch_exchange.go); the rest below holds for it alike. When a rename fails, each file renamed
// before it gets its old content back by renaming the second name over it
// (one atomic step, as the write was), in reverse order, and a new file is
// removed; on success the second names are removed.
//
// The second names are not temp names (state.IsTemp): should putting one
// back fail, it is where the file's old content is, and the report names
// it; the lock's recovery after a crash must not remove it. A crash
// during a commit leaves them beside their files (the files renamed by
// then are new, the others old, as without them).

// Undone is what became of a file an all-or-nothing Commit had renamed
// into place when a later rename failed.
type Undone struct {
	Name string // absolute path
	// Err is nil when the file was put back: its old content under its
	// name again or, if it was new, gone again. Otherwise the file holds
	// its new content, and Old (for a file that existed) is the absolute
	// path where its old content is.
	Err error
	Old string
}

// Undone lists, in order, the files a failed all-or-nothing Commit had
// renamed before its failure and what became of each: not nil (maybe
// empty) when Commit failed, nil when it did not.
func (b *Batch) Undone() []Undone { return b.undone }

// keepOld gives dir/base a second name beside it and returns that name
// (relative to r, as dir is). Where hard links are refused (FAT, some
// network filesystems), the content is copied instead, mode included.
func keepOld(r *os.Root, dir, base string) (string, error) {
	from := filepath.Join(dir, base)
	for range 10 {
		name := oldName(dir, base)
		err := r.Link(from, name)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err == nil {
			return name, nil
		}
		if cerr := copyOld(r, from, name); cerr != nil {
			return "", fmt.Errorf("keep the old content of %s beside it: %w (a copy: %w)", from, err, cerr)
		}
		return name, nil
	}
	return "", fmt.Errorf("keep the old content of %s beside it: too many name collisions", from)
}

// oldName is a fresh second name for dir/base's old content.
func oldName(dir, base string) string {
	return filepath.Join(dir, fmt.Sprintf(".%s.clada-%016x.old", base, rand.Uint64()))
}

// copyOld copies from to name, a new file, with from's mode, durably:
// it may be renamed back over from.
func copyOld(r *os.Root, from, name string) error {
	fi, err := r.Stat(from)
	if err != nil {
		return err
	}
	data, err := r.ReadFile(from)
	if err != nil {
		return err
	}
	f, err := r.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, fi.Mode().Perm())
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Chmod(fi.Mode().Perm())
	}
	if serr := syncClose(f); err == nil {
		err = serr
	}
	if err != nil {
		_ = r.Remove(name)
	}
	return err
}

// removeOld removes s's second name, if it has one.
func (s staged) removeOld() {
	if s.old == "" {
		return
	}
	if s.h != nil {
		_ = s.h.r.Remove(filepath.Base(s.old))
		return
	}
	_ = s.r.r.Remove(s.old)
}

// undo puts back the files renamed (done, in their order), the last
// first, and says what became of each; fail is Batch.FailRename.
func (t *osTree) undo(done []staged, fail func(string) error) []Undone {
	out := make([]Undone, len(done))
	for i := len(done) - 1; i >= 0; i-- {
		s := done[i]
		u := Undone{Name: s.name}
		switch {
		case s.isNew:
			if err := t.removeTarget(s); err != nil && !errors.Is(err, fs.ErrNotExist) {
				u.Err = fmt.Errorf("remove the new file: %w", err)
			}
		case s.old == "":
			u.Err = errors.New("its old content was not kept")
		default:
			err := hooked(fail, s.name)
			if err == nil {
				err = t.renameOver(s, s.old)
			}
			if err != nil {
				s.setAside()
				u.Err, u.Old = err, filepath.Join(filepath.Dir(s.name), filepath.Base(s.old))
			}
		}
		out[i] = u
	}
	return out
}

// hooked is Batch.FailRename's verdict on a rename of name: nil without
// the hook.
func hooked(fail func(string) error, name string) error {
	if fail == nil {
		return nil
	}
	return fail(name)
}

// removeTarget removes s's target: in its held directory when that is
// still the one its name reaches, else through the root.
func (t *osTree) removeTarget(s staged) error {
	if s.h != nil && t.still(s.h) {
		return s.h.r.Remove(filepath.Base(s.rel))
	}
	return s.r.r.Remove(s.rel)
}
