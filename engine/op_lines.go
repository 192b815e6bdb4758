package engine

import (
	"fmt"
	"strings"

	"github.com/clada-dev/clada/engine/textedit"
	"github.com/clada-dev/clada/lang"
)

// replaceLines is file_replace_lines: lines s-e (1-based, inclusive) become
// new_content. The replaced lines' final line ending stays, so new_content
// needs none of its own; an empty new_content leaves one empty line where
// the lines were, as the original tool's suite expects.
// new_content written with \n gets the file's CRLF.
func (x *opRun) replaceLines() Result {
	spec := x.params[lang.ParamLines]
	s, e, err := lang.ParseLineSpec(spec)
	if err != nil {
		return Result{Param: lang.ParamLines, Error: fmt.Sprintf("%s: %v", x.op, err), Hint: `write lines = "4" or lines = "23-43"`}
	}
	newContent, abs, p, t, bad := x.editFileWith(lang.ParamNewContent)
	if bad != nil {
		return *bad
	}
	starts := textedit.LineStarts(t.Body)
	total := len(starts)
	if e > total {
		rng := fmt.Sprintf("%d-%d", s, e)
		if s == e {
			rng = fmt.Sprint(s) // lines = "4" is a range of one line, said as written
		}
		return Result{Param: lang.ParamLines, Error: fmt.Sprintf("%s: Line range %s is out of bounds (file has %d lines)", x.op, rng, total),
			Hint: lineNumbersHint}
	}
	from := starts[s-1]
	next := len(t.Body) // start of the line after e
	if e < total {
		next = starts[e]
	}
	to := next - textedit.EOLLen(t.Body[:next])
	repl := t.ToFileEOL(strings.TrimSuffix(strings.TrimSuffix(newContent, "\n"), "\r"))
	t.Body = textedit.Splice(t.Body, from, to-from, repl)
	return x.save(abs, p, t, map[string]any{"path": p, "lines_replaced": e - s + 1})
}

// lineNumbersHint is the fix for a line number past the end of the file,
// the same for file_insert and file_replace_lines.
const lineNumbersHint = "read the file with file_read_numbered to see its current line numbers"
