package lsp

import (
	"context"
	"encoding/json"

	"github.com/clada-dev/clada/lang"
	"go.lsp.dev/protocol"
)

// diagData is what a published diagnostic carries in its free-form data
// field (LSPAny in the protocol): the hint, from which code actions pick the
// replacement when the client sends the diagnostic back.
type diagData struct {
	Hint string `json:"hint"`
}

// diagnose returns everything `clada check` reports for d,
// plus what a simulated run on the workspace would fail on.
func (s *Server) diagnose(ctx context.Context, d *document) lang.Diagnostics {
	ds := append(lang.Check(d.doc), s.simulate(ctx, d)...)
	ds = append(ds, s.configDiags(d.doc)...)
	ds.Sort()
	return ds
}

// publish sends d's diagnostics. The hint goes into the message (editors show
// it) and into data, where code actions pick the replacement from.
func (s *Server) publish(ctx context.Context, d *document) {
	m := s.mapper(d.file)
	out := []protocol.Diagnostic{}
	for _, g := range s.diagnose(ctx, d) {
		ld := protocol.Diagnostic{
			Range: m.rng(g.Range), Severity: severity(g.Severity), Source: protocol.NewOptional("clada"),
		}
		if g.Code != "" {
			ld.Code = protocol.String(g.Code)
		}
		msg := g.Message
		if g.Hint != "" {
			msg += "\nhint: " + g.Hint
			ld.Data, _ = json.Marshal(diagData{Hint: g.Hint}) // one string field: cannot fail
		}
		ld.Message = protocol.String(msg)
		out = append(out, ld)
	}
	s.notifyDiagnostics(ctx, &protocol.PublishDiagnosticsParams{URI: d.uri, Version: protocol.NewOptional(d.version), Diagnostics: out})
}

// notifyDiagnostics sends diagnostics to the client, logging (not failing) on
// error: a client that went away must not break the handler talking to it.
func (s *Server) notifyDiagnostics(ctx context.Context, p *protocol.PublishDiagnosticsParams) {
	if err := s.client.PublishDiagnostics(ctx, p); err != nil {
		s.log.Printf("publishDiagnostics %s: %v", p.URI, err)
	}
}

// hintOf reads the hint back out of a diagnostic's data; "" when it has none.
func hintOf(dg protocol.Diagnostic) string {
	var d diagData
	if len(dg.Data) == 0 || json.Unmarshal(dg.Data, &d) != nil {
		return ""
	}
	return d.Hint
}

// codeOf returns a diagnostic's code as text (clada's codes are strings).
func codeOf(dg protocol.Diagnostic) string {
	if c, ok := dg.Code.(protocol.String); ok {
		return string(c)
	}
	return ""
}

// severity maps lang's severities onto LSP's.
func severity(s lang.Severity) protocol.DiagnosticSeverity {
	switch s {
	case lang.Error:
		return protocol.DiagnosticSeverityError
	case lang.Warning:
		return protocol.DiagnosticSeverityWarning
	}
	return protocol.DiagnosticSeverityInformation
}
