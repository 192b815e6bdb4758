package textedit

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/clada-dev/clada/internal/bigbuf"
)

// Text matching for the edit ops: exact, case-sensitive search, and the
// line ends and byte-order mark a file keeps through an edit.

// BOM is the UTF-8 byte-order mark, set aside before matching and kept.
const BOM = "\uFEFF"

// errEmptyOldText is ReplaceText's refusal of an empty search.
var errEmptyOldText = errors.New("old_text cannot be empty")

// ReplaceText replaces up to count occurrences of oldText (all when count is
// negative), scanning left to right without overlaps, and returns the result
// and how many replacements it made; an empty oldText is an error. It is
// nesl-js's replaceText, case for case.
func ReplaceText(content, oldText, newText string, count int) (string, int, error) {
	if oldText == "" {
		return "", 0, errEmptyOldText
	}
	var b []byte
	n, start := 0, 0
	for count < 0 || n < count {
		i := strings.Index(content[start:], oldText)
		if i < 0 {
			break
		}
		if n == 0 {
			b = bigbuf.Make(0, len(content)+max(len(newText)-len(oldText), 0))
		}
		b = append(b, content[start:start+i]...)
		b = append(b, newText...)
		start += i + len(oldText)
		n++
	}
	if n == 0 {
		return content, 0, nil
	}
	b = append(b, content[start:]...)
	return bigbuf.String(b), n, nil
}

// Text is a file's content ready for matching: the BOM set aside and the
// line-ending style noted, so edits can keep both. An edit replaces Body
// and writes Bytes.
type Text struct {
	BOM  bool   // the file starts with BOM, which Body leaves out
	CRLF bool   // the file has a "\r\n" line end
	Body string // the content after the BOM
}

// Decode refuses content that is not UTF-8: an edit cannot be trusted to
// splice bytes it cannot read as text.
func Decode(data []byte) (Text, error) {
	if err := CheckUTF8(data); err != nil {
		return Text{}, err
	}
	// No copy: what a Workspace's ReadFile returns is never written to
	// again (ops build new slices), so the text can share its bytes, and a
	// 10 MiB file is not copied once per edit.
	s := unsafe.String(unsafe.SliceData(data), len(data))
	t := Text{}
	if strings.HasPrefix(s, BOM) {
		t.BOM, s = true, s[len(BOM):]
	}
	t.CRLF = strings.Contains(s, "\r\n")
	t.Body = s
	return t, nil
}

// Bytes is the file's content to write. It shares the body's bytes (a
// string is never written to, and a Workspace never writes to what it is
// given), so saving an edit costs no extra copy of the file.
func (t Text) Bytes() []byte {
	if t.BOM {
		return append(append(bigbuf.Make(0, len(BOM)+len(t.Body)), BOM...), t.Body...)
	}
	return unsafe.Slice(unsafe.StringData(t.Body), len(t.Body))
}

// ToFileEOL turns LF line ends in s into CRLF when the file uses CRLF and s
// has no CR of its own, so a search or replacement written with \n fits.
func (t Text) ToFileEOL(s string) string {
	if !t.CRLF || strings.Contains(s, "\r") || !strings.Contains(s, "\n") {
		return s
	}
	return strings.ReplaceAll(s, "\n", "\r\n")
}

// ReplacementEOL gives a replacement the file's CRLF line ends, unless the
// text it replaces itself has bare LFs (a mixed file, matched as written).
func (t Text) ReplacementEOL(matched, repl string) string {
	if strings.Count(matched, "\n") != strings.Count(matched, "\r\n") {
		return repl
	}
	return t.ToFileEOL(repl)
}

// CheckUTF8 names the first bad byte, so the fix is findable.
func CheckUTF8(data []byte) error {
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

// FindAll returns the start offsets of non-overlapping occurrences of sub.
func FindAll(s, sub string) []int {
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

// MatchIn finds old in the file, adapting LF to the file's CRLF first and
// falling back to the text as written. It returns the offsets and the form of
// old that matched (so the replacement can be adapted the same way).
func (t Text) MatchIn(old string) ([]int, string) {
	if adapted := t.ToFileEOL(old); adapted != old {
		if offs := FindAll(t.Body, adapted); len(offs) > 0 {
			return offs, adapted
		}
	}
	return FindAll(t.Body, old), old
}

// LineAt is the 1-based line of byte offset off.
func LineAt(s string, off int) int {
	return strings.Count(s[:off], "\n") + 1
}

// MatchLocations describes where matches are: "lines 3, 7 and 12", for
// multi-line matches "lines 3-5 and 9-11", and for several on one line
// "line 1 (3 times)"; past maxLocations places, "… and N more places".
func MatchLocations(body string, offs []int, length int) string {
	var parts []string
	var times []int
	for i, first := range LinesAt(body, offs) {
		off := offs[i]
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
	if len(parts) > maxLocations {
		return fmt.Sprintf("%s %s … and %d more places", word, strings.Join(parts[:maxLocations], ", "), len(parts)-maxLocations)
	}
	return word + " " + strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// maxLocations is how many places MatchLocations names: a search that
// occurs thousands of times (a closing brace in a big file) listed them all,
// pages of line numbers no reader, human or model, can use.
const maxLocations = 12

// FileEOL is content with the line ends of the existing file old: CRLF when
// old uses CRLF and content has no CR of its own (the rule edits follow).
func FileEOL(old []byte, content string) string {
	t := Text{CRLF: bytes.Contains(old, []byte("\r\n"))}
	return t.ToFileEOL(content)
}

// Splice is body with its n bytes at off replaced by repl, in a buffer of
// its own (bigbuf: an edit of a 10 MiB file fills a new one).
func Splice(body string, off, n int, repl string) string {
	b := bigbuf.Make(0, len(body)-n+len(repl))
	b = append(b, body[:off]...)
	b = append(b, repl...)
	b = append(b, body[off+n:]...)
	return bigbuf.String(b)
}
