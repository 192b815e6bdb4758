package engine

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"
)

// write is file_write (create parents, overwrite) and file_append (create
// when missing). Seed 004 case 002 expected a write into a missing directory
// to fail; DESIGN.md and seed 003 create the parents, and DESIGN wins.
func (x *opRun) write(appendTo bool) Result {
	abs, p, bad := x.path("path", true)
	if bad != nil {
		return *bad
	}
	// A trailing slash names a directory: writing a file named like it
	// would not be what the answer meant.
	if strings.HasSuffix(strings.ReplaceAll(p, `\`, "/"), "/") {
		return x.fail("open", p, &RefusedError{Type: "invalid_path", Path: p,
			Reason: fmt.Sprintf("'%s' ends in a slash, which names a directory, not a file", p),
			Fix:    "give the file's name after the slash (e.g. " + strings.TrimRight(p, `/\`) + "/file.txt), or use dir_create for a directory"})
	}
	content, bad := x.textParam("content")
	if bad != nil {
		return *bad
	}
	data := []byte(content)
	if appendTo {
		old, err := x.ws.ReadFile(abs)
		switch {
		case err == nil:
			data = append(old[:len(old):len(old)], data...)
		case !errors.Is(err, fs.ErrNotExist):
			return x.fail("open", p, err)
		}
	}
	if err := x.ws.WriteFile(abs, data); err != nil {
		return x.fail("open", p, err)
	}
	return ok(map[string]any{"path": p, "bytesWritten": len(content)})
}
