// Package fsys is the file access of a run: the Workspace interface every
// op goes through, its two implementations, and what a real apply wraps
// around them.
//
//   - OS (os.go) is the real tree, through an os.Root at the project root
//     (and each --allow directory), so that nothing can lead a write outside.
//   - Overlay (overlay.go) is an in-memory, copy-on-write view over another
//     workspace: check, apply --dry-run, --atomic and the language server
//     run the same ops on it and see what apply would do.
//   - Both are the same policy (policy.go) over a different tree: no
//     reading or writing through a symlink, regular files only, no second
//     hard link. The policy is written once, as a decorator.
//   - WriteBack (writeback.go) wraps the workspace of one real apply: N
//     edits of one file cost one read and about one write; what it could
//     not write out it hands back to the run (Settle).
//   - Dir (walk.go) is a folder grep and glob walk through, by handle.
//
// What only some workspaces can do (stream a big file, open a folder as a
// handle, say a path is untouched by a simulation, be a dry run) is asked
// through the functions of capability.go, never by a workspace's type.
//
// fsys imports internal/state (temp files) and engine/textedit (the edit
// index, Change), never engine; engine imports fsys, and so do session, lsp
// and mcp, which hand a run its workspace. Start reading at this file, then
// policy.go, os.go and overlay.go.
package fsys

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/clada-dev/clada/engine/fault"
)

// Workspace is the file access every op goes through. Names are absolute,
// clean paths that engine's Config.Resolve produced. Implementations refuse
// to read or write through a symlink (the final component or any parent),
// refuse non-regular files, and never write outside the directories they
// serve. Rename and Remove act on a symlink itself, which is allowed.
type Workspace interface {
	// ReadFile returns the content of a regular file. The bytes are never
	// written to again, by the workspace or (by contract) by the caller.
	ReadFile(name string) ([]byte, error)
	// Lstat describes name without following a final symlink.
	Lstat(name string) (fs.FileInfo, error)
	// WriteFile replaces name atomically with data, creating missing parent
	// directories and keeping the mode of an existing file. data is never
	// written to again.
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

// RefusedError is a path or content clada will not touch by policy (as
// opposed to an error the operating system returned). Type is the report's
// error type; Fix tells the person or LLM what would work.
type RefusedError struct {
	Type   fault.Kind // PathEscape, SymlinkNotAllowed, PermissionDenied, InvalidPath
	Path   string     // the path as the user wrote it, or the absolute path when that is all we have
	Reason string     // one sentence naming the path
	Fix    string
	// Err is the rule refused by, for errors.Is (ErrHardLinked); often nil.
	Err error
}

func (e *RefusedError) Error() string { return e.Reason }

func (e *RefusedError) Unwrap() error { return e.Err }

// The rules a RefusedError may name (policy.go), so grep can say why it
// skipped a file without quoting one file's refusal for all.
var (
	ErrHardLinked = errors.New("the file has more than one hard link")
	ErrNotRegular = errors.New("not a regular file")
)

// Within reports whether p is dir or below it, comparing whole components so
// that /x/root_evil is not inside /x/root.
func Within(dir, p string) bool {
	dir = filepath.Clean(dir)
	if p == dir {
		return true
	}
	if strings.HasSuffix(dir, string(filepath.Separator)) { // "/", or C:\ on Windows
		return strings.HasPrefix(p, dir)
	}
	return strings.HasPrefix(p, dir+string(filepath.Separator))
}

// HumanBytes writes a size the way a person reads it: 100.0 GiB, 64.0 MiB.
func HumanBytes(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d bytes", n)
	}
	div, exp := int64(unit), 0
	for m := n / unit; m >= unit; m /= unit {
		div *= unit
		exp++
	}
	return fmt.Sprintf("%.1f %ciB", float64(n)/float64(div), "KMGTPE"[exp])
}

// notDir is the OS's ENOTDIR for op on name (on Windows ERROR_DIRECTORY:
// its syscall.ENOTDIR is ERROR_PATH_NOT_FOUND, which says "not there").
func notDir(op, name string) error {
	return &fs.PathError{Op: op, Path: name, Err: errNotDir}
}

// NotDir is notDir for the ops: name is not a directory.
func NotDir(op, name string) error { return notDir(op, name) }
