package lang

import (
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
		g.Actions = append(g.Actions, findReplace{syntax: Zed,
			rng: source.Range{Start: e.Start, End: e.End}, head: source.Range{Start: e.TagStart, End: e.TagEnd}, diags: e.Diags,
			path: b.Path, pathRange: source.Range{Start: b.PathStart, End: b.PathEnd},
			search: e.Old, searchRange: source.Range{Start: e.OldStart, End: e.OldEnd},
			replace: e.New, replaceRange: source.Range{Start: e.NewStart, End: e.NewEnd},
			line: e.Line, lineRange: source.Range{Start: e.LineStart, End: e.LineEnd},
		}.action())
	}
	return g
}

func splitZed(src []byte) ([]source.Range, source.Diagnostics) {
	return spanRanges(zed.Spans(src)), nil
}
