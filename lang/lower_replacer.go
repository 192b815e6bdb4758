package lang

import "github.com/clada-dev/clada/grammar/replacer"

// Replacer front-end (seed 003's replacer format, grammar/replacer). Each
// <<<FILE>>> block is a standalone action: SEARCH/REPLACE is
// file_replace_text (the text must occur exactly once), OVERWRITE is
// file_write (creating parent directories). Bodies run from the line
// after a marker to the line before the next; the line ending before the
// next marker separates, so a search and its replacement both leave the
// line end after them alone, and an OVERWRITE's content gets one final
// line ending. A REPLACE of blanks only (the format's way to delete, since
// its REPLACE may not be empty) replaces with nothing.
var replacerFrontEnd = frontEnd{syntax: Replacer, split: splitReplacer, lower: lowerReplacer}

func splitReplacer(src []byte) ([]Range, Diagnostics) { return spanRanges(replacer.Spans(src)), nil }

func lowerReplacer(text []byte, _ *scratch) *Group {
	g := &Group{Syntax: Replacer, Kind: Standalone, Range: Range{0, len(text)}}
	if blocks := replacer.Scan(text); len(blocks) > 0 { // a span is one block
		b := blocks[0]
		op := "file_replace_text"
		if b.Overwrite {
			op = "file_write"
		}
		a := foreignAction(Replacer, op, Range{b.Start, b.End}, Range{b.FileStart, b.FileEnd})
		a.Closed = b.Closed
		for _, e := range b.Errs {
			a.Diags = append(a.Diags, errorAt(e.Code, e.Message, e.Hint, Range{e.Start, e.End}))
		}
		if b.Path != "" {
			pr := Range{b.PathStart, b.PathEnd}
			a.set("path", b.Path, Text, pr, pr)
		}
		sr, rr := Range{b.SearchStart, b.SearchEnd}, Range{b.ReplaceStart, b.ReplaceEnd}
		if b.Overwrite {
			a.set("content", b.Content, Body, sr, sr)
		} else {
			a.set("old_text", b.Search, Body, sr, sr)
			a.set("new_text", b.Replace, Body, rr, rr)
		}
		g.Actions = append(g.Actions, a)
	}
	return g
}
