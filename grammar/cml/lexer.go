// Package cml reads CML, the XML-shaped block syntax: it finds top-level
// elements in arbitrary prose, lexes each with a hand-written lexer (one token
// per tag part, CDATA section, text run or comment, so raw content never costs
// more than one token) and builds an element tree with a participle grammar.
// It knows XML structure only; what an element means is lang's business.
//
// cml imports source and participle, nothing else of clada's; package lang
// imports it and lowers what it reads into the AST, and it never imports lang.
// Start reading at scan.go (Scan, Spans), then this file and grammar.go
// (Element).
package cml

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/clada-dev/clada/source"
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

// Syntax error codes. Each names one way XML can be broken; a block's Diags
// report them as errors, and any of them makes a CML document refuse to run.
const (
	CodeUnclosedElement  = "UNCLOSED_ELEMENT"    // input ended inside an element
	CodeMismatchedClose  = "MISMATCHED_CLOSE"    // </b> where </a> was expected
	CodeUnclosedTag      = "UNCLOSED_TAG"        // "<write path="x"" never reaches > or />
	CodeBadAttribute     = "BAD_ATTRIBUTE"       // missing =, unquoted or unterminated value
	CodeDuplicateAttr    = "DUPLICATE_ATTRIBUTE" // the same attribute twice in one tag
	CodeUnclosedCDATA    = "UNCLOSED_CDATA"      // <![CDATA[ without ]]>
	CodeUnclosedComment  = "UNCLOSED_COMMENT"    // <!-- without -->
	CodeMalformedElement = "MALFORMED_ELEMENT"   // anything else the tree builder rejects
	// CodeUnclosedChild is an element left open before its parent's close
	// tag: "<edit><replace>x</edit>". The close tag still says where the
	// block ends, so only this block is broken; the others of the
	// document can run.
	CodeUnclosedChild = "UNCLOSED_CHILD"
	// CodeUnquotedAttr is an attribute value written without quotes
	// (<write path=a.txt>) that still ends where a tag allows: at a blank,
	// ">" or "/>". The tag, and so the block, is still delimited, so like
	// CodeUnclosedChild it breaks only this block. A bare value that runs
	// into a '<' or the end of input is CodeBadAttribute.
	CodeUnquotedAttr = "UNQUOTED_ATTRIBUTE"
	// CodeCDATAEnd is a "]]>" that ended a CDATA section early because the
	// content held one of its own (<![CDATA[a]]>b]]>). The block's Diags
	// give it beside the error it caused; lang gives it too where the
	// rest of the content is read as plain text.
	CodeCDATAEnd = "CDATA_END_IN_CONTENT"
)

// CDATAEndHint says how to write a literal "]]>" inside CDATA.
const CDATAEndHint = "write a literal ]]> inside CDATA as ]]]]><![CDATA[> (or as ]]&gt;, which CML reads as ]]> there)"

// MaxNesting bounds how deep elements may nest. CML needs three levels
// (<tasks>, an action, its parts); the tree builder and the lowering recurse
// once per level, so a million nested elements overflowed the stack, which
// no recover catches.
const MaxNesting = 256

// syntaxError is the error diagnostic of one way the XML is broken, at
// [start, end).
func syntaxError(start, end int, code, msg, hint string) *source.Diagnostic {
	return &source.Diagnostic{Severity: source.Error, Code: code, Message: msg, Hint: hint,
		Range: source.Range{Start: start, End: end}}
}

// errStopped is what the lexer gives participle when it stopped at a
// syntax error (elementLexer.err), so the parse never starts.
var errStopped = errors.New("cml: the element is not well-formed")

// elementLexer lexes one top-level element starting at a '<'. It keeps a
// stack of open element names so a mismatched or missing close tag is
// reported where it happens rather than swallowing the rest of the document.
//
// It is participle's lexer.Lexer: lexer.Upgrade pulls the tokens straight
// into the parser's buffer, so no token slice of our own is built and copied.
type elementLexer struct {
	spanOnly bool   // find the end only; build no tokens
	src      []byte // the whole input; offsets are into it
	// str holds src[base:] as a string: character data and end tags are
	// substrings of it (one conversion per block instead of one per token).
	str     string
	base    int
	pos     int
	started bool
	done    bool
	err     *source.Diagnostic
	pend    [2]lexer.Token // lexed, not yet returned (a self-closing tag gives two)
	npend   int
	ipend   int
	stack   []openTag
	stackBf [8]openTag // stack's first backing array
	// cdataEnd is the offset just past the last CDATA section's "]]>".
	cdataEnd int
	// cdataCut, when > 0, is the offset of a "]]>" that ended a CDATA
	// section before err while another "]]>" follows it: the content most
	// likely held a "]]>" of its own, which is the real mistake.
	cdataCut int
	// recovered is the first error that leaves the element delimited (an
	// element left open before an ancestor's close tag, an unquoted
	// attribute value): lexing goes on to the block's real end, which then
	// reports it.
	recovered *source.Diagnostic
}

