// Package csl reads CSL blocks: a hand-written line lexer (one token per
// marker line and per raw body) feeding a participle grammar for their shape.
// It knows markers, attributes and bodies, not what an op means.
//
// csl imports source and participle, nothing else of clada's; package lang
// imports it and lowers what it reads into the AST, and it never imports lang.
// Start reading at scan.go (Split, Scan), then marker.go and this file.
package csl

import (
	"io"
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// Tree is one block: a TASKS group or a standalone op.
//
// The grammar has no optional parts, because participle's cost is per node
// it tries, not per byte: every optional part and repetition copies its
// parse context, every capture defers a write, every struct is a
// reflect.New. The scanner makes the shape fixed instead: every op marker and
// section marker is followed by a Body token and every op and TASKS block
// ends with an EndMarker, zero-width when the text has none (empty body,
// missing END). The accessors turn zero-width tokens back into nil. Tokens
// is filled by participle with each struct's token range, so the markers
// need no captures of their own.
type Tree struct {
	Tasks *Tasks `parser:"  @@"`
	Op    *Op    `parser:"| @@"`
}

// Tasks is <---TASKS---> ops <---END--->.
type Tasks struct {
	Tokens []lexer.Token // TasksMarker, the ops' tokens, EndMarker
	Ops    []*Op         `parser:"TasksMarker @@* EndMarker"`
}

// Open is the TASKS marker token.
func (t *Tasks) Open() lexer.Token { return t.Tokens[0] }

// End is the END marker token, nil when the block is not closed.
func (t *Tasks) End() *lexer.Token { return present(&t.Tokens[len(t.Tokens)-1]) }

// Op is an op marker, its first body, then TO/REPLACE sections, then END.
type Op struct {
	Tokens []lexer.Token // OpMarker, Body, Sections' tokens, EndMarker
	// SectionToks is the TO/REPLACE sections' tokens, marker and body in
	// turn: one capture around the repetition keeps them all (participle
	// replaces a []lexer.Token field on each capture) and costs one deferred
	// write instead of a struct per section.
	SectionToks []lexer.Token `parser:"OpMarker Body @( ( SectionMarker Body )* ) EndMarker"`
}

// Open is the op marker token.
func (o *Op) Open() lexer.Token { return o.Tokens[0] }

// Body is the first body, nil when it is empty.
func (o *Op) Body() *lexer.Token { return present(&o.Tokens[1]) }

// End is the END marker token, nil when the op is not closed.
func (o *Op) End() *lexer.Token { return present(&o.Tokens[len(o.Tokens)-1]) }

// Section is a TO or REPLACE marker and the body after it.
type Section struct {
	Marker lexer.Token
	Body   *lexer.Token // nil when empty
}

// Sections lists the op's TO/REPLACE sections in order.
func (o *Op) Sections() []Section {
	if len(o.SectionToks) == 0 {
		return nil
	}
	out := make([]Section, 0, len(o.SectionToks)/2)
	for i := 0; i+1 < len(o.SectionToks); i += 2 {
		out = append(out, Section{Marker: o.SectionToks[i], Body: present(&o.SectionToks[i+1])})
	}
	return out
}

// present is t, or nil for the zero-width stand-in of an absent token.
func present(t *lexer.Token) *lexer.Token {
	if t.Value == "" {
		return nil
	}
	return t
}

// lexDef adapts the scanner to participle. Parsing replays tokens the
// scanner already produced; Lex exists to satisfy the interface.
type lexDef struct{}

func (lexDef) Symbols() map[string]lexer.TokenType { return symbols() }

func (lexDef) Lex(_ string, r io.Reader) (lexer.Lexer, error) {
	src, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	str := string(src)
	m, _, merr := parseMarker(src, str, 0, Options{})
	s := &scanner{src: src, str: str}
	s.block(0, m, merr)
	return &tokenReplay{toks: s.toks}, nil
}

type tokenReplay struct {
	toks []lexer.Token
	i    int
}

func (t *tokenReplay) Next() (lexer.Token, error) {
	if t.i >= len(t.toks) {
		return lexer.EOFToken(lexer.Position{}), nil
	}
	t.i++
	return t.toks[t.i-1], nil
}

// parser builds block trees, built on first use (every clada process loads
// every grammar; few use each); it holds no mutable state after Build.
var parser = sync.OnceValue(func() *participle.Parser[Tree] {
	return participle.MustBuild[Tree](participle.Lexer(lexDef{}), participle.UseLookahead(1))
})

func parseTokens(toks []lexer.Token) (*Tree, error) {
	pl, err := lexer.Upgrade(&tokenReplay{toks: toks})
	if err != nil {
		return nil, err
	}
	return parser().ParseFromLexer(pl)
}
