package v4a

import (
	"github.com/clada-dev/clada/grammar/jsoncall"
	"github.com/clada-dev/clada/source"
)

// A JSON value as the carrier reads it: grammar/jsoncall reads the text,
// and a string is decoded with the offset each of its bytes was written at
// (jsoncall.TextAt), so that a patch carried in a JSON string (Codex's
// apply_patch call) is reported at its own bytes in the answer.

// node is one JSON value (nil v: none) and the map of its offsets to the
// answer's: in is nil for a value of the answer's own text; for a value
// read out of a JSON string (OpenAI's function call arguments), in[o] is
// where the string's byte o was written, in[len] its closing quote.
type node struct {
	v  *jsoncall.Value
	in []int
}

// readJSON reads text, one JSON value; when it is not JSON, the one
// diagnostic says where reading stopped.
func readJSON(text []byte) (node, source.Diagnostics) {
	v, ds := jsoncall.Parse(text)
	return node{v: v}, ds
}

// off is the answer's offset of the offset o in the text n was read from.
func (n node) off(o int) int {
	if n.in == nil {
		return o
	}
	return n.in[o]
}

// span is where n is written in the answer.
func (n node) span() Span { return Span{n.off(n.v.Pos.Offset), n.off(n.v.EndPos.Offset)} }

func (n node) isObject() bool { return n.v != nil && n.v.Object != nil }
func (n node) isArray() bool  { return n.v != nil && n.v.Array != nil }
func (n node) isString() bool { return n.v != nil && n.v.Str != nil }
func (n node) isNull() bool   { return n.v != nil && n.v.Lit != nil && *n.v.Lit == "null" }

// get is an object's member value named k (the first, when several are).
func (n node) get(k string) node {
	if !n.isObject() {
		return node{}
	}
	if m := n.v.Object.Get(k); m != nil {
		return node{m.Value, n.in}
	}
	return node{}
}

// items are an array's items, or an object's member values.
func (n node) items() []node {
	var out []node
	switch {
	case n.isArray():
		for _, x := range n.v.Array.Items {
			out = append(out, node{x, n.in})
		}
	case n.isObject():
		for _, m := range n.v.Object.Members {
			out = append(out, node{m.Value, n.in})
		}
	}
	return out
}

// str is a string's text ("" for another value). jsoncall's lexer lets
// only strings its decoder reads through.
func (n node) str() string {
	if !n.isString() {
		return ""
	}
	s, _ := jsoncall.Text(*n.v.Str)
	return s
}

// text is the text of an object's string member k, or "".
func (n node) text(k string) string { return n.get(k).str() }

// strAt is a string's text and the answer's offset of each of its bytes
// (at[len(s)]: the closing quote's).
func (n node) strAt() (string, []int) {
	s, at, _ := jsoncall.TextAt(*n.v.Str)
	for i := range at {
		at[i] = n.off(n.v.Pos.Offset + at[i])
	}
	return s, at
}

// inString reads the JSON value a string holds (OpenAI's function call
// arguments): text, the string's text, whose byte i the answer holds at
// at[i]. The value's offsets are mapped through at to the answer; when
// text is not JSON, so is the one diagnostic's range.
func inString(text string, at []int) (node, source.Diagnostics) {
	v, ds := jsoncall.Parse([]byte(text))
	for i := range ds {
		ds[i].Range.Start, ds[i].Range.End = at[ds[i].Range.Start], at[ds[i].Range.End]
	}
	return node{v, at}, ds
}
