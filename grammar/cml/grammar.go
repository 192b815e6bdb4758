package cml

import (
	"io"
	"strings"
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// Element is one XML element. Tokens keep their byte offsets (Pos.Offset);
// line and column come from lang's line table, not from here. Whitespace-only
// text between children has no token; ContentRange still covers it.
//
// The grammar is one sequence with no alternatives, because participle's cost
// is per node it tries, not per byte: every alternative and every repetition
// copies its parse context, every capture defers a write, every struct is a
// reflect.New. So:
//
//   - Character data (CDATA, Text, Comment) is elided: the grammar never sees
//     it, and Chars reads it back from Tokens, the token range participle
//     records for every struct that has such a field (no capture needed).
//     XML allows character data anywhere inside an element, so eliding it
//     accepts exactly what the grammar accepted before.
//   - An empty element (<x …/>) is a StartTag followed by a zero-width EndTag
//     the lexer adds, so both forms take the same path instead of a
//     disjunction that fails once for every element.
//
// Against a struct per child and a disjunction per token this took
// BenchmarkParseCML/5MB-tasks from ~26 to ~53 MB/s single-threaded.
type Element struct {
	// Tokens is every token of the element in order: its tags, its
	// character data and its descendants'. It may start with character data
	// of the parent that precedes the element (participle's range starts
	// where the previous non-elided token ended); tagAt skips it.
	Tokens   []lexer.Token
	Elements []*Element `parser:"StartTag @@* EndTag"`
}

// isChar reports whether t is character data (elided from the grammar).
func isChar(t lexer.TokenType) bool { return t == CDATA || t == Text || t == Comment }

// tagAt is the index in Tokens of the element's start tag.
func (e *Element) tagAt() int {
	i := 0
	for isChar(e.Tokens[i].Type) {
		i++
	}
	return i
}

// tag is the start tag token, "<name …>" or "<name …/>".
func (e *Element) tag() *lexer.Token { return &e.Tokens[e.tagAt()] }

// end is the end tag token (zero-width after a self-closing tag).
func (e *Element) end() *lexer.Token { return &e.Tokens[len(e.Tokens)-1] }

// Empty reports whether the element is self-closing (<x …/>).
func (e *Element) Empty() bool { return strings.HasSuffix(e.tag().Value, "/>") }

// Chars is the element's own character data in order: CDATA sections, text
// runs and comments, without its children's. When the element has no child
// elements this is a slice of Tokens, not a copy.
func (e *Element) Chars() []lexer.Token {
	t := e.tagAt()
	body := e.Tokens[t+1 : len(e.Tokens)-1]
	if len(e.Elements) == 0 {
		return body
	}
	var out []lexer.Token
	depth := 0
	for _, tok := range body {
		switch tok.Type {
		case StartTag:
			depth++
		case EndTag:
			depth--
		default:
			if depth == 0 {
				out = append(out, tok)
			}
		}
	}
	return out
}

// Name is the element's name.
func (e *Element) Name() string {
	t := e.tag()
	return t.Value[1:nameEndAt(t.Value, 1)]
}

// NameRange is the byte range of the name in the start tag.
func (e *Element) NameRange() (int, int) {
	off := e.tag().Pos.Offset
	return off + 1, off + 1 + len(e.Name())
}

// StartTagRange is the byte range of the whole start tag.
func (e *Element) StartTagRange() (int, int) {
	t := e.tag()
	return t.Pos.Offset, t.Pos.Offset + len(t.Value)
}

// ContentRange is the byte range between the start and end tags (empty just
// before the "/>" of a self-closing element).
func (e *Element) ContentRange() (int, int) {
	t := e.tag()
	if e.Empty() {
		end := t.Pos.Offset + len(t.Value) - 2
		return end, end
	}
	return t.Pos.Offset + len(t.Value), e.end().Pos.Offset
}

// EndTagRange is the byte range of the end tag (empty at the end of a
// self-closing element).
func (e *Element) EndTagRange() (int, int) {
	t := e.end()
	return t.Pos.Offset, t.Pos.Offset + len(t.Value)
}

// Attribute is one name="value" of a start tag, with source offsets.
type Attribute struct {
	Name                 string
	NameStart            int
	ValueStart, ValueEnd int    // the quoted value, quotes included
	Raw                  string // the value between the quotes, entities undecoded
}

// Attrs splits the attributes out of the (already validated) start tag.
func (e *Element) Attrs() []Attribute {
	t := e.tag()
	raw, off := t.Value, t.Pos.Offset
	var out []Attribute
	i := nameEndAt(raw, 1)
	for {
		for i < len(raw) && isSpace(raw[i]) {
			i++
		}
		if i >= len(raw) || !isNameStart(raw[i]) {
			return out
		}
		ns := i
		for i < len(raw) && isNameByte(raw[i]) {
			i++
		}
		name := raw[ns:i]
		for raw[i] != '"' && raw[i] != '\'' {
			i++
		}
		q := raw[i]
		vs := i
		i++
		for raw[i] != q {
			i++
		}
		i++
		out = append(out, Attribute{Name: name, NameStart: off + ns, ValueStart: off + vs, ValueEnd: off + i, Raw: raw[vs+1 : i-1]})
	}
}

// lexDef adapts the hand-written lexer to participle. Parsing never goes
// through it (parseElement hands the lexer to participle directly); Lex only
// exists to satisfy participle's interface.
type lexDef struct{}

func (lexDef) Symbols() map[string]lexer.TokenType { return symbols() }

func (lexDef) Lex(_ string, r io.Reader) (lexer.Lexer, error) {
	src, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return newLexer(src, string(src), 0, 0), nil
}

// parser builds the element tree, built on first use (every clada process
// loads every grammar; few use each); it holds no mutable state after Build.
// Character data is elided (see Element).
var parser = sync.OnceValue(func() *participle.Parser[Element] {
	return participle.MustBuild[Element](participle.Lexer(lexDef{}), participle.UseLookahead(1),
		participle.Elide("CDATA", "Text", "Comment"))
})
