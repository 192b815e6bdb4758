package sham

import (
	"bytes"
	"strings"
)

// unescape decodes a quoted value's escapes: \" \\ \n \t \r \'. An unknown
// escape is kept as written (backslash included), so a regex such as "\d"
// survives the way a model usually means it.
func unescape(b []byte) string {
	if bytes.IndexByte(b, '\\') < 0 {
		return string(b)
	}
	var sb strings.Builder
	sb.Grow(len(b))
	for i := 0; i < len(b); i++ {
		c := b[i]
		if c != '\\' || i+1 == len(b) {
			sb.WriteByte(c)
			continue
		}
		i++
		switch b[i] {
		case '"', '\\', '\'':
			sb.WriteByte(b[i])
		case 'n':
			sb.WriteByte('\n')
		case 't':
			sb.WriteByte('\t')
		case 'r':
			sb.WriteByte('\r')
		default:
			sb.WriteByte('\\')
			sb.WriteByte(b[i])
		}
	}
	return sb.String()
}

// Quote writes v as a quoted SHAM value that unescape reads back exactly.
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
