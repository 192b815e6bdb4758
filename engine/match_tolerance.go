package engine

import (
	"fmt"

	"github.com/clada-dev/clada/engine/fault"
	"github.com/clada-dev/clada/engine/textedit"
	"github.com/clada-dev/clada/lang"
)

// file_replace_text with tolerance, anchor or at_end: the op around the
// tolerant matcher (textedit/hunk.go). It works on lines, like Codex's
// reference applier: anchors (V4A's @@ lines) are found in order, then
// old_text after the last one, trying each rung of the ladder in turn;
// every rung demands a unique match, never a guess.

// replaceTolerant is file_replace_text with tolerance, anchor or at_end.
// An empty old_text (a V4A hunk of only '+' lines) inserts new_text after
// the last anchor, or at the end of the file when there is none. As with
// Codex, the edited file ends with a newline.
func (x *opRun) replaceTolerant() Result {
	if r, done := x.replaceLinesFast(); done { // many hunks of one file (edit_index.go)
		return r
	}
	abs, p, t, bad := x.editFile()
	if bad != nil {
		return *bad
	}
	if body, already, found := x.exactHunk(t.Body); found {
		if already {
			return appliedAlready(p)
		}
		t.Body = body
		return x.save(abs, p, t, map[string]any{"path": p, "replacements": 1, "match": "exact"})
	}
	lines := textedit.NewFileLines(t.Body)
	data, already, bad := x.applyHunk(lines, p, t.Body)
	if bad != nil {
		return *bad
	}
	if already {
		return appliedAlready(p)
	}
	t.Body = lines.Text()
	return x.save(abs, p, t, data)
}

// exactHunkSaved is replaceTolerant's first step alone: the hunk carried
// out when exactHunk settles it; false, nothing done, when it does not or
// the file cannot be read.
func (x *opRun) exactHunkSaved() (Result, bool) {
	abs, p, t, bad := x.editFile()
	if bad != nil {
		return Result{}, false
	}
	body, already, found := x.exactHunk(t.Body)
	switch {
	case !found:
		return Result{}, false
	case already:
		return appliedAlready(p), true
	}
	t.Body = body
	return x.save(abs, p, t, map[string]any{"path": p, "replacements": 1, "match": "exact"}), true
}

// exactHunk is applyHunk's plain success case found on the raw bytes
// (textedit/exact_bytes.go): the hunk's old lines occur exactly once after
// its anchors, the file has no CR. It returns the edited body, or true when
// the file already holds the hunk's result; found is false, nothing
// decided, when the ladder must run (any other case, a bad param
// included, which applyHunk then reports).
func (x *opRun) exactHunk(body string) (edited string, already, found bool) {
	switch x.params[lang.ParamTolerance] {
	case "", "exact", "whitespace":
	default:
		return "", false, false
	}
	if x.params[lang.ParamAtEnd] == "true" {
		return "", false, false
	}
	oldText, bad := x.textParam(lang.ParamOldText)
	if bad != nil {
		return "", false, false
	}
	newText, bad := x.textParam(lang.ParamNewText)
	if bad != nil {
		return "", false, false
	}
	old, repl := textedit.TextLines(oldText), textedit.TextLines(newText)
	start, end, ok := textedit.ExactBytes(body, textedit.TextLines(x.params[lang.ParamAnchor]), old)
	if !ok {
		return "", false, false
	}
	if textedit.ReplayedBytes(body, start, end, old, repl) {
		return "", true, true
	}
	return textedit.ReplaceExactBytes(body, start, end, repl), false, true
}

