package lines

import (
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// SearchReplace is where a scanner found the parts of one SEARCH/REPLACE
// block, the shape aider, Cline and Roo share whatever their markers
// look like: the SEARCH marker, the search text, the divider, the
// replacement and the REPLACE marker. SearchEnd is the divider's start
// and ReplaceEnd the REPLACE marker's.
type SearchReplace struct {
	Head                     int
	Search                   string
	SearchStart, SearchEnd   int
	Replace                  string
	ReplaceStart, ReplaceEnd int
}

// Token types of the shared grammar: one per marker line and per text
// between them, so a block costs participle five tokens however long
// its text is.
const (
	srSearch  lexer.TokenType = -2 - iota // the SEARCH marker
	srDivider                             // =======
	srReplace                             // the REPLACE marker
	srText                                // the search or replacement text ("" when empty)
)

// srShape is the grammar of one block: the order its parts must come in.
type srShape struct {
	Search  lexer.Token `parser:"SearchTok @TextTok"`
	Replace lexer.Token `parser:"DividerTok @TextTok ReplaceTok"`
}

var srParser = sync.OnceValue(func() *participle.Parser[srShape] {
	return participle.MustBuild[srShape](participle.Lexer(Names{
		"EOF": lexer.EOF, "SearchTok": srSearch, "DividerTok": srDivider, "ReplaceTok": srReplace, "TextTok": srText,
	}))
})

// CheckSearchReplace runs a complete block's tokens through the grammar;
// nil when they fit. Each format words its own diagnostic, with its own
// markers in the hint.
func CheckSearchReplace(b SearchReplace) error {
	tok := func(t lexer.TokenType, v string, at int) lexer.Token {
		return lexer.Token{Type: t, Value: v, Pos: lexer.Position{Offset: at}}
	}
	_, err := Parse(srParser(), []lexer.Token{tok(srSearch, "<", b.Head), tok(srText, b.Search, b.SearchStart),
		tok(srDivider, "=", b.SearchEnd), tok(srText, b.Replace, b.ReplaceStart), tok(srReplace, ">", b.ReplaceEnd)})
	return err
}
