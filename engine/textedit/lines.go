package textedit

import "strings"

// Splitting a file into lines, the ways the ops count them.

// SplitLines splits on \r\n, \n or \r, as nesl-js's file_read_numbered does.
func SplitLines(s string) []string {
	var out []string
	for {
		i := strings.IndexAny(s, "\r\n")
		if i < 0 {
			return append(out, s)
		}
		out = append(out, s[:i])
		if s[i] == '\r' && i+1 < len(s) && s[i+1] == '\n' {
			i++
		}
		s = s[i+1:]
	}
}

// FileLines splits content into its lines. A final line ending ends the last
// line rather than starting an empty one, so "a\nb\n" has 2 lines, as an
// editor counts them, and an empty file has none.
func FileLines(content string) []string {
	if content == "" {
		return nil
	}
	lines := SplitLines(content)
	if len(lines) > 1 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// LineStarts gives the offset of each line as FileLines counts them.
func LineStarts(s string) []int {
	if s == "" {
		return nil
	}
	starts := []int{0}
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\r':
			if i+1 < len(s) && s[i+1] == '\n' {
				i++
			}
		case '\n':
		default:
			continue
		}
		if i+1 < len(s) {
			starts = append(starts, i+1)
		}
	}
	return starts
}

// EOLLen is the length of the line ending s ends with (0, 1 or 2).
func EOLLen(s string) int {
	switch {
	case strings.HasSuffix(s, "\r\n"):
		return 2
	case strings.HasSuffix(s, "\n"), strings.HasSuffix(s, "\r"):
		return 1
	}
	return 0
}
