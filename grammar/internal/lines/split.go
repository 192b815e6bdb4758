// Package lines holds what the line-oriented front-ends (aider, replacer,
// udiff, v4a) share, so each cuts text into lines the same way.
package lines

import "bytes"

// Line is one line of the scanned text: [Start, End) without its line
// ending (a CR before the LF included in neither), Next the next line's start.
type Line struct {
	Start, End, Next int
}

// Split cuts src into lines.
func Split(src []byte) []Line {
	var out []Line
	for p := 0; p < len(src); {
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
