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
// the file's CRLF (unless line_ends is "as-written": then content goes in
// as it is, and may end the file without a line end); a last line of the
// file without a line ending gets one before an insertion after it. The file's other bytes, tabs included, stay
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
	asWritten := x.params[lang.ParamLineEnds] == "as-written"
	if asWritten && (at == len(starts) || strings.HasSuffix(content, "\n")) {
		// A diff that states its bytes (README, "Unified diffs"): its
		// CRs, and no line end after the file's new last line.
		ins = content
	}
	pos := len(t.Body)
	if at < len(starts) {
		pos = starts[at]
	} else if pos > 0 && !strings.HasSuffix(t.Body, "\n") {
		ins = eol + ins
	}
	if !textedit.Trivial(content) && (strings.HasPrefix(t.Body[pos:], ins) || asWritten && t.Body[pos:] == content) {
		// A replayed insertion (an answer pasted again, a diff -U0 hunk
		// seen twice): its lines already follow line `line`. Inserting
		// again would double them; textedit/replay.go has the evidence rule.
		return Result{Success: true, AlreadyApplied: true, Data: map[string]any{"path": p, "lines_inserted": 0}}
	}
	t.Body = textedit.Splice(t.Body, pos, 0, ins)
	n := strings.Count(strings.TrimPrefix(ins, eol), "\n")
	if ins != "" && !strings.HasSuffix(ins, "\n") {
		n++ // a last line without a line end (line_ends = "as-written")
	}
	return x.save(abs, p, t, map[string]any{"path": p, "lines_inserted": n})
}
