package lsp

import (
	"context"
	"fmt"
	"strings"

	"github.com/clada-dev/clada/lang"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// editAction is a code action of kind that applies edits to one document,
// fixing diags (none for a refactoring).
func editAction(title string, kind protocol.CodeActionKind, u uri.URI, edits []protocol.TextEdit, diags ...protocol.Diagnostic) *protocol.CodeAction {
	return &protocol.CodeAction{
		Title: title, Kind: &kind, Diagnostics: diags,
		Edit: &protocol.WorkspaceEdit{Changes: map[uri.URI][]protocol.TextEdit{u: edits}},
	}
}

// CodeAction offers, for the range asked about: the closest op name for an
// unknown op (the name in the diagnostic's hint, so lang stays the one place
// that picks it), and converting the block's group to each other syntax
// `clada fmt --to` prints it in without changing what runs.
func (s *Server) CodeAction(_ context.Context, p *protocol.CodeActionParams) ([]protocol.CommandOrCodeAction, error) {
	d, err := s.lookup(p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	m := s.mapper(d.file)
	out := []protocol.CommandOrCodeAction{}
	for _, dg := range p.Context.Diagnostics {
		if fix := structuralFix(d, m, dg); fix != nil {
			out = append(out, fix)
			continue
		}
		if codeOf(dg) != lang.CodeUnknownAction {
			continue
		}
		name, ok := strings.CutPrefix(hintOf(dg), "did you mean ")
		if !ok {
			continue
		}
		// "did you mean file_delete or remove?" offers each.
		for _, name := range strings.Split(strings.TrimSuffix(name, "?"), " or ") {
			out = append(out, editAction(fmt.Sprintf("Replace with %s", name), protocol.CodeActionKindQuickFix, d.uri,
				[]protocol.TextEdit{{Range: dg.Range, NewText: name}}, dg))
		}
	}
	off := m.offset(p.Range.Start)
	if a := actionAt(d.doc, off); a != nil {
		if fix := renameDuplicateID(d, m, a); fix != nil {
			out = append(out, fix)
		}
	}
	if g := groupAt(d.doc, off); g != nil {
		out = append(out, convertActions(d, m, g)...) // codeaction_convert.go
	}
	return out, nil
}
