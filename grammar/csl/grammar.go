// Package csl reads CSL blocks: a hand-written line lexer (one token per
// marker line and per raw body) feeding a participle grammar for their shape.
// It knows markers, attributes and bodies, not what an op means.
package csl

import (
	"io"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// Tree is one block: a TASKS group or a standalone op.
type Tree struct {
	Tasks *Tasks `parser:"  @@"`
	Op    *Op    `parser:"| @@"`
}

// Tasks is <---TASKS---> ops <---END--->; End is nil when unclosed.
type Tasks struct {
	Open lexer.Token  `parser:"@TasksMarker"`
	Ops  []*Op        `parser:"@@*"`
	End  *lexer.Token `parser:"@EndMarker?"`
}

// Op is an op marker, its first body, then TO/REPLACE sections; End is nil
// when the op is not closed.
type Op struct {
	Open     lexer.Token  `parser:"@OpMarker"`
	Body     *lexer.Token `parser:"@Body?"`
	Sections []*Section   `parser:"@@*"`
	End      *lexer.Token `parser:"@EndMarker?"`
}

// Section is a TO or REPLACE marker and the body after it.
type Section struct {
	Marker lexer.Token  `parser:"@( ToMarker | ReplaceMarker )"`
	Body   *lexer.Token `parser:"@Body?"`
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
	m, _, merr := parseMarker(src, 0, Options{})
	s := &scanner{src: src, markers: map[int]Marker{}}
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

// parser builds block trees; it holds no mutable state after Build.
var parser = participle.MustBuild[Tree](participle.Lexer(lexDef{}), participle.UseLookahead(1))

func parseTokens(toks []lexer.Token) (*Tree, error) {
	pl, err := lexer.Upgrade(&tokenReplay{toks: toks})
	if err != nil {
		return nil, err
	}
	return parser.ParseFromLexer(pl)
}
