package engine

import (
	"fmt"
	"slices"
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
func (h *hunkLines) seek(pat []string, from int, atEnd bool, rungs int) (int, string, []int) {
	lines := h.ls
	lo, hi := from, len(lines)-len(pat)
	if atEnd {
		lo = max(lo, hi)
	}
	if hi < lo || len(pat) == 0 {
		return -1, "", nil
	}
	for r, rung := range ladder[:rungs] {
		var hits []int
		if r == 0 { // exact: hashes first, a word per line
			ph := make([]uint64, len(pat))
			for k, p := range pat {
				ph[k] = lineHash(p)
			}
			if h.idx == nil {
				h.idx = make(map[uint64][]int, len(h.hs))
				for i, x := range h.hs {
					h.idx[x] = append(h.idx[x], i)
				}
			}
			for _, i := range h.idx[ph[0]] {
				if i >= lo && i <= hi && slices.Equal(h.hs[i:i+len(pat)], ph) && slices.Equal(lines[i:i+len(pat)], pat) {
					hits = append(hits, i)
				}
			}
			slices.Sort(hits)
		} else {
			np := make([]string, len(pat))
			for k, p := range pat {
				np[k] = rung.norm(p)
			}
			for i := lo; i <= hi; i++ {
				ok := true
				for k, p := range np {
					if rung.norm(lines[i+k]) != p {
						ok = false
						break
					}
				}
				if ok {
					hits = append(hits, i)
				}
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

// replaceTolerant is file_replace_text with tolerance, anchor or at_end.
// An empty old_text (a V4A hunk of only '+' lines) inserts new_text after
// the last anchor, or at the end of the file when there is none. As with
// Codex, the edited file ends with a newline.
func (x *opRun) replaceTolerant() Result {
	abs, p, t, bad := x.editFile()
	if bad != nil {
		return *bad
	}
	lines := newHunkLines(textLines(t.body))
	data, already, bad := x.applyHunk(lines, p, t.body)
	if bad != nil {
		return *bad
	}
	if already {
		return appliedAlready(p)
	}
	t.body = lines.text(t.crlf)
	return x.save(abs, p, t, data)
}

// hunkLines is a file as lines, with each line's hash so the exact rung
// compares a word per line; a batch of hunks (hunk_batch.go) edits it in
// place, one hunk after another.
type hunkLines struct {
	ls []string
	hs []uint64
	// idx maps a hash to the lines that have it, built at the first exact
	// seek and kept up to date while hunks keep the line count (nil after
	// one that does not, until the next seek rebuilds it).
	idx map[uint64][]int
}

func newHunkLines(ls []string) *hunkLines {
	h := &hunkLines{ls: ls, hs: make([]uint64, len(ls))}
	for i, l := range ls {
		h.hs[i] = lineHash(l)
	}
	return h
}

// lineHash is FNV-1a.
func lineHash(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return h
}

func (h *hunkLines) replace(at, n int, repl []string) {
	hs := make([]uint64, len(repl))
	for i, l := range repl {
		hs[i] = lineHash(l)
	}
	if h.idx != nil && n == len(repl) {
		for i, nh := range hs {
			if oh := h.hs[at+i]; oh != nh {
				h.idx[oh] = slices.DeleteFunc(h.idx[oh], func(p int) bool { return p == at+i })
				h.idx[nh] = append(h.idx[nh], at+i)
			}
		}
	} else {
		h.idx = nil
	}
	h.ls = slices.Replace(h.ls, at, at+n, repl...)
	h.hs = slices.Replace(h.hs, at, at+n, hs...)
}

// text joins the lines, each ending in the file's line ending.
func (h *hunkLines) text(crlf bool) string {
	eol := "\n"
	if crlf {
		eol = "\r\n"
	}
	if len(h.ls) == 0 {
		return ""
	}
	return strings.Join(h.ls, eol) + eol
}

// applyHunk finds this action's hunk in lines and replaces it there. body
// is the file's text, for hints. It returns the result data, or true when
// the file already holds the hunk's result (a replayed patch, as
// edit_replay.go describes; lines are then unchanged), or the failure.
func (x *opRun) applyHunk(lines *hunkLines, p, body string) (map[string]any, bool, *Result) {
	oldText, bad := x.textParam("old_text")
	if bad != nil {
		return nil, false, bad
	}
	newText, bad := x.textParam("new_text")
	if bad != nil {
		return nil, false, bad
	}
	atEnd := x.params["at_end"] == "true"
	rungs := len(ladder)
	switch x.params["tolerance"] {
	case "", "exact":
		rungs = 1
	case "whitespace":
	default:
		return nil, false, &Result{Error: fmt.Sprintf("%s: tolerance must be \"exact\" or \"whitespace\", got '%s'", x.op, x.params["tolerance"]),
			Hint: `leave tolerance out for an exact match`}
	}
	from := 0
	for _, a := range textLines(x.params["anchor"]) {
		at, _, hits := lines.seek([]string{a}, from, false, rungs)
		if len(hits) > 1 {
			return nil, false, &Result{Error: fmt.Sprintf("%s: anchor '%s' appears %d times in '%s' (lines %s), must appear once", x.op, a, len(hits), p, lineNumbers(hits)),
				Type: "search_not_found", Hint: "make the @@ line name something unique, such as the enclosing function's signature, or add a second @@ line to narrow it"}
		}
		if at < 0 {
			return nil, false, &Result{Error: fmt.Sprintf("%s: anchor '%s' not found in '%s'", x.op, a, p), Type: "search_not_found", Hint: notFoundHint(body, a)}
		}
		from = at + 1
	}
	old, repl := textLines(oldText), textLines(newText)
	match := "exact"
	at := len(lines.ls)
	if len(old) == 0 {
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
		if !trivial(newText) && lines.holds(start, repl) {
			return nil, true, nil
		}
	} else {
		var hits []int
		at, match, hits = lines.seek(old, from, atEnd, rungs)
		if at < 0 && len(hits) == 0 && len(old) > 1 && old[len(old)-1] == "" {
			// A trailing blank context line the file lacks (Codex retries without it).
			old = old[:len(old)-1]
			if len(repl) > 0 && repl[len(repl)-1] == "" {
				repl = repl[:len(repl)-1]
			}
			at, match, hits = lines.seek(old, from, atEnd, rungs)
		}
		if at >= 0 {
			hits = []int{at}
		}
		if len(hits) > 0 && lines.replayed(hits, old, repl) {
			return nil, true, nil
		}
		if len(hits) > 1 {
			return nil, false, &Result{Error: fmt.Sprintf("%s: old_text appears %d times in '%s' (lines %s, matching %s), must appear exactly once", x.op, len(hits), p, lineNumbers(hits), match),
				Type: "search_not_found", Hint: "add context lines (or an @@ line) so the hunk matches one place only"}
		}
		if at < 0 {
			// The search gone and the hunk's result there once, exactly as
			// the first apply wrote it: replayed.
			if got, _, _ := lines.seek(repl, from, atEnd, 1); got >= 0 && !trivial(newText) {
				return nil, true, nil
			}
			where := ""
			if atEnd {
				where = " at the end of the file"
			}
			if rungs > 1 {
				where += ", even ignoring whitespace"
			}
			return nil, false, &Result{Error: fmt.Sprintf("%s: old_text not found in '%s'%s", x.op, p, where),
				Type: "search_not_found", Hint: notFoundHint(body, oldText)}
		}
	}
	lines.replace(at, len(old), repl)
	return map[string]any{"path": p, "replacements": 1, "match": match}, false, nil
}

// replayed reports whether one copy of repl in the lines holds every match
// hits (ascending) of old: the hunk's result is already there
// (edit_replay.go). The copy must be exact, as the first apply wrote it (a
// copy that differs in whitespace may be what the hunk is to fix). A copy
// holding a match holds old where repl has it, so only the copy's start is
// sought, from the earliest that reaches past the last match to the first
// match.
func (h *hunkLines) replayed(hits []int, old, repl []string) bool {
	if len(repl) <= len(old) {
		return false
	}
	first, end := hits[0], hits[len(hits)-1]+len(old)
	for p := max(0, end-len(repl)); p <= first; p++ {
		if h.ls[p] == repl[0] && h.holds(p, repl) {
			return true
		}
	}
	return false
}

// holds reports whether the lines from s on are want, exactly.
func (h *hunkLines) holds(s int, want []string) bool {
	return len(want) > 0 && s >= 0 && s+len(want) <= len(h.ls) && slices.Equal(h.ls[s:s+len(want)], want)
}
