package engine

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/clada-dev/clada/engine/fault"
	"github.com/clada-dev/clada/engine/textedit"
	"github.com/clada-dev/clada/lang"
)

// The text-replacing edits. Each reads the file once, matches on the text
// with its BOM set aside (a search written with \n also matches a CRLF file,
// and the replacement then gets CRLF too), and writes the result atomically.

// editFile reads the file its path param names as UTF-8 text for an edit.
func (x *opRun) editFile() (string, string, textedit.Text, *Result) {
	abs, p, bad := x.path(lang.ParamPath, true)
	if bad != nil {
		return "", "", textedit.Text{}, bad
	}
	data, bad := x.readCapped(abs, p)
	if bad != nil {
		return "", "", textedit.Text{}, bad
	}
	t, err := textedit.Decode(data)
	if err != nil {
		return "", "", textedit.Text{}, &Result{Error: fmt.Sprintf("%s: '%s' %v", x.op, p, err),
			Hint: "clada edits UTF-8 text only; fix the file's encoding first"}
	}
	return abs, p, t, nil
}

// editFileWith is editFile after text param name, which it also returns:
// the line edits and replaceRange take their new text first, so a missing
// param is reported before the file is read.
func (x *opRun) editFileWith(name string) (text, abs, p string, t textedit.Text, bad *Result) {
	text, bad = x.textParam(name)
	if bad != nil {
		return "", "", "", textedit.Text{}, bad
	}
	abs, p, t, bad = x.editFile()
	return text, abs, p, t, bad
}

// save writes the edited text back.
func (x *opRun) save(abs, p string, t textedit.Text, data map[string]any) Result {
	t = x.savedRecipeTabs(abs, p, t, data) // a Makefile's recipe lines added with spaces (op_write_makefile.go)
	if err := x.ws.WriteFile(abs, t.Bytes()); err != nil {
		return x.fail("open", p, err)
	}
	return ok(data)
}

// nonEmpty fetches text params that must not be empty, in order.
func (x *opRun) nonEmpty(names ...string) ([]string, *Result) {
	out := make([]string, len(names))
	for i, n := range names {
		v, bad := x.textParam(n)
		if bad != nil {
			return nil, bad
		}
		if v == "" {
			return nil, &Result{Error: fmt.Sprintf("%s: %s cannot be empty", x.op, n),
				Hint: "give the exact text to find, as it appears in the file", Param: n}
		}
		out[i] = v
	}
	return out, nil
}

// replaceOnce is file_replace_text: old_text must occur exactly once.
func (x *opRun) replaceOnce() Result {
	if x.params[lang.ParamTolerance] != "" || x.params[lang.ParamAnchor] != "" || x.params[lang.ParamAtEnd] != "" {
		return x.replaceTolerant() // match_tolerance.go
	}
	olds, bad := x.nonEmpty(lang.ParamOldText)
	if bad != nil {
		return *bad
	}
	newText, bad := x.textParam(lang.ParamNewText)
	if bad != nil {
		return *bad
	}
	if r, done := x.replaceOnceFast(olds[0], newText); done { // many edits of one file (edit_index.go)
		return r
	}
	abs, p, t, bad := x.editFile()
	if bad != nil {
		return *bad
	}
	offs, old := t.MatchIn(olds[0])
	offs, near, bad := x.pickNear(t.Body, offs, len(old)) // near_line (unified diffs): edit_near.go
	if bad != nil {
		return *bad
	}
	repl := t.ReplacementEOL(old, newText)
	if x.params[lang.ParamLineEnds] == "as-written" { // a diff that states its bytes (README, "Unified diffs")
		repl = newText
	}
	if len(offs) == 0 { // whole lines that end a file without a final line end (textedit/eof.go)
		if off, m, r, ok := textedit.EOFMatch(t.Body, old, repl); ok {
			offs, old, repl = []int{off}, m, r
		}
	}
	// A replayed edit that adds to its search (textedit/replay.go): every match
	// inside one copy of new_text.
	inside, copies := textedit.ReplayCopies(t.Body, offs, old, repl)
	if len(offs) > 0 && len(inside) == len(offs) && len(copies) == 1 {
		return appliedAlready(p)
	}
	switch len(offs) {
	case 0:
		if t.AlreadyApplied(newText, 1) {
			return appliedAlready(p)
		}
		return Result{Param: lang.ParamOldText, Error: x.op + ": old_text not found in file", Type: fault.SearchNotFound, Hint: t.TrivialHint(textedit.NotFoundHint(t.Body, olds[0]), newText)}
	case 1:
	default:
		hint := textedit.MultipleHint(t.Body, offs, len(old))
		if near.want > 0 { // a diff's hunk: the matches nearest its stated line
			hint = textedit.NearHint(t.Body, offs, len(old), near.want)
		}
		return Result{Param: lang.ParamOldText, Error: fmt.Sprintf("%s: old_text appears %d times, must appear exactly once", x.op, len(offs)),
			Type: fault.SearchAmbiguous, Hint: textedit.InsideHint(hint, t.Body, inside, len(old))}
	}
	t.Body = textedit.Splice(t.Body, offs[0], len(old), repl)
	return x.save(abs, p, t, near.report(map[string]any{"path": p, "replacements": 1}))
}

