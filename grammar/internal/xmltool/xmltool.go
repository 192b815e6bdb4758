// Package xmltool reads the XML-ish tool calls agents write in their
// answers (Cline's <replace_in_file>, <write_to_file>, Roo Code's
// <apply_diff>): an element on lines of its own whose children are
// <param>value</param> with the value taken as written, never unescaped
// (the agents write no XML escapes). The Cline and Roo grammars share it.
//
// It imports source and nothing else of clada's; being internal to
// grammar/, only the grammars may import it. Start reading at Find.
package xmltool

import (
	"bytes"
	"fmt"
	"slices"

	"github.com/clada-dev/clada/source"
)

// Codes of the problems an element can have.
const (
	Unclosed     = "UNCLOSED_TAG"  // <name> without </name>
	MissingParam = "MISSING_PARAM" // a child the call needs is absent
)

// Call is one element: its name, extent, and its children in order.
type Call struct {
	Name       string
	Start, End int // from '<' of the opening tag to past the closing tag's line
	// OpenEnd is past the opening tag.
	OpenEnd int
	Closed  bool
	Params  []Param
	Diags   source.Diagnostics
}

// Param is one child <key>value</key>: Value is the text between the
// tags, with one line end after the opening tag and one before the
// closing tag taken off (as Cline does), at ValueStart, ValueEnd.
type Param struct {
	Key                  string
	Value                string
	ValueStart, ValueEnd int
	Start, End           int // the whole child, tags included
	Closed               bool
}

// Get returns the first child named key.
func (c *Call) Get(key string) *Param {
	for i := range c.Params {
		if c.Params[i].Key == key {
			return &c.Params[i]
		}
	}
	return nil
}

// Find finds every element named one of names in src whose opening tag
// starts a line, in order; an element inside
// another one's span is content, not an element. children lists the child
// names each element may hold (others are ignored as text).
func Find(src []byte, names []string, children []string) []Call {
	return find(src, names, func(int) []string { return children })
}

// FindEach is Find where each element names[i] holds the children
// children[i]: a call's reader looks only for the tags its call has, so
// another call's parameter names cost it no search.
func FindEach(src []byte, names []string, children [][]string) []Call {
	return find(src, names, func(i int) []string { return children[i] })
}

func find(src []byte, names []string, children func(i int) []string) []Call {
	var out []Call
	next := make([]int, len(names)) // where each name's tag next starts a line, -1: never again
	for i := range next {
		next[i] = -2
	}
	for p := 0; p < len(src); {
		at, name := nextOpen(src, p, names, next)
		if at < 0 {
			break
		}
		c := read(src, at, name, children(slices.Index(names, name)))
		out = append(out, c)
		p = c.End
	}
	return out
}

// nextOpen finds the next "<name>" of names at or after p that starts a
// line. next caches where each name was last found (each is searched for
// again only once p has passed it), so a text with many calls of one kind
// is not searched through for the others at each call.
func nextOpen(src []byte, p int, names []string, next []int) (int, string) {
	best, bestName := -1, ""
	for k, n := range names {
		if next[k] != -1 && next[k] < p {
			next[k] = -1
			tag := []byte("<" + n + ">")
			for q := p; q < len(src); {
				i := bytes.Index(src[q:], tag)
				if i < 0 {
					break
				}
				if lineStart(src, q+i) {
					next[k] = q + i
					break
				}
				q += i + len(tag)
			}
		}
		if next[k] >= 0 && (best < 0 || next[k] < best) {
			best, bestName = next[k], n
		}
	}
	return best, bestName
}

// lineStart reports whether i starts a line. An element indented in a
// list item or a quote is read through lang's container views, which
// strip the indentation, as every block is (lang/parse_indent.go).
func lineStart(src []byte, i int) bool {
	return i == 0 || src[i-1] == '\n' || i == len("\ufeff") && bytes.HasPrefix(src, []byte("\ufeff")) // after a byte-order mark
}

// openAt is where tag next starts a line at or after p, -1 when never.
func openAt(src []byte, p int, tag []byte) int {
	for p < len(src) {
		i := bytes.Index(src[p:], tag)
		if i < 0 {
			return -1
		}
		if lineStart(src, p+i) {
			return p + i
		}
		p += i + len(tag)
	}
	return -1
}

