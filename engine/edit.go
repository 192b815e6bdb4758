package engine

import (
	"errors"
	"fmt"
	"github.com/clada-dev/clada/lang"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"
)

// Text matching for the edit ops: exact, case-sensitive search; line specs;
// and the hints that tell an LLM where its search went wrong.

const bom = "\uFEFF"

// errEmptyOldText is replaceText's refusal of an empty search (seed 003).
var errEmptyOldText = errors.New("old_text cannot be empty")

// replaceText replaces up to count occurrences of oldText (all when count is
// negative), scanning left to right without overlaps, and returns the result
// and how many replacements it made. It is the seed's pure function.
func replaceText(content, oldText, newText string, count int) (string, int, error) {
	if oldText == "" {
		return "", 0, errEmptyOldText
	}
	var b strings.Builder
	n, start := 0, 0
	for count < 0 || n < count {
		i := strings.Index(content[start:], oldText)
		if i < 0 {
			break
		}
		if n == 0 {
			b.Grow(len(content))
		}
		b.WriteString(content[start : start+i])
		b.WriteString(newText)
		start += i + len(oldText)
		n++
	}
	if n == 0 {
		return content, 0, nil
	}
	b.WriteString(content[start:])
	return b.String(), n, nil
}

// splitLines splits on \r\n, \n or \r, as the seed's file_read_numbered does.
func splitLines(s string) []string {
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

// fileLines splits content into its lines. A final line ending ends the last
// line rather than starting an empty one, so "a\nb\n" has 2 lines, as an
// editor counts them, and an empty file has none.
func fileLines(content string) []string {
	if content == "" {
		return nil
	}
	lines := splitLines(content)
	if len(lines) > 1 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// outOfRange records a line request past the end of the file.
type outOfRange struct {
	requested string
	actual    int
}

// extractNumberedLines returns the lines spec names (all when spec is
// empty), each prefixed by its right-aligned number and delim, plus the
// file's line count. A request past the end returns what exists and an
// outOfRange. Seed 003's pure function.
func extractNumberedLines(content, spec, delim string) (string, int, *outOfRange, error) {
	if content == "" {
		return "", 0, nil, nil // the seed's case: nothing to number, nothing out of range
	}
	lines := fileLines(content)
	total := len(lines)
	start, end := 1, total
	requested := fmt.Sprintf("1-%d", total)
	if spec != "" {
		var err error
		if start, end, err = lang.ParseLineSpec(spec); err != nil {
			return "", 0, nil, err
		}
		requested = spec
	}
	var oor *outOfRange
	if start > total || end > total {
		oor = &outOfRange{requested: requested, actual: total}
	}
	if start > total {
		return "", total, oor, nil
	}
	end = min(end, total)
	width := len(strconv.Itoa(end))
	var b strings.Builder
	for i := start; i <= end; i++ {
		if i > start {
			b.WriteByte('\n')
		}
		fmt.Fprintf(&b, "%*d%s%s", width, i, delim, lines[i-1])
	}
	return b.String(), total, oor, nil
}

// textFile is a file's content ready for matching: the BOM set aside and the
// line-ending style noted, so edits can keep both.
type textFile struct {
	bom  bool
	crlf bool
	body string
}

// decodeText refuses content that is not UTF-8: an edit cannot be trusted to
// splice bytes it cannot read as text.
func decodeText(data []byte) (textFile, error) {
	if err := checkUTF8(data); err != nil {
		return textFile{}, err
	}
	// No copy: what a Workspace's ReadFile returns is never written to
	// again (ops build new slices), so the text can share its bytes, and a
	// 10 MiB file is not copied once per edit.
	s := unsafe.String(unsafe.SliceData(data), len(data))
	t := textFile{}
	if strings.HasPrefix(s, bom) {
		t.bom, s = true, s[len(bom):]
	}
	t.crlf = strings.Contains(s, "\r\n")
	t.body = s
	return t, nil
}

// bytes is the file's content to write. It shares the body's bytes (a
// string is never written to, and a Workspace never writes to what it is
// given), so saving an edit costs no extra copy of the file.
func (t textFile) bytes() []byte {
	if t.bom {
		return append(append(make([]byte, 0, len(bom)+len(t.body)), bom...), t.body...)
	}
	return unsafe.Slice(unsafe.StringData(t.body), len(t.body))
}

// toFileEOL turns LF line ends in s into CRLF when the file uses CRLF and s
// has no CR of its own, so a search or replacement written with \n fits.
func (t textFile) toFileEOL(s string) string {
	if !t.crlf || strings.Contains(s, "\r") || !strings.Contains(s, "\n") {
		return s
	}
	return strings.ReplaceAll(s, "\n", "\r\n")
}

// replacementEOL gives a replacement the file's CRLF line ends, unless the
// text it replaces itself has bare LFs (a mixed file, matched as written).
func (t textFile) replacementEOL(matched, repl string) string {
	if strings.Count(matched, "\n") != strings.Count(matched, "\r\n") {
		return repl
	}
	return t.toFileEOL(repl)
}

// checkUTF8 names the first bad byte, so the fix is findable.
func checkUTF8(data []byte) error {
	if utf8.Valid(data) {
		return nil
	}
	off := 0
	line := 1
	for off < len(data) {
		r, size := utf8.DecodeRune(data[off:])
		if r == utf8.RuneError && size <= 1 {
			return fmt.Errorf("is not valid UTF-8 (byte 0x%02x at offset %d, line %d)", data[off], off, line)
		}
		if data[off] == '\n' {
			line++
		}
		off += size
	}
	return nil
}

// findAll returns the start offsets of non-overlapping occurrences of sub.
func findAll(s, sub string) []int {
	var out []int
	for start := 0; ; {
		i := strings.Index(s[start:], sub)
		if i < 0 {
			return out
		}
		out = append(out, start+i)
		start += i + len(sub)
	}
}

// matchIn finds old in the file, adapting LF to the file's CRLF first and
// falling back to the text as written. It returns the offsets and the form of
// old that matched (so the replacement can be adapted the same way).
func (t textFile) matchIn(old string) ([]int, string) {
	if adapted := t.toFileEOL(old); adapted != old {
		if offs := findAll(t.body, adapted); len(offs) > 0 {
			return offs, adapted
		}
	}
	return findAll(t.body, old), old
}

// lineAt is the 1-based line of byte offset off.
func lineAt(s string, off int) int {
	return strings.Count(s[:off], "\n") + 1
}

// matchLocations describes where matches are: "lines 3, 7 and 12", for
// multi-line matches "lines 3-5 and 9-11", and for several on one line
// "line 1 (3 times)".
func matchLocations(body string, offs []int, length int) string {
	var parts []string
	var times []int
	for _, off := range offs {
		first := lineAt(body, off)
		last := first + strings.Count(body[off:off+length], "\n")
		if length > 0 && body[off+length-1] == '\n' {
			last--
		}
		part := strconv.Itoa(first)
		if last > first {
			part = fmt.Sprintf("%d-%d", first, last)
		}
		if len(parts) > 0 && parts[len(parts)-1] == part {
			times[len(times)-1]++
			continue
		}
		parts, times = append(parts, part), append(times, 1)
	}
	word := "line"
	if len(parts) > 1 || strings.Contains(parts[0], "-") {
		word = "lines"
	}
	for i, n := range times {
		if n > 1 {
			parts[i] += fmt.Sprintf(" (%d times)", n)
		}
	}
	if len(parts) == 1 {
		return word + " " + parts[0]
	}
	return word + " " + strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}
