package sham

import "bytes"

// assign is the anatomy of a body line that contains "=", with offsets
// relative to the line start. Both the splitter and the lexer read lines
// through it, so they agree on where heredocs start.
type assign struct {
	keyEnd   int // the key is line[:keyEnd], trailing blanks dropped
	opStart  int // the operator is line[opStart:opEnd]; "=" is the only valid one
	opEnd    int
	valStart int // first non-blank byte after the operator (may be len(line))
}

// opChars may glue onto "=" to form an operator someone meant (":=", "+=",
// "=="); they are reported as one invalid operator rather than a bad key.
func isOpChar(c byte) bool {
	switch c {
	case ':', '+', '-', '*', '/', '!', '<', '>', '?', '~', '|', '&', '^', '%':
		return true
	}
	return false
}

// splitAssign finds the key, operator and value of line; ok is false when the
// line has no "=".
func splitAssign(line []byte) (a assign, ok bool) {
	eq := bytes.IndexByte(line, '=')
	if eq < 0 {
		return a, false
	}
	a.opStart, a.opEnd = eq, eq+1
	for a.opStart > 0 && isOpChar(line[a.opStart-1]) {
		a.opStart--
	}
	for a.opEnd < len(line) && line[a.opEnd] == '=' {
		a.opEnd++
	}
	a.keyEnd = a.opStart
	for a.keyEnd > 0 && isBlank(line[a.keyEnd-1]) {
		a.keyEnd--
	}
	a.valStart = a.opEnd
	for a.valStart < len(line) && isBlank(line[a.valStart]) {
		a.valStart++
	}
	return a, true
}

// opener is a heredoc start "<<'DELIM'" read at the value position of a line;
// offsets are relative to the line start.
type opener struct {
	delim                []byte
	delimStart, delimEnd int
	end                  int  // just past the opener (after the closing quote)
	quote                byte // '\'', '"' or 0 for a bare word
	ok                   bool // a non-empty delimiter was read
}

// isHeredocValue reports whether the value at line[at:] starts a heredoc.
func isHeredocValue(line []byte, at int) bool {
	return at+1 < len(line) && line[at] == '<' && line[at+1] == '<'
}

// parseOpener reads "<<'DELIM'", "<<\"DELIM\"" or "<<DELIM" at line[at:]. The
// canonical form is the single-quoted one; lexing accepts the others so a body
// is still consumed as text, and the block reports the delimiter.
func parseOpener(line []byte, at int) opener {
	o := opener{delimStart: at + 2}
	i := at + 2
	if i < len(line) && (line[i] == '\'' || line[i] == '"') {
		o.quote = line[i]
		j := bytes.IndexByte(line[i+1:], o.quote)
		if j < 0 {
			o.end = len(line)
			return o
		}
		o.delimStart, o.delimEnd, o.end = i+1, i+1+j, i+2+j
	} else {
		j := i
		for j < len(line) && !isBlank(line[j]) && line[j] != '\r' {
			j++
		}
		o.delimStart, o.delimEnd, o.end = i, j, j
	}
	o.delim = line[o.delimStart:o.delimEnd]
	o.ok = len(o.delim) > 0 && bytes.IndexByte(o.delim, ' ') < 0
	return o
}

// scanHeredoc finds the end of a heredoc body starting at bodyStart: the first
// line equal to delim (trailing blanks allowed). bodyEnd is where that line
// starts and next is the line after it. When no such line exists the heredoc
// is unclosed; then, so one unfinished heredoc does not swallow the rest of
// the document, the body stops before the first "#!END_SHAM_<id>" line (next
// points at that line, which ends the block), or runs to the end of src.
func scanHeredoc(src []byte, bodyStart int, delim []byte, id string) (bodyEnd, next int, closed bool) {
	if i, n, ok := findLine(src, bodyStart, delim, nil); ok {
		return i, n, true
	}
	if i, _, ok := findLine(src, bodyStart, endPrefix, []byte(id)); ok {
		return i, i, false
	}
	return len(src), len(src), false
}

// findLine finds the first line at or after from that is exactly a+b
// (trailing blanks allowed) and returns its start and the next line's start.
func findLine(src []byte, from int, a, b []byte) (start, next int, ok bool) {
	if len(a) == 0 {
		return 0, 0, false
	}
	for from < len(src) {
		i := bytes.Index(src[from:], a)
		if i < 0 {
			return 0, 0, false
		}
		i += from
		from = i + 1
		if i > 0 && src[i-1] != '\n' {
			continue
		}
		end, nxt := lineAt(src, i)
		if i+len(a) > end { // a ends in the line's "\r", which is no text
			continue
		}
		rest := src[i+len(a) : end]
		if !bytes.HasPrefix(rest, b) {
			continue
		}
		if len(trimRightSpace(rest[len(b):])) == 0 {
			return i, nxt, true
		}
	}
	return 0, 0, false
}
