package lsp

import (
	"context"
	"encoding/json"

	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
	"go.lsp.dev/protocol"
)

// diagData is what a published diagnostic carries in its free-form data
// field (LSPAny in the protocol): the hint, from which code actions pick the
// replacement when the client sends the diagnostic back.
type diagData struct {
	Hint string `json:"hint"`
}

// diagnose returns everything `clada check` reports for d (the session's
// Check: the linter and the project's refusals), plus what a simulated run
// on the workspace would fail on.
func (s *Server) diagnose(ctx context.Context, d *document) source.Diagnostics {
	ds := append(s.check(d), s.simulate(ctx, d)...)
	ds.Sort()
	return ds
}

// check is what `clada check` reports for d in the workspace: the session's
// Check, or the linter's alone without a root.
func (s *Server) check(d *document) source.Diagnostics {
	if sess := s.session(); sess != nil {
		return sess.Check(d.doc)
	}
	return lang.Check(d.doc)
}

// publish sends d's diagnostics. The hint goes into the message (editors show
// it) and into data, where code actions pick the replacement from.
func (s *Server) publish(ctx context.Context, d *document) { s.send(ctx, d, s.diagnose(ctx, d)) }

// stagedMin is the number of actions from which an opened document gets
// its diagnostics in two steps: first what `clada check` reports (and the
// configuration's), then, only if the simulation on the workspace finds
// something, everything. Simulating thousands of file ops doubled the time
// to the first diagnostics of a 5.6 MB answer (README, "Tests"), and on an
// answer whose ops would all succeed it finds nothing.
const stagedMin = 1000

// publishOpened is publish for a document just opened.
func (s *Server) publishOpened(ctx context.Context, d *document) {
	n := 0
	for range d.doc.Actions() {
		n++
	}
	if n < stagedMin {
		s.publish(ctx, d)
		return
	}
	checked := s.check(d)
	checked.Sort()
	s.send(ctx, d, checked)
	if sim := s.simulate(ctx, d); len(sim) > 0 {
		all := append(append(source.Diagnostics{}, checked...), sim...)
		all.Sort()
		s.send(ctx, d, all)
	}
}

// send publishes ds as d's diagnostics.
func (s *Server) send(ctx context.Context, d *document, ds source.Diagnostics) {
	m := s.mapper(d.file)
	out := []protocol.Diagnostic{}
	for _, g := range ds {
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
func severity(s source.Severity) protocol.DiagnosticSeverity {
	switch s {
	case source.Error:
		return protocol.DiagnosticSeverityError
	case source.Warning:
		return protocol.DiagnosticSeverityWarning
	}
	return protocol.DiagnosticSeverityInformation
}
