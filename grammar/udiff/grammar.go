package udiff

import (
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/clada-dev/clada/grammar/internal/lines"
	"github.com/clada-dev/clada/source"
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

// parser checks the order of a hunk's parts (built on first use, not at
// start-up); the scanner makes the tokens.
var parser = sync.OnceValue(func() *participle.Parser[shape] {
	return participle.MustBuild[shape](participle.Lexer(lines.Names{
		"EOF": lexer.EOF, "HeadTok": HeadTok, "SideTok": SideTok,
	}))
})

// checkShape runs a hunk through the grammar; nil when it fits.
func checkShape(h Hunk) *source.Diagnostic {
	if h.Old != "" || h.New != "" {
		// A header and two sides: the grammar takes them (a participle
		// parse per hunk was a tenth of reading 5,000 hunks, twice).
		return nil
	}
	toks := []lexer.Token{{Type: HeadTok, Value: "@@", Pos: lexer.Position{Offset: h.Start}}}
	if _, err := lines.Parse(parser(), toks); err != nil {
		d := errorAt("EMPTY_HUNK", h.Start, h.HeadEnd, "this hunk has no lines",
			"give the hunk's context lines (' '), removed lines ('-') and added lines ('+')")
		return &d
	}
	return nil
}