// openTag is the range of "<name" of an open element.
type openTag struct{ start, end int }

func (l *elementLexer) name(o openTag) string { return string(l.src[o.start+1 : o.end]) }

// newLexer returns a token-producing lexer for the element at src[start];
// str is src[base:] as a string (see elementLexer.str).
func newLexer(src []byte, str string, base, start int) *elementLexer {
	l := &elementLexer{src: src, str: str, base: base, pos: start}
	l.stack = l.stackBf[:0]
	return l
}

// elementEnd is where the element at src[start] ends, found without tokens.
func elementEnd(src []byte, start int) int {
	l := &elementLexer{src: src, pos: start, spanOnly: true}
	l.stack = l.stackBf[:0]
	for l.step() {
	}
	return l.end()
}

// step lexes the next item; it reports false when the element is finished
// or broken (l.err).
func (l *elementLexer) step() bool {
	if l.done {
		return false
	}
	var err *source.Diagnostic
	switch {
	case !l.started:
		l.started = true
		err = l.tag()
	case len(l.stack) == 0:
		l.done = true
		if l.recovered != nil {
			l.err = l.recovered
		}
		return false
	default:
		err = l.content()
	}
	if err != nil {
		err.Range.End = min(err.Range.End, len(l.src)) // an error at end of input is empty there
		err.Range.Start = min(err.Range.Start, err.Range.End)
		if c := l.cdataEnd; c > 0 && bytes.Contains(l.src[c:max(l.pos, err.Range.End, c)], []byte("]]>")) {
			l.cdataCut = c - len("]]>")
		}
		l.err, l.done = err, true
		return false
	}
	return true
}

// end is the offset just past the element, or where lexing stopped after an
// error (covering at least the error's range, so re-lexing just the span
// reports the same error; the end of input for an unclosed element).
func (l *elementLexer) end() int {
	if l.err != nil {
		return max(l.pos, l.err.Range.End)
	}
	return l.pos
}

// diags is what the lexer found wrong, in source order: its error, and a
// "]]>" that ended a CDATA section early when that caused it. Nil when
// the element lexed.
func (l *elementLexer) diags() source.Diagnostics {
	if l.err == nil {
		return nil
	}
	ds := source.Diagnostics{*l.err}
	if r := l.recovered; r != nil && r != l.err {
		ds = append(ds, *r) // found before the error that stopped the lexing
	}
	if c := l.cdataCut; c > 0 {
		ds = append(ds, source.Diagnostic{Severity: source.Error, Code: CodeCDATAEnd, Range: source.Range{Start: c, End: c + len("]]>")},
			Message: "this ]]> ends the CDATA section early (the content contains ]]> itself), which is what breaks the XML after it",
			Hint:    CDATAEndHint})
	}
	ds.Sort()
	return ds
}

// Next implements lexer.Lexer.
func (l *elementLexer) Next() (lexer.Token, error) {
	for l.ipend == l.npend {
		l.ipend, l.npend = 0, 0
		if !l.step() {
			if l.err != nil {
				return lexer.Token{}, errStopped
			}
			return lexer.EOFToken(lexer.Position{}), nil
		}
	}
	l.ipend++
	return l.pend[l.ipend-1], nil
}

// emit records a token ending at end. A start tag gets a string of its own,
// since lang keeps its name and attribute values in the AST and a substring
// would keep the whole block alive for a short name; everything else is a
// substring of str (lang keeps a lone CDATA section's text as it is, but
// that text is most of the block anyway).
func (l *elementLexer) emit(t lexer.TokenType, start, end int) {
	l.pos = end
	if l.spanOnly {
		return
	}
	v := l.str[start-l.base : end-l.base]
	if t == StartTag {
		v = strings.Clone(v)
	}
	l.pend[l.npend] = lexer.Token{Type: t, Value: v, Pos: lexer.Position{Offset: start}}
	l.npend++
}

// bareTag reports whether the start tag whose name ends at nameEnd has no
// attributes (only blanks before its ">").
func bareTag(src []byte, nameEnd int) bool {
	for i := nameEnd; i < len(src); i++ {
		switch src[i] {
		case ' ', '\t', '\r', '\n':
		case '>':
			return true
		default:
			return false
		}
	}
	return false
}

