package engine

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
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

// lineSpecError carries the seed's capitalised "Invalid line …" wording,
// which the ops put after their own "op: " prefix.
type lineSpecError string

func (e lineSpecError) Error() string { return string(e) }

// parseLineSpec reads "4" or "23-43" (1-based, inclusive).
func parseLineSpec(spec string) (int, int, error) {
	bad := lineSpecError(fmt.Sprintf("Invalid line specification '%s'", spec))
	first, last, isRange := strings.Cut(spec, "-")
	if !isRange {
		n, err := strconv.Atoi(spec)
		if err != nil || n < 1 {
			return 0, 0, bad
		}
		return n, n, nil
	}
	if strings.Contains(last, "-") {
		return 0, 0, bad
	}
	s, err1 := strconv.Atoi(first)
	e, err2 := strconv.Atoi(last)
	if err1 != nil || err2 != nil || s < 1 || e < 1 {
		return 0, 0, bad
	}
	if s > e {
		return 0, 0, lineSpecError(fmt.Sprintf("Invalid line range '%s' (start must be <= end)", spec))
	}
	return s, e, nil
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
		return "", 0, nil, nil
	}
	lines := splitLines(content)
	total := len(lines)
	start, end := 1, total
	requested := fmt.Sprintf("1-%d", total)
	if spec != "" {
		var err error
		if start, end, err = parseLineSpec(spec); err != nil {
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
	s := string(data)
	t := textFile{}
	if strings.HasPrefix(s, bom) {
		t.bom, s = true, s[len(bom):]
	}
	t.crlf = strings.Contains(s, "\r\n")
	t.body = s
	return t, nil
}

func (t textFile) bytes() []byte {
	if t.bom {
		return []byte(bom + t.body)
	}
	return []byte(t.body)
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

// matchLocations describes where matches are: "lines 3, 7 and 12" or, for
// multi-line matches, "lines 3-5 and 9-11".
func matchLocations(body string, offs []int, length int) string {
	parts := make([]string, 0, len(offs))
	for _, off := range offs {
		first := lineAt(body, off)
		last := first + strings.Count(body[off:off+length], "\n")
		if length > 0 && body[off+length-1] == '\n' {
			last--
		}
		if last > first {
			parts = append(parts, fmt.Sprintf("%d-%d", first, last))
		} else {
			parts = append(parts, strconv.Itoa(first))
		}
	}
	word := "line"
	if len(parts) > 1 || strings.Contains(parts[0], "-") {
		word = "lines"
	}
	if len(parts) == 1 {
		return word + " " + parts[0]
	}
	return word + " " + strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// multipleHint is the hint for a search that matched more than once.
func multipleHint(body string, offs []int, length int) string {
	return fmt.Sprintf("old_text matches at %s; include more surrounding lines so it matches exactly once",
		matchLocations(body, offs, length))
}

// closestWork caps the window comparisons for the closest-match hint so a
// huge file cannot make a failed edit slow.
const closestWork = 4_000_000

// notFoundHint finds the lines of body most like search and says how they
// differ, e.g. "closest match at lines 12-14 (differs in whitespace)".
func notFoundHint(body, search string) string {
	const advice = "; copy old_text exactly from the file (file_read_numbered shows it)"
	want := splitLines(strings.TrimRight(search, "\r\n"))
	have := splitLines(body)
	n := len(want)
	if n == 0 || len(have) == 0 || len(have)*n > closestWork {
		return "old_text is not in the file" + advice
	}
	bestAt, best := -1, 0.0
	for i := 0; i+n <= len(have) || (i == 0 && len(have) < n); i++ {
		score := 0.0
		for k := 0; k < n && i+k < len(have); k++ {
			score += lineSimilarity(have[i+k], want[k])
		}
		if score /= float64(n); score > best {
			best, bestAt = score, i
		}
	}
	if bestAt < 0 || best < 0.5 {
		return "no lines in the file resemble old_text" + advice
	}
	last := min(bestAt+n, len(have))
	where := fmt.Sprintf("line %d", bestAt+1)
	if last > bestAt+1 {
		where = fmt.Sprintf("lines %d-%d", bestAt+1, last)
	}
	return fmt.Sprintf("closest match at %s (%s)%s", where, difference(have[bestAt:last], want), advice)
}

// lineSimilarity scores how alike a file line and a search line are, 0..1.
// A search line contained in the file line counts (searches often start or
// end mid-line).
func lineSimilarity(have, want string) float64 {
	switch {
	case have == want || (want != "" && strings.Contains(have, want)):
		return 1
	case squash(have) == squash(want) || (squash(want) != "" && strings.Contains(squash(have), squash(want))):
		return 0.95
	case strings.EqualFold(have, want):
		return 0.9
	case strings.EqualFold(squash(have), squash(want)):
		return 0.85
	}
	longest := max(len(have), len(want))
	if longest == 0 {
		return 1
	}
	p := 0
	for p < len(have) && p < len(want) && have[p] == want[p] {
		p++
	}
	s := 0
	for s < len(have)-p && s < len(want)-p && have[len(have)-1-s] == want[len(want)-1-s] {
		s++
	}
	return 0.8 * float64(p+s) / float64(longest)
}

// squash drops all whitespace, for comparisons that ignore it.
func squash(s string) string {
	return strings.Join(strings.Fields(s), "")
}

// difference names how the closest lines differ from the search.
func difference(have, want []string) string {
	same, ws, fold, both := 0, true, true, true
	for k := range want {
		h := ""
		if k < len(have) {
			h = have[k]
		}
		if h == want[k] || strings.Contains(h, want[k]) {
			same++
			continue
		}
		if squash(h) != squash(want[k]) && !strings.Contains(squash(h), squash(want[k])) {
			ws = false
		}
		if !strings.EqualFold(h, want[k]) {
			fold = false
		}
		if !strings.EqualFold(squash(h), squash(want[k])) {
			both = false
		}
	}
	switch {
	case same == len(want):
		return "the lines match but not as one block; check the line breaks"
	case ws:
		return "differs in whitespace"
	case fold:
		return "differs in letter case"
	case both:
		return "differs in whitespace and letter case"
	}
	return fmt.Sprintf("%d of %d lines identical", same, len(want))
}
