package engine

import (
	"fmt"
	"strings"
)

// The tolerant edit matcher, selected per action by file_replace_text's
// tolerance="whitespace" (V4A hunks ask for it; clada's own syntaxes stay
// exact unless they say so). It works on lines, like Codex's reference
// applier: anchors (V4A's @@ lines) are found in order, then old_text after
// the last one, trying each rung of the ladder in turn. Unlike Codex, every
// rung demands a unique match: two candidates at the first rung that finds
// any is an error naming both lines, never a guess.

// ladder is the tolerance rungs in order, each with the name the result
// reports and how it compares lines.
var ladder = [...]struct {
	name string
	norm func(string) string
}{
	{"exact", func(s string) string { return s }},
	{"trailing-whitespace", func(s string) string { return strings.TrimRight(s, " \t\r\f\v") }},
	{"whitespace", strings.TrimSpace},
	{"unicode", func(s string) string { return normPunct(strings.TrimSpace(s)) }},
}

// normPunct maps the typographic punctuation models write for ASCII
// (dashes, quotes, odd spaces) to ASCII, as Codex's seek_sequence does.
func normPunct(s string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case '\u2010', '\u2011', '\u2012', '\u2013', '\u2014', '\u2015', '\u2212':
			return '-'
		case '\u2018', '\u2019', '\u201A', '\u201B':
			return '\''
		case '\u201C', '\u201D', '\u201E', '\u201F':
			return '"'
		case '\u00A0', '\u2002', '\u2003', '\u2004', '\u2005', '\u2006', '\u2007', '\u2008', '\u2009', '\u200A', '\u202F', '\u205F', '\u3000':
			return ' '
		}
		return r
	}, s)
}

// textLines splits text into lines without terminators ("\r\n" or "\n");
// a final terminator does not make an extra empty line.
func textLines(s string) []string {
	if s == "" {
		return nil
	}
	s = strings.TrimSuffix(s, "\n")
	ls := strings.Split(s, "\n")
	for i, l := range ls {
		ls[i] = strings.TrimSuffix(l, "\r")
	}
	return ls
}

// seek finds pat in lines[from:] at the first rung with any match. It
// returns the start, the rung's name, and every start when there are
// several (then start is -1). atEnd only tries the place that ends the file.
func seek(lines, pat []string, from int, atEnd bool, rungs int) (int, string, []int) {
	for _, rung := range ladder[:rungs] {
		var hits []int
		for i := from; i+len(pat) <= len(lines); i++ {
			if atEnd && i != len(lines)-len(pat) {
				continue
			}
			ok := true
			for k, p := range pat {
				if rung.norm(lines[i+k]) != rung.norm(p) {
					ok = false
					break
				}
			}
			if ok {
				hits = append(hits, i)
			}
		}
		switch len(hits) {
		case 0:
			continue
		case 1:
			return hits[0], rung.name, nil
		}
		return -1, rung.name, hits
	}
	return -1, "", nil
}

// lineNumbers names 0-based line indexes as 1-based line numbers.
func lineNumbers(hits []int) string {
	parts := make([]string, len(hits))
	for i, h := range hits {
		parts[i] = fmt.Sprint(h + 1)
	}
	return strings.Join(parts, ", ")
}

// replaceTolerant is file_replace_text with tolerance="whitespace". An
// empty old_text (a V4A hunk of only '+' lines) inserts new_text after the
// last anchor, or at the end of the file when there is none. As with Codex,
// the edited file ends with a newline.
func (x *opRun) replaceTolerant() Result {
	oldText, bad := x.textParam("old_text")
	if bad != nil {
		return *bad
	}
	newText, bad := x.textParam("new_text")
	if bad != nil {
		return *bad
	}
	atEnd := x.params["at_end"] == "true"
	rungs := len(ladder)
	switch x.params["tolerance"] {
	case "", "exact":
		rungs = 1
	case "whitespace":
	default:
		return Result{Error: fmt.Sprintf("%s: tolerance must be \"exact\" or \"whitespace\", got '%s'", x.op, x.params["tolerance"]),
			Hint: `leave tolerance out for an exact match`}
	}
	abs, p, t, bad := x.editFile()
	if bad != nil {
		return *bad
	}
	lines := textLines(t.body)
	from := 0
	for _, a := range textLines(x.params["anchor"]) {
		at, _, hits := seek(lines, []string{a}, from, false, rungs)
		if len(hits) > 1 {
			return Result{Error: fmt.Sprintf("%s: anchor '%s' appears %d times in '%s' (lines %s), must appear once", x.op, a, len(hits), p, lineNumbers(hits)),
				Type: "search_not_found", Hint: "make the @@ line name something unique, such as the enclosing function's signature, or add a second @@ line to narrow it"}
		}
		if at < 0 {
			return Result{Error: fmt.Sprintf("%s: anchor '%s' not found in '%s'", x.op, a, p), Type: "search_not_found", Hint: notFoundHint(t.body, a)}
		}
		from = at + 1
	}
	old, repl := textLines(oldText), textLines(newText)
	match := "exact"
	at := len(lines)
	if len(old) == 0 {
		if from > 0 {
			at = from
		}
	} else {
		var hits []int
		at, match, hits = seek(lines, old, from, atEnd, rungs)
		if at < 0 && len(hits) == 0 && len(old) > 1 && old[len(old)-1] == "" {
			// A trailing blank context line the file lacks (Codex retries without it).
			old = old[:len(old)-1]
			if len(repl) > 0 && repl[len(repl)-1] == "" {
				repl = repl[:len(repl)-1]
			}
			at, match, hits = seek(lines, old, from, atEnd, rungs)
		}
		if len(hits) > 1 {
			return Result{Error: fmt.Sprintf("%s: old_text appears %d times in '%s' (lines %s, matching %s), must appear exactly once", x.op, len(hits), p, lineNumbers(hits), match),
				Type: "search_not_found", Hint: "add context lines (or an @@ line) so the hunk matches one place only"}
		}
		if at < 0 {
			where := ""
			if atEnd {
				where = " at the end of the file"
			}
			if rungs > 1 {
				where += ", even ignoring whitespace"
			}
			return Result{Error: fmt.Sprintf("%s: old_text not found in '%s'%s", x.op, p, where),
				Type: "search_not_found", Hint: notFoundHint(t.body, oldText)}
		}
	}
	out := make([]string, 0, len(lines)-len(old)+len(repl))
	out = append(out, lines[:at]...)
	out = append(out, repl...)
	out = append(out, lines[at+len(old):]...)
	eol := "\n"
	if t.crlf {
		eol = "\r\n"
	}
	body := strings.Join(out, eol)
	if len(out) > 0 {
		body += eol
	}
	t.body = body
	return x.save(abs, p, t, map[string]any{"path": p, "replacements": 1, "match": match})
}
