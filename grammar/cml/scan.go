package cml

import (
	"bytes"
	"errors"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/clada-dev/clada/source"
)

// Block is one top-level CML element found in prose: [Start, End) of the
// source. Root is its tree, nil exactly when Diags holds the syntax error
// that stopped the element (and, when a "]]>" inside CDATA content caused
// it, a CDATA_END_IN_CONTENT error at that "]]>"), in source order.
type Block struct {
	Start, End int
	Root       *Element
	Diags      source.Diagnostics
}

// Scan finds the CML blocks of src: every element whose name known accepts
// (so a stray <div> or <br/> in prose is prose, not a block), in source
// order. Blocks never overlap: scanning resumes after each block. A '<'
// right after a backquote is an inline-code mention (`<write>`) and is prose.
// A broken block ends where the error stopped lexing, so later blocks are
// still found; an unclosed element runs to the end of src.
func Scan(src []byte, known func(name string) bool) []Block {
	var blocks []Block
	str := string(src) // token values are substrings of this one copy
	for i := 0; i < len(src); {
		j := bytes.IndexByte(src[i:], '<')
		if j < 0 {
			break
		}
		j += i
		if !isBlockStart(src, j, known) {
			i = j + 1
			continue
		}
		b := parseElement(src, str, 0, j)
		if b.End <= j { // never loop on an empty block
			b.End = j + 1
		}
		blocks = append(blocks, b)
		i = b.End
	}
	return blocks
}

// Spans returns the [start, end) offsets of the blocks Scan would find,
// without building tokens or trees: the cheap first pass of lang.Parse,
// which then parses each span on its own (Lex).
func Spans(src []byte, known func(name string) bool) [][2]int {
	var out [][2]int
	for i := 0; i < len(src); {
		j := bytes.IndexByte(src[i:], '<')
		if j < 0 {
			break
		}
		j += i
		if !isBlockStart(src, j, known) {
			i = j + 1
			continue
		}
		end := max(elementEnd(src, j), j+1)
		out = append(out, [2]int{j, end})
		i = end
	}
	return out
}

// Lex lexes and parses the one element starting at src[start] ('<'); it
// returns the block with its tree. Used to parse a span another table found.
// Token values share one copy of src[start:], so src should end with the
// element or soon after it (lang passes exactly the block).
func Lex(src []byte, start int) Block { return parseElement(src, string(src[start:]), start, start) }

// parseElement lexes and parses the element at src[start]; str is src[base:]
// as a string. The lexer feeds participle directly; a lexing error stops the
// parse before it starts.
func parseElement(src []byte, str string, base, start int) Block {
	l := newLexer(src, str, base, start)
	pl, err := lexer.Upgrade(l, CDATA, Text, Comment)
	b := Block{Start: start, End: l.end(), Diags: l.diags()}
	if err == nil && l.err == nil {
		b.Root, b.Diags = parseBlock(pl, start)
	}
	return b
}

func isBlockStart(src []byte, j int, known func(string) bool) bool {
	if j > 0 && src[j-1] == '`' {
		return false
	}
	if j+1 >= len(src) || !isNameStart(src[j+1]) {
		return false
	}
	e := nameEndAt(src, j+1)
	if e < len(src) && !isSpace(src[e]) && src[e] != '>' && src[e] != '/' {
		return false
	}
	return known(string(src[j+1 : e]))
}

// parseBlock runs the participle grammar over lexed tokens. The lexer has
// already checked nesting and quoting, so a grammar error here is unexpected;
// it is still turned into a plain diagnostic, never participle's wording.
func parseBlock(pl *lexer.PeekingLexer, start int) (*Element, source.Diagnostics) {
	root, err := parser().ParseFromLexer(pl)
	if err == nil {
		return root, nil
	}
	off := start
	var perr participle.Error
	if errors.As(err, &perr) && perr.Position().Offset > start {
		off = perr.Position().Offset
	}
	return nil, source.Diagnostics{*syntaxError(off, off+1, CodeMalformedElement,
		"this element is not well-formed XML", "check its tags, quotes and nesting")}
}

// NameAt returns the element name of the tag starting at src[i] ('<'), or "".
func NameAt(src []byte, i int) string {
	if i+1 >= len(src) || src[i] != '<' || !isNameStart(src[i+1]) {
		return ""
	}
	return string(src[i+1 : nameEndAt(src, i+1)])
}
