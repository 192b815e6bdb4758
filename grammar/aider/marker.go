package aider

import "bytes"

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

// otherHeader reports whether the line after a SEARCH line is Roo Code's
// header (":start_line:12", ":end_line:14", "-------"): the block is an
// apply_diff block, another format's.
func otherHeader(s []byte) bool {
	t := bytes.TrimRight(s, " \t")
	if string(t) == "-------" {
		return true
	}
	for _, m := range []string{":start_line:", ":end_line:"} {
		if rest, ok := bytes.CutPrefix(t, []byte(m)); ok {
			rest = bytes.TrimSpace(rest)
			if len(rest) == 0 {
				return false
			}
			for _, c := range rest {
				if c < '0' || c > '9' {
					return false
				}
			}
			return true
		}
	}
	return false
}
