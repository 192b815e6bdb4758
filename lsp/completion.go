package lsp

import (
	"context"
	"encoding/json"

	"github.com/clada-dev/clada/lang"
)

type completionItem struct {
	Label         string `json:"label"`
	Kind          int    `json:"kind"`
	Detail        string `json:"detail,omitempty"`
	Documentation string `json:"documentation,omitempty"`
	// InsertText replaces Label when set; InsertTextFormat 2 marks it a snippet.
	InsertText       string `json:"insertText,omitempty"`
	InsertTextFormat int    `json:"insertTextFormat,omitempty"`
}

func init() { methods["textDocument/completion"] = (*Server).completion }

// completion offers, inside a block: on the action line the catalog's op
// names; elsewhere the op's params not yet given, and for an enum param its
// values. Outside blocks it offers nothing.
func (s *Server) completion(_ context.Context, raw json.RawMessage) (any, error) {
	var p docParams
	if err := decode("textDocument/completion", raw, &p); err != nil {
		return nil, err
	}
	d, err := s.lookup(p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	off := s.mapper(d.file).offset(p.Position)
	a := actionAt(d.doc, off)
	out := []completionItem{}
	if a == nil {
		if u := unclosedAt(d.doc, off); u != nil {
			return append(out, closeSnippet(u)...), nil
		}
		if atLineStart(d.file, off) {
			out = blockSnippets(d.doc)
		}
		return out, nil
	}
	line := d.file.Line(off)
	if a.Op == "" || d.file.Line(a.OpRange.Start) == line {
		for _, o := range lang.Ops() {
			out = append(out, completionItem{Label: o.Name, Kind: 3, Detail: o.Kind.String(), Documentation: o.Doc}) // 3: Function
		}
		return out, nil
	}
	spec := lang.Lookup(a.Op)
	if spec == nil {
		return out, nil
	}
	for _, pr := range a.Params {
		if d.file.Line(pr.KeyRange.Start) == line && pr.ValueRange.Contains(off) {
			if ps := spec.Param(pr.Key); ps != nil && len(ps.Enum) > 0 {
				for _, v := range ps.Enum {
					out = append(out, completionItem{Label: v, Kind: 20}) // 20: EnumMember
				}
				return out, nil
			}
		}
	}
	if items, ok := s.valueCompletion(d, a, off); ok {
		return append(out, items...), nil
	}
	for i := range spec.Params {
		ps := &spec.Params[i]
		if a.Param(ps.Name) == nil {
			out = append(out, completionItem{Label: ps.Name, Kind: 5, Detail: ps.Type.String(), Documentation: ps.Doc}) // 5: Field
		}
	}
	return append(out, closeSnippet(a)...), nil
}
