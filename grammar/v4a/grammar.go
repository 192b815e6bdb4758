package v4a

import (
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// patchAST is the participle grammar of one patch over the line lexer's
// tokens: `*** Begin Patch`, its sections, and `*** End Patch` (anything
// after it is not the patch's). Every stream that starts with Begin fits:
// a bad line is a token the grammar places (a stray section, a bad hunk
// line), and build reports it in the scanner's words; a stream that does
// not start with Begin is the one participle rejects.
type patchAST struct {
	Begin    lexer.Token   `parser:"@Begin"`
	Sections []*sectionAST `parser:"@@*"`
	End      *lexer.Token  `parser:"( @End"`
	After    []lexer.Token `parser:"  (Begin|End|Add|Delete|Update|Move|MoveSp|EOFMark|Star|At|Blank|BlankBad|Line|Plus|Other)* )?"`
}

// sectionAST is one item between the markers: a file section, a stray
// section (a line that starts none, and the lines up to the next header,
// reported once), or blank lines.
type sectionAST struct {
	Add    *addAST      `parser:"  @@"`
	Delete *lexer.Token `parser:"| @Delete"`
	Update *updateAST   `parser:"| @@"`
	Stray  *strayAST    `parser:"| @@"`
	Blank  *lexer.Token `parser:"| @(Blank|BlankBad)"`
}

// addAST is `*** Add File:` and its '+' lines (one run token).
type addAST struct {
	Header  lexer.Token  `parser:"@Add"`
	Content *lexer.Token `parser:"@Plus?"`
}

// strayAST is a line no section starts with, and what follows it up to
// the next header or End Patch.
type strayAST struct {
	Head lexer.Token   `parser:"@(Star|Move|MoveSp|EOFMark|At|Line|Plus|Other)"`
	Rest []lexer.Token `parser:"(Star|Move|MoveSp|EOFMark|At|Line|Plus|Other|Blank|BlankBad)*"`
}

// updateAST is `*** Update File:`, its optional `*** Move to:` (only right
// after the header), `*** End of File` lines before any hunk (misplaced),
// and its hunks.
type updateAST struct {
	Header lexer.Token   `parser:"@Update"`
	Move   *lexer.Token  `parser:"@(Move|MoveSp)?"`
	Lead   []lexer.Token `parser:"@( EOFMark* )"`
	Hunks  []*hunkAST    `parser:"@@*"`
}

// hunkAST is one hunk, in order: its `@@` lines (with the bad lines among
// them, which add nothing), its lines, and from `*** End of File` on, its
// tail (where any hunk line is misplaced). A new hunk starts at an `@@`
// after lines or after End of File; the first hunk may have no `@@`. One
// capture takes the whole hunk: each capture costs participle allocations.
type hunkAST struct {
	Lines []lexer.Token `parser:"@( (At|Move|BlankBad|Other)+ ((Line|Plus|Blank|MoveSp) (Line|Plus|Blank|MoveSp|Move|BlankBad|Other)*)? (EOFMark (EOFMark|Line|Plus|Blank|MoveSp|Move|BlankBad|Other)*)? | (Line|Plus|Blank|MoveSp) (Line|Plus|Blank|MoveSp|Move|BlankBad|Other)* (EOFMark (EOFMark|Line|Plus|Blank|MoveSp|Move|BlankBad|Other)*)? )"`
}

// parser is built once, on first use (not at start-up: every clada process
// loads every grammar, and few use each), and never changed; participle parsers are safe for
// concurrent use.
var parser = sync.OnceValue(func() *participle.Parser[patchAST] { return participle.MustBuild[patchAST](participle.Lexer(lexDef{})) })

// parseSimple is the grammar's parse of a patch made only of the lines
// models write (headers, @@ lines, hunk lines with their prefix, blank
// lines, the markers), built by hand in one pass: participle's work for
// 5,000 hunks was most of reading the patch. nil when the patch holds any
// other line (a bad one, Move to, End of File, a stray section before End
// Patch): the grammar then parses it, and says what is wrong. It takes
// what the grammar takes, in the same shape (TestParseSimple).
func parseSimple(toks []lexer.Token) *patchAST {
	if len(toks) == 0 || toks[0].Type != tBegin {
		return nil
	}
	hunkLine := func(t lexer.TokenType) bool { return t == tLine || t == tPlus || t == tBlank }
	g := &patchAST{Begin: toks[0]}
	for i := 1; i < len(toks); {
		t := toks[i]
		switch t.Type {
		case tEnd:
			g.End = &toks[i]
			if i+1 < len(toks) {
				g.After = toks[i+1:]
			}
			return g
		case tAdd:
			a := &addAST{Header: t}
			if i++; i < len(toks) && toks[i].Type == tPlus {
				a.Content = &toks[i]
				i++
			}
			g.Sections = append(g.Sections, &sectionAST{Add: a})
		case tDelete:
			g.Sections = append(g.Sections, &sectionAST{Delete: &toks[i]})
			i++
		case tBlank:
			g.Sections = append(g.Sections, &sectionAST{Blank: &toks[i]})
			i++
		case tUpdate:
			// Each hunk: its @@ lines, then every hunk line up to the
			// next @@ (the first hunk may have no @@), as the grammar's
			// repetitions take them, greedily.
			u := &updateAST{Header: t}
			for i++; i < len(toks); {
				start := i
				for i < len(toks) && toks[i].Type == tAt {
					i++
				}
				if i == start && !hunkLine(toks[i].Type) {
					break
				}
				for i < len(toks) && hunkLine(toks[i].Type) {
					i++
				}
				u.Hunks = append(u.Hunks, &hunkAST{Lines: toks[start:i:i]})
			}
			g.Sections = append(g.Sections, &sectionAST{Update: u})
		default:
			return nil
		}
	}
	return g
}
