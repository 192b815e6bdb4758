package lsp

import (
	"context"
	"encoding/json"
	"fmt"

	"go.lsp.dev/protocol"
)

// lens is a code lens at r running cmd with the one already-encoded argument arg.
func lens(r protocol.Range, title, cmd string, arg protocol.LSPAny) protocol.CodeLens {
	return protocol.CodeLens{Range: r, Command: protocol.Command{Title: title, Command: cmd, Arguments: []protocol.LSPAny{arg}}}
}

// CodeLens puts "Dry-run" and "Apply" over every group (a block, or a whole
// TASKS/<tasks> group, which runs as one) and, when there are several
// groups, "Dry-run all" and "Apply all" over the first. They call the
// clada.dryRun/clada.apply commands with {uri, range}, so a lens runs only
// its group; a group with syntax errors gets none, as it would not run. A
// client that said the workspace is untrusted gets the Dry-run lenses only:
// ExecuteCommand would refuse the apply, so the lens would only lead to an error.
func (s *Server) CodeLens(_ context.Context, p *protocol.CodeLensParams) ([]protocol.CodeLens, error) {
	d, err := s.lookup(p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	m := s.mapper(d.file)
	out := []protocol.CodeLens{}
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
		head := protocol.Range{Start: r.Start, End: r.Start}
		arg, err := json.Marshal(commandTarget{URI: d.uri, Range: &r})
		if err != nil {
			return nil, fmt.Errorf("clada-lsp: code lens argument: %w", err)
		}
		out = append(out, lens(head, "Dry-run", cmdDryRun, arg))
		if !s.untrusted {
			out = append(out, lens(head, "Apply", cmdApply, arg))
		}
	}
	if runnable > 1 {
		all, err := json.Marshal(d.uri)
		if err != nil {
			return nil, fmt.Errorf("clada-lsp: code lens argument: %w", err)
		}
		head := out[0].Range
		first := []protocol.CodeLens{lens(head, "Dry-run all", cmdDryRun, all)}
		if !s.untrusted {
			first = append(first, lens(head, "Apply all", cmdApply, all))
		}
		out = append(first, out...)
	}
	return out, nil
}
