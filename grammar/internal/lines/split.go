// Package lines holds what the line-oriented front-ends (aider, replacer,
// udiff, v4a, cline, roo, zed) share, so each cuts text into lines the same way: Split cuts
// a text into Lines, and Replay feeds the tokens a front-end made from them
// to its participle grammar (replay.go).
//
// It imports only participle; being internal to grammar/, only the
// grammars may import it. Start reading at Split below, then replay.go.
package lines

import "bytes"

// Line is one line of the scanned text: [Start, End) without its line
// ending (a CR before the LF included in neither), Next the next line's start.
type Line struct {
	Start, End, Next int
}

// bom is UTF-8's byte-order mark, which editors on Windows save at the
// start of a file.
var bom = []byte("\xEF\xBB\xBF")

// Split cuts src into lines. The table is sized from a first count of the
// newlines (vectorised), so a big patch costs one allocation, not a
// doubling series. A byte-order mark at the start of src is not part of
// its first line, so an answer saved with one still opens with its
// marker or path line (clada's own syntaxes skip it the same way).
func Split(src []byte) []Line {
	p := 0
	if bytes.HasPrefix(src, bom) {
		p = len(bom)
	}
	return split(src, p)
}

// split cuts src into lines from p.
func split(src []byte, p int) []Line {
	if p >= len(src) {
		return nil
	}
	out := make([]Line, 0, bytes.Count(src, []byte{'\n'})+1)
	for p < len(src) {
		le := bytes.IndexByte(src[p:], '\n')
		next := len(src)
		if le < 0 {
			le = len(src)
		} else {
			le += p
			next = le + 1
		}
		end := le
		if end > p && src[end-1] == '\r' {
			end--
		}
		out = append(out, Line{p, end, next})
		p = next
	}
	return out
}

// SplitRange cuts src[start:end] into lines whose offsets are into src,
// for a scanner that reads one element's value of a larger text.
func SplitRange(src []byte, start, end int) []Line {
	ls := split(src[start:end], 0)
	for i := range ls {
		ls[i].Start += start
		ls[i].End += start
		ls[i].Next += start
	}
	return ls
}
