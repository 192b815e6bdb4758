package lsp

import (
	"context"
	"fmt"
	"strings"

	"github.com/clada-dev/clada/lang"
	"go.lsp.dev/protocol"
)

// Hover explains what is under the cursor from the catalog: over a param key
// its type and doc, over a search text where it matches in the target file,
// anywhere else in a block the op's doc and param table.
func (s *Server) Hover(_ context.Context, p *protocol.HoverParams) (*protocol.Hover, error) {
	d, err := s.lookup(p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	m := s.mapper(d.file)
	off := m.offset(p.Position)
	a := actionAt(d.doc, off)
	if a == nil {
		a = actionOfHeader(d.doc, off)
	}
	if a == nil {
		return nil, nil
	}
	spec := lang.Lookup(a.Op)
	if spec == nil {
		return nil, nil
	}
	for _, pr := range a.Params {
		if pr.KeyRange.Contains(off) {
			if ps := spec.Param(pr.Key); ps != nil {
				r := m.rng(pr.KeyRange)
				return &protocol.Hover{Contents: markdown(paramDoc(a, ps)), Range: &r}, nil
			}
		}
		if isSearchParam(pr.Key) && pr.ValueRange.Contains(off) {
			if text := s.searchHover(d, a, pr); text != "" {
				r := m.rng(pr.ValueRange)
				return &protocol.Hover{Contents: markdown(text), Range: &r}, nil
			}
		}
	}
	r := m.rng(a.Range)
	return &protocol.Hover{Contents: markdown(opDoc(spec, a)), Range: &r}, nil
}

// actionAt returns the action whose block contains off, or nil.
func actionAt(doc *lang.Document, off int) *lang.Action {
	for a := range doc.Actions() {
		if a.Range.Contains(off) || (off == a.Range.End && off > a.Range.Start) {
			return a
		}
	}
	return nil
}

// actionOfHeader returns the first action whose op is written at off
// outside its own range: a V4A "*** Update File:" line, which heads the
// section's hunks but lies in none of them. nil when there is none.
func actionOfHeader(doc *lang.Document, off int) *lang.Action {
	for a := range doc.Actions() {
		if a.OpRange.Contains(off) {
			return a
		}
	}
	return nil
}

func markdown(s string) *protocol.MarkupContent {
	return &protocol.MarkupContent{Kind: protocol.MarkupKindMarkdown, Value: s}
}

// opDoc renders an op's catalog entry: name, kind, doc, then its params,
// each documented as a uses it (lang.ParamDoc: a V4A hunk's old_text is
// matched by the tolerance ladder, not exactly).
func opDoc(o *lang.OpSpec, a *lang.Action) string {
	var b strings.Builder
	fmt.Fprintf(&b, "**%s** (%s)\n\n%s\n\n", o.Name, o.Kind, o.Doc)
	for i := range o.Params {
		ps := &o.Params[i]
		req := "optional"
		if ps.Required {
			req = "required"
		}
		fmt.Fprintf(&b, "- `%s` %s, %s: %s\n", ps.Name, ps.Type, req, lang.ParamDoc(a, ps))
	}
	return b.String()
}

// paramDoc renders one param's catalog entry, documented as a uses it.
func paramDoc(a *lang.Action, ps *lang.ParamSpec) string {
	req := "optional"
	if ps.Required {
		req = "required"
	}
	s := fmt.Sprintf("**%s** (%s, %s)\n\n%s", ps.Name, ps.Type, req, lang.ParamDoc(a, ps))
	if ps.Default != "" {
		s += fmt.Sprintf("\n\nDefault: `%s`", ps.Default)
	}
	if len(ps.Enum) > 0 {
		s += "\n\nOne of: `" + strings.Join(ps.Enum, "`, `") + "`"
	}
	return s
}
