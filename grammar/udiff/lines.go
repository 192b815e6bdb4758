package udiff

import "bytes"

// line is one line of the scanned text: [Start, End) without its line
// ending (a CR before the LF included in neither), Next the next line's start.
type line struct {
	Start, End, Next int
}

// splitLines cuts src into lines.
func splitLines(src []byte) []line {
	var out []line
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
		out = append(out, line{p, end, next})
		p = next
	}
	return out
}
