package state

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Lock is a lock held on a root's lock file for one apply: an advisory
// flock on Unix, a LockFileEx byte-range lock on Windows (lock_unix.go,
// lock_windows.go). The file is never deleted (deleting it would let two
// appliers lock different inodes) and never opened through a symlink.
type Lock struct {
	f    *os.File
	path string
	// Interrupted is set when the lock file still named a holder: the
	// apply before this one never released it (it was killed), so it may
	// have left temp files behind (CleanTemps).
	Interrupted bool
}

// lockPoll is how often a waiting apply retries the lock.
const lockPoll = 50 * time.Millisecond

// LockPath is the lock file of root: file (--lock-file, relative to root
// unless absolute), or .clada/lock under the root when file is "".
func LockPath(root, file string) string {
	if file != "" {
		if filepath.IsAbs(file) {
			return file
		}
		return filepath.Join(root, file)
	}
	return filepath.Join(root, ".clada", "lock")
}

// AcquireLock takes root's lock (file as for LockPath), waiting up to
// timeout. On timeout the error names the lock file and the holder's pid
// when known.
func AcquireLock(ctx context.Context, root, file string, timeout time.Duration) (*Lock, error) {
	path := LockPath(root, file)
	// Through the root with no symlink anywhere (Open): a planted
	// .clada or lock link would put the lock, and .clada's .gitignore,
	// somewhere outside the project.
	base, rel := root, ""
	if r, err := filepath.Rel(root, path); err == nil && filepath.IsLocal(r) {
		rel = r
	} else {
		base, rel = filepath.Dir(path), filepath.Base(path)
	}
	ignoreStateDir(root, filepath.Dir(path))
	f, err := Open(base, rel, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("lock %s: %w", path, err)
	}
	deadline := time.Now().Add(timeout)
	for {
		busy, err := tryLock(f)
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("lock %s: %w", path, err)
		}
		if !busy {
			break
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			holder := readHolder(f)
			f.Close()
			return nil, fmt.Errorf("lock %s: another clada apply%s still holds it after %s; wait for it to finish or raise --lock-timeout",
				path, holder, timeout)
		}
		select {
		case <-ctx.Done():
		case <-time.After(lockPoll):
		}
	}
	// A pid left in the file is an apply that died holding the lock
	// (Release empties it). Record ours for whoever waits next.
	interrupted := readHolder(f) != ""
	if err := f.Truncate(0); err == nil {
		_, _ = f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	}
	return &Lock{f: f, path: path, Interrupted: interrupted}, nil
}

// readHolder returns " (pid N)" from the lock file's content, or "".
func readHolder(f *os.File) string {
	b := make([]byte, 32)
	n, _ := f.ReadAt(b, 0)
	pid, err := strconv.Atoi(strings.TrimSpace(string(b[:n])))
	if err != nil || pid <= 0 {
		return ""
	}
	return fmt.Sprintf(" (pid %d)", pid)
}

// Release drops the lock; the file stays.
func (l *Lock) Release() error {
	if l == nil || l.f == nil {
		return nil
	}
	_ = l.f.Truncate(0) // a clean end: the next apply need not look for leftovers
	unlock(l.f)
	err := l.f.Close() // closing the file releases the lock in any case
	l.f = nil
	if err != nil {
		return fmt.Errorf("unlock %s: %w", l.path, err)
	}
	return nil
}

// ignoreStateDir keeps clada's own state dir (.clada under the root) out of
// git, so the lock file never makes the tree look dirty or lands in a commit.
func ignoreStateDir(root, dir string) {
	if dir != filepath.Join(root, ".clada") {
		return
	}
	f, err := Open(root, filepath.Join(".clada", ".gitignore"), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return // already there (or unwritable: git will merely show .clada/)
	}
	_, _ = f.WriteString("*\n")
	f.Close()
}
