package mcp

import (
	"context"
	"fmt"

	"github.com/clada-dev/clada/engine"
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
			// A read changes nothing, so it runs on a view of the tree,
			// without the lock, git or hooks (Session.Read).
			rep, err := h.o.Session.With(cfg, nil).Read(ctx, doc)
			if err != nil {
				return nil, fmt.Errorf("mcp: %w", err)
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
