package csl

import "bytes"

// Options configures the marker delimiters. The zero value means the
// defaults, "<---" and "--->".
type Options struct {
	Open, Close string
	// Known reports whether a marker name is one CSL defines (TASKS, END, TO,
	// REPLACE and the op words). grammar/ does not know ops, so lang passes
	// this in. A known marker inside a body ends the body; an unknown one is
	// content there. Nil means every well-formed marker is known.
	Known func(name string) bool
}

func (o Options) open() string {
	if o.Open == "" {
		return "<---"
	}
	return o.Open
}

func (o Options) close() string {
	if o.Close == "" {
		return "--->"
	}
	return o.Close
}

func (o Options) known(name string) bool { return o.Known == nil || o.Known(name) }

// Attribute is one name="value" of a marker, with source offsets.
type Attribute struct {
	Name                 string
	NameStart            int
	ValueStart, ValueEnd int    // the quoted value, quotes included
	Value                string // the text between the quotes (no escapes in CSL)
}

// Marker is one parsed marker line: <---NAME attr="v"--->.
type Marker struct {
	Name      string
	NameStart int
	Start     int // offset of the open delimiter
	End       int // offset just after the close delimiter
	LineEnd   int // offset just after the line's newline (or end of input)
	Attrs     []Attribute
}

// markerErr is why a line that starts with the open delimiter and a name is
// not a well-formed marker.
type markerErr struct {
	code, msg, hint string
	start, end      int
}

// lineEnd returns the offset of the newline ending the line at p (or len).
func lineEnd(src []byte, p int) int {
	if i := bytes.IndexByte(src[p:], '\n'); i >= 0 {
		return p + i
	}
	return len(src)
}

func isLetter(c byte) bool { return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' }

func isNameByte(c byte) bool { return isLetter(c) || c >= '0' && c <= '9' || c == '_' }

func hasPrefixAt(src []byte, p int, s string) bool {
	return len(src)-p >= len(s) && string(src[p:p+len(s)]) == s
}

// parseMarker reads a marker starting at line start p. ok is false when the
// line is not marker-shaped at all (no open delimiter followed by a letter);
// err is set when it is marker-shaped but malformed (m still holds the name).
// str is src as a string, whose substrings become the marker's strings, or
// "" to copy them out of src.
func parseMarker(src []byte, str string, p int, o Options) (m Marker, ok bool, err *markerErr) {
	cut := func(i, j int) string {
		if str != "" {
			return str[i:j]
		}
		return string(src[i:j])
	}
	open, cl := o.open(), o.close()
	if !hasPrefixAt(src, p, open) || p+len(open) >= len(src) || !isLetter(src[p+len(open)]) {
		return m, false, nil
	}
	le := lineEnd(src, p)
	m.Start = p
	m.LineEnd = le
	if le < len(src) {
		m.LineEnd = le + 1
	}
	eol := le
	if eol > p && src[eol-1] == '\r' {
		eol--
	}
	m.End = eol // a malformed marker covers its whole line
	i := p + len(open)
	m.NameStart = i
	for i < eol && isNameByte(src[i]) {
		i++
	}
	m.Name = cut(m.NameStart, i)
	for {
		j := i
		for j < eol && (src[j] == ' ' || src[j] == '\t') {
			j++
		}
		if hasPrefixAt(src, j, cl) && j+len(cl) <= eol {
			if j != i {
				return m, true, &markerErr{"MALFORMED_MARKER", "space before the closing " + cl + " of the " + m.Name + " marker",
					"write the marker without spaces inside its delimiters, e.g. " + open + m.Name + cl, i, j}
			}
			m.End = j + len(cl)
			k := m.End
			for k < eol && (src[k] == ' ' || src[k] == '\t') {
				k++
			}
			if k < eol {
				return m, true, &markerErr{"TRAILING_TEXT", "text after the " + m.Name + " marker on the same line",
					"a marker stands alone on its line; move the text to the next line", k, eol}
			}
			return m, true, nil
		}
		if j == i && j < eol {
			return m, true, &markerErr{"MALFORMED_MARKER", "unexpected character " + quoteByte(src[j]) + " in the " + m.Name + " marker",
				"separate attributes with spaces: " + open + m.Name + ` file="a.txt"` + cl, j, j + 1}
		}
		if j >= eol {
			return m, true, &markerErr{"UNCLOSED_MARKER", "the " + m.Name + " marker has no closing " + cl,
				"end the marker line with " + cl, p, eol}
		}
		// attribute: name="value"
		ns := j
		for j < eol && isNameByte(src[j]) && !hasPrefixAt(src, j, cl) {
			j++
		}
		if j == ns {
			return m, true, &markerErr{"MALFORMED_MARKER", "unexpected character " + quoteByte(src[j]) + " in the " + m.Name + " marker",
				`attributes are written name="value"`, j, j + 1}
		}
		name := cut(ns, j)
		if j >= eol || src[j] != '=' {
			return m, true, &markerErr{"MALFORMED_ATTRIBUTE", "attribute " + name + " has no value",
				"write " + name + `="…"`, ns, j}
		}
		j++
		if j >= eol || src[j] != '"' && src[j] != '\'' {
			return m, true, &markerErr{"MALFORMED_ATTRIBUTE", "the value of attribute " + name + " is not quoted",
				"write " + name + `="…"`, ns, min(j+1, eol)}
		}
		q := src[j]
		vs := j
		j++
		for j < eol && src[j] != q {
			j++
		}
		if j >= eol {
			return m, true, &markerErr{"UNCLOSED_QUOTE", "the value of attribute " + name + " has no closing quote",
				"close the value with " + string(q) + " before the end of the line", vs, eol}
		}
		j++
		m.Attrs = append(m.Attrs, Attribute{Name: name, NameStart: ns, ValueStart: vs, ValueEnd: j, Value: cut(vs+1, j-1)})
		i = j
		if i < eol && src[i] != ' ' && src[i] != '\t' && !hasPrefixAt(src, i, cl) {
			return m, true, &markerErr{"MALFORMED_MARKER", "no space after the value of attribute " + name,
				"separate attributes with spaces", i, i + 1}
		}
	}
}

func quoteByte(c byte) string {
	if c < ' ' || c > '~' {
		return "byte"
	}
	return "'" + string(c) + "'"
}

// EndsBody reports whether line (one line, without its newline) would end or
// split a body if written inside one, i.e. whether it cannot be body content.
// Printers use it to refuse content CSL cannot hold.
func EndsBody(line []byte, o Options) bool {
	m, ok, err := parseMarker(line, "", 0, o)
	return ok && o.known(m.Name) && (err == nil || m.Name == "END" || m.Name == "TO" || m.Name == "REPLACE")
}
