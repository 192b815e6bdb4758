package lang

import (
	"strings"

	"github.com/clada-dev/clada/grammar/cline"
	"github.com/clada-dev/clada/source"
)

// Cline front-end (grammar/cline). A replace_in_file call (or a run of
// bare blocks after a path line) is one Tasks group that applies all or
// nothing, as Cline writes a file only when every block of the call
// found its text:
//
//   - a block with text to find is file_replace_text: the text, whole
//     lines, must occur exactly once in the file as the blocks before it
//     left it (Cline takes the first match, and falls back to matching
//     lines with their blanks trimmed; clada does neither);
//   - a block with an empty SEARCH is file_merge with create_only: it
//     creates the file, or fills an empty one, and is refused on a file
//     with content, as Cline refuses it;
//   - a write_to_file call is file_write, or file_merge when its content
//     holds a lazy placeholder (placeholder.go).
func lowerCline(text []byte, _ *scratch) *Group {
	g := &Group{Syntax: Cline, Kind: Tasks, Range: source.Range{Start: 0, End: len(text)}}
	calls := cline.Scan(text)
	if len(calls) == 0 {
		return g
	}
	c := calls[0] // a span is one call
	g.Range = source.Range{Start: c.Start, End: c.End}
	g.Diags = c.Diags
	head := source.Range{Start: c.NameStart, End: c.NameEnd}
	path := func(a *Action) {
		if c.PathStart >= 0 {
			pr := source.Range{Start: c.PathStart, End: c.PathEnd}
			a.set(ParamPath, c.Path, Text, pr, pr)
		}
	}
	if c.Kind == cline.Write {
		g.Kind = Standalone
		op := OpFileWrite
		if len(Placeholders(c.Content)) > 0 {
			op = OpFileMerge
		}
		a := foreignAction(Cline, op, g.Range, head)
		path(a)
		cr := source.Range{Start: c.ContentStart, End: c.ContentEnd}
		a.set(ParamContent, c.Content, Body, cr, cr)
		a.Diags, g.Diags = g.Diags, nil
		a.Closed = !a.Diags.HasErrors()
		g.Actions = append(g.Actions, a)
		return g
	}
	for _, e := range c.Edits {
		rng, head := source.Range{Start: e.Start, End: e.End}, source.Range{Start: e.HeadStart, End: e.HeadEnd}
		rr := source.Range{Start: e.ReplaceStart, End: e.ReplaceEnd}
		if strings.TrimSpace(e.Search) != "" {
			g.Actions = append(g.Actions, findReplace{syntax: Cline, rng: rng, head: head, diags: e.Diags,
				path: c.Path, pathRange: source.Range{Start: c.PathStart, End: c.PathEnd},
				search: e.Search, searchRange: source.Range{Start: e.SearchStart, End: e.SearchEnd},
				replace: e.Replace, replaceRange: rr,
			}.action())
			continue
		}
		// an empty SEARCH: file_merge with create_only (above)
		a := foreignAction(Cline, OpFileMerge, rng, head)
		a.Diags = e.Diags
		a.Closed = len(e.Diags) == 0
		path(a)
		a.set(ParamContent, e.Replace, Body, rr, rr)
		a.set(ParamCreateOnly, "true", Attribute, source.Range{Start: e.HeadStart, End: e.HeadStart}, source.Range{Start: e.HeadStart, End: e.HeadStart})
		g.Actions = append(g.Actions, a)
	}
	return g
}

func splitCline(src []byte) ([]source.Range, source.Diagnostics) {
	return spanRanges(cline.Spans(src)), nil
}
