package fsys

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
)

// Dir is one folder grep or glob is in. On the OS workspace it holds an
// os.Root opened on that folder, so listing it, reading its files and
// entering its subfolders cost one relative open each, whatever the depth;
// going through the workspace by full path checked every parent again for
// every entry, cubic in depth (a 1,000-level tree: 233 s). In an Overlay,
// a folder the simulation has changed nothing in is walked on the base's
// handles the same way; one it has changed goes through the overlay by full
// path (its changes are in memory, so that stays cheap). ws, given to each
// method, is the workspace the walk is in.
type Dir struct {
	abs  string
	root *os.Root // nil: through the workspace
	// links allows a file with a second hard link, as the workspace's
	// policy does (--allow-escape); reading by handle bypasses that policy,
	// so Read applies it itself.
	links bool
}

// OpenDir opens the folder abs a walk starts at in ws (fi is its Lstat):
// with a handle when ws is the OS workspace (or a real apply's write-back
// over it), or an Overlay that changed nothing at or below abs.
func OpenDir(ws Workspace, abs string, fi fs.FileInfo) (Dir, error) {
	if ov, ok := ws.(walkBaser); ok && ov.untouched(abs) {
		ws = ov.walkBase()
	}
	r, ok, err := openDir(ws, abs, fi)
	switch {
	case !ok:
		return Dir{abs: abs}, nil
	case err != nil:
		return Dir{}, err
	}
	return Dir{abs: abs, root: r, links: linksAllowed(ws)}, nil
}

// linksAllowed is ws's hard-link rule (the OS tree's, or the one an
// Overlay took over from it); a workspace with no link counts allows them.
func linksAllowed(ws Workspace) bool {
	if s, ok := ws.(settings); ok {
		_, links := s.settings()
		return links
	}
	return true
}

// sameDir refuses a folder r (opened as name under parent) that is not the
// one listed (fi): a symlink swapped in between the listing and the open.
func sameDir(parent *os.Root, name string, r *os.Root, abs string, fi fs.FileInfo) error {
	got, err := r.Stat(".")
	if err != nil {
		return err
	}
	if !sameListed(parent, name, fi, got) { // os_unix.go, os_windows.go
		return SymlinkRefused(abs)
	}
	return nil
}

// Abs is the folder's absolute path.
func (d Dir) Abs() string { return d.abs }

// Close releases the folder's handle.
func (d Dir) Close() {
	if d.root != nil {
		d.root.Close()
	}
}

// List is the folder's entries, sorted by name, symlinks not followed.
func (d Dir) List(ws Workspace) ([]fs.FileInfo, error) {
	if d.root == nil {
		return ws.ReadDir(d.abs)
	}
	f, err := d.root.Open(".")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return sortedInfos(f)
}

// Child enters subfolder name (fi from List).
func (d Dir) Child(ws Workspace, name string, fi fs.FileInfo) (Dir, error) {
	abs := filepath.Join(d.abs, name)
	if d.root == nil {
		if ov, ok := ws.(walkBaser); ok && ov.untouched(abs) {
			return OpenDir(ws, abs, fi) // the base's tree from here on
		}
		return Dir{abs: abs}, nil
	}
	r, err := d.root.OpenRoot(name)
	if err != nil {
		return Dir{}, err
	}
	if err := sameDir(d.root, name, r, abs, fi); err != nil {
		r.Close()
		return Dir{}, err
	}
	return Dir{abs: abs, root: r, links: d.links}, nil
}

// Read returns the content of the regular file name (fi from List), or an
// error once it passes limit bytes (it grew after the listing). A file with
// a second hard link is refused as the workspace's reads refuse it.
func (d Dir) Read(ws Workspace, name string, fi fs.FileInfo, limit int64) ([]byte, error) {
	if d.root == nil {
		return ws.ReadFile(filepath.Join(d.abs, name))
	}
	f, err := d.root.OpenFile(name, os.O_RDONLY|openNoFollow, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	got, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !sameListed(d.root, name, fi, got) {
		return nil, SymlinkRefused(filepath.Join(d.abs, name))
	}
	if !d.links && got.Mode().IsRegular() {
		n, err := openLinkCount(f, got) // os_unix.go, os_windows.go
		if err != nil {
			return nil, err
		}
		if err := hardLinked(filepath.Join(d.abs, name), n); err != nil {
			return nil, err
		}
	}
	var buf bytes.Buffer
	buf.Grow(int(min(got.Size(), limit)) + 1)
	if _, err := buf.ReadFrom(io.LimitReader(f, limit+1)); err != nil {
		return nil, &fs.PathError{Op: "read", Path: filepath.Join(d.abs, name), Err: err}
	}
	if int64(buf.Len()) > limit {
		return nil, &fs.PathError{Op: "read", Path: filepath.Join(d.abs, name), Err: ErrGrewPastCap}
	}
	return buf.Bytes(), nil
}

// Gitignore is the folder's .gitignore content, or nil.
func (d Dir) Gitignore(ws Workspace) []byte {
	name := ".gitignore"
	if d.root == nil {
		data, err := ws.ReadFile(filepath.Join(d.abs, name))
		if err != nil {
			return nil
		}
		return data
	}
	fi, err := d.root.Lstat(name)
	if err != nil || !fi.Mode().IsRegular() || fi.Size() > 1<<20 {
		return nil
	}
	data, err := d.Read(ws, name, fi, 1<<20)
	if err != nil {
		return nil
	}
	return data
}

// ErrGrewPastCap is a file that passed the read cap after it was listed.
var ErrGrewPastCap = errors.New("file grew past the read limit while being searched")

// sortedInfos lists the open folder f: its entries' infos sorted by name,
// symlinks not followed, entries removed while listing left out. ReadDir and
// the walk both list this way, so a walk sees what ls would.
func sortedInfos(f *os.File) ([]fs.FileInfo, error) {
	entries, err := f.ReadDir(-1)
	if err != nil {
		return nil, err
	}
	infos := make([]fs.FileInfo, 0, len(entries))
	for _, e := range entries {
		info, err := e.Info()
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				continue // removed while listing
			}
			return nil, err
		}
		infos = append(infos, info)
	}
	sort.Slice(infos, func(i, j int) bool { return infos[i].Name() < infos[j].Name() })
	return infos, nil
}
