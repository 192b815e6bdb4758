package replacer

import (
	"io"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// Token types: one per marker line and one per body.
const (
	FileTok lexer.TokenType = -2 - iota
	SearchTok
	ReplaceTok
	OverwriteTok
	EndTok
	BodyTok
)

// shape is a block's grammar: FILE path, then SEARCH/REPLACE or
// OVERWRITE, then END.
type shape struct {
	Path  lexer.Token  `parser:"FileTok @BodyTok"`
	Pair  *pair        `parser:"( @@"`
	Whole *lexer.Token `parser:"| OverwriteTok @BodyTok ) EndTok"`
}

type pair struct {
	Search  lexer.Token `parser:"SearchTok @BodyTok"`
	Replace lexer.Token `parser:"ReplaceTok @BodyTok"`
}

type lexDef struct{}

func (lexDef) Symbols() map[string]lexer.TokenType {
	return map[string]lexer.TokenType{"EOF": lexer.EOF, "FileTok": FileTok, "SearchTok": SearchTok, "ReplaceTok": ReplaceTok,
		"OverwriteTok": OverwriteTok, "EndTok": EndTok, "BodyTok": BodyTok}
}

func (lexDef) Lex(string, io.Reader) (lexer.Lexer, error) { return &replay{}, nil }

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

// checkShape runs a block the scanner found complete through the grammar.
func checkShape(b Block) *Error {
	t := func(tt lexer.TokenType, v string) lexer.Token { return lexer.Token{Type: tt, Value: v} }
	toks := []lexer.Token{t(FileTok, "FILE"), t(BodyTok, b.Path)}
	if b.Overwrite {
		toks = append(toks, t(OverwriteTok, "OVERWRITE"), t(BodyTok, b.Content))
	} else {
		toks = append(toks, t(SearchTok, "SEARCH"), t(BodyTok, b.Search), t(ReplaceTok, "REPLACE"), t(BodyTok, b.Replace))
	}
	toks = append(toks, t(EndTok, "END"))
	pl, err := lexer.Upgrade(&replay{toks: toks})
	if err == nil {
		_, err = parser.ParseFromLexer(pl)
	}
	if err != nil {
		return &Error{Code: "MALFORMED_BLOCK", Start: b.FileStart, End: b.FileEnd, Message: "this <<<FILE>>> block is malformed",
			Hint: "write <<<FILE>>>, the path, <<<SEARCH>>> … <<<REPLACE>>> … (or <<<OVERWRITE>>> …), then <<<END>>>"}
	}
	return nil
}
