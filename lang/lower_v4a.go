package lang

import (
	"slices"
	"strings"

	"github.com/clada-dev/clada/grammar/v4a"
	"github.com/clada-dev/clada/source"
)

// V4ATolerance is the tolerance a V4A hunk asks the edit matcher for: the
// ladder of Codex's reference applier (exact, trailing whitespace, all
// surrounding whitespace, unicode punctuation), always with a unique match.
const V4ATolerance = "whitespace"

func splitV4A(src []byte) ([]source.Range, source.Diagnostics) {
	spans := v4a.Split(src)
	if calls := v4a.SplitCalls(src); len(calls) > 0 {
		spans = mergeSpans(spans, calls)
	}
	out := make([]source.Range, len(spans))
	for i, s := range spans {
		out[i] = source.Range{Start: s.Start, End: s.End}
	}
	return out, nil
}

func v4aRange(s v4a.Span) source.Range { return source.Range{Start: s.Start, End: s.End} }

// lowerV4A parses one envelope into a Patch group with ranges relative to
// the block start. Envelope errors are the group's: a broken patch runs
// nothing.
func lowerV4A(text []byte, _ *scratch) *Group {
	var p *v4a.Patch
	if v4a.IsCalls(text) {
		p = v4a.ParseCalls(text) // Responses API apply_patch_call items
	} else {
		p = v4a.Parse(text)
	}
	g := &Group{Syntax: V4A, Kind: Patch, Range: v4aRange(p.Span), Diags: p.Diags}
	for _, f := range p.Files {
		g.Actions = append(g.Actions, lowerV4AFile(g, f)...)
	}
	return g
}

// lowerV4AFile lowers one file section (of an envelope or an
// apply_patch_call item) of g. A hunk that changes nothing (only context
// lines) is not an action: g warns of it instead.
func lowerV4AFile(g *Group, f *v4a.FileOp) []*Action {
	act := func(op OpID, r v4a.Span) *Action {
		return &Action{Syntax: V4A, Op: op.String(), OpRange: v4aRange(f.HeaderSpan), Range: v4aRange(r), Closed: true}
	}
	path := func(key string) *Param {
		return &Param{Key: key, Value: f.Path, KeyRange: v4aRange(f.HeaderSpan), ValueRange: v4aRange(f.PathSpan), ContentRange: v4aRange(f.PathSpan), Form: Attribute}
	}
	text := func(key, v string, r v4a.Span) *Param {
		// V4A writes no key: an empty key range, so hovering a hunk explains
		// its match rather than the param.
		return &Param{Key: key, Value: v, KeyRange: source.Range{Start: r.Start, End: r.Start}, ValueRange: v4aRange(r), ContentRange: v4aRange(r), Form: Body}
	}
	switch f.Kind {
	case v4a.Add:
		a := act(OpFileWrite, f.Span)
		a.Params = []*Param{path(ParamPath), text(ParamContent, f.Content, f.ContentSp)}
		return []*Action{a}
	case v4a.Delete:
		a := act(OpFileDelete, f.Span)
		a.Params = []*Param{path(ParamPath)}
		return []*Action{a}
	}
	var out []*Action
	for _, h := range f.Hunks {
		if h.Old == h.New && h.Old != "" {
			g.Diags = append(g.Diags, source.Diagnostic{Severity: source.Warning, Code: v4a.NoChange,
				Message: "this hunk changes nothing: it has no '-' or '+' line", Hint: "mark the lines to remove with '-' and the lines to add with '+'",
				Range: v4aRange(h.Span)})
			continue
		}
		a := act(OpFileReplaceText, h.Span)
		// The params in one array, pointed into: a 5,000-hunk patch made
		// 25,000 small allocations here.
		ps := append(make([]Param, 0, 5), *path(ParamPath), *text(ParamOldText, h.Old, h.Span), *text(ParamNewText, h.New, h.Span))
		if len(h.Anchors) > 0 {
			ps = append(ps, *text(ParamAnchor, strings.Join(h.Anchors, "\n"), h.Span))
		}
		if h.AtEnd {
			ps = append(ps, *text(ParamAtEnd, "true", h.Span))
		}
		ps = append(ps, *text(ParamTolerance, V4ATolerance, h.Span))
		a.Params = make([]*Param, len(ps))
		for i := range ps {
			a.Params[i] = &ps[i]
		}
		out = append(out, a)
	}
	if f.MoveTo != "" {
		a := act(OpFileMove, f.Span)
		a.Params = []*Param{path(ParamOldPath),
			{Key: ParamNewPath, Value: f.MoveTo, KeyRange: v4aRange(f.MoveSpan), ValueRange: v4aRange(f.MoveSpan), ContentRange: v4aRange(f.MoveSpan), Form: Attribute}}
		out = append(out, a)
	}
	return out
}

// mergeSpans orders envelope and JSON spans by start, dropping a JSON span
// that lies inside an envelope.
func mergeSpans(a, b []v4a.Span) []v4a.Span {
	out := append(append([]v4a.Span(nil), a...), b...)
	slices.SortFunc(out, func(x, y v4a.Span) int { return x.Start - y.Start })
	kept := out[:0]
	end := -1
	for _, s := range out {
		if s.Start < end {
			continue
		}
		kept = append(kept, s)
		end = s.End
	}
	return kept
}