// replaceAll is file_replace_all_text: every occurrence; count, when given
// (CSL's count="all" means none), must equal the number found. Finding none
// fails too: an edit that changes nothing is never what was meant.
func (x *opRun) replaceAll() Result {
	olds, bad := x.nonEmpty(lang.ParamOldText)
	if bad != nil {
		return *bad
	}
	newText, bad := x.textParam(lang.ParamNewText)
	if bad != nil {
		return *bad
	}
	want := -1
	if s, given := x.params[lang.ParamCount]; given && s != "" && s != "all" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			return Result{Param: lang.ParamCount, Error: fmt.Sprintf("%s: count must be a positive whole number, got '%s'", x.op, s),
				Hint: `write count = "3", or leave it out to replace every occurrence`}
		}
		want = n
	}
	abs, p, t, bad := x.editFile()
	if bad != nil {
		return *bad
	}
	offs, old := t.MatchIn(olds[0])
	if len(offs) == 0 && t.AlreadyApplied(newText, want) { // want < 0: any copy (textedit/replay.go)
		return appliedAlready(p)
	}
	// A replayed edit that adds to its search (textedit/replay.go): every match
	// inside a copy of new_text, as many copies as count asks. Some inside
	// and some not is refused: replacing all would add the text a second
	// time where it is already, and replacing only the others is a guess.
	repl := t.ReplacementEOL(old, newText)
	inside, copies := textedit.ReplayCopies(t.Body, offs, old, repl)
	switch {
	case len(offs) > 0 && len(inside) == len(offs) && (want < 0 || len(copies) == want):
		return appliedAlready(p)
	case len(inside) > 0 && len(inside) < len(offs):
		return Result{Param: lang.ParamOldText, Error: fmt.Sprintf("%s: old_text appears %d times, %d of them already inside a copy of new_text; replacing all would apply the edit twice there",
			x.op, len(offs), len(inside)), Type: fault.SearchNotFound,
			Hint: fmt.Sprintf("the edit looks applied at %s and not at %s; make old_text match only the places still to change, or use file_replace_text for each",
				textedit.MatchLocations(t.Body, inside, len(old)), textedit.MatchLocations(t.Body, textedit.Outside(offs, inside), len(old)))}
	}
	if want >= 0 && len(offs) != want {
		r := Result{Param: lang.ParamOldText, Error: fmt.Sprintf("%s: expected %d occurrences but found %d", x.op, want, len(offs)), Type: fault.SearchNotFound}
		if len(offs) == 0 {
			r.Hint = textedit.NotFoundHint(t.Body, olds[0])
		} else {
			r.Hint = textedit.CountHint(t.Body, offs, len(old))
		}
		return r
	}
	if len(offs) == 0 {
		return Result{Param: lang.ParamOldText, Error: x.op + ": old_text not found in file", Type: fault.SearchNotFound, Hint: textedit.NotFoundHint(t.Body, olds[0])}
	}
	t.Body, _, _ = textedit.ReplaceText(t.Body, old, repl, -1)
	return x.save(abs, p, t, map[string]any{"path": p, "replacements": len(offs)})
}