// read reads the element name whose opening tag is at at.
func read(src []byte, at int, name string, children []string) Call {
	open := "<" + name + ">"
	c := Call{Name: name, Start: at, OpenEnd: at + len(open)}
	closeTag := []byte("</" + name + ">")
	end := bytes.Index(src[c.OpenEnd:], closeTag)
	// a call cut short (no closing tag before the next call of its name
	// opens a line) ends where that call starts, rather than taking its
	// children in and lending it its path
	reopen := len(src)
	if q := openAt(src, c.OpenEnd, []byte(open)); q >= 0 && (end < 0 || q < c.OpenEnd+end) {
		end, reopen = -1, q
	}
	limit := reopen
	if end >= 0 {
		limit = c.OpenEnd + end
		c.Closed = true
		c.End = limit + len(closeTag)
		if nl := bytes.IndexByte(src[c.End:], '\n'); nl >= 0 && len(bytes.TrimSpace(src[c.End:c.End+nl])) == 0 {
			c.End += nl + 1
		}
	} else {
		c.End = reopen
		c.Diags = append(c.Diags, source.Diagnostic{Severity: source.Error, Code: Unclosed,
			Range:   source.Range{Start: at, End: c.OpenEnd},
			Message: fmt.Sprintf("<%s> is never closed, so where the call ends is unknown", name),
			Hint:    fmt.Sprintf("end the call with </%s>", name)})
	}
	next := make([]int, len(children)) // where each child's tag next occurs, cached as in nextOpen
	for i := range next {
		next[i] = -2
	}
	for p := c.OpenEnd; p < limit; {
		i, key := nextChild(src[:limit], p, children, next)
		if i < 0 {
			break
		}
		prm := ReadParam(src[:limit], i, key)
		c.Params = append(c.Params, prm)
		p = prm.End
	}
	return c
}

// ReadParam reads the child <key>…</key> whose opening tag is at at,
// running to the end of src when it is never closed: its value without one
// line end after the opening tag and one before the closing tag, as the
// agents' tool calls are read.
func ReadParam(src []byte, at int, key string) Param {
	prm := Param{Key: key, Start: at, ValueStart: at + len(key) + 2}
	cl := []byte("</" + key + ">")
	if j := bytes.Index(src[prm.ValueStart:], cl); j < 0 {
		prm.ValueEnd, prm.End = len(src), len(src)
	} else {
		prm.ValueEnd = prm.ValueStart + j
		prm.End = prm.ValueEnd + len(cl)
		prm.Closed = true
	}
	vs, ve := prm.ValueStart, prm.ValueEnd
	if vs < ve && src[vs] == '\n' {
		vs++
	} else if vs+1 < ve && src[vs] == '\r' && src[vs+1] == '\n' {
		vs += 2
	}
	if ve > vs && src[ve-1] == '\n' {
		ve--
		if ve > vs && src[ve-1] == '\r' {
			ve--
		}
	}
	prm.ValueStart, prm.ValueEnd, prm.Value = vs, ve, string(src[vs:ve])
	return prm
}

// nextChild finds the next "<key>" of keys at or after p; next caches
// where each was found (-1: not again), so an absent key is searched for
// once, not once per child.
func nextChild(src []byte, p int, keys []string, next []int) (int, string) {
	best, bestKey := -1, ""
	for k, key := range keys {
		if next[k] != -1 && next[k] < p {
			next[k] = -1
			if i := bytes.Index(src[p:], []byte("<"+key+">")); i >= 0 {
				next[k] = p + i
			}
		}
		if next[k] >= 0 && (best < 0 || next[k] < best) {
			best, bestKey = next[k], key
		}
	}
	return best, bestKey
}

// Missing is the diagnostic of a call without its child key.
func Missing(c *Call, key, example string) source.Diagnostic {
	return source.Diagnostic{Severity: source.Error, Code: MissingParam, Range: source.Range{Start: c.Start, End: c.OpenEnd},
		Message: fmt.Sprintf("<%s> has no <%s>", c.Name, key),
		Hint:    "add " + example}
}
