package cline

import "bytes"

// markerRun reports whether s is three or more copies of c followed by
// word and an optional '>' (Cline's /^[-]{3,} SEARCH>?$/ and the rest).
// Nothing may follow: "======= " with a trailing blank is no marker, as
// in Cline.
func markerRun(s []byte, c byte, word string) bool {
	n := 0
	for n < len(s) && s[n] == c {
		n++
	}
	if n < 3 {
		return false
	}
	rest := s[n:]
	if word == "" {
		return len(rest) == 0
	}
	rest = bytes.TrimSuffix(rest, []byte(">"))
	return string(rest) == word
}

// isBareHead is the SEARCH line that starts blocks outside a tag: only
// Cline's own "------- SEARCH" (the older "<<<<<<< SEARCH" there is
// aider's).
func isBareHead(s []byte) bool { return markerRun(s, '-', " SEARCH") }

// isSearch is "------- SEARCH" or the older "<<<<<<< SEARCH".
func isSearch(s []byte) bool { return markerRun(s, '-', " SEARCH") || markerRun(s, '<', " SEARCH") }

// isDivider is "=======".
func isDivider(s []byte) bool { return markerRun(s, '=', "") }

// isReplace is "+++++++ REPLACE" or the older ">>>>>>> REPLACE".
func isReplace(s []byte) bool { return markerRun(s, '+', " REPLACE") || markerRun(s, '>', " REPLACE") }

// IsMarker reports whether a line is one of the block markers.
func IsMarker(s []byte) bool { return isSearch(s) || isDivider(s) || isReplace(s) }
