package lang

import (
	"strconv"

	"github.com/clada-dev/clada/grammar/zed"
	"github.com/clada-dev/clada/source"
)

// Zed front-end (grammar/zed). An <edits> element is one Tasks group that
// applies all or nothing; each pair is file_replace_text of its old text
// (exactly once in the file; Zed matches loosely) by its new text, with
// line= as near_line, used only to choose among several exact matches.
func lowerZed(text []byte, _ *scratch) *Group {
	g := &Group{Syntax: Zed, Kind: Tasks, Range: source.Range{Start: 0, End: len(text)}}
	blocks := zed.Scan(text)
	if len(blocks) == 0 {
		return g
	}
	b := blocks[0]
	g.Range = source.Range{Start: b.Start, End: b.End}
	g.Diags = b.Diags
	for _, e := range b.Edits {
		a := foreignAction(Zed, OpFileReplaceText, source.Range{Start: e.Start, End: e.End}, source.Range{Start: e.TagStart, End: e.TagEnd})
		a.Diags = e.Diags
		a.Closed = len(e.Diags) == 0
		if b.PathStart >= 0 {
			pr := source.Range{Start: b.PathStart, End: b.PathEnd}
			a.set(ParamPath, b.Path, Text, pr, pr)
		}
		or, nr := source.Range{Start: e.OldStart, End: e.OldEnd}, source.Range{Start: e.NewStart, End: e.NewEnd}
		a.set(ParamOldText, e.Old, Body, or, or)
		a.set(ParamNewText, e.New, Body, nr, nr)
		if e.Line > 0 {
			lr := source.Range{Start: e.LineStart, End: e.LineEnd}
			a.set(ParamNearLine, strconv.Itoa(e.Line), Attribute, lr, lr)
		}
		g.Actions = append(g.Actions, a)
	}
	return g
}

func splitZed(src []byte) ([]source.Range, source.Diagnostics) {
	return spanRanges(zed.Spans(src)), nil
}
