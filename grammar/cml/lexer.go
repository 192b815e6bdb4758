// Package cml reads CML, the XML-shaped block syntax: it finds top-level
// elements in arbitrary prose, lexes each with a hand-written lexer (one token
// per tag part, CDATA section, text run or comment, so raw content never costs
// more than one token) and builds an element tree with a participle grammar.
// It knows XML structure only; what an element means is lang's business.
package cml

import (
	"bytes"

	"github.com/alecthomas/participle/v2/lexer"
)

// Token types. Negative, like participle's own symbols, so they never clash
// with single-character token types.
//
// A self-closing "<name …/>" is a StartTag followed by a zero-width EndTag at
// its end, so the grammar has one shape for every element (see Element).
const (
	StartTag lexer.TokenType = -2 - iota // "<name attr="v" …>" or "<name attr="v" …/>", raw
	EndTag                               // "</name>", raw; "" after a self-closing tag
	CDATA                                // "<![CDATA[…]]>", raw
	Text                                 // character data, raw (entities undecoded)
	Comment                              // "<!--…-->", raw
)

// symbols names the token types for the grammar. A function, not a package
// variable, so the parser built at init never sees it uninitialised.
func symbols() map[string]lexer.TokenType {
	return map[string]lexer.TokenType{
		"EOF": lexer.EOF, "StartTag": StartTag, "EndTag": EndTag,
		"CDATA": CDATA, "Text": Text, "Comment": Comment,
	}
}

// Syntax error codes. Each names one way XML can be broken; lang reports them
// as error diagnostics, and any of them makes a CML document refuse to run.
const (
	CodeUnclosedElement  = "UNCLOSED_ELEMENT"    // input ended inside an element
	CodeMismatchedClose  = "MISMATCHED_CLOSE"    // </b> where </a> was expected
	CodeUnclosedTag      = "UNCLOSED_TAG"        // "<write path="x"" never reaches > or />
	CodeBadAttribute     = "BAD_ATTRIBUTE"       // missing =, unquoted or unterminated value
	CodeDuplicateAttr    = "DUPLICATE_ATTRIBUTE" // the same attribute twice in one tag
	CodeUnclosedCDATA    = "UNCLOSED_CDATA"      // <![CDATA[ without ]]>
	CodeUnclosedComment  = "UNCLOSED_COMMENT"    // <!-- without -->
	CodeMalformedElement = "MALFORMED_ELEMENT"   // anything else the tree builder rejects
)

// Error is a syntax error with the byte range [Start, End) it is about.
type Error struct {
	Start, End int
	Code       string
	Message    string
	Hint       string
}

func (e *Error) Error() string { return e.Message }

// elementLexer lexes one top-level element starting at a '<'. It keeps a
// stack of open element names so a mismatched or missing close tag is
// reported where it happens rather than swallowing the rest of the document.
type elementLexer struct {
	spanOnly bool // find the end only; build no tokens
	src      []byte
	pos      int
	toks     []lexer.Token
	stack    []openTag
}

type openTag struct {
	name       string
	start, end int // range of "<name"
}

// lexElement returns the tokens of the element starting at src[start] and the
// offset just past it. On a syntax error it returns the error and the offset
// where lexing stopped (the end of input for an unclosed element).
func lexElement(src []byte, start int, toks []lexer.Token) ([]lexer.Token, int, *Error) {
	return lexWith(&elementLexer{src: src, pos: start, toks: toks[:0]})
}

// elementEnd is lexElement without tokens: where the element ends.
func elementEnd(src []byte, start int) int {
	_, end, _ := lexWith(&elementLexer{src: src, pos: start, spanOnly: true})
	return end
}

// lexWith runs l over one element. After an error the end covers at least
// the error's range, so re-lexing just the span reports the same error.
func lexWith(l *elementLexer) ([]lexer.Token, int, *Error) {
	err := l.tag()
	for err == nil && len(l.stack) > 0 {
		err = l.content()
	}
	if err != nil {
		err.End = min(err.End, len(l.src)) // an error at end of input is empty there
		err.Start = min(err.Start, err.End)
		return l.toks, max(l.pos, err.End), err
	}
	return l.toks, l.pos, nil
}

