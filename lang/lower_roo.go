package lang

import (
	"strconv"

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
		a := foreignAction(Roo, OpFileReplaceText, source.Range{Start: e.Start, End: e.End}, source.Range{Start: e.HeadStart, End: e.HeadEnd})
		a.Diags = e.Diags
		a.Closed = len(e.Diags) == 0
		if c.PathStart >= 0 {
			pr := source.Range{Start: c.PathStart, End: c.PathEnd}
			a.set(ParamPath, c.Path, Text, pr, pr)
		}
		sr, rr := source.Range{Start: e.SearchStart, End: e.SearchEnd}, source.Range{Start: e.ReplaceStart, End: e.ReplaceEnd}
		a.set(ParamOldText, e.Search, Body, sr, sr)
		a.set(ParamNewText, e.Replace, Body, rr, rr)
		noChange(a)
		if e.StartLine > 0 {
			lr := source.Range{Start: e.StartLineStart, End: e.StartLineEnd}
			a.set(ParamNearLine, strconv.Itoa(e.StartLine), Attribute, lr, lr)
		}
		g.Actions = append(g.Actions, a)
	}
	return g
}

func splitRoo(src []byte) ([]source.Range, source.Diagnostics) {
	return spanRanges(roo.Spans(src)), nil
}
