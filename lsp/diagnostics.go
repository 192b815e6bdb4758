package lsp

import (
	"context"

	"github.com/clada-dev/clada/lang"
)

type diagnostic struct {
	Range    Range          `json:"range"`
	Severity int            `json:"severity"`
	Code     string         `json:"code,omitempty"`
	Source   string         `json:"source"`
	Message  string         `json:"message"`
	Data     map[string]any `json:"data,omitempty"`
}

type publishParams struct {
	URI         string       `json:"uri"`
	Version     int          `json:"version,omitempty"`
	Diagnostics []diagnostic `json:"diagnostics"`
}

// diagnose returns everything `clada check` reports for d,
// plus what a simulated run on the workspace would fail on.
func (s *Server) diagnose(ctx context.Context, d *document) lang.Diagnostics {
	ds := append(lang.Check(d.doc), s.simulate(ctx, d)...)
	ds.Sort()
	return ds
}

// publish sends d's diagnostics. The hint goes into the message (editors show
// it) and into data, where code actions pick the replacement from.
func (s *Server) publish(ctx context.Context, d *document) {
	m := s.mapper(d.file)
	out := []diagnostic{}
	for _, g := range s.diagnose(ctx, d) {
		ld := diagnostic{Range: m.rng(g.Range), Severity: severity(g.Severity), Code: g.Code, Source: "clada", Message: g.Message}
		if g.Hint != "" {
			ld.Message += "\nhint: " + g.Hint
			ld.Data = map[string]any{"hint": g.Hint}
		}
		out = append(out, ld)
	}
	s.notify(ctx, "textDocument/publishDiagnostics", publishParams{URI: d.uri, Version: d.version, Diagnostics: out})
}

// severity maps lang's severities onto LSP's (1 error, 2 warning, 3 info).
func severity(s lang.Severity) int {
	switch s {
	case lang.Error:
		return 1
	case lang.Warning:
		return 2
	}
	return 3
}
