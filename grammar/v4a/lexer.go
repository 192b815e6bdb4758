package v4a

import (
	"bytes"
	"io"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/clada-dev/clada/grammar/internal/lines"
)

// Token types of the line lexer. Every line gets one type from its own
// text, whatever section it is in: the markers by their trimmed text
// (headers may be padded), hunk lines by their first character (hunk lines
// are read exactly as written). Where a line means different things in
// different places (a `*** Move to:` line right after an Update header, or
// inside a hunk; a blank line between sections, or inside a hunk), the type
// carries what each place needs, and the grammar decides which applies.
const (
	tBegin    lexer.TokenType = -(iota + 2) // *** Begin Patch (first line only)
	tEnd                                    // *** End Patch
	tAdd                                    // *** Add File: path
	tDelete                                 // *** Delete File: path
	tUpdate                                 // *** Update File: path
	tMove                                   // *** Move to: path (in a hunk: a bad line)
	tMoveSp                                 // the same, indented with a space (in a hunk: a context line)
	tEOFMark                                // *** End of File
	tStar                                   // any other *** line (a Begin Patch after the first line too)
	tAt                                     // @@ [anchor]
	tBlank                                  // empty or spaces only (in a hunk: a context line)
	tBlankBad                               // other blank, such as a tab (in a hunk: a bad line)
	tLine                                   // ' ' context or '-' removed
	tPlus                                   // '+' added (an Add's content)
	tOther                                  // anything else
)

// Symbols names the token types for the grammar. It builds the map on each
// call (participle calls it once, at build time), so the parser built at
// package initialization does not depend on initialization order.
func (lexDef) Symbols() map[string]lexer.TokenType {
	return map[string]lexer.TokenType{
		"EOF": lexer.EOF, "Begin": tBegin, "End": tEnd, "Add": tAdd, "Delete": tDelete, "Update": tUpdate,
		"Move": tMove, "MoveSp": tMoveSp, "EOFMark": tEOFMark, "Star": tStar, "At": tAt, "Blank": tBlank,
		"BlankBad": tBlankBad, "Line": tLine, "Plus": tPlus, "Other": tOther,
	}
}

// lexDef satisfies participle's lexer.Definition so the grammar can be
// built against these token names; patches are lexed by lexPatch directly.
type lexDef struct{}

func (lexDef) Lex(_ string, r io.Reader) (lexer.Lexer, error) {
	src, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return &lines.Replay{Toks: lexPatch(src, lines.Split(src))}, nil
}

// classify gives line i of src its token type.
func classify(src []byte, l lines.Line, first bool) lexer.TokenType {
	raw := src[l.Start:l.End]
	t := bytes.TrimSpace(raw)
	switch {
	case first && string(t) == beginMarker:
		return tBegin
	case string(t) == endMarker:
		return tEnd
	case hasPrefix(t, addHeader):
		return tAdd
	case hasPrefix(t, delHeader):
		return tDelete
	case hasPrefix(t, updHeader):
		return tUpdate
	case hasPrefix(t, moveHeader):
		if raw[0] == ' ' {
			return tMoveSp
		}
		return tMove
	case string(t) == eofMarker:
		return tEOFMark
	case hasPrefix(t, "***"):
		return tStar
	case len(raw) >= 2 && raw[0] == '@' && raw[1] == '@':
		return tAt
	case len(t) == 0:
		if len(raw) == 0 || raw[0] == ' ' {
			return tBlank
		}
		return tBlankBad
	case raw[0] == ' ' || raw[0] == '-':
		return tLine
	case raw[0] == '+':
		return tPlus
	}
	return tOther
}

// runs says which token types stand for a run of consecutive lines: one
// token per run of added, removed or context lines instead of one per line
// keeps participle's work per hunk small (each token costs it a branch and
// allocations), so a 10 MiB patch parses in milliseconds. build walks the
// lines of a run.
func runs(t lexer.TokenType) bool {
	switch t {
	case tBlank, tBlankBad, tLine, tPlus, tOther:
		return true
	}
	return false
}

// lexPatch turns the lines of one patch into tokens. A token's Pos.Offset
// is its first line's start, Pos.Line that line's index in ls and
// Pos.Column how many lines the token stands for.
func lexPatch(src []byte, ls []lines.Line) []lexer.Token {
	// At most a token a line: one allocation, not a doubling's dozen
	// copies (a 5,000-hunk patch's tokens were a third of its parse's
	// bytes).
	toks := make([]lexer.Token, 0, len(ls)+1)
	for i, l := range ls {
		t := classify(src, l, i == 0)
		if n := len(toks); n > 0 && runs(t) && toks[n-1].Type == t {
			toks[n-1].Pos.Column++
			continue
		}
		toks = append(toks, lexer.Token{Type: t, Pos: lexer.Position{Offset: l.Start, Line: i, Column: 1}})
	}
	return toks
}

// hasPrefix is strings.HasPrefix on bytes without converting them.
func hasPrefix(t []byte, p string) bool { return len(t) >= len(p) && string(t[:len(p)]) == p }
