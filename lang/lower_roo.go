package lang

import (
	"github.com/clada-dev/clada/grammar/roo"
	"github.com/clada-dev/clada/source"
)

// Roo Code front-end (grammar/roo). An apply_diff call is one Tasks group
// that applies all or nothing (Roo may leave a call half applied; clada
// does not). Each block is file_replace_text of its SEARCH lines, which
// must occur in the file exactly once; :start_line: is near_line, used only
// to choose among several exact matches, as a unified diff's hunk line is
// (Roo instead searches around the line for the most similar text, and
// strips line-number prefixes, re-indents and matches across whitespace;
// clada does none of that).
func lowerRoo(text []byte, _ *scratch) *Group {
	g := &Group{Syntax: Roo, Kind: Tasks, Range: source.Range{Start: 0, End: len(text)}}
	calls := roo.Scan(text)
	if len(calls) == 0 {
		return g
	}
	c := calls[0]
	g.Range = source.Range{Start: c.Start, End: c.End}
	g.Diags = c.Diags
	for _, e := range c.Edits {
		g.Actions = append(g.Actions, findReplace{syntax: Roo,
			rng: source.Range{Start: e.Start, End: e.End}, head: source.Range{Start: e.HeadStart, End: e.HeadEnd}, diags: e.Diags,
			path: c.Path, pathRange: source.Range{Start: c.PathStart, End: c.PathEnd},
			search: e.Search, searchRange: source.Range{Start: e.SearchStart, End: e.SearchEnd},
			replace: e.Replace, replaceRange: source.Range{Start: e.ReplaceStart, End: e.ReplaceEnd},
			line: e.StartLine, lineRange: source.Range{Start: e.StartLineStart, End: e.StartLineEnd},
		}.action())
	}
	return g
}

func splitRoo(src []byte) ([]source.Range, source.Diagnostics) {
	return spanRanges(roo.Spans(src)), nil
}