func (l *elementLexer) emit(t lexer.TokenType, start, end int) {
	l.pos = end
	if l.spanOnly {
		return
	}
	l.toks = append(l.toks, lexer.Token{Type: t, Value: string(l.src[start:end]), Pos: lexer.Position{Offset: start}})
}

// content lexes one item inside the innermost open element.
func (l *elementLexer) content() *Error {
	src, p := l.src, l.pos
	if p >= len(src) {
		top := l.stack[len(l.stack)-1]
		return &Error{Start: top.start, End: top.end, Code: CodeUnclosedElement,
			Message: "element <" + top.name + "> is never closed",
			Hint:    "add </" + top.name + "> after its content"}
	}
	switch {
	case hasPrefixAt(src, p, "<![CDATA["):
		i := bytes.Index(src[p+9:], []byte("]]>"))
		if i < 0 {
			l.pos = len(src)
			return &Error{Start: p, End: p + 9, Code: CodeUnclosedCDATA,
				Message: "CDATA section is never closed",
				Hint:    "end it with ]]> (write a literal ]]> inside it as ]]&gt;)"}
		}
		end := p + 9 + i + 3
		l.emit(CDATA, p, end)
	case hasPrefixAt(src, p, "<!--"):
		i := bytes.Index(src[p+4:], []byte("-->"))
		if i < 0 {
			l.pos = len(src)
			return &Error{Start: p, End: p + 4, Code: CodeUnclosedComment,
				Message: "comment is never closed", Hint: "end it with -->"}
		}
		end := p + 4 + i + 3
		l.emit(Comment, p, end)
	case p+1 < len(src) && src[p] == '<' && src[p+1] == '/' && p+2 < len(src) && isNameStart(src[p+2]):
		return l.closeTag()
	case src[p] == '<' && p+1 < len(src) && isNameStart(src[p+1]):
		return l.tag()
	default:
		// Whitespace-only text between markup is layout and gets no token
		// (fewer tokens for the grammar); Element.ContentRange still covers it.
		end := l.textEnd(p)
		if skipSpace(src, p) >= end {
			l.pos = end
			return nil
		}
		l.emit(Text, p, end)
	}
	return nil
}

// textEnd finds where character data starting at p ends: at the next '<'
// that starts markup. A '<' that cannot start markup ("a < b") stays text.
func (l *elementLexer) textEnd(p int) int {
	src := l.src
	i := p
	if src[i] == '<' { // a literal '<' at the start of the run
		i++
	}
	for {
		j := bytes.IndexByte(src[i:], '<')
		if j < 0 {
			return len(src)
		}
		i += j
		if i+1 < len(src) && (isNameStart(src[i+1]) || src[i+1] == '/' && i+2 < len(src) && isNameStart(src[i+2]) ||
			hasPrefixAt(src, i, "<![CDATA[") || hasPrefixAt(src, i, "<!--")) {
			return i
		}
		i++
	}
}

// tag lexes "<name attr="v" …>" or "… />" as one token: the grammar sees
// tags, and lang splits attributes out of a validated tag (Element.Attrs).
func (l *elementLexer) tag() *Error {
	src, start := l.src, l.pos
	nameEnd := nameEndAt(src, start+1)
	name := string(src[start+1 : nameEnd])
	open := openTag{name: name, start: start, end: nameEnd}
	l.pos = nameEnd
	var seen []string
	var p int
	for {
		p = skipSpace(src, l.pos)
		l.pos = p
		switch {
		case p >= len(src) || src[p] == '<':
			return &Error{Start: open.start, End: open.end, Code: CodeUnclosedTag,
				Message: "tag <" + name + " is not finished with > or />",
				Hint:    "close the tag: <" + name + " …> or <" + name + " …/>"}
		case src[p] == '>':
			l.emit(StartTag, start, p+1)
			l.stack = append(l.stack, open)
			return nil
		case hasPrefixAt(src, p, "/>"):
			l.emit(StartTag, start, p+2)
			l.emit(EndTag, p+2, p+2)
			return nil
		case isNameStart(src[p]):
			an, err := l.attr(name)
			if err != nil {
				return err
			}
			for _, s := range seen {
				if s == an {
					return &Error{Start: p, End: p + len(an), Code: CodeDuplicateAttr,
						Message: "attribute " + an + " appears twice in <" + name + ">",
						Hint:    "keep one " + an + "=\"…\""}
				}
			}
			seen = append(seen, an)
		default:
			return &Error{Start: p, End: p + 1, Code: CodeBadAttribute,
				Message: "unexpected " + quoteByte(src[p]) + " in tag <" + name + ">",
				Hint:    `attributes are written name="value"`}
		}
	}
}

