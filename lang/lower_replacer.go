package lang

import (
	"github.com/clada-dev/clada/grammar/replacer"
	"github.com/clada-dev/clada/source"
)

// Replacer front-end (the replacer tool's format, grammar/replacer). Each
// <<<FILE>>> block is a standalone action: SEARCH/REPLACE is
// file_replace_text (the text must occur exactly once), OVERWRITE is
// file_write (creating parent directories). Bodies run from the line
// after a marker to the line before the next; the line ending before the
// next marker separates, so a search and its replacement both leave the
// line end after them alone, and an OVERWRITE's content gets one final
// line ending. A REPLACE of blanks only (the format's way to delete, since
// its REPLACE may not be empty) deletes the searched lines with their
// line end.
func lowerReplacer(text []byte, _ *scratch) *Group {
	g := &Group{Syntax: Replacer, Kind: Standalone, Range: source.Range{Start: 0, End: len(text)}}
	if blocks := replacer.Scan(text); len(blocks) > 0 { // a span is one block
		b := blocks[0]
		op := OpFileReplaceText
		if b.Overwrite {
			op = OpFileWrite
		}
		a := foreignAction(Replacer, op, source.Range{Start: b.Start, End: b.End}, source.Range{Start: b.FileStart, End: b.FileEnd})
		a.Closed = b.Closed
		a.Diags = b.Diags
		if b.Path != "" {
			pr := source.Range{Start: b.PathStart, End: b.PathEnd}
			a.set(ParamPath, b.Path, Text, pr, pr)
		}
		sr, rr := source.Range{Start: b.SearchStart, End: b.SearchEnd}, source.Range{Start: b.ReplaceStart, End: b.ReplaceEnd}
		if b.Overwrite {
			a.set(ParamContent, b.Content, Body, sr, sr)
		} else {
			search := b.Search
			if b.Replace == "" && b.ReplaceStart > 0 { // a REPLACE was given
				// A delete removes the lines, their line end with them,
				// rather than leaving an empty line where they were.
				search += "\n"
			}
			a.set(ParamOldText, search, Body, sr, sr)
			a.set(ParamNewText, b.Replace, Body, rr, rr)
		}
		g.Actions = append(g.Actions, a)
	}
	return g
}

func splitReplacer(src []byte) ([]source.Range, source.Diagnostics) {
	return spanRanges(replacer.Spans(src)), nil
}
