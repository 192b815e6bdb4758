package jsoncall

import (
	"encoding/json"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// Text decodes a JSON string token (with its quotes). A token without a
// backslash and of valid UTF-8 is its own text between the quotes (the
// lexer let no control character in); only the others go through the
// decoder, which also turns invalid UTF-8 into U+FFFD.
func Text(tok string) (string, bool) {
	if len(tok) >= 2 && tok[0] == '"' && tok[len(tok)-1] == '"' && !strings.Contains(tok[1:len(tok)-1], `\`) && !strings.Contains(tok[1:len(tok)-1], `"`) && utf8.ValidString(tok) {
		for i := 1; i < len(tok)-1; i++ {
			if tok[i] < 0x20 {
				return "", false
			}
		}
		return tok[1 : len(tok)-1], true
	}
	var s string
	if err := json.Unmarshal([]byte(tok), &s); err != nil {
		return "", false
	}
	return s, true
}

// TextAt decodes a JSON string token (with its quotes) as Text does, and
// says where each byte of the text was written: at[i] is the offset in tok
// of the character or escape text[i] is part of (the backslash of \n, of
// \u00e9 for both bytes of é, of the first \u of a surrogate pair for all
// four bytes of its character, of an invalid UTF-8 byte for the three of
// the U+FFFD it reads as), and at[len(text)] that of the closing quote.
// A text carried in a JSON string (a V4A patch in Codex's apply_patch call)
// is thus reported at its own bytes in the answer: add the token's offset.
func TextAt(tok string) (text string, at []int, ok bool) {
	if len(tok) < 2 || tok[0] != '"' {
		return "", nil, false
	}
	b := make([]byte, 0, len(tok))
	at = make([]int, 0, len(tok))
	for i := 1; i < len(tok); {
		c := tok[i]
		switch {
		case c == '"':
			if i != len(tok)-1 {
				return "", nil, false
			}
			return string(b), append(at, i), true
		case c < 0x20:
			return "", nil, false
		case c == '\\':
			r, n := escape(tok, i)
			if n == 0 {
				return "", nil, false
			}
			w := len(b)
			b = utf8.AppendRune(b, r)
			for range len(b) - w {
				at = append(at, i)
			}
			i += n
		case c < utf8.RuneSelf:
			b = append(b, c)
			at = append(at, i)
			i++
		default:
			r, n := utf8.DecodeRuneInString(tok[i:])
			if r == utf8.RuneError && n == 1 {
				b = append(b, "\uFFFD"...)
				at = append(at, i, i, i)
				i++
				continue
			}
			b = append(b, tok[i:i+n]...)
			for k := range n {
				at = append(at, i+k)
			}
			i += n
		}
	}
	return "", nil, false // no closing quote
}

// escape reads the escape at s[i] (a backslash) as encoding/json does: its
// character and length, 0 when it is none. A \u escape of half a surrogate
// pair takes the other half's when it follows; alone it reads as U+FFFD.
func escape(s string, i int) (rune, int) {
	if i+1 >= len(s) {
		return 0, 0
	}
	switch e := s[i+1]; e {
	case '"', '\\', '/':
		return rune(e), 2
	case 'b':
		return '\b', 2
	case 'f':
		return '\f', 2
	case 'n':
		return '\n', 2
	case 'r':
		return '\r', 2
	case 't':
		return '\t', 2
	case 'u':
		r := hex4(s, i)
		if r < 0 {
			return 0, 0
		}
		if utf16.IsSurrogate(r) {
			if d := utf16.DecodeRune(r, hex4(s, i+6)); d != utf8.RuneError {
				return d, 12
			}
			return utf8.RuneError, 6
		}
		return r, 6
	}
	return 0, 0
}

// hex4 is the code of the \uXXXX escape at s[i], or -1.
func hex4(s string, i int) rune {
	if i+6 > len(s) || s[i] != '\\' || s[i+1] != 'u' {
		return -1
	}
	r, err := strconv.ParseUint(s[i+2:i+6], 16, 16) // four hex digits, no sign or prefix
	if err != nil {
		return -1
	}
	return rune(r)
}
