package engine

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/clada-dev/clada/engine/textedit"
	"github.com/clada-dev/clada/lang"
)

// insertLines is file_insert: content goes in as whole lines after line
// `line` (0 puts it at the top, the file's line count at the end). A content
// without a final line ending gets one, and content written with \n gets
// the file's CRLF; a last line of the file without a line ending gets one
// before an insertion after it. The file's other bytes, tabs included, stay
// as they are.
func (x *opRun) insertLines() Result {
	s := strings.TrimSpace(x.params[lang.ParamLine])
	at, err := strconv.Atoi(s)
	if err != nil || at < 0 {
		return Result{Param: lang.ParamLine, Error: fmt.Sprintf("%s: line must be a whole number (0 or more), got '%s'", x.op, x.params[lang.ParamLine]),
			Hint: `write line = "0" to insert at the top, or the number of the line to insert after`}
	}
	content, abs, p, t, bad := x.editFileWith(lang.ParamContent)
	if bad != nil {
		return *bad
	}
	starts := textedit.LineStarts(t.Body)
	if at > len(starts) {
		return Result{Param: lang.ParamLine, Error: fmt.Sprintf("%s: line %d is out of bounds (file has %d lines)", x.op, at, len(starts)),
			Hint: lineNumbersHint}
	}
	eol := "\n"
	if t.CRLF {
		eol = "\r\n"
	}
	ins := t.ToFileEOL(content)
	if ins != "" && !strings.HasSuffix(ins, "\n") {
		ins += eol
	}
	pos := len(t.Body)
	if at < len(starts) {
		pos = starts[at]
	} else if pos > 0 && !strings.HasSuffix(t.Body, "\n") {
		ins = eol + ins
	}
	if !textedit.Trivial(content) && strings.HasPrefix(t.Body[pos:], ins) {
		// A replayed insertion (an answer pasted again, a diff -U0 hunk
		// seen twice): its lines already follow line `line`. Inserting
		// again would double them; textedit/replay.go has the evidence rule.
		return Result{Success: true, AlreadyApplied: true, Data: map[string]any{"path": p, "lines_inserted": 0}}
	}
	t.Body = t.Body[:pos] + ins + t.Body[pos:]
	return x.save(abs, p, t, map[string]any{"path": p, "lines_inserted": strings.Count(strings.TrimPrefix(ins, eol), "\n")})
}
