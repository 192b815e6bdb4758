package textedit

import (
	"strings"

	"github.com/clada-dev/clada/internal/bigbuf"
)

// The exact rung on the file's raw bytes. Most hunks match exactly, and
// splitting a 10 MiB file into lines, hashing them and indexing the hashes
// (Lines, hunk.go) costs hundreds of thousands of allocations before the
// first comparison. So the ladder first looks for the hunk's old lines as
// one line-aligned run of bytes; only a hunk this does not settle (no
// exact match, several, a file with CR bytes whose lines Lines would strip)
// builds the line tables and climbs the ladder (README, "V4A: tolerance").

// ExactBytes looks for old (TextLines of a hunk's old text, not empty) in
// body as whole lines, from the start of the line after the exact-rung
// matches of anchors in order, exactly as Lines.Seek's first rung would.
// It returns the byte span [start, end) of the one match, end being the
// end of its last line's text (before its "\n"), and true; false when the
// tolerant ladder must decide (body holds a CR, an anchor is not found
// exactly, old is found exactly zero times or more than once).
func ExactBytes(body string, anchors, old []string) (start, end int, ok bool) {
	if len(old) == 0 || strings.IndexByte(body, '\r') >= 0 {
		return 0, 0, false
	}
	from := 0
	for _, a := range anchors {
		at, _, found := nextLineMatch(body, a, from)
		if !found {
			return 0, 0, false
		}
		// The line after the anchor's first exact copy (hunk.go's
		// ambiguous anchor narrows the place to after its first copy).
		nl := strings.IndexByte(body[at:], '\n')
		if nl < 0 {
			return 0, 0, false // nothing after the anchor's line: let the ladder say so
		}
		from = at + nl + 1
	}
	pat := strings.Join(old, "\n")
	s, e, found := nextLineMatch(body, pat, from)
	if !found {
		return 0, 0, false
	}
	if _, _, again := nextLineMatch(body, pat, s+1); again {
		return 0, 0, false
	}
	return s, e, true
}

// nextLineMatch finds the first copy of pat in body at or after from that
// starts a line and ends one (before a "\n", or at the end of a body
// without a final newline: a final newline makes no empty last line).
func nextLineMatch(body, pat string, from int) (int, int, bool) {
	for from <= len(body) {
		i := strings.Index(body[from:], pat)
		if i < 0 {
			return 0, 0, false
		}
		s := from + i
		e := s + len(pat)
		startsLine := s == 0 || body[s-1] == '\n'
		endsLine := (e < len(body) && body[e] == '\n') || (e == len(body) && e > 0 && body[e-1] != '\n')
		if startsLine && endsLine && !(s == len(body)) {
			return s, e, true
		}
		from = s + 1
	}
	return 0, 0, false
}

// ReplaceExactBytes is Lines.ReplaceHunk of an exact match on a body with
// no CR (ExactBytes found it at [start, end)): the matched lines give way
// to repl's, each ending in "\n", except that a body without a final
// newline still has none after the edit.
func ReplaceExactBytes(body string, start, end int, repl []string) string {
	atEOF := end == len(body)
	tailFrom := end + 1
	if atEOF {
		tailFrom = end
	}
	if atEOF && len(repl) == 0 && start > 0 {
		start-- // the line before the removed last lines now ends the file
	}
	n := start + len(body) - tailFrom
	for _, l := range repl {
		n += len(l) + 1
	}
	b := bigbuf.Make(0, n)
	b = append(b, body[:start]...)
	for i, l := range repl {
		b = append(b, l...)
		if !atEOF || i < len(repl)-1 {
			b = append(b, '\n')
		}
	}
	b = append(b, body[tailFrom:]...)
	return bigbuf.String(b)
}

// ReplayedBytes is Lines.Replayed for ExactBytes's one match at
// [start, end) of old: whether one exact, line-aligned copy of repl (longer
// than old) covers the match, so the hunk's result is already there.
func ReplayedBytes(body string, start, end int, old, repl []string) bool {
	if len(repl) <= len(old) {
		return false
	}
	pat := strings.Join(repl, "\n")
	from := max(0, end-len(pat))
	for {
		s, e, found := nextLineMatch(body, pat, from)
		if !found || s > start {
			return false
		}
		if e >= end {
			return true
		}
		from = s + 1
	}
}
