package lsp

import (
	"context"
	"sort"

	"github.com/clada-dev/clada/source"
	"go.lsp.dev/protocol"
)

// tokenTypes is the legend declared in initialize; a token's type is its
// index here.
var tokenTypes = []string{"function", "property", "string"}

const (
	tokOp = iota
	tokKey
	tokValue
)

type semToken struct {
	r   source.Range
	typ int
}

// SemanticTokensFull marks op names, param keys and values, each split at line
// ends (LSP tokens cannot span lines), delta-encoded in the negotiated unit.
func (s *Server) SemanticTokensFull(_ context.Context, p *protocol.SemanticTokensParams) (*protocol.SemanticTokens, error) {
	d, err := s.lookup(p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	var toks []semToken
	for a := range d.doc.Actions() {
		if a.OpRange.End > a.OpRange.Start {
			toks = append(toks, semToken{a.OpRange, tokOp})
		}
		for _, pr := range a.Params {
			if pr.KeyRange.End > pr.KeyRange.Start {
				toks = append(toks, semToken{pr.KeyRange, tokKey})
			}
			toks = append(toks, splitLines(d.file, pr.ValueRange, tokValue)...)
		}
	}
	sort.Slice(toks, func(i, j int) bool { return toks[i].r.Start < toks[j].r.Start })
	m := s.mapper(d.file)
	data := []uint32{}
	prev := protocol.Position{}
	for _, t := range toks {
		st, en := m.position(t.r.Start), m.position(t.r.End)
		if en.Line != st.Line || en.Character <= st.Character {
			continue
		}
		dl, dc := st.Line-prev.Line, st.Character
		if dl == 0 {
			dc = st.Character - prev.Character
		}
		data = append(data, dl, dc, en.Character-st.Character, uint32(t.typ), 0)
		prev = st
	}
	return &protocol.SemanticTokens{Data: data}, nil
}

// splitLines cuts r into one range per line, dropping line breaks.
func splitLines(f *source.File, r source.Range, typ int) []semToken {
	var out []semToken
	for start := r.Start; start < r.End; {
		line := f.Line(start)
		end := min(f.LineEnd(line), r.End)
		if end > start {
			out = append(out, semToken{source.Range{Start: start, End: end}, typ})
		}
		next := f.LineStart(line + 1)
		if next <= start {
			break
		}
		start = next
	}
	return out
}
