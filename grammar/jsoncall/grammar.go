// Package jsoncall reads edit tool calls written as JSON: Anthropic's text
// editor commands, the generic {path, old_string, new_string} shape, a
// JSON array of them, or a call wrapped as {"name", "input"|"arguments"}.
// Its participle grammar is JSON itself, kept with positions so a
// problem points at the value that has it; the meaning of the keys is
// lang's business.
//
// jsoncall imports source and participle, nothing else of clada's; package
// lang imports it and lowers what it reads into the AST, and it never imports
// lang. It is clada's one JSON reader: grammar/v4a reads Codex's calls with
// it too, a patch in a string placed at its bytes by TextAt (text.go).
// Start reading at split.go (Spans), then Parse below.
package jsoncall

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/clada-dev/clada/source"
)

// Value is one JSON value. Exactly one field is set; Pos and EndPos locate
// it in the parsed text.
type Value struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Object *Object `parser:"  @@"`
	Array  *Array  `parser:"| @@"`
	Str    *string `parser:"| @String"`
	Num    *string `parser:"| @Number"`
	Lit    *string `parser:"| @('true' | 'false' | 'null')"`
}

// Object is {"key": value, …} in source order.
type Object struct {
	Members []*Member `parser:"'{' ( @@ ( ',' @@ )* )? '}'"`
}

// Array is [value, …].
type Array struct {
	Items []*Value `parser:"'[' ( @@ ( ',' @@ )* )? ']'"`
}

// Member is one "key": value pair; Key is still quoted (see Text).
type Member struct {
	Pos   lexer.Position
	Key   string `parser:"@String ':'"`
	Value *Value `parser:"@@"`
}

var parser = sync.OnceValue(func() *participle.Parser[Value] {
	return participle.MustBuild[Value](participle.Lexer(jsonLexer), participle.Elide("Whitespace"))
}) // lexer.go

// InvalidJSON is the code of a text that is not JSON.
const InvalidJSON = "INVALID_JSON"

// Parse reads src as one JSON value. When src is not JSON, the value is nil
// and the one diagnostic, an error, points at the byte where reading
// stopped.
func Parse(src []byte) (*Value, source.Diagnostics) {
	if v := parseFast(src); v != nil { // fast.go
		return v, nil
	}
	v, err := parser().ParseBytes("", src)
	if err == nil {
		return v, nil
	}
	off := len(src)
	msg := "invalid JSON"
	var perr participle.Error
	if errors.As(err, &perr) {
		off = perr.Position().Offset
		var ut *participle.UnexpectedTokenError
		var le *lexer.Error
		switch {
		case errors.As(err, &ut) && ut.Unexpected.EOF():
			msg = "invalid JSON: it ends before the value is complete"
		case errors.As(err, &ut) && ut.Unexpected.Value == ",":
			msg = "invalid JSON: a comma with no value after it (JSON has no trailing commas)"
		case errors.As(err, &ut):
			msg = fmt.Sprintf("invalid JSON: unexpected %s", shorten(ut.Unexpected.Value))
		case errors.As(err, &le):
			msg = "invalid JSON: a character no JSON token starts with (an unescaped control character or newline in a string?)"
			if e, n := badEscape(src[off:]); n > 0 {
				msg = fmt.Sprintf("invalid JSON: `%s` is not an escape JSON has (a backslash itself is written \\\\, a character as \\u and four hex digits)", src[off+e:off+e+n])
				return nil, source.Diagnostics{{Severity: source.Error, Code: InvalidJSON, Message: msg, Hint: invalidHint,
					Range: source.Range{Start: off + e, End: off + e + n}}}
			}
		}
	}
	return nil, source.Diagnostics{{Severity: source.Error, Code: InvalidJSON, Message: msg, Hint: invalidHint,
		Range: source.Range{Start: off, End: min(off+1, len(src))}}}
}

const invalidHint = "fix the JSON at this place (quotes and backslashes inside strings are escaped: \\\" and \\\\; newlines are \\n)"

// badEscape finds, in the string token s starts with, an escape JSON does
// not have before the string ends: its offset and length (the backslash and
// the character after it, or of a \u, what should be its four hex
// digits); 0 when there is none.
func badEscape(s []byte) (int, int) {
	if len(s) == 0 || s[0] != '"' {
		return 0, 0
	}
	for i := 1; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"' || c < 0x20:
			return 0, 0
		case c == '\\':
			if n := escapeLen(string(s[i:min(len(s), i+6)]), 0); n > 0 {
				i += n - 1
				continue
			}
			if i+1 >= len(s) || s[i+1] < 0x20 {
				return 0, 0 // a backslash ending the text or its line: the string is cut short
			}
			if s[i+1] == 'u' { // \u, its hex digits, and what is not one
				n := 2
				for n < 6 && i+n < len(s) && strings.IndexByte("0123456789abcdefABCDEF", s[i+n]) >= 0 {
					n++
				}
				if i+n < len(s) && s[i+n] != '"' && s[i+n] >= 0x20 && s[i+n] < utf8.RuneSelf {
					n++
				}
				return i, n
			}
			_, w := utf8.DecodeRune(s[i+1:])
			return i, 1 + w
		}
	}
	return 0, 0
}

func shorten(s string) string {
	if len(s) > 20 {
		s = s[:20] + "…"
	}
	return fmt.Sprintf("%q", s)
}

// Get returns the member of o with key k (decoded), or nil.
func (o *Object) Get(k string) *Member {
	for _, m := range o.Members {
		// A key without a backslash is its quotes' inside (k, a key the
		// caller names, has no control byte and is UTF-8): no decoding.
		if raw := m.Key; len(raw) >= 2 && strings.IndexByte(raw, '\\') < 0 {
			if raw[1:len(raw)-1] == k {
				return m
			}
			continue
		}
		if key, _ := Text(m.Key); key == k {
			return m
		}
	}
	return nil
}

// Walk calls f on v and every value inside it, and moves every member's
// position along with its value's (for values parsed out of a string).
func Walk(v *Value, f func(*Value)) {
	f(v)
	if v.Object != nil {
		for _, m := range v.Object.Members {
			Walk(m.Value, f)
			m.Pos = m.Value.Pos
		}
	}
	if v.Array != nil {
		for _, x := range v.Array.Items {
			Walk(x, f)
		}
	}
}
