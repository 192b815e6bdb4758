package lang

import (
	"bytes"
	"math"
	"strconv"
	"strings"

	"github.com/clada-dev/clada/grammar/udiff"
	"github.com/clada-dev/clada/source"
)

// Unified diff front-end (grammar/udiff). A diff (one or more files) is
// one Tasks group that applies all or nothing (the engine simulates it
// first, group_all_or_nothing.go), and one invalid hunk holds back the
// whole diff. Each file lowers to:
//
//   - a new file (--- /dev/null, new file mode): file_write of its '+' lines;
//   - a deleted file (+++ /dev/null): file_delete;
//   - a rename (rename from/to, or a/x b/y that differ): file_move, then
//     its hunks on the new path;
//   - each hunk: file_replace_text of its old side (context and '-' lines)
//     by its new side, with near_line the line the header gives (moved by
//     the hunks before it in the file). The old side must match whole lines
//     exactly once; of several matches the one at near_line is taken; the
//     result reports "offset" when the match is elsewhere. A hunk with no
//     old side (diff -U0 adding lines) is file_insert after the header's
//     line; a hunk that changes nothing is dropped. A hunk whose header
//     counts disagree with its lines (udiff's HUNK_RECOUNTED) has no
//     near_line: its old side must match exactly once.
//
// Mode lines are a warning (content only); copies and binary patches are
// errors.
func lowerUDiff(text []byte, sc *scratch) *Group {
	g := &Group{Syntax: UDiff, Kind: Tasks, Range: source.Range{Start: 0, End: len(text)}}
	var diffs []udiff.Diff
	var lazy map[int]bool // the deferred hunks (by start) whose new side has a lazy placeholder
	deferred := sc != nil && sc.deferHunks
	if deferred {
		// A hunk that lowers to file_replace_text keeps no texts: they
		// are read again when the engine runs it (hunk_texts.go).
		diffs = udiff.ScanDropping(text, func(f *udiff.File, h *udiff.Hunk, old, new []byte) bool {
			// The hunks lowerUDiffFile makes file_replace_text of: not a
			// new file's (its content), nor one that inserts or changes
			// nothing, nor one with an error (never run; quoted as read).
			// (DeferredHunk keeps offsets in 32 bits: past them, the texts.)
			if f.Created || f.Deleted || h.Diags.HasErrors() || len(old) == 0 || bytes.Equal(old, new) || h.End > math.MaxInt32 {
				return false
			}
			if hasPlaceholder(new) {
				if lazy == nil {
					lazy = map[int]bool{}
				}
				lazy[h.Start] = true
			}
			return true
		})
	} else {
		diffs = udiff.Scan(text)
	}
	if len(diffs) > 0 { // the span holds one diff
		for _, f := range diffs[0].Files {
			lowerUDiffFile(g, f, text, lazy)
		}
		g.Range = source.Range{Start: diffs[0].Start, End: diffs[0].End}
	}
	return g
}

func splitUDiff(src []byte) ([]source.Range, source.Diagnostics) {
	diffs := udiff.Spans(src) // the spans alone: each is read again, lowerUDiff
	out := make([]source.Range, len(diffs))
	for i, d := range diffs {
		out[i] = source.Range{Start: d.Start, End: d.End}
	}
	return out, nil
}

