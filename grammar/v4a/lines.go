package v4a

import "strings"

// line is one line of text: [start, end) without its terminator, next is
// where the following line starts.
type line struct{ start, end, next int }

func lines(src []byte) []line {
	var out []line
	for i := 0; i < len(src); {
		j := i
		for j < len(src) && src[j] != '\n' {
			j++
		}
		next := j
		if j < len(src) {
			next = j + 1
		}
		end := j
		if end > i && src[end-1] == '\r' {
			end--
		}
		out = append(out, line{i, end, next})
		i = next
	}
	return out
}

func trimmed(src []byte, l line) string { return strings.TrimSpace(string(src[l.start:l.end])) }
