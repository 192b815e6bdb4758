package v4a

import (
	"bytes"
	"encoding/json"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// A JSON value read with where each of its parts stands, so that a patch
// carried in a JSON string (Codex's apply_patch call) is reported at its
// own bytes in the answer: encoding/json reads the structure, and each
// string is decoded again here with the offset of every byte it decodes to.

// jnode is one JSON value.
type jnode struct {
	kind byte // '{', '[', '"', or '0' (a number, true, false, null)
	// str is a string's text; at[i] is the offset in the text read of
	// the bytes str[i] was written as, at[len(str)] that of its closing
	// quote (nil when the string could not be mapped: at() then gives its
	// whole range).
	str        string
	at         []int
	start, end int // the value's bytes
	keys       []string
	vals       []*jnode // an object's member values (keys[i]) or an array's items
}

// get is an object's member value named k, or nil.
func (n *jnode) get(k string) *jnode {
	if n == nil || n.kind != '{' {
		return nil
	}
	for i, key := range n.keys {
		if key == k {
			return n.vals[i]
		}
	}
	return nil
}

// text is the value of an object's string member k, or "".
func (n *jnode) text(k string) string {
	if v := n.get(k); v != nil && v.kind == '"' {
		return v.str
	}
	return ""
}

// pos is the offset of str[i] (i up to len(str)) in the text read.
func (n *jnode) pos(i int) int {
	if n.at == nil {
		if i == 0 {
			return n.start
		}
		return n.end
	}
	return n.at[i]
}

// readJSON reads text, one JSON value, with every offset relative to it.
func readJSON(text []byte) (*jnode, error) {
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.UseNumber()
	return readValue(dec, text)
}

func readValue(dec *json.Decoder, text []byte) (*jnode, error) {
	start := int(dec.InputOffset())
	for start < len(text) && bytes.IndexByte([]byte(" \t\r\n,:"), text[start]) >= 0 {
		start++ // what the decoder consumes before the next token
	}
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	n := &jnode{start: start}
	switch t := tok.(type) {
	case json.Delim:
		n.kind = byte(t)
		for dec.More() {
			if n.kind == '{' {
				k, err := dec.Token()
				if err != nil {
					return nil, err
				}
				n.keys = append(n.keys, k.(string))
			}
			v, err := readValue(dec, text)
			if err != nil {
				return nil, err
			}
			n.vals = append(n.vals, v)
		}
		if _, err := dec.Token(); err != nil { // the closing bracket
			return nil, err
		}
	case string:
		n.kind, n.str = '"', t
		if s, at, ok := unquote(text, start); ok && s == t {
			n.at = at
		}
	default:
		n.kind = '0'
	}
	n.end = int(dec.InputOffset())
	return n, nil
}

// unquote decodes the JSON string whose opening quote is text[q], with the
// offset each decoded byte was written at (and that of the closing quote).
func unquote(text []byte, q int) (string, []int, bool) {
	var b []byte
	var at []int
	put := func(s []byte, i int) {
		for range s {
			at = append(at, i)
		}
		b = append(b, s...)
	}
	for i := q + 1; i < len(text); {
		switch c := text[i]; c {
		case '"':
			return string(b), append(at, i), true
		case '\\':
			if i+1 >= len(text) {
				return "", nil, false
			}
			if e := text[i+1]; e != 'u' {
				r, ok := map[byte]byte{'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}[e]
				if !ok {
					return "", nil, false
				}
				put([]byte{r}, i)
				i += 2
				continue
			}
			r, n := hex4(text, i)
			if utf16.IsSurrogate(r) {
				if r2, n2 := hex4(text, i+n); n2 > 0 {
					if d := utf16.DecodeRune(r, r2); d != utf8.RuneError {
						r, n = d, n+n2
					}
				}
			}
			if n == 0 {
				return "", nil, false
			}
			put(utf8.AppendRune(nil, r), i)
			i += n
		default:
			put([]byte{c}, i)
			i++
		}
	}
	return "", nil, false
}

// hex4 reads a \uXXXX escape at text[i]: its code and length (0: none).
func hex4(text []byte, i int) (rune, int) {
	if i+6 > len(text) || text[i] != '\\' || text[i+1] != 'u' {
		return 0, 0
	}
	v, err := strconv.ParseUint(string(text[i+2:i+6]), 16, 32)
	if err != nil {
		return 0, 0
	}
	return rune(v), 6
}

// inString reads the JSON value a string node holds (OpenAI's function
// call arguments), its offsets mapped through the string's to the text
// the string was read from.
func inString(s *jnode) (*jnode, error) {
	n, err := readJSON([]byte(s.str))
	if err != nil {
		return nil, err
	}
	var walk func(x *jnode)
	walk = func(x *jnode) {
		for i := range x.at {
			x.at[i] = s.pos(x.at[i])
		}
		x.start, x.end = s.pos(x.start), s.pos(x.end)
		for _, v := range x.vals {
			walk(v)
		}
	}
	walk(n)
	return n, nil
}
