package lsp

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"

	"github.com/clada-dev/clada/engine"
)

// Commands the server executes; the code lenses and the VS Code extension
// name them. Each takes the document URI as its one argument.
const (
	cmdDryRun = "clada.dryRun"
	cmdApply  = "clada.apply"
)

func init() { methods["workspace/executeCommand"] = (*Server).executeCommand }

// executeCommand runs the whole document through the engine, simulated
// (dry-run) or for real (apply), and answers with the engine's report.
func (s *Server) executeCommand(ctx context.Context, raw json.RawMessage) (any, error) {
	var p struct {
		Command   string   `json:"command"`
		Arguments []string `json:"arguments"`
	}
	if err := decode("workspace/executeCommand", raw, &p); err != nil {
		return nil, err
	}
	mode := engine.DryRun
	switch p.Command {
	case cmdDryRun:
	case cmdApply:
		mode = engine.Real
	default:
		return nil, fmt.Errorf("clada-lsp: unknown command %q; use %s or %s", p.Command, cmdDryRun, cmdApply)
	}
	if len(p.Arguments) != 1 {
		return nil, fmt.Errorf("clada-lsp: %s takes one argument, the document URI", p.Command)
	}
	d, err := s.lookup(p.Arguments[0])
	if err != nil {
		return nil, err
	}
	if s.root == "" {
		return nil, fmt.Errorf("clada-lsp: %s needs a workspace root; open a folder", p.Command)
	}
	rep, _, err := engine.Apply(ctx, d.doc, engine.DefaultConfig(s.root), mode)
	if err != nil {
		return nil, fmt.Errorf("clada-lsp: %s %s: %w", p.Command, d.uri, err)
	}
	// The report is the same JSON `clada apply --format json` prints.
	var b bytes.Buffer
	if err := rep.WriteJSON(&b, engine.RenderOptions{}); err != nil {
		return nil, fmt.Errorf("clada-lsp: %s %s: %w", p.Command, d.uri, err)
	}
	return json.RawMessage(b.Bytes()), nil
}
