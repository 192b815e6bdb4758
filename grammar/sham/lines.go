package sham

import "bytes"

// Markers that give a line its meaning. They only count at the start of a line.
var (
	headerPrefix = []byte("#!SHAM")
	endPrefix    = []byte("#!END_SHAM_")
	fencePrefix  = []byte("```")
)

// lineAt returns the line starting at off: end excludes the newline and a
// "\r" before it; next is where the following line starts (len(src) at the end).
func lineAt(src []byte, off int) (end, next int) {
	i := bytes.IndexByte(src[off:], '\n')
	if i < 0 {
		end, next = len(src), len(src)
	} else {
		end, next = off+i, off+i+1
	}
	if end > off && src[end-1] == '\r' {
		end--
	}
	return end, next
}

// trimRightSpace drops trailing blanks (space, tab, "\r").
func trimRightSpace(b []byte) []byte {
	for len(b) > 0 && (b[len(b)-1] == ' ' || b[len(b)-1] == '\t' || b[len(b)-1] == '\r') {
		b = b[:len(b)-1]
	}
	return b
}

func isBlank(b byte) bool { return b == ' ' || b == '\t' }

// isHeaderLine reports whether a line is meant as a block header: "#!SHAM" at
// the start of the line followed by a blank, "[" or nothing. "#!SHAMROCK" and
// mid-line mentions are prose.
func isHeaderLine(line []byte) bool {
	if !bytes.HasPrefix(line, headerPrefix) {
		return false
	}
	if len(line) == len(headerPrefix) {
		return true
	}
	c := line[len(headerPrefix)]
	return c == ' ' || c == '\t' || c == '['
}

// trimLeftBlank drops leading blanks. Inside a block, an end marker or a
// fence indented more than the header still ends it: no body line can start
// with blanks, and one end marker out of line must not make the block
// swallow the rest of the text.
func trimLeftBlank(b []byte) []byte {
	for len(b) > 0 && isBlank(b[0]) {
		b = b[1:]
	}
	return b
}

// isEndLine reports whether a line is a block end marker (any id).
func isEndLine(line []byte) bool { return bytes.HasPrefix(line, endPrefix) }

// isFenceLine reports whether a line opens or closes a markdown code fence;
// outside a heredoc it ends a block whose end marker was forgotten.
func isFenceLine(line []byte) bool { return bytes.HasPrefix(line, fencePrefix) }
