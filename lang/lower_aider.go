package lang

import (
	"bytes"
	"strings"

	"github.com/clada-dev/clada/grammar/aider"
	"github.com/clada-dev/clada/source"
)

// aider front-end: SEARCH/REPLACE blocks, as aider's editblock format
// writes them (grammar/aider). Each block is one action:
//
//   - a SEARCH with text is file_replace_text: the text must occur exactly
//     once (aider takes the first of several matches; clada names them all
//     and changes nothing);
//   - an empty (or blank) SEARCH is file_append, as aider does: it creates a
//     missing file, and adds to the end of one that exists;
//   - the file is the one the block names, never another (aider retargets a
//     block to a similar file name in the chat; clada does not know a chat).
//
// A block that inherits the previous block's file is in the same span, and
// the span is one group of independent actions (like SHAM blocks: a failed
// edit does not stop the next).
func lowerAider(text []byte, _ *scratch) *Group {
	edits := aider.Scan(text)
	g := &Group{Syntax: Aider, Kind: Standalone, Range: source.Range{Start: 0, End: len(text)}}
	for _, e := range edits {
		op := OpFileReplaceText
		if strings.TrimSpace(e.Search) == "" {
			op = OpFileAppend
		}
		a := foreignAction(Aider, op, source.Range{Start: e.Start, End: e.End}, source.Range{Start: e.HeadStart, End: e.HeadEnd})
		a.Diags = e.Diags
		a.Closed = len(e.Diags) == 0
		if e.Path != "" {
			pr := source.Range{Start: e.PathStart, End: e.PathEnd}
			if e.PathStart < 0 {
				pr = source.Range{Start: e.HeadStart, End: e.HeadEnd}
			}
			a.set(ParamPath, e.Path, Text, pr, pr)
		}
		search := source.Range{Start: e.SearchStart, End: e.SearchEnd}
		repl := source.Range{Start: e.ReplaceStart, End: e.ReplaceEnd}
		if op == OpFileAppend {
			a.set(ParamContent, e.Replace, Body, repl, repl)
		} else {
			a.set(ParamOldText, e.Search, Body, search, search)
			a.set(ParamNewText, e.Replace, Body, repl, repl)
		}
		g.Actions = append(g.Actions, a)
	}
	return g
}

func splitAider(src []byte) ([]source.Range, source.Diagnostics) {
	return spanRanges(aider.Spans(src)), nil
}

// aiderMarker is how an aider block's SEARCH line starts
// (SyntaxDef.markers): five or more '<' and " SEARCH". Its file name may be
// written up to three lines above it (the fence and a blank line between).
var aiderMarker = blockMarker{
	text: "<<<<<",
	opens: func(b []byte) bool {
		i := 0
		for i < len(b) && b[i] == '<' {
			i++
		}
		return bytes.HasPrefix(b[i:], []byte(" SEARCH"))
	},
	above: 3,
}
