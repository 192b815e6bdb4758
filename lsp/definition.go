package lsp

import (
	"context"

	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
	"go.lsp.dev/protocol"
)

// Definition jumps from a path value to the file it names, and from a search
// text to where it matches in the target file (the first match).
// No target answers null (a nil DefinitionResult).
func (s *Server) Definition(_ context.Context, p *protocol.DefinitionParams) (protocol.DefinitionResult, error) {
	d, err := s.lookup(p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	off := s.mapper(d.file).offset(p.Position)
	a := actionAt(d.doc, off)
	if a == nil {
		return nil, nil
	}
	full := s.targetPath(a)
	if full == "" {
		return nil, nil
	}
	for _, pr := range a.Params {
		if !pr.ValueRange.Contains(off) {
			continue
		}
		switch {
		case pr.Key == lang.ParamPath:
			if !s.targetExists(full) {
				return nil, nil
			}
			return protocol.LocationSlice{{URI: pathURI(full)}}, nil
		case isSearchParam(pr.Key):
			data, err := s.readTarget(full)
			if err != nil {
				return nil, nil
			}
			ms := searchMatches(data, pr.Value)
			if len(ms) == 0 {
				return nil, nil
			}
			m := s.mapper(source.NewFile(full, data))
			return protocol.LocationSlice{{URI: pathURI(full), Range: m.rng(source.Range{Start: ms[0], End: ms[0] + len(pr.Value)})}}, nil
		}
	}
	return nil, nil
}
