package aider

import (
	"io"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// Token types: one token per marker line and per text between them, so a
// block costs participle five tokens however long its text is.
const (
	HeadTok    lexer.TokenType = -2 - iota // <<<<<<< SEARCH
	DividerTok                             // =======
	UpdatedTok                             // >>>>>>> REPLACE
	TextTok                                // the search or replacement text ("" when empty)
)

// shape is the grammar of one block. The scanner already split it, so the
// grammar states the order the parts must come in; a block that breaks it
// is reported by checkShape.
type shape struct {
	Search  lexer.Token `parser:"HeadTok @TextTok"`
	Replace lexer.Token `parser:"DividerTok @TextTok UpdatedTok"`
}

type lexDef struct{}

func (lexDef) Symbols() map[string]lexer.TokenType {
	return map[string]lexer.TokenType{"EOF": lexer.EOF, "HeadTok": HeadTok, "DividerTok": DividerTok,
		"UpdatedTok": UpdatedTok, "TextTok": TextTok}
}

func (lexDef) Lex(string, io.Reader) (lexer.Lexer, error) { return &replay{}, nil }

// replay hands participle tokens the scanner made.
type replay struct {
	toks []lexer.Token
	i    int
}

func (r *replay) Next() (lexer.Token, error) {
	if r.i >= len(r.toks) {
		return lexer.EOFToken(lexer.Position{}), nil
	}
	r.i++
	return r.toks[r.i-1], nil
}

var parser = participle.MustBuild[shape](participle.Lexer(lexDef{}))

// checkShape runs a complete block's tokens through the grammar; nil when
// they fit.
func checkShape(e Edit) *Error {
	tok := func(t lexer.TokenType, v string, at int) lexer.Token {
		return lexer.Token{Type: t, Value: v, Pos: lexer.Position{Offset: at}}
	}
	toks := []lexer.Token{tok(HeadTok, "<", e.HeadStart), tok(TextTok, e.Search, e.SearchStart),
		tok(DividerTok, "=", e.SearchEnd), tok(TextTok, e.Replace, e.ReplaceStart), tok(UpdatedTok, ">", e.ReplaceEnd)}
	pl, err := lexer.Upgrade(&replay{toks: toks})
	if err == nil {
		_, err = parser.ParseFromLexer(pl)
	}
	if err != nil {
		return &Error{Code: "MALFORMED_BLOCK", Message: "this SEARCH/REPLACE block is malformed", Start: e.HeadStart, End: e.HeadEnd,
			Hint: "write <<<<<<< SEARCH, the text, =======, the replacement, >>>>>>> REPLACE, each marker on its own line"}
	}
	return nil
}
