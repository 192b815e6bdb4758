package lsp

import (
	"context"
	"fmt"

	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
	"go.lsp.dev/protocol"
)

// DocumentSymbol lists one symbol per block: the op and its primary param
// ("file_write src/a.go"), detailed with the block id.
func (s *Server) DocumentSymbol(_ context.Context, p *protocol.DocumentSymbolParams) (protocol.DocumentSymbolResult, error) {
	d, err := s.lookup(p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	m := s.mapper(d.file)
	out := protocol.DocumentSymbolSlice{}
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
		if sel == (source.Range{}) {
			sel = source.Range{Start: a.Range.Start, End: a.Range.Start}
		}
		detail := a.Syntax.String() + " block"
		if a.ID != "" {
			detail = fmt.Sprintf("%s block %s", a.Syntax, a.ID)
		}
		sym := protocol.DocumentSymbol{Name: name, Detail: &detail, Kind: protocol.SymbolKindFunction, Range: m.rng(a.Range), SelectionRange: m.rng(sel)}
		out = append(out, sym)
	}
	return out, nil
}

// FoldingRanges folds every multi-line group and block, and every multi-line
// param value (heredocs, bodies).
func (s *Server) FoldingRanges(_ context.Context, p *protocol.FoldingRangeParams) ([]protocol.FoldingRange, error) {
	d, err := s.lookup(p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	out := []protocol.FoldingRange{}
	seen := map[[2]int]bool{} // a diff hunk's values span the hunk itself: fold each range once
	add := func(r source.Range) {
		start, end := d.file.Line(r.Start)-1, d.file.Line(max(r.Start, r.End-1))-1
		if end > start && !seen[[2]int{start, end}] {
			seen[[2]int{start, end}] = true
			out = append(out, protocol.FoldingRange{StartLine: uint32(start), EndLine: uint32(end), Kind: protocol.FoldingRangeKindRegion})
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
