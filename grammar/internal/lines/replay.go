package lines

import (
	"io"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// Replay is a participle lexer over tokens a scanner already made: the line
// front-ends cut their text themselves, one token per line or per run of
// lines, and use participle for the order the parts must come in.
type Replay struct {
	Toks []lexer.Token
	i    int
}

// Next hands out the next token, then EOF for ever.
func (r *Replay) Next() (lexer.Token, error) {
	if r.i >= len(r.Toks) {
		return lexer.EOFToken(lexer.Position{}), nil
	}
	r.i++
	return r.Toks[r.i-1], nil
}

// Names is a lexer.Definition that only names a grammar's token types; its
// Lex yields no tokens, as the front-ends hand theirs to Parse.
type Names map[string]lexer.TokenType

// Symbols returns the names.
func (n Names) Symbols() map[string]lexer.TokenType { return n }

// Lex yields an empty token stream.
func (Names) Lex(string, io.Reader) (lexer.Lexer, error) { return &Replay{}, nil }

// Parse runs toks through p.
func Parse[G any](p *participle.Parser[G], toks []lexer.Token) (*G, error) {
	pl, err := lexer.Upgrade(&Replay{Toks: toks})
	if err != nil {
		return nil, err
	}
	return p.ParseFromLexer(pl)
}
