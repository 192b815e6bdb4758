package sham

import (
	"bytes"
	"strings"
)

// appendUnescaped appends a quoted value's text b to dst with its escapes
// decoded: \" \\ \n \t \r \'. An unknown escape is kept as written
// (backslash included), so a regex such as "\d" survives the way a model
// usually means it.
func appendUnescaped(dst, b []byte) []byte {
	if bytes.IndexByte(b, '\\') < 0 {
		return append(dst, b...)
	}
	for i := 0; i < len(b); i++ {
		c := b[i]
		if c != '\\' || i+1 == len(b) {
			dst = append(dst, c)
			continue
		}
		i++
		switch b[i] {
		case '"', '\\', '\'':
			dst = append(dst, b[i])
		case 'n':
			dst = append(dst, '\n')
		case 't':
			dst = append(dst, '\t')
		case 'r':
			dst = append(dst, '\r')
		default:
			dst = append(dst, '\\', b[i])
		}
	}
	return dst
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
