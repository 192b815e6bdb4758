package lsp

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/clada-dev/clada/lang"
)

type documentSymbol struct {
	Name           string `json:"name"`
	Detail         string `json:"detail,omitempty"`
	Kind           int    `json:"kind"`
	Range          Range  `json:"range"`
	SelectionRange Range  `json:"selectionRange"`
}

type foldingRange struct {
	StartLine int    `json:"startLine"`
	EndLine   int    `json:"endLine"`
	Kind      string `json:"kind,omitempty"`
}

func init() {
	methods["textDocument/documentSymbol"] = (*Server).documentSymbol
	methods["textDocument/foldingRange"] = (*Server).foldingRange
}

// documentSymbol lists one symbol per block: the op and its primary param
// ("file_write src/a.go"), detailed with the block id.
func (s *Server) documentSymbol(_ context.Context, raw json.RawMessage) (any, error) {
	var p docParams
	if err := decode("textDocument/documentSymbol", raw, &p); err != nil {
		return nil, err
	}
	d, err := s.lookup(p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	m := s.mapper(d.file)
	out := []documentSymbol{}
	for a := range d.doc.Actions() {
		name := a.Op
		if name == "" {
			name = "(no action)"
		}
		if spec := lang.Lookup(a.Op); spec != nil {
			if v, ok := a.Value(spec.Primary); ok {
				name += " " + v
			}
		}
		sel := a.OpRange
		if sel == (lang.Range{}) {
			sel = lang.Range{Start: a.Range.Start, End: a.Range.Start}
		}
		sym := documentSymbol{Name: name, Kind: 12, Range: m.rng(a.Range), SelectionRange: m.rng(sel)} // 12: Function
		if a.ID != "" {
			sym.Detail = fmt.Sprintf("%s block %s", a.Syntax, a.ID)
		} else {
			sym.Detail = a.Syntax.String() + " block"
		}
		out = append(out, sym)
	}
	return out, nil
}

// foldingRange folds every multi-line group and block, and every multi-line
// param value (heredocs, bodies).
func (s *Server) foldingRange(_ context.Context, raw json.RawMessage) (any, error) {
	var p docParams
	if err := decode("textDocument/foldingRange", raw, &p); err != nil {
		return nil, err
	}
	d, err := s.lookup(p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	out := []foldingRange{}
	add := func(r lang.Range) {
		start, end := d.file.Line(r.Start)-1, d.file.Line(max(r.Start, r.End-1))-1
		if end > start {
			out = append(out, foldingRange{StartLine: start, EndLine: end, Kind: "region"})
		}
	}
	for _, g := range d.doc.Groups {
		if g.Kind == lang.Tasks {
			add(g.Range)
		}
		for _, a := range g.Actions {
			add(a.Range)
			for _, pr := range a.Params {
				add(pr.ValueRange)
			}
		}
	}
	return out, nil
}
