package engine

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
)

// walkDir is one folder grep or glob is in. On the OS workspace it holds an
// os.Root opened on that folder, so listing it, reading its files and
// entering its subfolders cost one relative open each, whatever the depth.
// In an Overlay, a folder the simulation has changed nothing in is walked
// on the base's handles the same way; one it has changed goes through the
// overlay by full path (its changes are in memory, so that stays cheap).
type walkDir struct {
	abs  string
	root *os.Root // nil: through the workspace
}

// openWalkDir opens the folder a walk starts at (fi is its Lstat).
func (x *opRun) openWalkDir(abs string, fi fs.FileInfo) (walkDir, error) {
	return openWalkDirIn(x.ws, abs, fi)
}

// openWalkDirIn opens abs in ws: with a handle when ws is the OS workspace,
// or an Overlay that changed nothing at or below abs.
func openWalkDirIn(ws Workspace, abs string, fi fs.FileInfo) (walkDir, error) {
	if ov, ok := ws.(*Overlay); ok && overlayUntouched(ov, abs) {
		ws = ov.base
	}
	osw, ok := ws.(*OSWorkspace)
	if !ok {
		return walkDir{abs: abs}, nil
	}
	t, rel, err := osw.parentOf(abs, false)
	if err != nil {
		return walkDir{}, err
	}
	r, err := t.root.OpenRoot(rel)
	if err != nil {
		return walkDir{}, err
	}
	d := walkDir{abs: abs, root: r}
	if err := d.same(fi); err != nil {
		d.close()
		return walkDir{}, err
	}
	return d, nil
}

// same refuses a folder that is not the one listed: a symlink swapped in
// between the listing and the open.
func (d walkDir) same(fi fs.FileInfo) error {
	got, err := d.root.Stat(".")
	if err != nil {
		return err
	}
	if !os.SameFile(fi, got) {
		return symlinkRefused(d.abs)
	}
	return nil
}

func (d walkDir) close() {
	if d.root != nil {
		d.root.Close()
	}
}

// list is the folder's entries, sorted by name, symlinks not followed.
func (d walkDir) list(ws Workspace) ([]fs.FileInfo, error) {
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

// child enters subfolder name (fi from list).
func (d walkDir) child(ws Workspace, name string, fi fs.FileInfo) (walkDir, error) {
	abs := filepath.Join(d.abs, name)
	if d.root == nil {
		if ov, ok := ws.(*Overlay); ok && overlayUntouched(ov, abs) {
			return openWalkDirIn(ws, abs, fi) // the base's tree from here on
		}
		return walkDir{abs: abs}, nil
	}
	r, err := d.root.OpenRoot(name)
	if err != nil {
		return walkDir{}, err
	}
	c := walkDir{abs: abs, root: r}
	if err := c.same(fi); err != nil {
		c.close()
		return walkDir{}, err
	}
	return c, nil
}

// read returns the content of the regular file name (fi from list), or an
// error once it passes limit bytes (it grew after the listing).
func (d walkDir) read(ws Workspace, name string, fi fs.FileInfo, limit int64) ([]byte, error) {
	if d.root == nil {
		return ws.ReadFile(filepath.Join(d.abs, name))
	}
	f, err := d.root.OpenFile(name, os.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	got, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !os.SameFile(fi, got) {
		return nil, symlinkRefused(filepath.Join(d.abs, name))
	}
	var buf bytes.Buffer
	buf.Grow(int(min(got.Size(), limit)) + 1)
	if _, err := buf.ReadFrom(io.LimitReader(f, limit+1)); err != nil {
		return nil, &fs.PathError{Op: "read", Path: filepath.Join(d.abs, name), Err: err}
	}
	if int64(buf.Len()) > limit {
		return nil, &fs.PathError{Op: "read", Path: filepath.Join(d.abs, name), Err: errGrewPastCap}
	}
	return buf.Bytes(), nil
}

// gitignore is the folder's .gitignore content, or nil.
func (d walkDir) gitignore(ws Workspace) []byte {
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
	data, err := d.read(ws, name, fi, 1<<20)
	if err != nil {
		return nil
	}
	return data
}

// errGrewPastCap is a file that passed the read cap after it was listed.
var errGrewPastCap = errors.New("file grew past the read limit while being searched")

// overlayUntouched reports whether the overlay holds nothing at or below
// abs, so the base's tree there is exactly what the simulation sees.
func overlayUntouched(o *Overlay, abs string) bool {
	if o.lookup(abs) != nil {
		return false
	}
	prefix := abs + string(filepath.Separator)
	for p := range o.nodes {
		if strings.HasPrefix(p, prefix) {
			return false
		}
	}
	return true
}

// sortedInfos lists the open folder f: its entries' infos sorted by name,
// symlinks not followed, entries removed while listing left out. ReadDir and
// the walk both list this way, so a walk sees what file_list would.
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