// attr checks name="value" (or 'value'), moves past it and returns the name.
func (l *elementLexer) attr(tag string) (string, *Error) {
	src, p := l.src, l.pos
	nameEnd := nameEndAt(src, p)
	name := string(src[p:nameEnd])
	q := skipSpace(src, nameEnd)
	if q >= len(src) || src[q] != '=' {
		return name, &Error{Start: p, End: nameEnd, Code: CodeBadAttribute,
			Message: "attribute " + name + " in <" + tag + "> has no value",
			Hint:    "write " + name + `="…"`}
	}
	q = skipSpace(src, q+1)
	if q >= len(src) || src[q] != '"' && src[q] != '\'' {
		end := q
		for end < len(src) && !isSpace(src[end]) && src[end] != '>' && src[end] != '/' {
			end++
		}
		return name, &Error{Start: q, End: max(end, q+1), Code: CodeBadAttribute,
			Message: "value of attribute " + name + " in <" + tag + "> is not quoted",
			Hint:    "put it in double quotes: " + name + `="` + string(src[q:end]) + `"`}
	}
	quote := src[q]
	i := bytes.IndexByte(src[q+1:], quote)
	lt := bytes.IndexByte(src[q+1:], '<')
	if i < 0 || lt >= 0 && lt < i {
		return name, &Error{Start: q, End: q + 1, Code: CodeBadAttribute,
			Message: "value of attribute " + name + " in <" + tag + "> has no closing " + quoteByte(quote),
			Hint:    "end the value with " + quoteByte(quote) + " (write a literal < as &lt;)"}
	}
	l.pos = q + 1 + i + 1
	return name, nil
}

// closeTag lexes "</name>" and checks it closes the innermost open element.
func (l *elementLexer) closeTag() *Error {
	src, p := l.src, l.pos
	nameEnd := nameEndAt(src, p+2)
	name := string(src[p+2 : nameEnd])
	q := skipSpace(src, nameEnd)
	if q >= len(src) || src[q] != '>' {
		return &Error{Start: p, End: nameEnd, Code: CodeUnclosedTag,
			Message: "close tag </" + name + " is not finished with >",
			Hint:    "write </" + name + ">"}
	}
	top := l.stack[len(l.stack)-1]
	for _, outer := range l.stack[:len(l.stack)-1] {
		if name == outer.name && name != top.name {
			// </tasks> while <run> is open: the real mistake is the missing </run>.
			return &Error{Start: top.start, End: top.end, Code: CodeUnclosedElement,
				Message: "element <" + top.name + "> is not closed before </" + name + ">",
				Hint:    "add </" + top.name + "> after its content"}
		}
	}
	if name != top.name {
		return &Error{Start: p, End: q + 1, Code: CodeMismatchedClose,
			Message: "</" + name + "> does not close <" + top.name + ">",
			Hint:    "close <" + top.name + "> with </" + top.name + "> first"}
	}
	l.stack = l.stack[:len(l.stack)-1]
	l.emit(EndTag, p, q+1)
	return nil
}

func hasPrefixAt[T string | []byte](src T, p int, s string) bool {
	return len(src)-p >= len(s) && string(src[p:p+len(s)]) == s
}

func skipSpace[T string | []byte](src T, p int) int {
	for p < len(src) && isSpace(src[p]) {
		p++
	}
	return p
}

func nameEndAt[T string | []byte](src T, p int) int {
	for p < len(src) && isNameByte(src[p]) {
		p++
	}
	return p
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func isNameStart(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_'
}

func isNameByte(c byte) bool {
	return isNameStart(c) || c >= '0' && c <= '9' || c == '-' || c == '.' || c == ':'
}

func quoteByte(c byte) string {
	switch c {
	case '"':
		return `'"'`
	case '\n':
		return "a line break"
	}
	return `"` + string(rune(c)) + `"`
}
