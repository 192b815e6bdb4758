package lsp

import (
	"context"

	"github.com/clada-dev/clada/lang"
	"go.lsp.dev/protocol"
)

// item builds a completion item; detail and doc are left out when empty, as
// editors show an empty detail line otherwise.
func item(label string, kind protocol.CompletionItemKind, detail, doc string) protocol.CompletionItem {
	it := protocol.CompletionItem{Label: label, Kind: kind}
	if detail != "" {
		it.Detail = protocol.NewOptional(detail)
	}
	if doc != "" {
		it.Documentation = protocol.String(doc)
	}
	return it
}

// Completion answers with a plain list of items (never a CompletionList).
func (s *Server) Completion(_ context.Context, p *protocol.CompletionParams) (protocol.CompletionResult, error) {
	d, err := s.lookup(p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	return protocol.CompletionItemSlice(s.complete(d, s.mapper(d.file).offset(p.Position))), nil
}

// complete offers, inside a block: on the action line the catalog's op
// names; elsewhere the op's params not yet given, and for an enum param its
// values. Outside blocks it offers a new block or the end marker of an
// unclosed one.
func (s *Server) complete(d *document, off int) []protocol.CompletionItem {
	a := actionAt(d.doc, off)
	out := []protocol.CompletionItem{}
	if a == nil {
		if u := unclosedAt(d.doc, off); u != nil {
			return append(out, closeSnippet(u)...)
		}
		if atLineStart(d.file, off) {
			out = blockSnippets(d.doc)
		}
		return out
	}
	line := d.file.Line(off)
	if a.Op == "" || d.file.Line(a.OpRange.Start) == line {
		for _, o := range lang.Ops() {
			out = append(out, item(o.Name, protocol.CompletionItemKindFunction, o.Kind.String(), o.Doc))
		}
		return out
	}
	spec := lang.Lookup(a.Op)
	if spec == nil {
		return out
	}
	for _, pr := range a.Params {
		if d.file.Line(pr.KeyRange.Start) == line && pr.ValueRange.Contains(off) {
			if ps := spec.Param(pr.Key); ps != nil && len(ps.Enum) > 0 {
				for _, v := range ps.Enum {
					out = append(out, item(v, protocol.CompletionItemKindEnumMember, "", ""))
				}
				return out
			}
		}
	}
	if items, ok := s.valueCompletion(d, a, off); ok {
		return append(out, items...)
	}
	for i := range spec.Params {
		ps := &spec.Params[i]
		if a.Param(ps.Name) == nil {
			out = append(out, item(ps.Name, protocol.CompletionItemKindField, ps.Type.String(), ps.Doc))
		}
	}
	return append(out, closeSnippet(a)...)
}
