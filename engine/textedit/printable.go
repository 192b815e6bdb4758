package textedit

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// Printable returns s with every control character but newline and tab
// shown as an escape (ESC as \x1b, a C1 CSI as \u009b, DEL as \x7f), and a
// carriage return kept only before a newline. Command output and file
// content reach a terminal and an LLM's report; raw, they could move the
// cursor, rewrite what the user reads, set the clipboard (OSC 52) or hide
// text. JSON reports need none of it: encoding escapes them already.
func Printable(s string) string {
	if printableAlready(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	for i, r := range s {
		switch {
		case r == '\n' || r == '\t' || (r == '\r' && i+1 < len(s) && s[i+1] == '\n'):
			b.WriteRune(r)
		case r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0):
			q := strconv.QuoteRuneToASCII(r)
			b.WriteString(q[1 : len(q)-1])
		case r == utf8.RuneError:
			if _, size := utf8.DecodeRuneInString(s[i:]); size == 1 {
				b.WriteByte(s[i]) // invalid UTF-8 is not a control sequence; keep the byte
				continue
			}
			b.WriteRune(r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// printableAlready reports whether s has nothing Printable would change,
// without allocating: the common case for every line of output.
func printableAlready(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\n' || c == '\t':
		case c == '\r':
			if i+1 >= len(s) || s[i+1] != '\n' {
				return false
			}
		case c < 0x20 || c == 0x7f:
			return false
		case c == 0xc2 && i+1 < len(s) && s[i+1] >= 0x80 && s[i+1] < 0xa0:
			return false
		}
	}
	return true
}

// FirstLine returns s's first line, cut to max runes with "…": the one way
// a report or a commit message shortens a value to fit a line.
func FirstLine(s string, max int) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i] + "…"
	}
	if r := []rune(s); len(r) > max {
		s = string(r[:max-1]) + "…"
	}
	return s
}
