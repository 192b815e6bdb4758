package state

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// clada's own files (the approvals store, the lock, the history, the watch
// state, the trust store) live in directories an answer, a command or a cloned repository can
// plant symlinks in. They are reached the way file actions are: through an
// os.Root opened at a fixed directory (the project root or the git dir), so
// nothing can lead outside it, and on top of that no component may be a
// symlink and the file itself must be a regular file, so nothing can lead to
// another file inside it either. Writes go to a fresh O_EXCL temp file that
// is renamed into place, so a planted "<name>.tmp" link is never written
// through.

// maxFile bounds what clada reads of its own files; a planted
// /dev/zero-sized file is refused rather than read.
const maxFile = 64 << 20

// stateDirs opens base as a root and checks (creating when create is set)
// every directory from it down to rel's parent, refusing symlinks.
func stateDirs(base, rel string, create bool) (*os.Root, error) {
	if filepath.IsAbs(rel) || !filepath.IsLocal(rel) {
		return nil, fmt.Errorf("%s is not a path inside %s", rel, base)
	}
	if create {
		if err := os.MkdirAll(base, 0o755); err != nil {
			return nil, err
		}
	}
	r, err := os.OpenRoot(base)
	if err != nil {
		return nil, err
	}
	dir := filepath.Dir(rel)
	if dir == "." {
		return r, nil
	}
	cur := ""
	for _, part := range strings.Split(dir, string(filepath.Separator)) {
		cur = filepath.Join(cur, part)
		fi, err := r.Lstat(cur)
		switch {
		case err == nil && IsLink(fi):
			r.Close()
			return nil, fmt.Errorf("%s is a symlink; clada never follows one for its own files (replace it with a directory)", filepath.Join(base, cur))
		case err == nil && !fi.IsDir():
			r.Close()
			return nil, &fs.PathError{Op: "stat", Path: filepath.Join(base, cur), Err: syscall.ENOTDIR}
		case err == nil:
			continue
		case create && errors.Is(err, fs.ErrNotExist):
			if err := r.Mkdir(cur, 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
				r.Close()
				return nil, err
			}
		default:
			r.Close()
			return nil, err
		}
	}
	return r, nil
}

// symlinkError names a state file that is a symlink.
func symlinkError(base, rel string) error {
	return fmt.Errorf("%s is a symlink; clada never follows one for its own files (remove it)", filepath.Join(base, rel))
}

// Open opens base/rel (flag as os.OpenFile; O_CREATE creates the
// missing directories) with no symlink anywhere below base and only ever a
// regular file at the end. The caller closes it.
func Open(base, rel string, flag int, perm fs.FileMode) (*os.File, error) {
	r, err := stateDirs(base, rel, flag&os.O_CREATE != 0)
	if err != nil {
		return nil, err
	}
	defer r.Close() // closing twice (the retry below) is harmless
	before, lerr := r.Lstat(rel)
	switch {
	case lerr == nil && IsLink(before):
		return nil, symlinkError(base, rel)
	case lerr == nil && !before.Mode().IsRegular():
		return nil, fmt.Errorf("%s is not a regular file (%s)", filepath.Join(base, rel), before.Mode().Type())
	case lerr != nil && !errors.Is(lerr, fs.ErrNotExist):
		return nil, lerr
	}
	openFlag := flag
	if lerr != nil && flag&os.O_CREATE != 0 {
		openFlag |= os.O_EXCL // what did not exist must be created here, not reached through a link put in its place
	}
	f, err := r.OpenFile(rel, openFlag|syscall.O_NONBLOCK|syscall.O_CLOEXEC, perm)
	if err != nil {
		if lerr != nil && flag&os.O_EXCL == 0 && errors.Is(err, fs.ErrExist) {
			// Another clada created it in between (two applies starting at
			// once): open what is there now, with the same checks.
			r.Close()
			return Open(base, rel, flag&^os.O_CREATE, perm)
		}
		return nil, err
	}
	fi, err := f.Stat()
	if err == nil && (!fi.Mode().IsRegular() || (lerr == nil && !os.SameFile(before, fi))) {
		err = fmt.Errorf("%s changed while clada opened it (a symlink or special file put in its place)", filepath.Join(base, rel))
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	clearNonblock(f)
	return f, nil
}

// Read reads base/rel as Open opens it, up to maxFile
// bytes. A missing file is fs.ErrNotExist.
func Read(base, rel string) ([]byte, error) {
	f, err := Open(base, rel, os.O_RDONLY, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxFile+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxFile {
		return nil, fmt.Errorf("%s is larger than %d MiB; clada does not read it", filepath.Join(base, rel), maxFile>>20)
	}
	return data, nil
}

// Write replaces base/rel with data: a fresh O_EXCL temp file beside
// it, fsynced and renamed over it. The rename replaces a symlink or a hard
// link at rel instead of writing through it.
func Write(base, rel string, data []byte, perm fs.FileMode) error {
	r, err := stateDirs(base, rel, true)
	if err != nil {
		return err
	}
	defer r.Close()
	if fi, err := r.Lstat(rel); err == nil && fi.IsDir() {
		return fmt.Errorf("%s is a directory", filepath.Join(base, rel))
	}
	return Replace(r, rel, data, perm)
}

// Replace puts data at rel under root with mode perm: a fresh O_EXCL
// temp file beside it, fsynced and renamed over it, so a crash leaves the
// old or the new content, never a mix, and a link at rel is replaced, not
// written through. State files and undo's restores (package history) both write this way.
func Replace(root *os.Root, rel string, data []byte, perm fs.FileMode) error {
	f, tmp, err := CreateTemp(root, filepath.Dir(rel), filepath.Base(rel))
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Chmod(perm)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = Rename(root, tmp, rel)
	}
	if err != nil {
		_ = root.Remove(tmp)
	}
	return err
}

// Remove removes base/rel (the link itself if it is one); a missing
// file is not an error.
func Remove(base, rel string) error {
	r, err := stateDirs(base, rel, false)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	defer r.Close()
	if err := r.RemoveAll(rel); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}
