package lsp

import (
	"github.com/clada-dev/clada/config"
	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
)

// loadConfig reads the workspace's .clada.yaml, the same file `clada apply`
// and `clada watch` obey. A broken one is kept as an error: every document
// shows it (configDiags) and the apply command refuses to run until it is
// fixed, as `clada apply` does, instead of running without the restrictions
// it meant to add. The caller holds s.mu.
func (s *Server) loadConfig() {
	s.project, s.projectErr = nil, nil
	if s.root == "" {
		return
	}
	c, err := config.Load(s.root, "")
	if err != nil {
		s.log.Printf("config: %v", err)
		s.projectErr = err
		return
	}
	s.project = c
}

// engineConfig is the engine configuration of the server's runs and reads:
// the defaults, then the project's .clada.yaml, as `clada apply` with no
// flags has it. err is the config's load error, if it has one; cfg then
// has the defaults only.
func (s *Server) engineConfig() (cfg *engine.Config, err error) {
	s.mu.Lock()
	c, root, err := s.project, s.root, s.projectErr
	s.mu.Unlock()
	cfg = engine.DefaultConfig(root)
	if c != nil {
		c.ApplyTo(cfg, func(string) bool { return false })
	}
	return cfg, err
}

// configDiags reports each action the project config refuses
// (allowed-actions, allow, deny) at the action's op name, as apply would.
func (s *Server) configDiags(doc *lang.Document) source.Diagnostics {
	s.mu.Lock()
	c, root, cerr := s.project, s.root, s.projectErr
	s.mu.Unlock()
	if cerr != nil {
		return source.Diagnostics{{Severity: source.Error, Code: "CONFIG_ERROR", Message: cerr.Error(),
			Hint: "fix the project's .clada.yaml; until it loads, applying from the editor is refused, as clada apply refuses"}}
	}
	if c == nil {
		return nil
	}
	var ds source.Diagnostics
	for a := range doc.Actions() {
		if why := c.Refuse(root, a); why != "" {
			r := a.OpRange
			if r.End <= r.Start {
				r = a.Range
			}
			ds = append(ds, source.Diagnostic{Severity: source.Error, Code: "NOT_ALLOWED", Message: why,
				Hint: "the project's .clada.yaml forbids this; ask for another action or path", Range: r})
		}
	}
	return ds
}