// applyHunk finds this action's hunk in lines and replaces it there. body
// is the file's text, for hints. It returns the result data, or true when
// the file already holds the hunk's result (a replayed patch, as
// textedit/replay.go describes; lines are then unchanged), or the failure.
func (x *opRun) applyHunk(lines *textedit.Lines, p, body string) (map[string]any, bool, *Result) {
	oldText, bad := x.textParam(lang.ParamOldText)
	if bad != nil {
		return nil, false, bad
	}
	newText, bad := x.textParam(lang.ParamNewText)
	if bad != nil {
		return nil, false, bad
	}
	atEnd := x.params[lang.ParamAtEnd] == "true"
	rungs := textedit.AllRungs
	switch x.params[lang.ParamTolerance] {
	case "", "exact":
		rungs = textedit.ExactRung
	case "whitespace":
	default:
		return nil, false, &Result{Param: lang.ParamTolerance, Error: fmt.Sprintf("%s: tolerance must be \"exact\" or \"whitespace\", got '%s'", x.op, x.params[lang.ParamTolerance]),
			Hint: `leave tolerance out for an exact match`}
	}
	from := 0
	// An @@ line found more than once narrows the place only to after its
	// first copy: the hunk's own lines must then be unique from there, or
	// the anchor's ambiguity is the failure reported (never a guess among
	// the copies, as Codex's first match would be).
	var ambiguous *Result
	for _, a := range textedit.TextLines(x.params[lang.ParamAnchor]) {
		at, _, hits := lines.Seek([]string{a}, from, false, rungs)
		if len(hits) > 1 {
			if ambiguous == nil {
				ambiguous = &Result{Param: lang.ParamAnchor, Error: fmt.Sprintf("%s: anchor '%s' appears %d times in '%s' (lines %s), must appear once", x.op, a, len(hits), p, textedit.LineNumbers(hits)),
					Type: fault.SearchAmbiguous, Hint: "make the @@ line name something unique, such as the enclosing function's signature, or add a second @@ line to narrow it"}
			}
			at = hits[0]
		}
		if at < 0 {
			return nil, false, &Result{Param: lang.ParamAnchor, Error: fmt.Sprintf("%s: anchor '%s' not found in '%s'", x.op, a, p), Type: fault.SearchNotFound, Hint: textedit.NotFoundHint(body, a)}
		}
		from = at + 1
	}
	old, repl := textedit.TextLines(oldText), textedit.TextLines(newText)
	match := "exact"
	at := lines.Len()
	if len(old) == 0 {
		if ambiguous != nil {
			return nil, false, ambiguous // lines to insert after an anchor that is not one place
		}
		if from > 0 {
			at = from
		}
		// A pure insertion is replayed when its lines already start at
		// the place (after the anchor) or end the file; short ones are
		// no evidence.
		start := at
		if from == 0 {
			start = at - len(repl)
		}
		if !textedit.Trivial(newText) && lines.Holds(start, repl) {
			return nil, true, nil
		}
	} else {
		var hits []int
		at, match, hits = lines.Seek(old, from, atEnd, rungs)
		if at < 0 && len(hits) == 0 && len(old) > 1 && old[len(old)-1] == "" {
			// A trailing blank context line the file lacks (Codex retries without it).
			old = old[:len(old)-1]
			if len(repl) > 0 && repl[len(repl)-1] == "" {
				repl = repl[:len(repl)-1]
			}
			at, match, hits = lines.Seek(old, from, atEnd, rungs)
		}
		if at >= 0 {
			hits = []int{at}
		}
		if len(hits) > 0 && lines.Replayed(hits, old, repl) {
			return nil, true, nil
		}
		if len(hits) == 1 && match != "exact" && lines.Replayed(hits, old, lines.Fitted(hits[0], old, repl)) {
			return nil, true, nil // the hunk's result as a tolerance rung writes it (textedit/fit.go)
		}
		if ambiguous != nil && len(hits) != 1 {
			return nil, false, ambiguous
		}
		if len(hits) > 1 {
			return nil, false, &Result{Param: lang.ParamOldText, Error: fmt.Sprintf("%s: old_text appears %d times in '%s' (lines %s, matching %s), must appear exactly once", x.op, len(hits), p, textedit.LineNumbers(hits), match),
				Type: fault.SearchAmbiguous, Hint: "add context lines (or an @@ line) so the hunk matches one place only"}
		}
		if at < 0 {
			// The search gone and the hunk's result there once, exactly as
			// the first apply wrote it: replayed.
			if got, _, _ := lines.Seek(repl, from, atEnd, textedit.ExactRung); got >= 0 && !textedit.Trivial(newText) {
				return nil, true, nil
			}
			where := ""
			if atEnd {
				where = " at the end of the file"
			}
			if rungs > 1 {
				where += ", even ignoring whitespace"
			}
			return nil, false, &Result{Param: lang.ParamOldText, Error: fmt.Sprintf("%s: old_text not found in '%s'%s", x.op, p, where),
				Type: fault.SearchNotFound, Hint: textedit.NotFoundHint(body, oldText)}
		}
	}
	lines.ReplaceHunk(at, old, repl, match != "exact")
	return map[string]any{"path": p, "replacements": 1, "match": match}, false, nil
}
