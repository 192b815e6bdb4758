package textedit

import (
	"fmt"
	"slices"
	"strings"

	"github.com/clada-dev/clada/internal/bigbuf"
)

// The tolerant edit matcher, selected per action by file_replace_text's
// tolerance="whitespace" (V4A hunks ask for it; clada's own syntaxes stay
// exact unless they say so). It works on lines, like Codex's reference
// applier: anchors (V4A's @@ lines) are found in order, then old_text after
// the last one, trying each rung of the ladder in turn. Unlike Codex, every
// rung demands a unique match: two candidates at the first rung that finds
// any is an error naming both lines, never a guess.

// ladder is the tolerance rungs in order, each with the name the result
// reports and how it compares lines. Seek tries its first rungs of them:
// ExactRung for an exact match, AllRungs for tolerance="whitespace".
var ladder = [...]struct {
	name string
	norm func(string) string
}{
	{"exact", func(s string) string { return s }},
	{"trailing-whitespace", func(s string) string { return strings.TrimRight(s, " \t\r\f\v") }},
	{"whitespace", strings.TrimSpace},
	{"unicode", func(s string) string { return normPunct(strings.TrimSpace(s)) }},
}

// The numbers of rungs Seek may try.
const (
	ExactRung = 1
	AllRungs  = len(ladder)
)

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

// TextLines splits text into lines without terminators ("\r\n" or "\n");
// a final terminator does not make an extra empty line.
func TextLines(s string) []string {
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

// Seek finds pat in the lines from line from on, at the first of the first
// rungs rungs of the ladder with any match. It returns the start, the
// rung's name, and every start when there are several (then start is -1).
// atEnd only tries the place that ends the file.
func (h *Lines) Seek(pat []string, from int, atEnd bool, rungs int) (int, string, []int) {
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

// LineNumbers names 0-based line indexes as 1-based line numbers, a dozen
// at most and how many more.
func LineNumbers(hits []int) string {
	shown := hits[:min(len(hits), maxLocations)]
	parts := make([]string, len(shown))
	for i, h := range shown {
		parts[i] = fmt.Sprint(h + 1)
	}
	if len(hits) > len(shown) { // as MatchLocations: a dozen, and how many more
		return strings.Join(parts, ", ") + fmt.Sprintf(" … and %d more", len(hits)-len(shown))
	}
	return strings.Join(parts, ", ")
}

// Lines is a file as lines, with each line's hash so the exact rung
// compares a word per line, and each line's own ending, so an edit rewrites
// only the lines it changes (a mixed file stays mixed, a last line without
// a newline stays so); a batch of hunks (engine's hunk_batch.go) edits it in
// place, one hunk after another.
type Lines struct {
	ls []string
	hs []uint64
	// nl is each line's ending: "\n", "\r\n", or "" for a last line
	// without one.
	nl []string
	// idx maps a hash to the lines that have it, built at the first exact
	// seek and kept up to date while hunks keep the line count (nil after
	// one that does not, until the next seek rebuilds it).
	idx map[uint64][]int
	// eol is the ending of the lines a hunk adds where no neighbour says
	// otherwise: the file's (CRLF when it has any).
	eol string
}

// NewLines holds ls (TextLines of a text) for seeking and replacing; each
// line ends in "\n".
func NewLines(ls []string) *Lines {
	h := &Lines{ls: ls, hs: make([]uint64, len(ls)), nl: make([]string, len(ls)), eol: "\n"}
	for i, l := range ls {
		h.hs[i] = lineHash(l)
		h.nl[i] = "\n"
	}
	return h
}

// FileLines holds a file's text for seeking and replacing, keeping each
// line's ending for Text.
func NewFileLines(body string) *Lines {
	h := &Lines{eol: "\n"}
	if strings.Contains(body, "\r\n") {
		h.eol = "\r\n"
	}
	for body != "" {
		i := strings.IndexByte(body, '\n')
		line, end := body, ""
		if i >= 0 {
			line, end, body = body[:i], "\n", body[i+1:]
		} else {
			body = ""
		}
		if strings.HasSuffix(line, "\r") && end != "" {
			line, end = line[:len(line)-1], "\r\n"
		}
		h.ls = append(h.ls, line)
		h.nl = append(h.nl, end)
		h.hs = append(h.hs, lineHash(line))
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

// Len is the number of lines.
func (h *Lines) Len() int { return len(h.ls) }

// Replace puts repl in place of the n lines from line at. The new lines
// end as their neighbours do; when the n lines ended the file without a
// final newline, so does the last new line.
func (h *Lines) Replace(at, n int, repl []string) {
	h.replace(at, n, repl, nil)
}

// replace is Replace with the endings of some new lines given: keep[i] >= 0
// names the old line (0-based from at) whose ending line i keeps.
func (h *Lines) replace(at, n int, repl []string, keep []int) {
	hs := make([]uint64, len(repl))
	for i, l := range repl {
		hs[i] = lineHash(l)
	}
	eol := h.eol
	switch {
	case n > 0 && h.nl[at+n-1] != "":
		eol = h.nl[at+n-1]
	case at > 0:
		eol = h.nl[at-1]
	}
	if eol == "" {
		eol = h.eol
	}
	nl := make([]string, len(repl))
	for i := range repl {
		nl[i] = eol
		if keep != nil && keep[i] >= 0 && h.nl[at+keep[i]] != "" {
			nl[i] = h.nl[at+keep[i]]
		}
	}
	if at+n == len(h.ls) && at+n > 0 && h.nl[at+n-1] == "" && n+len(repl) > 0 {
		// The file ends without a newline, and still does after the edit.
		switch {
		case n == 0: // lines added after the last: it gets an ending, the new last has none
			h.nl[at-1] = eol
			nl[len(nl)-1] = ""
		case len(repl) > 0:
			nl[len(nl)-1] = ""
		case at > 0: // the last lines removed: the one before them ends the file now
			h.nl[at-1] = ""
		}
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
	h.nl = slices.Replace(h.nl, at, at+n, nl...)
}

// Text joins the lines, each with its own ending.
func (h *Lines) Text() string {
	n := 0
	for i, l := range h.ls {
		n += len(l) + len(h.nl[i])
	}
	b := bigbuf.Make(0, n)
	for i, l := range h.ls {
		b = append(b, l...)
		b = append(b, h.nl[i]...)
	}
	return bigbuf.String(b)
}

// Replayed reports whether one copy of repl in the lines holds every match
// hits (ascending) of old: the hunk's result is already there (replay.go). The copy must be exact, as the first apply wrote it (a
// copy that differs in whitespace may be what the hunk is to fix). A copy
// holding a match holds old where repl has it, so only the copy's start is
// sought, from the earliest that reaches past the last match to the first
// match.
func (h *Lines) Replayed(hits []int, old, repl []string) bool {
	if len(repl) <= len(old) {
		return false
	}
	first, end := hits[0], hits[len(hits)-1]+len(old)
	for p := max(0, end-len(repl)); p <= first; p++ {
		if h.ls[p] == repl[0] && h.Holds(p, repl) {
			return true
		}
	}
	return false
}

// Holds reports whether the lines from s on are want, exactly.
func (h *Lines) Holds(s int, want []string) bool {
	return len(want) > 0 && s >= 0 && s+len(want) <= len(h.ls) && slices.Equal(h.ls[s:s+len(want)], want)
}
