package aider

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

// markerRun reports whether s is 5–9 copies of c followed by rest (and only
// spaces after it).
func markerRun(s []byte, c byte, rest string) bool {
	n := 0
	for n < len(s) && s[n] == c {
		n++
	}
	if n < 5 || n > 9 {
		return false
	}
	s = bytes.TrimRight(s[n:], " \t")
	return string(s) == rest
}

// isHead is "<<<<<<< SEARCH" (aider also reads "SEARCH>").
func isHead(s []byte) bool { return markerRun(s, '<', " SEARCH") || markerRun(s, '<', " SEARCH>") }

// isDivider is "=======".
func isDivider(s []byte) bool { return markerRun(s, '=', "") }

// isUpdated is ">>>>>>> REPLACE".
func isUpdated(s []byte) bool { return markerRun(s, '>', " REPLACE") }

// IsMarker reports whether a line is one of the three block markers.
func IsMarker(s []byte) bool { return isHead(s) || isDivider(s) || isUpdated(s) }
