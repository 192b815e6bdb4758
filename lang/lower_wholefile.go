package lang

import (
	"strings"

	"github.com/clada-dev/clada/grammar/wholefile"
	"github.com/clada-dev/clada/source"
)

// Whole-file front-end (grammar/wholefile): a fenced code block whose
// path is stated (README, "Whole-file blocks") is file_merge of the block's
// text. file_merge writes it as the whole file, except that a new file is
// written only into a folder that exists, a file with content is never cut
// down to an excerpt of itself, and lazy placeholders are merged only where
// the file decides them (engine/op_lazy.go).
//
// A fence is an example, not a file, and is not read, when:
//
//   - no path is stated for it (most fences of an answer: commands,
//     snippets, output);
//   - its info string is a diff, a console session or output (```diff,
//     ```console, ```output), or Cursor's code reference ```12:15:path,
//     which quotes a file rather than writing it;
//   - it holds another format's block (aider or Cline SEARCH/REPLACE, a
//     diff, a JSON tool call, SHAM, …): that format reads it (the syntax
//     yields, SyntaxDef.yields).
//
// A stated path that is two different paths, or a fence never closed, is
// an error, never a write.
func lowerWholeFile(text []byte, _ *scratch) *Group {
	g := &Group{Syntax: WholeFile, Kind: Standalone, Range: source.Range{Start: 0, End: len(text)}}
	for _, f := range wholefile.Scan(text) {
		if f.Path == "" {
			continue
		}
		g.Range = source.Range{Start: f.Start, End: f.End}
		a := foreignAction(WholeFile, OpFileMerge, g.Range, source.Range{Start: f.OpenStart, End: f.OpenEnd})
		a.Diags = f.Diags
		a.Closed = f.Closed
		pr := source.Range{Start: f.PathStart, End: f.PathEnd}
		a.set(ParamPath, f.Path, Text, pr, pr)
		cr := source.Range{Start: f.ContentStart, End: f.ContentEnd}
		a.set(ParamContent, f.Content, Body, cr, cr)
		if strings.TrimSpace(f.Content) == "" {
			// An empty block under a path makes an empty file; on a file
			// with content it is no whole file (a model that meant to
			// empty it says so), so it never wipes one (README,
			// "Whole-file blocks").
			at := source.Range{Start: f.OpenStart, End: f.OpenStart} // implied: no text of the block says it
			a.set(ParamCreateOnly, "true", Attribute, at, at)
		}
		g.Actions = append(g.Actions, a)
		break // a span is one fence
	}
	return g
}

// exampleInfo are the info strings of fences that are never a file.
var exampleInfo = map[string]bool{"diff": true, "patch": true, "udiff": true, "console": true, "shell-session": true,
	"sh-session": true, "terminal": true, "output": true, "pycon": true}

// splitWholeFile finds the fences that state a path and are not examples
// (lowerWholeFile says which are).
func splitWholeFile(src []byte) ([]source.Range, source.Diagnostics) {
	if !wholefile.HasFence(src) {
		return nil, nil
	}
	// once for the text: most answers have no placeholder anywhere
	out, ds := wholeFileFences(src, 0, len(src), mayHoldPlaceholder(src), nil)
	return out, ds
}

// splitWholeFileFrom is splitWholeFile resumable (SyntaxDef.splitFrom):
// after each fence the scan is as at the text's start.
func splitWholeFileFrom(src []byte, from, to int, sync func(next, spans, diags int) bool) ([]source.Range, source.Diagnostics, bool) {
	// A piece, or a scan that stops after a fence or two, does not look
	// for placeholder signs in the whole text: each fence's body is looked
	// at itself (firstPlaceholder does), with the same result.
	out, ds := wholeFileFences(src, from, to, true, sync)
	return out, ds, true
}

// wholeFileFences is splitWholeFile over the fences wholefile.EachFrom
// finds from from to to; signs is false when src holds no placeholder
// sign.
func wholeFileFences(src []byte, from, to int, signs bool, sync func(next, spans, diags int) bool) ([]source.Range, source.Diagnostics) {
	var out []source.Range
	var ds source.Diagnostics
	wholefile.EachFrom(src, from, to, func(f *wholefile.Fence) bool {
		switch {
		case f.Path == "" || f.Citation || exampleInfo[strings.ToLower(f.Lang)]:
			ds = append(ds, unreadFence(src, f, signs)...) // unread.go
		default: // a fence holding another format's block yields to it (findSpans)
			out = append(out, source.Range{Start: f.Start, End: f.End})
		}
		return sync == nil || !sync(f.End, len(out), len(ds))
	})
	return out, ds
}

// claimedByOther reports whether text holds a block another syntax
// reads: a fence holding one is that block's, not a file.
func claimedByOther(text []byte) bool {
	for i := range syntaxes {
		d := &syntaxes[i]
		if d.ID == WholeFile {
			continue
		}
		if rs, _ := d.split(text); len(rs) > 0 {
			return true
		}
	}
	return false
}
