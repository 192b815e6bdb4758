package mcp

import (
	"context"
	"fmt"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/engine/fsys"
	"github.com/clada-dev/clada/lang"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// op is the handler of one op's tool: the arguments become a one-action
// document (lang.ActionDocument) that runs through the engine exactly like
// a block of an answer (validation, the project's refusals, the lock, git,
// the approval gate), and the report comes back as the call's result.
func (h *handler) op(spec lang.OpSpec) sdk.ToolHandler {
	return func(ctx context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
		ps, err := params(spec, req.Params.Arguments)
		if err != nil {
			return toolError(err.Error()), nil
		}
		doc := lang.ActionDocument(spec.Name, ps)
		cfg := h.callConfig(ctx, req)
		if spec.Kind == lang.Read {
			rep, err := read(ctx, doc, cfg)
			if err != nil {
				return nil, err
			}
			return h.result(doc, rep, "")
		}
		res, err := h.o.Session.With(cfg, nil).Apply(ctx, doc, engine.Real)
		if err != nil {
			return nil, err
		}
		if res.Blocked != "" {
			return toolError(res.Blocked), nil
		}
		return h.result(doc, res.Report, "")
	}
}

// callConfig is the server's engine config for one call: the same policy,
// plus this call's progress stream and approval question. The copy is
// shallow; the lists it shares are never written.
func (h *handler) callConfig(ctx context.Context, req *sdk.CallToolRequest) *engine.Config {
	c := *h.o.Session.Engine
	c.OutputMode, c.Stream = engine.OutputBuffer, nil
	if p := newProgress(ctx, req); p != nil {
		c.OutputMode, c.Stream = engine.OutputStream, p.line
	}
	c.Confirm = confirmer(ctx, req.Session)
	return &c
}

// read runs a read op without the lock, git or hooks: on an overlay of the
// real tree, which reads through to it with the same path rules. A read
// changes nothing, so it need not wait behind an apply that holds the lock
// (an agent reads files while its tests run), and an atomic write means it
// sees a file whole, before or after. The report is a plain one: nothing
// about it was simulated.
func read(ctx context.Context, doc *lang.Document, cfg *engine.Config) (*engine.Report, error) {
	base, err := engine.NewOS(cfg)
	if err != nil {
		return nil, fmt.Errorf("mcp: open root %s: %w", cfg.Root, err)
	}
	defer base.Close()
	rep := engine.Run(ctx, doc, fsys.NewOverlay(base), cfg, nil)
	rep.DryRun = false
	return rep, nil
}
