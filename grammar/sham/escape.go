package sham

import (
	"bytes"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// appendUnescaped appends a quoted value's text b to dst with its escapes
// decoded by JSON's rules, as nesl-js reads values (JSON.parse): \" \\ \/
// \b \f \n \r \t and \uXXXX (a UTF-16 surrogate pair makes one
// character). Any other escape, a short \u, a lone surrogate or a final
// lone backslash is not decoded: bad is then the index in b of its
// backslash, and n the length of what was written there (else bad is -1).
func appendUnescaped(dst, b []byte) (out []byte, bad, n int) {
	if bytes.IndexByte(b, '\\') < 0 {
		return append(dst, b...), -1, 0
	}
	for i := 0; i < len(b); i++ {
		c := b[i]
		if c != '\\' {
			dst = append(dst, c)
			continue
		}
		if i+1 == len(b) {
			return dst, i, 1
		}
		switch e := b[i+1]; e {
		case '"', '\\', '/':
			dst = append(dst, e)
		case 'b':
			dst = append(dst, '\b')
		case 'f':
			dst = append(dst, '\f')
		case 'n':
			dst = append(dst, '\n')
		case 'r':
			dst = append(dst, '\r')
		case 't':
			dst = append(dst, '\t')
		case 'u':
			r, w := hex4(b, i+2)
			if w < 0 {
				return dst, i, min(6, len(b)-i)
			}
			if utf16.IsSurrogate(r) {
				r2, w2 := -1, -1
				if i+7 < len(b) && b[i+6] == '\\' && b[i+7] == 'u' {
					if x, ok := hex4(b, i+8); ok >= 0 {
						r2, w2 = int(x), ok
					}
				}
				if w2 < 0 || utf16.DecodeRune(r, rune(r2)) == utf8.RuneError {
					return dst, i, 6
				}
				r = utf16.DecodeRune(r, rune(r2))
				i += 6
			}
			dst = utf8.AppendRune(dst, r)
			i += 4
		default:
			return dst, i, 2
		}
		i++
	}
	return dst, -1, 0
}

// hex4 reads four hex digits at b[at:]; w is -1 when there are not four.
func hex4(b []byte, at int) (r rune, w int) {
	if at+4 > len(b) {
		return 0, -1
	}
	for _, c := range b[at : at+4] {
		var d byte
		switch {
		case c >= '0' && c <= '9':
			d = c - '0'
		case c >= 'a' && c <= 'f':
			d = c - 'a' + 10
		case c >= 'A' && c <= 'F':
			d = c - 'A' + 10
		default:
			return 0, -1
		}
		r = r<<4 | rune(d)
	}
	return r, 4
}

// Quote writes v as a quoted SHAM value that appendUnescaped reads back exactly.
func Quote(v string) string {
	var sb strings.Builder
	sb.Grow(len(v) + 2)
	sb.WriteByte('"')
	for i := 0; i < len(v); i++ {
		switch c := v[i]; c {
		case '"', '\\':
			sb.WriteByte('\\')
			sb.WriteByte(c)
		case '\n':
			sb.WriteString(`\n`)
		case '\r':
			sb.WriteString(`\r`)
		default:
			sb.WriteByte(c)
		}
	}
	sb.WriteByte('"')
	return sb.String()
}

// heredocText is a heredoc body as a value: line breaks become "\n" (a "\r"
// before "\n" belongs to the line ending, not the value).
func heredocText(b []byte) string {
	if bytes.IndexByte(b, '\r') < 0 {
		return string(b)
	}
	return strings.ReplaceAll(string(b), "\r\n", "\n")
}
