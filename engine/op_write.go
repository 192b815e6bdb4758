package engine

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"github.com/clada-dev/clada/engine/fault"
	"github.com/clada-dev/clada/engine/fsys"
	"github.com/clada-dev/clada/engine/textedit"
	"github.com/clada-dev/clada/lang"
)

// write is file_write (create parents, overwrite) and file_append (create
// when missing). Both create missing parent directories, as DESIGN.md's
// catalog says, though one of nesl-js's cases expects a write into a
// missing directory to fail.
func (x *opRun) write(appendTo bool) Result {
	abs, p, bad := x.path(lang.ParamPath, true)
	if bad != nil {
		return *bad
	}
	// A trailing slash names a directory: writing a file named like it
	// would not be what the answer meant.
	if strings.HasSuffix(strings.ReplaceAll(p, `\`, "/"), "/") {
		return x.fail("open", p, &fsys.RefusedError{Type: fault.InvalidPath, Path: p,
			Reason: fmt.Sprintf("'%s' ends in a slash, which names a directory, not a file", p),
			Fix:    "give the file's name after the slash (e.g. " + strings.TrimRight(p, `/\`) + "/file.txt), or use dir_create for a directory"})
	}
	content, bad := x.textParam(lang.ParamContent)
	if bad != nil {
		return *bad
	}
	var tabbed []int // a Makefile's recipe lines given make's tab (op_write_makefile.go)
	if !appendTo {
		content, tabbed = makeRecipeTabs(p, content)
	}
	data := []byte(content)
	if !appendTo && x.params[lang.ParamOverwrite] == "false" { // a diff's new file (--- /dev/null)
		if fi, err := x.ws.Lstat(abs); err == nil {
			// A replayed diff: the file it creates is there, just as it
			// would write it (textedit/replay.go).
			if fi.Mode().IsRegular() && fi.Size() <= maxEOLProbe {
				if old, err := x.ws.ReadFile(abs); err == nil && string(old) == textedit.FileEOL(old, content) {
					return Result{Success: true, AlreadyApplied: true, Data: map[string]any{"path": p, "bytesWritten": 0}}
				}
			}
			return Result{Error: fmt.Sprintf("%s: '%s' already exists; not writing over it", x.op, p), Type: fault.FileExists,
				Hint: "edit the existing file instead (a diff hunk of its current lines), or delete it first"}
		}
	}
	if appendTo {
		if size, big := x.overCap(abs); big {
			return *x.tooBig(p, size)
		}
	}
	// The file's own line endings decide what is written: content the LLM
	// wrote with LF (or a CRLF paste, which the parser reads as LF) keeps
	// an existing CRLF file CRLF instead of making it mixed.
	// An overwrite reads the old file only to learn its line ends, so it
	// skips files too big to be worth reading (an append needs them whole).
	var old []byte
	err := fs.ErrNotExist
	fi, serr := x.ws.Lstat(abs)
	if serr == nil && (appendTo || fi.Mode().IsRegular() && fi.Size() <= maxEOLProbe) {
		old, err = x.ws.ReadFile(abs)
	} else if serr != nil && !errors.Is(serr, fs.ErrNotExist) && appendTo {
		err = serr
	}
	switch {
	case err == nil:
		data = []byte(textedit.FileEOL(old, content))
		if appendTo && appendedAlready(old, data, content) {
			return Result{Success: true, AlreadyApplied: true, Data: map[string]any{"path": p, "bytesWritten": 0}}
		}
		data = endLikeFile(old, data, appendTo)
		if !appendTo && bytes.Equal(old, data) {
			// A replayed write (the answer pasted again, a whole file shown
			// unchanged): the file already holds it, as a replayed hunk is
			// already applied (textedit/replay.go); nothing is written.
			return Result{Success: true, AlreadyApplied: true, Data: map[string]any{"path": p, "bytesWritten": 0}}
		}
		if appendTo {
			data = append(old[:len(old):len(old)], data...)
			if whole, lines := editRecipeTabs(p, string(old), string(data)); len(lines) > 0 {
				data, tabbed = []byte(whole), lines
			}
		}
	case !errors.Is(err, fs.ErrNotExist) && appendTo:
		return x.fail("open", p, err)
	case errors.Is(serr, fs.ErrNotExist):
		data = x.newFileEnd(abs, data) // a new file: final_newline.go
	}
	if err := x.ws.WriteFile(abs, data); err != nil {
		return x.fail("open", p, err)
	}
	res := map[string]any{"path": p, "bytesWritten": len(content)}
	if len(tabbed) > 0 {
		res["recipeTabs"] = textedit.LineNumbers(tabbed)
	}
	return ok(res)
}

// appendedAlready recognises a replayed append (an answer pasted again,
// aider's empty SEARCH seen twice): the file already ends with what the
// append adds (data, in the file's line ends), and that is not trivially
// short (see textedit/replay.go: "}\n" or a blank line at the end says nothing
// about this append). Appending again would double the text.
func appendedAlready(old, data []byte, content string) bool {
	return len(data) > 0 && !textedit.Trivial(content) && bytes.HasSuffix(old, data)
}

// endLikeFile keeps the file's ends (README, "Files end the way the
// project ends them"): an overwrite of a file that ends with a line end
// ends with one too, and an append after a last line without a line end
// starts on a line of its own, never joining the two. eol is the file's
// ("\r\n" when it uses CRLF).
func endLikeFile(old, data []byte, appendTo bool) []byte {
	if len(old) == 0 || len(data) == 0 {
		return data
	}
	eol := []byte("\n")
	if bytes.Contains(old, []byte("\r\n")) {
		eol = []byte("\r\n")
	}
	switch {
	case appendTo && old[len(old)-1] != '\n':
		return append(eol, data...)
	case !appendTo && old[len(old)-1] == '\n' && data[len(data)-1] != '\n':
		return append(data[:len(data):len(data)], eol...)
	}
	return data
}

// maxEOLProbe is the largest existing file an overwrite reads to keep its
// line ends; a bigger one is replaced as written.
const maxEOLProbe = 64 << 20