// lowerUDiffFile lowers f, read from src; a hunk whose texts were dropped
// (udiff.ScanDropping) has its old_text, new_text and near_line made when
// they are read again (ParseOptions.DeferHunkTexts), lazy telling whether
// its new side has a lazy placeholder.
func lowerUDiffFile(g *Group, f udiff.File, src []byte, lazy map[int]bool) {
	oldR, newR := source.Range{Start: f.OldStart, End: f.OldEnd}, source.Range{Start: f.NewStart, End: f.NewEnd}
	head := source.Range{Start: f.Start, End: f.Start}
	if len(f.Hunks) > 0 {
		head.End = f.Hunks[0].Start
	} else {
		head.End = f.End
	}
	fileDiags := f.Diags
	var first *Action // the file's first action carries the header's diagnostics
	add := func(a *Action) {
		if first == nil {
			first = a
			a.Diags = append(a.Diags, fileDiags...)
		}
		g.Actions = append(g.Actions, a)
	}
	switch {
	case f.Created:
		a := foreignAction(UDiff, OpFileWrite, source.Range{Start: f.Start, End: f.End}, head)
		a.set(ParamPath, f.NewPath, Text, newR, newR)
		content := ""
		for _, h := range f.Hunks {
			a.Diags = append(a.Diags, h.Diags...)
			if h.Old != "" {
				a.Diags = append(a.Diags, errorAt(udiff.NewFileContext, "a new file's hunk has context or removed lines",
					"write a new file as one hunk @@ -0,0 +1,N @@ of '+' lines", source.Range{Start: h.Start, End: h.HeadEnd}))
			}
			content += h.New
		}
		a.set(ParamContent, content, Body, source.Range{Start: head.End, End: f.End}, source.Range{Start: head.End, End: f.End})
		a.set(ParamOverwrite, "false", Text, head, head) // git apply refuses a new file that exists too
		add(a)
		return
	case f.Deleted:
		a := foreignAction(UDiff, OpFileDelete, source.Range{Start: f.Start, End: f.End}, head)
		a.set(ParamPath, f.OldPath, Text, oldR, oldR)
		// The hunks' removed lines are the whole file as the diff saw it:
		// git apply deletes a file only while it still holds them, and so
		// does clada, or a file changed since would be lost.
		if len(f.Hunks) > 0 {
			old := ""
			for _, h := range f.Hunks {
				a.Diags = append(a.Diags, h.Diags...)
				old += h.Old
			}
			body := source.Range{Start: head.End, End: f.End}
			a.set(ParamOldContent, old, Body, body, body)
		}
		add(a)
		return
	}
	path, pathR := f.OldPath, oldR
	if f.Renamed {
		a := foreignAction(UDiff, OpFileMove, head, head)
		a.set(ParamOldPath, f.OldPath, Text, oldR, oldR)
		a.set(ParamNewPath, f.NewPath, Text, newR, newR)
		a.set(ParamOverwrite, "false", Text, head, head) // git apply refuses a rename onto a file too
		add(a)
		path, pathR = f.NewPath, newR
	}
	delta := 0
	for k := range f.Hunks {
		h := &f.Hunks[k]
		r, hr := source.Range{Start: h.Start, End: h.End}, source.Range{Start: h.Start, End: h.HeadEnd}
		line := 0
		if h.Counted {
			line = h.OldLine + delta
			delta += h.NewCount - h.OldCount
		}
		var a *Action
		switch {
		case h.Dropped:
			a = udiffReplace(h, path, pathR, line, src, lazy[h.Start])
		case h.Old == "" && !h.Counted:
			a = foreignAction(UDiff, OpFileInsert, r, hr)
			a.set(ParamPath, path, Text, pathR, pathR)
			a.Diags = append(a.Diags, errorAt("NO_CONTEXT", "a hunk that only adds lines needs its header's line numbers or context lines to say where",
				"write the header as @@ -N,0 +M,K @@ (the lines go after line N), or add the unchanged lines around them with a leading space", hr))
		case h.Old == "" && len(h.Diags) == 0 && h.New != "":
			a = foreignAction(UDiff, OpFileInsert, r, hr)
			a.set(ParamPath, path, Text, pathR, pathR)
			a.set(ParamLine, strconv.Itoa(line), Text, hr, hr)
			a.set(ParamContent, h.New, Body, r, r)
			if h.RawCR || !strings.HasSuffix(h.New, "\n") {
				// The hunk states its bytes: CRs, or "\ No newline at end
				// of file" after its last line (README, "Unified diffs").
				a.set(ParamLineEnds, "as-written", Text, hr, hr)
			}
		case h.Old == h.New && len(h.Diags) == 0:
			// Only context: nothing to change, and nothing to run. Said,
			// never dropped in silence: the LLM meant some change here.
			w := source.Diagnostic{Severity: source.Warning, Code: "EMPTY_HUNK",
				Message: "this hunk changes nothing: its old and new lines are the same",
				Hint:    "mark the lines to remove with '-' and the lines to add with '+'", Range: hr}
			if first != nil {
				first.Diags = append(first.Diags, w)
			} else {
				fileDiags = append(fileDiags, w) // the file's first action, or the group, says it
			}
			continue
		default:
			a = udiffReplace(h, path, pathR, line, nil, false)
		}
		a.Diags = append(a.Diags, h.Diags...)
		add(a)
	}
	if first == nil && len(fileDiags) > 0 {
		g.Diags = append(g.Diags, fileDiags...)
	}
}

// udiffReplace is hunk h's file_replace_text of path (at pathR), near
// line (0: none); with src, its texts were dropped, to be read again from
// src (hunk_texts.go), placeholders telling whether its new side has a
// lazy placeholder.
func udiffReplace(h *udiff.Hunk, path string, pathR source.Range, line int, src []byte, placeholders bool) *Action {
	r, hr := source.Range{Start: h.Start, End: h.End}, source.Range{Start: h.Start, End: h.HeadEnd}
	a := foreignAction(UDiff, OpFileReplaceText, r, hr)
	if src != nil { // path and line_ends alone until the texts are read: room for those
		a.Params = make([]*Param, 0, 1+bits(h.RawCR))
	}
	a.set(ParamPath, path, Text, pathR, pathR)
	// A hunk whose counts were wrong is placed by its lines alone: they
	// must match exactly once, never a guess at the line.
	near := 0
	if line > 0 && !h.Recounted {
		near = line
	}
	if src != nil {
		// old_text, new_text and near_line are made when the engine reads
		// the texts.
		a.deferHunk(src, h, near, placeholders)
	} else {
		a.set(ParamOldText, h.Old, Body, r, r)
		a.set(ParamNewText, h.New, Body, r, r)
		if near > 0 {
			a.set(ParamNearLine, strconv.Itoa(near), Text, hr, hr)
		}
	}
	if h.RawCR {
		// The hunk states its line ends (README, "Unified diffs"): a CRLF
		// file's lines turned LF stay LF.
		a.set(ParamLineEnds, "as-written", Text, hr, hr)
	}
	return a
}

// bits is 1 for true, 0 for false.
func bits(b bool) int {
	if b {
		return 1
	}
	return 0
}

// udiffOldHeader is a diff's "--- a/path" line (SyntaxDef.markers), not a
// "----" rule.
var udiffOldHeader = blockMarker{
	text:  "--- ",
	opens: func(b []byte) bool { return len(b) > 4 && b[4] != '-' },
}
