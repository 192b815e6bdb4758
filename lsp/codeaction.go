package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/clada-dev/clada/lang"
)

type codeAction struct {
	Title       string        `json:"title"`
	Kind        string        `json:"kind"`
	Diagnostics []diagnostic  `json:"diagnostics,omitempty"`
	Edit        workspaceEdit `json:"edit"`
}

type workspaceEdit struct {
	Changes map[string][]textEdit `json:"changes"`
}

type codeActionParams struct {
	TextDocument textDocumentID `json:"textDocument"`
	Range        Range          `json:"range"`
	Context      struct {
		Diagnostics []diagnostic `json:"diagnostics"`
	} `json:"context"`
}

func init() { methods["textDocument/codeAction"] = (*Server).codeAction }

// codeAction offers, for the range asked about: the closest op name for an
// unknown op (the name in the diagnostic's hint, so lang stays the one place
// that picks it), and converting the block's group to each other syntax that
// has a printer.
func (s *Server) codeAction(_ context.Context, raw json.RawMessage) (any, error) {
	var p codeActionParams
	if err := decode("textDocument/codeAction", raw, &p); err != nil {
		return nil, err
	}
	d, err := s.lookup(p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	m := s.mapper(d.file)
	out := []codeAction{}
	for _, dg := range p.Context.Diagnostics {
		if fix, ok := structuralFix(d, m, dg); ok {
			out = append(out, fix)
			continue
		}
		if dg.Code != lang.CodeUnknownAction {
			continue
		}
		hint, _ := dg.Data["hint"].(string)
		name, ok := strings.CutPrefix(hint, "did you mean ")
		if !ok {
			continue
		}
		name = strings.TrimSuffix(name, "?")
		out = append(out, codeAction{
			Title: fmt.Sprintf("Replace with %s", name), Kind: "quickfix", Diagnostics: []diagnostic{dg},
			Edit: workspaceEdit{Changes: map[string][]textEdit{d.uri: {{Range: dg.Range, NewText: name}}}},
		})
	}
	a := actionAt(d.doc, m.offset(p.Range.Start))
	if a != nil {
		out = append(out, renameDuplicateID(d, m, a)...)
	}
	if a == nil || a.HasErrors() {
		return out, nil
	}
	for _, g := range d.doc.Groups {
		if g.Range.Start > a.Range.Start || a.Range.End > g.Range.End {
			continue
		}
		for _, to := range []lang.Syntax{lang.SHAM, lang.CSL, lang.CML} {
			if to == g.Syntax {
				continue
			}
			text, err := printGroup(d.file, g, to)
			if err != nil {
				continue // an op with no spelling in that syntax: nothing to offer
			}
			out = append(out, codeAction{
				Title: fmt.Sprintf("Convert block to %s", strings.ToUpper(to.String())), Kind: "refactor.rewrite",
				Edit: workspaceEdit{Changes: map[string][]textEdit{d.uri: {{Range: m.rng(g.Range), NewText: text}}}},
			})
		}
	}
	return out, nil
}
