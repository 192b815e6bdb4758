package lsp

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"unsafe"

	"golang.org/x/sys/unix"
)

// diskWatch is the server's own watch of the disk, for a client that does
// not watch files for it (simulate.go says why one is needed): inotify on
// every directory under the watched trees. It is read without blocking,
// just before a simulation, and the kernel queues an event as the change
// happens, so a change finished before the keystroke is always seen by
// that keystroke's simulation: there is no window in which a reused
// result is stale.
type diskWatch struct {
	fd    int
	dirs  int // watches held
	trees []string
	buf   [64 << 10]byte
}

// maxWatchedDirs bounds the directories watched: past it the server
// simulates every edit in full, as it does for a client that does not
// watch, rather than hold tens of thousands of kernel watches.
const maxWatchedDirs = 20000

const watchMask = unix.IN_CREATE | unix.IN_DELETE | unix.IN_MODIFY | unix.IN_ATTRIB | unix.IN_MOVED_FROM |
	unix.IN_MOVED_TO | unix.IN_DELETE_SELF | unix.IN_MOVE_SELF | unix.IN_DONT_FOLLOW | unix.IN_ONLYDIR

// newDiskWatch watches every directory under trees (symbolic links are
// not followed: a link is an entry of its directory, whose changes are
// seen).
func newDiskWatch(trees []string) (*diskWatch, error) {
	fd, err := unix.InotifyInit1(unix.IN_NONBLOCK | unix.IN_CLOEXEC)
	if err != nil {
		return nil, fmt.Errorf("inotify: %w", err)
	}
	w := &diskWatch{fd: fd, trees: trees}
	for _, t := range trees {
		if err := w.add(t); err != nil {
			w.close()
			return nil, err
		}
	}
	return w, nil
}

// add watches dir and every directory under it.
func (w *diskWatch) add(dir string) error {
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p != dir && (errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrPermission)) {
				return nil // gone meanwhile (its parent's event says so), or unreadable to the engine as well
			}
			return fmt.Errorf("watching %s: %w", p, err)
		}
		if !d.IsDir() {
			return nil
		}
		if w.dirs++; w.dirs > maxWatchedDirs {
			return fmt.Errorf("watching %s: more than %d directories", dir, maxWatchedDirs)
		}
		if _, err := unix.InotifyAddWatch(w.fd, p, watchMask); err != nil && !errors.Is(err, unix.ENOENT) {
			return fmt.Errorf("watching %s: %w", p, err)
		}
		return nil
	})
}

// changed reports whether anything changed under the watched trees since
// the last call, and watches the directories that appeared meanwhile. An
// error means the watch can no longer vouch for the disk.
func (w *diskWatch) changed() (bool, error) {
	changed, rescan := false, false
	for {
		n, err := unix.Read(w.fd, w.buf[:])
		if errors.Is(err, unix.EAGAIN) || err == nil && n <= 0 {
			break
		}
		if err != nil {
			return true, fmt.Errorf("reading inotify events: %w", err)
		}
		changed = true
		for off := 0; off+unix.SizeofInotifyEvent <= n; {
			ev := (*unix.InotifyEvent)(unsafe.Pointer(&w.buf[off]))
			off += unix.SizeofInotifyEvent + int(ev.Len)
			// Lost events may hide new directories, and a directory
			// created or moved in brings its own: walk the trees again
			// (a directory already watched keeps its watch). Rare while
			// typing, so the watch keeps no table of descriptors.
			if ev.Mask&unix.IN_Q_OVERFLOW != 0 || ev.Mask&unix.IN_ISDIR != 0 && ev.Mask&(unix.IN_CREATE|unix.IN_MOVED_TO) != 0 {
				rescan = true
			}
		}
	}
	if rescan {
		w.dirs = 0
		for _, t := range w.trees {
			if err := w.add(t); err != nil {
				return true, err
			}
		}
	}
	return changed, nil
}

func (w *diskWatch) close() { unix.Close(w.fd) }
