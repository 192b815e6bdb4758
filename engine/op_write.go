package engine

import (
	"errors"
	"fmt"
	"io/fs"
)

// write is file_write (create parents, overwrite) and file_append (create
// when missing). Seed 004 case 002 expected a write into a missing directory
// to fail; DESIGN.md and seed 003 create the parents, and DESIGN wins.
func (x *opRun) write(appendTo bool) Result {
	abs, p, bad := x.path("path", true)
	if bad != nil {
		return *bad
	}
	content, bad := x.textParam("content")
	if bad != nil {
		return *bad
	}
	data := []byte(content)
	if !appendTo && x.params["overwrite"] == "false" { // a diff's new file (--- /dev/null)
		if _, err := x.ws.Lstat(abs); err == nil {
			return Result{Error: fmt.Sprintf("%s: '%s' already exists; not writing over it", x.op, p), Type: "file_exists",
				Hint: "edit the existing file instead (a diff hunk of its current lines), or delete it first"}
		}
	}
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
