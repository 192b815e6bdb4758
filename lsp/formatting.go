package lsp

import (
	"bytes"
	"context"
	"fmt"

	"github.com/clada-dev/clada/lang"
	"go.lsp.dev/protocol"
)

// Formatting rewrites each group of clada's own syntaxes in place with lang.Print in its own syntax
// (what `clada fmt` prints for it), leaving the prose around blocks alone.
// Documents with syntax errors are left untouched: reprinting a half-parsed
// block would lose the text the parser could not read.
func (s *Server) Formatting(_ context.Context, p *protocol.DocumentFormattingParams) ([]protocol.TextEdit, error) {
	d, err := s.lookup(p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	if d.doc.Diagnostics().HasErrors() {
		return []protocol.TextEdit{}, nil
	}
	m := s.mapper(d.file)
	out := []protocol.TextEdit{}
	for _, g := range d.doc.Groups {
		if g.Syntax.Foreign() { // another tool's output, read as written; its span may hold prose
			continue
		}
		text, err := printGroup(d.file, g, g.Syntax)
		if err != nil {
			return nil, fmt.Errorf("clada-lsp: formatting %s: %w", p.TextDocument.URI, err)
		}
		if text != d.file.Text(g.Range) {
			out = append(out, protocol.TextEdit{Range: m.rng(g.Range), NewText: text})
		}
	}
	return out, nil
}

// printGroup prints one group as syntax, keeping the trailing newline state
// of the original range so a block followed by prose stays on its own line.
func printGroup(f *lang.File, g *lang.Group, syntax lang.Syntax) (string, error) {
	var b bytes.Buffer
	if err := lang.Print(&b, &lang.Document{File: f, Groups: []*lang.Group{g}}, syntax); err != nil {
		return "", err
	}
	text := b.String()
	orig := f.Text(g.Range)
	if !bytes.HasSuffix([]byte(orig), []byte("\n")) {
		text = string(bytes.TrimRight([]byte(text), "\n"))
	}
	return text, nil
}
