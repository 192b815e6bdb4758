package lsp

import (
	"context"
	"strings"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/lang"
)

// CodeWorkspace marks diagnostics that come from simulating the document on
// the workspace rather than from checking its text.
const CodeWorkspace = "WORKSPACE"

// simulate runs the document's file ops in order on a copy-on-write overlay of
// the workspace root, so each op sees the files as the ops before it left
// them, and reports each op that would fail at the param that caused it.
// Exec ops are not run; nothing touches the disk.
func (s *Server) simulate(ctx context.Context, d *document) lang.Diagnostics {
	if s.root == "" {
		return nil
	}
	cfg := engine.DefaultConfig(s.root)
	base, err := engine.NewOS(cfg)
	if err != nil {
		s.log.Printf("simulate %s: %v", d.uri, err)
		return nil
	}
	defer base.Close()
	ws := engine.NewOverlay(base)
	var out lang.Diagnostics
	for a := range d.doc.Actions() {
		spec := lang.Lookup(a.Op)
		if spec == nil || spec.Kind == lang.Exec || a.HasErrors() || len(lang.Validate(a)) > 0 {
			continue
		}
		params := map[string]string{}
		for _, p := range a.Params {
			params[p.Key] = p.Value
		}
		r := engine.Do(ctx, ws, cfg, spec.Name, params)
		if r.Success {
			continue
		}
		out = append(out, lang.Diagnostic{Severity: lang.Error, Code: CodeWorkspace,
			Message: r.Error, Hint: r.Hint, Range: blame(a, r)})
	}
	return out
}

// blame picks the param a failed result is about: the search text for a
// failed match, the line range for lines beyond the file, else the path; the
// op name when the action has none of those.
func blame(a *lang.Action, r engine.Result) lang.Range {
	var keys []string
	switch {
	case r.Type == "search_not_found" || strings.Contains(r.Error, "match"):
		keys = []string{"old_text", "old_text_beginning", "old_text_end"}
	case strings.Contains(strings.ToLower(r.Error), "line"):
		keys = []string{"lines"}
	}
	keys = append(keys, "path", "old_path", "paths", "base_path")
	for _, k := range keys {
		if p := a.Param(k); p != nil {
			return p.ValueRange
		}
	}
	return a.OpRange
}
