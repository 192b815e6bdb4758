package command

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"

	"github.com/clada-dev/clada/engine/fault"
	"github.com/clada-dev/clada/internal/state"
)

// The directory a command runs in, and the root it belongs to, are pinned:
// a path is only a name, and a symlink planted in it (or a root swapped for
// another directory mid-run) would send the command, or clada's git,
// somewhere else.
//
//   - openCommandDir walks the cwd from its tree (root, --allow directory,
//     or "/" under --allow-escape) through os.Root, refusing any symlinked
//     component, and opens it; the command is started in that open
//     directory (/proc/self/fd/N), not in whatever the path names by then.
//   - DirID records the root's device and inode when an apply starts
//     (engine's Run); every command and every git call (package history)
//     checks it first (CheckPinned), so a root replaced by a rename or a
//     symlink stops the apply's commands and its commit instead of
//     following it.

// DirID is a directory's identity: its device and inode (on Windows its
// volume serial number and file index).
type DirID struct{ dev, ino uint64 }

// IDOf returns the identity of the directory path names now (a root may
// be reached through a symlink, as /var -> /private/var on macOS).
func IDOf(path string) (DirID, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return DirID{}, err
	}
	if !fi.IsDir() {
		return DirID{}, fmt.Errorf("%s is not a directory", path)
	}
	return dirID(path, fi) // unix.go, job_windows.go
}

// CheckPinned refuses when dir is no longer the directory pinned as id (a
// nil id pins nothing).
func CheckPinned(dir string, id *DirID) error {
	if id == nil {
		return nil
	}
	now, err := IDOf(dir)
	if err != nil || now != *id {
		return fmt.Errorf("the project root %s was replaced during the apply (moved, or swapped for a symlink); clada runs nothing more there", dir)
	}
	return nil
}

// openCommandDir opens abs, a path engine's Config.Resolve accepted,
// through its tree (the root, an --allow directory, or "/" under
// --allow-escape) with no symlink followed. The caller closes it.
func openCommandDir(s Settings, abs string) (*os.File, error) {
	base := ""
	for _, d := range append([]string{s.Root}, s.Allow...) {
		if d = filepath.Clean(d); within(d, abs) {
			base = d
			break
		}
	}
	if base == "" {
		if !s.AllowEscape {
			return nil, &refusal{Type: fault.PathEscape, Path: abs, Reason: fmt.Sprintf("'%s' is outside the project root", abs),
				Fix: "use a cwd inside the root"}
		}
		base = filepath.VolumeName(s.Root) + string(filepath.Separator) // "/", or the root's drive on Windows
	}
	r, err := os.OpenRoot(base)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	rel, err := filepath.Rel(base, abs)
	if err != nil {
		return nil, err
	}
	cur := "."
	if rel != "." {
		for _, part := range strings.Split(rel, string(filepath.Separator)) {
			cur = filepath.Join(cur, part)
			fi, err := r.Lstat(cur)
			switch {
			case err != nil:
				return nil, err
			case state.IsLink(fi):
				return nil, &refusal{Type: fault.SymlinkNotAllowed, Path: filepath.Join(base, cur),
					Reason: fmt.Sprintf("'%s' is a symbolic link; a command's cwd is never reached through one", filepath.Join(base, cur)),
					Fix:    "give the real directory as cwd"}
			case !fi.IsDir():
				return nil, &fs.PathError{Op: "chdir", Path: filepath.Join(base, cur), Err: syscall.ENOTDIR}
			}
		}
	}
	before, err := r.Lstat(cur)
	if err != nil {
		return nil, err
	}
	f, err := r.OpenFile(cur, os.O_RDONLY|openDirFlag, 0)
	if err != nil {
		return nil, err
	}
	if fi, err := f.Stat(); err != nil || !os.SameFile(before, fi) {
		f.Close()
		return nil, errors.New("the cwd changed while clada opened it (a symlink swapped in)")
	}
	return f, nil
}

// openDirPath is the path a child process can chdir to that is f itself:
// /proc/self/fd/N on Linux (the child inherits the descriptor until it
// execs), else the path it was opened at.
func openDirPath(f *os.File, path string) string {
	if runtime.GOOS == "linux" {
		return fmt.Sprintf("/proc/self/fd/%d", f.Fd())
	}
	return path
}

// refusal is a cwd the launcher will not start a command in, by policy (as
// opposed to an error the operating system returned): Type is the report's
// error type, Fix what would work.
type refusal struct {
	Type   fault.Kind // PathEscape, SymlinkNotAllowed
	Path   string
	Reason string // one sentence naming the path
	Fix    string
}

func (e *refusal) Error() string { return e.Reason }

// within reports whether p is dir or below it, comparing whole components so
// that /x/root_evil is not inside /x/root (as engine's Config.Resolve
// decides it).
func within(dir, p string) bool {
	dir = filepath.Clean(dir)
	if p == dir {
		return true
	}
	if strings.HasSuffix(dir, string(filepath.Separator)) { // "/", or C:\ on Windows
		return strings.HasPrefix(p, dir)
	}
	return strings.HasPrefix(p, dir+string(filepath.Separator))
}
