package lines

import (
	"testing"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

const (
	aTok lexer.TokenType = -2 - iota
	bTok
)

type pairAST struct {
	A lexer.Token `parser:"@A"`
	B lexer.Token `parser:"@B"`
}

// Parse feeds the given tokens, in order, to the grammar: A then B fits,
// B then A, a missing B and a token after B do not.
func TestParse(t *testing.T) {
	p := participle.MustBuild[pairAST](participle.Lexer(Names{"EOF": lexer.EOF, "A": aTok, "B": bTok}))
	a := lexer.Token{Type: aTok, Value: "a", Pos: lexer.Position{Offset: 3}}
	b := lexer.Token{Type: bTok, Value: "b"}
	g, err := Parse(p, []lexer.Token{a, b})
	if err != nil || g.A.Value != "a" || g.A.Pos.Offset != 3 || g.B.Value != "b" {
		t.Fatalf("Parse(a b) = %+v, %v", g, err)
	}
	for _, toks := range [][]lexer.Token{{b, a}, {a}, {a, b, b}, nil} {
		if _, err := Parse(p, toks); err == nil {
			t.Errorf("Parse(%v) fits, want an error", toks)
		}
	}
}
