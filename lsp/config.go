package lsp

import (
	"github.com/clada-dev/clada/config"
	"github.com/clada-dev/clada/lang"
)

// loadConfig reads the workspace's .clada.yaml, the same file `clada apply`
// and `clada watch` obey; a broken one is logged and ignored (the editor
// still gets every other diagnostic). The caller holds s.mu.
func (s *Server) loadConfig() {
	s.project = nil
	if s.root == "" {
		return
	}
	c, err := config.Load(s.root, "")
	if err != nil {
		s.log.Printf("config: %v", err)
		return
	}
	s.project = c
}

// configDiags reports each action the project config refuses
// (allowed-actions, allow, deny) at the action's op name, as apply would.
func (s *Server) configDiags(doc *lang.Document) lang.Diagnostics {
	s.mu.Lock()
	c, root := s.project, s.root
	s.mu.Unlock()
	if c == nil {
		return nil
	}
	var ds lang.Diagnostics
	for a := range doc.Actions() {
		if why := c.Refuse(root, a); why != "" {
			r := a.OpRange
			if r.End <= r.Start {
				r = a.Range
			}
			ds = append(ds, lang.Diagnostic{Severity: lang.Error, Code: "NOT_ALLOWED", Message: why,
				Hint: "the project's .clada.yaml forbids this; ask for another action or path", Range: r})
		}
	}
	return ds
}