// replaceRange is file_replace_text_range: from old_text_beginning through
// the first old_text_end after it, both ends included; exactly one such
// range may exist.
func (x *opRun) replaceRange() Result {
	ends, bad := x.nonEmpty(lang.ParamOldTextBeginning, lang.ParamOldTextEnd)
	if bad != nil {
		return *bad
	}
	newText, abs, p, t, bad := x.editFileWith(lang.ParamNewText)
	if bad != nil {
		return *bad
	}
	starts, begin := t.MatchIn(ends[0])
	if len(starts) == 0 {
		if t.AlreadyApplied(newText, 1) {
			return appliedAlready(p)
		}
		return Result{Param: lang.ParamOldTextBeginning, Error: x.op + ": old_text_beginning not found in file", Type: fault.SearchNotFound, Hint: textedit.SearchHint(t.Body, 0, lang.ParamOldTextBeginning, ends[0])}
	}
	endText := t.ToFileEOL(ends[1])
	type span struct{ from, to int }
	var spans []span
	for _, s := range starts {
		from := s + len(begin)
		i := indexFrom(t.Body, endText, from)
		if i < 0 && endText != ends[1] {
			i = indexFrom(t.Body, ends[1], from)
			if i >= 0 {
				endText = ends[1]
			}
		}
		if i >= 0 {
			spans = append(spans, span{s, i + len(endText)})
		}
	}
	// A replayed edit that adds to its range (textedit/replay.go): every range
	// inside the one copy of new_text.
	var copies []int
	for _, s := range spans {
		matched := t.Body[s.from:s.to]
		_, c := textedit.ReplayCopies(t.Body, []int{s.from}, matched, t.ReplacementEOL(matched, newText))
		if len(c) == 0 {
			copies = nil
			break
		}
		copies = append(copies, c...)
	}
	if len(copies) > 0 && !slices.ContainsFunc(copies, func(c int) bool { return c != copies[0] }) {
		return appliedAlready(p)
	}
	switch len(spans) {
	case 0:
		return Result{Param: lang.ParamOldTextEnd, Error: x.op + ": old_text_end not found after old_text_beginning", Type: fault.SearchNotFound,
			Hint: fmt.Sprintf("old_text_beginning is at %s but old_text_end does not follow it; %s",
				textedit.MatchLocations(t.Body, starts, len(begin)), textedit.SearchHint(t.Body, starts[0], lang.ParamOldTextEnd, ends[1]))}
	case 1:
	default:
		offs := make([]int, len(spans))
		for i, s := range spans {
			offs[i] = s.from
		}
		return Result{Param: lang.ParamOldTextBeginning, Error: fmt.Sprintf("%s: the range appears %d times, must appear exactly once", x.op, len(spans)),
			Type: fault.SearchAmbiguous, Hint: textedit.RangesHint(t.Body, offs)}
	}
	newText = t.ReplacementEOL(t.Body[spans[0].from:spans[0].to], newText)
	t.Body = textedit.Splice(t.Body, spans[0].from, spans[0].to-spans[0].from, newText)
	return x.save(abs, p, t, map[string]any{"path": p, "replacements": 1})
}

// appliedAlready is the result of an edit the file already holds
// (textedit/replay.go says when that is).
func appliedAlready(p string) Result {
	return Result{Success: true, AlreadyApplied: true, Data: map[string]any{"path": p, "replacements": 0}}
}

// indexFrom is strings.Index starting at from, as an offset into s.
func indexFrom(s, sub string, from int) int {
	if from > len(s) {
		return -1
	}
	i := strings.Index(s[from:], sub)
	if i < 0 {
		return -1
	}
	return from + i
}
