package replacer

import (
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/clada-dev/clada/grammar/internal/lines"
	"github.com/clada-dev/clada/source"
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

// parser checks the order of a block's parts (built on first use, not at
// start-up); the scanner makes the tokens.
var parser = sync.OnceValue(func() *participle.Parser[shape] {
	return participle.MustBuild[shape](participle.Lexer(lines.Names{
		"EOF": lexer.EOF, "FileTok": FileTok, "SearchTok": SearchTok, "ReplaceTok": ReplaceTok,
		"OverwriteTok": OverwriteTok, "EndTok": EndTok, "BodyTok": BodyTok,
	}))
})

// checkShape runs a block the scanner found complete through the grammar.
func checkShape(b Block) *source.Diagnostic {
	t := func(tt lexer.TokenType, v string) lexer.Token { return lexer.Token{Type: tt, Value: v} }
	toks := []lexer.Token{t(FileTok, "FILE"), t(BodyTok, b.Path)}
	if b.Overwrite {
		toks = append(toks, t(OverwriteTok, "OVERWRITE"), t(BodyTok, b.Content))
	} else {
		toks = append(toks, t(SearchTok, "SEARCH"), t(BodyTok, b.Search), t(ReplaceTok, "REPLACE"), t(BodyTok, b.Replace))
	}
	toks = append(toks, t(EndTok, "END"))
	if _, err := lines.Parse(parser(), toks); err != nil {
		d := errorAt("MALFORMED_BLOCK", b.FileStart, b.FileEnd, "this <<<FILE>>> block is malformed",
			"write <<<FILE>>>, the path, <<<SEARCH>>> … <<<REPLACE>>> … (or <<<OVERWRITE>>> …), then <<<END>>>")
		return &d
	}
	return nil
}
