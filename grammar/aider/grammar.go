package aider

import (
	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/clada-dev/clada/grammar/internal/lines"
	"github.com/clada-dev/clada/source"
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

// parser checks the order of a block's parts; the scanner makes the tokens.
var parser = participle.MustBuild[shape](participle.Lexer(lines.Names{
	"EOF": lexer.EOF, "HeadTok": HeadTok, "DividerTok": DividerTok, "UpdatedTok": UpdatedTok, "TextTok": TextTok,
}))

// checkShape runs a complete block's tokens through the grammar; nil when
// they fit.
func checkShape(e Edit) *source.Diagnostic {
	tok := func(t lexer.TokenType, v string, at int) lexer.Token {
		return lexer.Token{Type: t, Value: v, Pos: lexer.Position{Offset: at}}
	}
	toks := []lexer.Token{tok(HeadTok, "<", e.HeadStart), tok(TextTok, e.Search, e.SearchStart),
		tok(DividerTok, "=", e.SearchEnd), tok(TextTok, e.Replace, e.ReplaceStart), tok(UpdatedTok, ">", e.ReplaceEnd)}
	if _, err := lines.Parse(parser, toks); err != nil {
		d := errorAt("MALFORMED_BLOCK", e.HeadStart, e.HeadEnd, "this SEARCH/REPLACE block is malformed",
			"write <<<<<<< SEARCH, the text, =======, the replacement, >>>>>>> REPLACE, each marker on its own line")
		return &d
	}
	return nil
}
