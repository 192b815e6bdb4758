package engine

import (
	"fmt"
	"io/fs"
)

// Workspace is the file access every op goes through. Names are absolute,
// clean paths that Config.Resolve produced. Implementations refuse to read or
// write through a symlink (the final component or any parent), refuse
// non-regular files, and never write outside the directories they serve.
// Rename and Remove act on a symlink itself, which is allowed.
//
// Two implementations: OSWorkspace (the real tree, through os.Root) and
// Overlay (in memory over a read-only base), so check, dry-run, --atomic and
// the language server see exactly what apply would do.
type Workspace interface {
	// ReadFile returns the content of a regular file.
	ReadFile(name string) ([]byte, error)
	// Lstat describes name without following a final symlink.
	Lstat(name string) (fs.FileInfo, error)
	// WriteFile replaces name atomically with data, creating missing parent
	// directories and keeping the mode of an existing file.
	WriteFile(name string, data []byte) error
	// MkdirAll creates name and any missing parents.
	MkdirAll(name string) error
	// Mkdir creates one directory; its parent must exist.
	Mkdir(name string) error
	// Remove deletes a file, a symlink or an empty directory.
	Remove(name string) error
	// RemoveAll deletes name and everything below it.
	RemoveAll(name string) error
	// Rename moves oldname to newname, replacing a file at newname. The parent
	// of newname must exist.
	Rename(oldname, newname string) error
	// ReadDir lists a directory sorted by name, without following symlinks.
	ReadDir(name string) ([]fs.FileInfo, error)
}

// notRegular is the refusal for FIFOs, sockets, devices and the like: opening
// them can block forever or talk to hardware.
func notRegular(name string, mode fs.FileMode) error {
	kind := "special file"
	switch {
	case mode&fs.ModeNamedPipe != 0:
		kind = "named pipe (FIFO)"
	case mode&fs.ModeSocket != 0:
		kind = "socket"
	case mode&fs.ModeDevice != 0:
		kind = "device"
	}
	return &RefusedError{Type: "permission_denied", Path: name,
		Reason: fmt.Sprintf("'%s' is a %s, not a regular file", name, kind),
		Fix:    "clada reads and writes regular files only; pick a regular file"}
}

// symlinkRefused is the refusal for going through a symlink at link.
func symlinkRefused(link string) error {
	return &RefusedError{Type: "symlink_not_allowed", Path: link,
		Reason: fmt.Sprintf("'%s' is a symbolic link; clada does not read or write through symlinks", link),
		Fix:    "use the real path the link points to (moving or removing the link itself is allowed)"}
}
