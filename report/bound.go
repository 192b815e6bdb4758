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
	return boundSplit(text, max, 2, see)
}

// boundSplit is Bound with 1/part of the room for the head and the rest for
// the tail.
func boundSplit(text string, max, part int, see func(first, last int) string) string {
	if max <= 0 || len(text) <= max {
		return text
	}
	avail := max - markerRoom
	if avail < 0 {
		avail = 0
	}
	head := headCut(text, avail/part)
	tail := tailCut(text, avail-avail/part)
	if tail < head { // cannot happen for len(text) > max; keeps slicing safe
		tail = head
	}
	var b strings.Builder
	b.Grow(head + markerRoom + len(text) - tail)
	b.WriteString(text[:head])
	if head > 0 && text[head-1] != '\n' {
		b.WriteString("\n")
	}
	b.WriteString(cutMarker(text, head, tail, see) + "\n")
	b.WriteString(text[tail:])
	return b.String()
}

// cutMarker is the line that replaces text[from:to]: how many lines and
// bytes were cut and how to see them (see gets the first and last cut line,
// 1-based lines of text).
func cutMarker(text string, from, to int, see func(first, last int) string) string {
	first := 1 + strings.Count(text[:from], "\n")
	last := 1 + strings.Count(text[:to-1], "\n")
	total := 1 + strings.Count(strings.TrimSuffix(text, "\n"), "\n")
	lines := fmt.Sprintf("%d lines (%d-%d of %d)", last-first+1, first, last, total)
	if first == last {
		lines = fmt.Sprintf("part of line %d of %d", first, total)
	}
	return fmt.Sprintf("[clada cut %s, %d bytes, to fit --max-report; to see them: %s]", lines, to-from, see(first, last))
}

// boundCommand bounds one stream of a command's output to max bytes: whole
// when it fits; else the first failing test's lines (firstFailure) when the
// stream is a test run's, and the tail, which holds the last lines a
// command printed (its error, a test run's summary) and gets most of the
// room; a stream without a failing test keeps a short head instead. Each
// cut is one marker line, as Bound's.
func boundCommand(text string, max int, see func(first, last int) string) string {
	if max <= 0 || len(text) <= max {
		return text
	}
	start, end, runner, ok := firstFailure(text)
	avail := max - 3*markerRoom // two cuts and the excerpt's title
	if !ok || avail < markerRoom {
		return boundSplit(text, max, 5, see)
	}
	lineStart := func(n int) int { // offset of 0-based line n (len(text) past the last)
		off := 0
		for ; n > 0; n-- {
			i := strings.IndexByte(text[off:], '\n')
			if i < 0 {
				return len(text)
			}
			off += i + 1
		}
		return off
	}
	exFrom, exTo := lineStart(start), lineStart(end)
	if budget := avail * 2 / 5; exTo-exFrom > budget {
		exTo = exFrom + headCut(text[exFrom:], budget)
	}
	tail := tailCut(text, avail-(exTo-exFrom))
	if tail < exTo {
		tail = exTo
	}
	total := 1 + strings.Count(strings.TrimSuffix(text, "\n"), "\n")
	var b strings.Builder
	if exFrom > 0 {
		b.WriteString(cutMarker(text, 0, exFrom, see) + "\n")
	}
	fmt.Fprintf(&b, "[clada: the first failing test, lines %d-%d of %d, found by %s]\n", start+1, 1+strings.Count(text[:exTo-1], "\n"), total, runner)
	b.WriteString(text[exFrom:exTo])
	if exTo > exFrom && text[exTo-1] != '\n' {
		b.WriteString("\n")
	}
	if tail > exTo {
		b.WriteString(cutMarker(text, exTo, tail, see) + "\n")
	}
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
