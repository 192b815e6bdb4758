package cline

import (
	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/clada-dev/clada/grammar/internal/lines"
	"github.com/clada-dev/clada/source"
)

// Token types: one per marker line and per text between them.
const (
	SearchTok  lexer.TokenType = -2 - iota // ------- SEARCH
	DividerTok                             // =======
	ReplaceTok                             // +++++++ REPLACE
	TextTok                                // the search or replacement text
)

// shape is the grammar of one block; the scanner already split it.
type shape struct {
	Search  lexer.Token `parser:"SearchTok @TextTok"`
	Replace lexer.Token `parser:"DividerTok @TextTok ReplaceTok"`
}

var parser = participle.MustBuild[shape](participle.Lexer(lines.Names{
	"EOF": lexer.EOF, "SearchTok": SearchTok, "DividerTok": DividerTok, "ReplaceTok": ReplaceTok, "TextTok": TextTok,
}))

// checkShape runs a complete block's tokens through the grammar; nil when
// they fit.
func checkShape(e Edit) *source.Diagnostic {
	tok := func(t lexer.TokenType, v string, at int) lexer.Token {
		return lexer.Token{Type: t, Value: v, Pos: lexer.Position{Offset: at}}
	}
	toks := []lexer.Token{tok(SearchTok, "-", e.HeadStart), tok(TextTok, e.Search, e.SearchStart),
		tok(DividerTok, "=", e.SearchEnd), tok(TextTok, e.Replace, e.ReplaceStart), tok(ReplaceTok, "+", e.ReplaceEnd)}
	if _, err := lines.Parse(parser, toks); err != nil {
		d := errorAt("MALFORMED_BLOCK", e.HeadStart, e.HeadEnd, "this SEARCH/REPLACE block is malformed",
			"write ------- SEARCH, the text, =======, the replacement, +++++++ REPLACE, each marker on its own line")
		return &d
	}
	return nil
}