// content lexes one item inside the innermost open element.
func (l *elementLexer) content() *source.Diagnostic {
	src, p := l.src, l.pos
	if p >= len(src) {
		top := l.stack[len(l.stack)-1]
		name := l.name(top)
		hint := "add </" + name + "> after its content"
		if len(l.stack) == 1 && bareTag(src, top.end) {
			// A bare top-level tag that never closes is usually prose naming
			// an element ("use a <write> element"); say how to keep it text.
			hint += "; if the tag is meant as text, put it in backquotes (`<" + name + ">`)"
		}
		return syntaxError(top.start, top.end, CodeUnclosedElement, "element <"+name+"> is never closed", hint)
	}
	switch {
	case hasPrefixAt(src, p, "<![CDATA["):
		i := bytes.Index(src[p+9:], []byte("]]>"))
		if i < 0 {
			l.pos = len(src)
			return syntaxError(p, p+9, CodeUnclosedCDATA,
				"CDATA section is never closed",
				"end it with ]]> (write a literal ]]> inside it as ]]&gt;)")
		}
		end := p + 9 + i + 3
		l.emit(CDATA, p, end)
		l.cdataEnd = end
	case hasPrefixAt(src, p, "<!--"):
		i := bytes.Index(src[p+4:], []byte("-->"))
		if i < 0 {
			l.pos = len(src)
			return syntaxError(p, p+4, CodeUnclosedComment, "comment is never closed", "end it with -->")
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
// Names are compared as byte ranges, never copied, unless there is an error.
func (l *elementLexer) tag() *source.Diagnostic {
	src, start := l.src, l.pos
	nameEnd := nameEndAt(src, start+1)
	open := openTag{start: start, end: nameEnd}
	l.pos = nameEnd
	var seenBf [8][2]int
	seen := seenBf[:0] // attribute name ranges so far
	// seenSet takes over from the linear scan of seen once a tag has many
	// attributes, so a hostile tag with thousands costs linear time.
	var seenSet map[string]struct{}
	var p int
	for {
		p = skipSpace(src, l.pos)
		l.pos = p
		switch {
		case p >= len(src) || src[p] == '<':
			name := l.name(open)
			return syntaxError(open.start, open.end, CodeUnclosedTag,
				"tag <"+name+" is not finished with > or />",
				"close the tag: <"+name+" …> or <"+name+" …/>")
		case src[p] == '>':
			if len(l.stack) >= MaxNesting {
				name := l.name(open)
				// The range covers the whole tag, so the span ends after it and
				// re-lexing the span finds this same error.
				return syntaxError(open.start, p+1, CodeMalformedElement,
					fmt.Sprintf("<%s> is nested more than %d elements deep", name, MaxNesting),
					"CML nests <tasks>, an action and its parts; close the elements above it")
			}
			l.emit(StartTag, start, p+1)
			l.stack = append(l.stack, open)
			return nil
		case hasPrefixAt(src, p, "/>"):
			l.emit(StartTag, start, p+2)
			l.emit(EndTag, p+2, p+2)
			return nil
		case isNameStart(src[p]):
			ae, err := l.attr(open)
			if err != nil {
				return err
			}
			an := src[p:ae]
			if l.seenBefore(seen, &seenSet, an) {
				name := l.name(open)
				return syntaxError(p, ae, CodeDuplicateAttr,
					"attribute "+string(an)+" appears twice in <"+name+">",
					"keep one "+string(an)+"=\"…\"")
			}
			seen = append(seen, [2]int{p, ae})
		default:
			return syntaxError(p, p+1, CodeBadAttribute,
				"unexpected "+quoteByte(src[p])+" in tag <"+l.name(open)+">",
				`attributes are written name="value"`)
		}
	}
}

// seenBefore reports whether attribute name an is among seen (name ranges
// into src). Past a handful of attributes it switches to a set, kept in
// *set, so checking every attribute of a tag is linear.
func (l *elementLexer) seenBefore(seen [][2]int, set *map[string]struct{}, an []byte) bool {
	const linear = 16
	if len(seen) < linear {
		for _, r := range seen {
			if bytes.Equal(l.src[r[0]:r[1]], an) {
				return true
			}
		}
		return false
	}
	if *set == nil {
		*set = make(map[string]struct{}, 2*len(seen))
		for _, r := range seen {
			(*set)[string(l.src[r[0]:r[1]])] = struct{}{}
		}
	}
	if _, dup := (*set)[string(an)]; dup {
		return true
	}
	(*set)[string(an)] = struct{}{}
	return false
}

// attr checks name="value" (or 'value') and moves past it; it returns the
// end of the name.
func (l *elementLexer) attr(open openTag) (int, *source.Diagnostic) {
	src, p := l.src, l.pos
	nameEnd := nameEndAt(src, p)
	q := skipSpace(src, nameEnd)
	if q >= len(src) || src[q] != '=' {
		name, tag := string(src[p:nameEnd]), l.name(open)
		return nameEnd, syntaxError(p, nameEnd, CodeBadAttribute,
			"attribute "+name+" in <"+tag+"> has no value",
			"write "+name+`="…"`)
	}
	q = skipSpace(src, q+1)
	if q >= len(src) || src[q] != '"' && src[q] != '\'' {
		// A bare value ends where a tag's next part could start: a blank,
		// ">" or "/>" (so path=a/b.txt/> is "a/b.txt").
		end := q
		for end < len(src) && !isSpace(src[end]) && src[end] != '>' && src[end] != '<' && !hasPrefixAt(src, end, "/>") {
			end++
		}
		name, tag := string(src[p:nameEnd]), l.name(open)
		msg := "value of attribute " + name + " in <" + tag + "> is not quoted"
		hint := "put it in double quotes: " + name + `="` + string(src[q:end]) + `"`
		if end == q || end >= len(src) || src[end] == '<' {
			// No value, or one that runs into markup or the end of input:
			// where the tag ends is a guess.
			return nameEnd, syntaxError(q, max(end, q+1), CodeBadAttribute, msg, hint)
		}
		if l.recovered == nil {
			l.recovered = syntaxError(q, end, CodeUnquotedAttr, msg, hint)
		}
		l.pos = end
		return nameEnd, nil
	}
	quote := src[q]
	i := bytes.IndexByte(src[q+1:], quote)
	lt := -1
	if i >= 0 { // a '<' inside the value only: scanning past it was quadratic in attributes
		lt = bytes.IndexByte(src[q+1:q+1+i], '<')
	}
	if i < 0 || lt >= 0 {
		name, tag := string(src[p:nameEnd]), l.name(open)
		return nameEnd, syntaxError(q, q+1, CodeBadAttribute,
			"value of attribute "+name+" in <"+tag+"> has no closing "+quoteByte(quote),
			"end the value with "+quoteByte(quote)+" (write a literal < as &lt;)")
	}
	l.pos = q + 1 + i + 1
	return nameEnd, nil
}

// closeTag lexes "</name>" and checks it closes the innermost open element.
func (l *elementLexer) closeTag() *source.Diagnostic {
	src, p := l.src, l.pos
	nameEnd := nameEndAt(src, p+2)
	name := src[p+2 : nameEnd]
	q := skipSpace(src, nameEnd)
	if q >= len(src) || src[q] != '>' {
		return syntaxError(p, nameEnd, CodeUnclosedTag,
			"close tag </"+string(name)+" is not finished with >",
			"write </"+string(name)+">")
	}
	top := l.stack[len(l.stack)-1]
	topName := src[top.start+1 : top.end]
	// The outer elements are looked at only when the close tag is wrong, so
	// a well-formed nesting N deep costs N, not N².
	for _, outer := range l.stack[:len(l.stack)-1] {
		if bytes.Equal(name, topName) {
			break
		}
		if bytes.Equal(name, src[outer.start+1:outer.end]) {
			// </tasks> while <run> is open: the real mistake is the missing
			// </run>. The close tag still ends its element, so go on to the
			// block's end and report it there: one block is broken, and the
			// document's other blocks keep their own fate.
			if l.recovered == nil {
				l.recovered = syntaxError(top.start, top.end, CodeUnclosedChild,
					"element <"+string(topName)+"> is not closed before </"+string(name)+">",
					"add </"+string(topName)+"> after its content")
			}
			for !bytes.Equal(name, topName) {
				l.stack = l.stack[:len(l.stack)-1]
				top = l.stack[len(l.stack)-1]
				topName = src[top.start+1 : top.end]
			}
			break
		}
	}
	if !bytes.Equal(name, topName) {
		return syntaxError(p, q+1, CodeMismatchedClose,
			"</"+string(name)+"> does not close <"+string(topName)+">",
			"close <"+string(topName)+"> with </"+string(topName)+"> first")
	}
	l.stack = l.stack[:len(l.stack)-1]
	l.emit(EndTag, p, q+1)
	l.cdataEnd = 0 // an element closed after the section: it was not cut short
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
