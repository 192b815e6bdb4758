package lsp

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/clada-dev/clada/lang"
)

// document is one open text document: its text, parse and the parser whose
// cache makes an edit re-parse only the blocks it touched. The parser belongs
// to the document, so closing the document frees its cache with it.
type document struct {
	uri     string
	version int
	parser  *lang.Parser
	file    *lang.File
	doc     *lang.Document
}

// docCacheBytes bounds one document's block cache: a block cache only needs
// the current document's blocks plus a few edited variants.
const docCacheBytes = 8 << 20

func (d *document) setText(text []byte) {
	d.file = lang.NewFile(uriPath(d.uri), text)
	d.doc = d.parser.Parse(d.file)
}

type textDocumentItem struct {
	URI     string `json:"uri"`
	Version int    `json:"version"`
	Text    string `json:"text"`
}

type textDocumentID struct {
	URI     string `json:"uri"`
	Version int    `json:"version"`
}

type contentChange struct {
	Range *Range `json:"range"`
	Text  string `json:"text"`
}

func init() {
	methods["textDocument/didOpen"] = (*Server).didOpen
	methods["textDocument/didChange"] = (*Server).didChange
	methods["textDocument/didClose"] = (*Server).didClose
}

func (s *Server) didOpen(ctx context.Context, raw json.RawMessage) (any, error) {
	var p struct {
		TextDocument textDocumentItem `json:"textDocument"`
	}
	if err := decode("textDocument/didOpen", raw, &p); err != nil {
		return nil, err
	}
	d := &document{uri: p.TextDocument.URI, version: p.TextDocument.Version, parser: lang.NewParser(docCacheBytes)}
	d.setText([]byte(p.TextDocument.Text))
	s.docs[d.uri] = d
	s.publish(ctx, d)
	return nil, nil
}

// didChange applies full and incremental changes in order, each against the
// text the previous one produced, then parses once.
func (s *Server) didChange(ctx context.Context, raw json.RawMessage) (any, error) {
	var p struct {
		TextDocument   textDocumentID  `json:"textDocument"`
		ContentChanges []contentChange `json:"contentChanges"`
	}
	if err := decode("textDocument/didChange", raw, &p); err != nil {
		return nil, err
	}
	d := s.docs[p.TextDocument.URI]
	if d == nil {
		return nil, fmt.Errorf("didChange for %s, which is not open", p.TextDocument.URI)
	}
	text := d.file.Src
	for i, c := range p.ContentChanges {
		if c.Range == nil {
			text = []byte(c.Text)
			continue
		}
		f := d.file
		if i > 0 {
			f = lang.NewFile(d.file.Name, text)
		}
		m := s.mapper(f)
		start, end := m.offset(c.Range.Start), m.offset(c.Range.End)
		if end < start {
			start, end = end, start
		}
		next := make([]byte, 0, len(text)-(end-start)+len(c.Text))
		next = append(next, text[:start]...)
		next = append(next, c.Text...)
		text = append(next, text[end:]...)
	}
	d.version = p.TextDocument.Version
	d.setText(text)
	s.publish(ctx, d)
	return nil, nil
}

// didClose forgets the document and clears its diagnostics in the client.
func (s *Server) didClose(ctx context.Context, raw json.RawMessage) (any, error) {
	var p struct {
		TextDocument textDocumentID `json:"textDocument"`
	}
	if err := decode("textDocument/didClose", raw, &p); err != nil {
		return nil, err
	}
	delete(s.docs, p.TextDocument.URI)
	s.notify(ctx, "textDocument/publishDiagnostics", publishParams{URI: p.TextDocument.URI, Diagnostics: []diagnostic{}})
	return nil, nil
}

// mapper returns the position mapper for f in the negotiated encoding.
func (s *Server) mapper(f *lang.File) mapper {
	return mapper{f: f, utf8: s.utf8}
}

// lookup returns the open document for uri or an error naming it.
func (s *Server) lookup(uri string) (*document, error) {
	d := s.docs[uri]
	if d == nil {
		return nil, fmt.Errorf("clada-lsp: %s is not open; send textDocument/didOpen first", uri)
	}
	return d, nil
}

type docParams struct {
	TextDocument textDocumentID `json:"textDocument"`
	Position     Position       `json:"position"`
}
