package lsp

import (
	"bytes"
	"context"
	"fmt"
	"strings"

	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
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

// printGroup prints one group as syntax, fitted to where the group stands
// (placeText).
func printGroup(f *source.File, g *lang.Group, syntax lang.Syntax) (string, error) {
	var b bytes.Buffer
	if err := lang.Print(&b, &lang.Document{File: f, Groups: []*lang.Group{g}}, syntax); err != nil {
		return "", err
	}
	return placeText(f, g.Range, b.String()), nil
}

// placeText fits printed text to the range r it replaces: without a final
// line end when r has none (a block followed by prose stays on its own
// line), with the block's list indentation or quote marks on every later
// line, and with CRLF line ends when r has them, so a canonical block
// reads as unchanged and a rewritten one stays where it was.
func placeText(f *source.File, r source.Range, text string) string {
	orig := f.Text(r)
	if !strings.HasSuffix(orig, "\n") {
		text = strings.TrimRight(text, "\n")
	}
	text = indentAfterFirst(text, containerPrefix(f.Src, r.Start))
	if strings.Contains(orig, "\r\n") && !strings.Contains(text, "\r") {
		text = strings.ReplaceAll(text, "\n", "\r\n")
	}
	return text
}

// containerPrefix is what precedes off on its line when that is only
// blanks and '>': the indentation of a block in a list item, or a quote's
// marks. The converted block's later lines get it too, so it stays inside
// its list item or quote (the parsers strip it again, parse_indent.go).
func containerPrefix(src []byte, off int) string {
	ls := bytes.LastIndexByte(src[:off], '\n') + 1
	p := src[ls:off]
	if len(bytes.Trim(p, " \t>")) > 0 {
		return ""
	}
	return string(p)
}

// indentAfterFirst puts prefix before every non-blank line of text but the
// first (which starts where the old block did, after the prefix).
func indentAfterFirst(text, prefix string) string {
	if prefix == "" {
		return text
	}
	lines := strings.Split(text, "\n")
	for i := 1; i < len(lines); i++ {
		if strings.TrimSpace(lines[i]) != "" {
			lines[i] = prefix + lines[i]
		}
	}
	return strings.Join(lines, "\n")
}
