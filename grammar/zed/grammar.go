package zed

import (
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/clada-dev/clada/grammar/internal/lines"
	"github.com/clada-dev/clada/source"
)

// Token types: one per tag and per text between tags.
const (
	OldTok      lexer.TokenType = -2 - iota // <old_text …>
	OldCloseTok                             // </old_text>
	NewTok                                  // <new_text>
	NewCloseTok                             // </new_text>
	TextTok
)

// shape is the grammar of one pair; the scanner already found its tags.
type shape struct {
	Old lexer.Token `parser:"OldTok @TextTok OldCloseTok"`
	New lexer.Token `parser:"NewTok @TextTok NewCloseTok"`
}

var parser = sync.OnceValue(func() *participle.Parser[shape] {
	return participle.MustBuild[shape](participle.Lexer(lines.Names{
		"EOF": lexer.EOF, "OldTok": OldTok, "OldCloseTok": OldCloseTok, "NewTok": NewTok, "NewCloseTok": NewCloseTok, "TextTok": TextTok,
	}))
})

// checkShape runs a complete pair's tokens through the grammar.
func checkShape(e Edit) *source.Diagnostic {
	tok := func(t lexer.TokenType, v string, at int) lexer.Token {
		return lexer.Token{Type: t, Value: v, Pos: lexer.Position{Offset: at}}
	}
	toks := []lexer.Token{tok(OldTok, "<", e.TagStart), tok(TextTok, e.Old, e.OldStart), tok(OldCloseTok, "<", e.OldEnd),
		tok(NewTok, "<", e.NewStart), tok(TextTok, e.New, e.NewStart), tok(NewCloseTok, "<", e.NewEnd)}
	if _, err := lines.Parse(parser(), toks); err != nil {
		d := errorAt("MALFORMED_EDIT", e.TagStart, e.TagEnd, "this edit is malformed",
			"write <old_text>, the text to find, </old_text>, then <new_text>, its replacement, </new_text>")
		return &d
	}
	return nil
}
