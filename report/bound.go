package report

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// DefaultMaxReport is how many bytes of one action's output a report meant
// for an LLM carries by default (--max-report): enough for a whole source
// file or a test run's failures, small enough that one runaway command or a
// read of a generated file cannot fill the LLM's context.
const DefaultMaxReport = 50 << 10

// markerRoom is what Bound keeps free for its marker line (and the newline
// before it), so head + marker + tail stay within max for any sane max.
const markerRoom = 400

// Bound returns text whole when it is at most max bytes (or max <= 0).
// Otherwise it returns the head and the tail of text, cut at line ends where
// a line end falls in the budget, with one marker line between them naming
// how many bytes and which lines were cut and how to see them: see gets the
// first and last cut line (1-based lines of text) and returns the advice
// ("file_read_numbered path=… lines=…"). The result is at most max bytes
// unless max is smaller than the marker itself. Every report format meant
// for an LLM bounds each action's output through here.
func Bound(text string, max int, see func(first, last int) string) string {
	if max <= 0 || len(text) <= max {
		return text
	}
	avail := max - markerRoom
	if avail < 0 {
		avail = 0
	}
	head := headCut(text, avail/2)
	tail := tailCut(text, avail-avail/2)
	if tail < head { // cannot happen for len(text) > max; keeps slicing safe
		tail = head
	}
	first := 1 + strings.Count(text[:head], "\n")
	last := 1 + strings.Count(text[:tail-1], "\n")
	total := 1 + strings.Count(strings.TrimSuffix(text, "\n"), "\n")
	lines := fmt.Sprintf("%d lines (%d-%d of %d)", last-first+1, first, last, total)
	if first == last {
		lines = fmt.Sprintf("part of line %d of %d", first, total)
	}
	marker := fmt.Sprintf("[clada cut %s, %d bytes, to fit --max-report; to see them: %s]",
		lines, tail-head, see(first, last))
	var b strings.Builder
	b.Grow(head + len(marker) + 2 + len(text) - tail)
	b.WriteString(text[:head])
	if head > 0 && text[head-1] != '\n' {
		b.WriteString("\n")
	}
	b.WriteString(marker + "\n")
	b.WriteString(text[tail:])
	return b.String()
}

// headCut is the length of the longest head of text within n bytes that
// ends at a line end, or, when the first line alone is longer, the longest
// head within n bytes that does not split a UTF-8 character.
func headCut(text string, n int) int {
	if i := strings.LastIndexByte(text[:n], '\n'); i >= 0 {
		return i + 1
	}
	for n > 0 && !utf8.RuneStart(text[n]) {
		n--
	}
	return n
}

// tailCut is where the tail of text kept within n bytes starts: just after
// a line end when one falls in the budget, else at a character start.
func tailCut(text string, n int) int {
	start := len(text) - n
	if start > 0 && text[start-1] == '\n' {
		return start
	}
	body := text[start:]
	// The last line end of text belongs to the last line; look before it.
	if i := strings.IndexByte(strings.TrimSuffix(body, "\n"), '\n'); i >= 0 {
		return start + i + 1
	}
	for start < len(text) && !utf8.RuneStart(text[start]) {
		start++
	}
	return start
}
