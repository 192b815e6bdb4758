package engine

import (
	"fmt"
	"strconv"
	"strings"
	"unsafe"

	"github.com/clada-dev/clada/engine/fsys"
	"github.com/clada-dev/clada/engine/textedit"
	"github.com/clada-dev/clada/lang"
)

// readText reads the file at abs as UTF-8 text; the Result is set on failure.
func (x *opRun) readText(abs, p string) (string, *Result) {
	data, bad := x.readCapped(abs, p)
	if bad != nil {
		return "", bad
	}
	if err := textedit.CheckUTF8(data); err != nil {
		return "", &Result{Error: fmt.Sprintf("%s: '%s' %v", x.op, p, err),
			Hint: "clada reads UTF-8 text files only"}
	}
	// The bytes a Workspace hands out are never written to again: the text
	// shares them instead of copying a large file once more.
	return unsafe.String(unsafe.SliceData(data), len(data)), nil
}

// read is file_read.
func (x *opRun) read() Result {
	abs, p, bad := x.path(lang.ParamPath, false)
	if bad != nil {
		return *bad
	}
	content, bad := x.readText(abs, p)
	if bad != nil {
		return *bad
	}
	return ok(map[string]any{"path": p, "content": content})
}

// readNumbered is file_read_numbered: the lines asked for (all by default)
// with right-aligned numbers. Asking past the end fails but still returns
// the lines that exist in data.content.
func (x *opRun) readNumbered() Result {
	abs, p, bad := x.path(lang.ParamPath, false)
	if bad != nil {
		return *bad
	}
	delim, given := x.params[lang.ParamDelimiter]
	if !given {
		delim = ": "
	}
	spec := x.params[lang.ParamLines]
	if spec != "" {
		start, end, err := lang.ParseLineSpec(spec)
		if err != nil {
			return Result{Param: lang.ParamLines, Error: fmt.Sprintf("%s: %v", x.op, err), Hint: `write lines = "4" or lines = "23-43"`}
		}
		if _, big := x.overCap(abs); big { // a range of a huge file: stream to it
			if r, streamed := x.streamNumbered(abs, p, start, end, delim, spec); streamed {
				return r
			}
		}
	}
	content, bad := x.readText(abs, p)
	if bad != nil {
		return *bad
	}
	out, _, oor, err := extractNumberedLines(content, spec, delim)
	if err != nil {
		return Result{Param: lang.ParamLines, Error: fmt.Sprintf("%s: %v", x.op, err)}
	}
	data := map[string]any{"path": p, "content": out}
	if oor != nil {
		return Result{Param: lang.ParamLines, Error: fmt.Sprintf("%s: Requested lines %s but file only has %d lines", x.op, oor.requested, oor.actual),
			Hint: "data.content holds the lines that exist", Data: data}
	}
	return ok(data)
}

// readMany is files_read: one path per line, concatenated under
// "=== path ===" headers. If any file fails, the op fails naming each.
func (x *opRun) readMany() Result {
	var paths []string
	for _, line := range strings.Split(x.params[lang.ParamPaths], "\n") {
		if line = strings.TrimSpace(line); line != "" {
			paths = append(paths, line)
		}
	}
	if len(paths) == 0 {
		return Result{Error: "files_read: No paths provided", Hint: "list one path per line in paths"}
	}
	var b strings.Builder
	var failed []string
	for _, p := range paths {
		content, bad := x.readOne(p)
		if bad != nil {
			failed = append(failed, fmt.Sprintf("  %s: %s", p, bad.Error))
			continue
		}
		// The cap holds for the whole op too, so a long list of big files
		// cannot add up to what one file may not be.
		if int64(b.Len()+len(content)) > x.maxRead() {
			failed = append(failed, fmt.Sprintf("  %s: files_read: reading it would pass the %s read limit for one files_read; read it in an action of its own", p, fsys.HumanBytes(x.maxRead())))
			continue
		}
		if b.Len() > 0 {
			b.WriteString("\n\n")
		}
		fmt.Fprintf(&b, "=== %s ===\n%s", p, content)
	}
	data := map[string]any{"paths": paths, "content": b.String()}
	if len(failed) > 0 {
		// nesl-js's error names each failure; data still carries the files
		// that could be read, so one bad path does not cost a second read.
		return Result{Error: fmt.Sprintf("files_read: Failed to read %d file(s):\n%s", len(failed), strings.Join(failed, "\n")),
			Hint: "data.content holds the other files; fix or drop the paths listed", Data: data}
	}
	return ok(data)
}

// readOne resolves and reads one path of files_read.
func (x *opRun) readOne(p string) (string, *Result) {
	abs, err := x.cfg.Resolve(p)
	if err != nil {
		r := x.fail("open", p, err)
		return "", &r
	}
	if bad := x.notDirBefore(p); bad != nil { // path.go
		return "", bad
	}
	return x.readText(abs, p)
}

// outOfRange records a line request past the end of the file.
type outOfRange struct {
	requested string
	actual    int
}

// extractNumberedLines returns the lines spec names (all when spec is
// empty), each prefixed by its right-aligned number and delim, plus the
// file's line count. A request past the end returns what exists and an
// outOfRange. It is nesl-js's extractNumberedLines, case for case.
func extractNumberedLines(content, spec, delim string) (string, int, *outOfRange, error) {
	if content == "" {
		return "", 0, nil, nil // nesl-js's case: nothing to number, nothing out of range
	}
	lines := textedit.FileLines(content)
	total := len(lines)
	start, end := 1, total
	requested := fmt.Sprintf("1-%d", total)
	if spec != "" {
		var err error
		if start, end, err = lang.ParseLineSpec(spec); err != nil {
			return "", 0, nil, err
		}
		requested = spec
	}
	var oor *outOfRange
	if start > total || end > total {
		oor = &outOfRange{requested: requested, actual: total}
	}
	if start > total {
		return "", total, oor, nil
	}
	end = min(end, total)
	width := len(strconv.Itoa(end))
	var b strings.Builder
	for i := start; i <= end; i++ {
		if i > start {
			b.WriteByte('\n')
		}
		fmt.Fprintf(&b, "%*d%s%s", width, i, delim, lines[i-1])
	}
	return b.String(), total, oor, nil
}
