package udiff

import (
	"io"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// Token types: a hunk is its header and its two sides, one token each.
const (
	HeadTok lexer.TokenType = -2 - iota // @@ -a,b +c,d @@
	SideTok                             // the old or the new side's text
)

// shape is the grammar of a hunk as the scanner cut it: a header, then the
// old side and the new side (either may be empty). A hunk that changes
// nothing and says nothing (both sides empty) does not fit.
type shape struct {
	Old lexer.Token `parser:"HeadTok @SideTok"`
	New lexer.Token `parser:"@SideTok"`
}

type lexDef struct{}

func (lexDef) Symbols() map[string]lexer.TokenType {
	return map[string]lexer.TokenType{"EOF": lexer.EOF, "HeadTok": HeadTok, "SideTok": SideTok}
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

// checkShape runs a hunk through the grammar; nil when it fits.
func checkShape(h Hunk) *Error {
	toks := []lexer.Token{{Type: HeadTok, Value: "@@", Pos: lexer.Position{Offset: h.Start}}}
	if h.Old != "" || h.New != "" {
		toks = append(toks, lexer.Token{Type: SideTok, Value: h.Old}, lexer.Token{Type: SideTok, Value: h.New})
	}
	pl, err := lexer.Upgrade(&replay{toks: toks})
	if err == nil {
		_, err = parser.ParseFromLexer(pl)
	}
	if err != nil {
		return &Error{Code: "EMPTY_HUNK", Start: h.Start, End: h.HeadEnd,
			Message: "this hunk has no lines",
			Hint:    "give the hunk's context lines (' '), removed lines ('-') and added lines ('+')"}
	}
	return nil
}
