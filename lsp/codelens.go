package lsp

import (
	"context"
	"encoding/json"
)

type command struct {
	Title     string `json:"title"`
	Command   string `json:"command"`
	Arguments []any  `json:"arguments"`
}

type codeLens struct {
	Range   Range   `json:"range"`
	Command command `json:"command"`
}

func init() { methods["textDocument/codeLens"] = (*Server).codeLens }

// codeLens puts "Dry-run" and "Apply" over every group (a block, or a whole
// TASKS/<tasks> group, which runs as one) and, when there are several
// groups, "Dry-run all" and "Apply all" over the first. They call the
// clada.dryRun/clada.apply commands with {uri, range}, so a lens runs only
// its group; a group with syntax errors gets none, as it would not run.
func (s *Server) codeLens(_ context.Context, raw json.RawMessage) (any, error) {
	var p struct {
		TextDocument textDocumentID `json:"textDocument"`
	}
	if err := decode("textDocument/codeLens", raw, &p); err != nil {
		return nil, err
	}
	d, err := s.lookup(p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	m := s.mapper(d.file)
	out := []codeLens{}
	runnable := 0
	for _, g := range d.doc.Groups {
		if g.Diags.HasErrors() {
			continue
		}
		bad := false
		for _, a := range g.Actions {
			bad = bad || a.HasErrors()
		}
		if bad {
			continue
		}
		runnable++
		r := m.rng(g.Range)
		head := Range{Start: r.Start, End: r.Start}
		arg := map[string]any{"uri": d.uri, "range": r}
		out = append(out,
			codeLens{Range: head, Command: command{Title: "Dry-run", Command: cmdDryRun, Arguments: []any{arg}}},
			codeLens{Range: head, Command: command{Title: "Apply", Command: cmdApply, Arguments: []any{arg}}})
	}
	if runnable > 1 {
		head := out[0].Range
		out = append([]codeLens{
			{Range: head, Command: command{Title: "Dry-run all", Command: cmdDryRun, Arguments: []any{d.uri}}},
			{Range: head, Command: command{Title: "Apply all", Command: cmdApply, Arguments: []any{d.uri}}},
		}, out...)
	}
	return out, nil
}
