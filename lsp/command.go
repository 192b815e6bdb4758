package lsp

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/report"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// Commands the server executes; the code lenses and the VS Code extension
// name them. Each takes one argument: the document URI, or {uri, range?}
// where range limits the run to the blocks it touches (a TASKS/<tasks>
// group always runs whole).
const (
	cmdDryRun = "clada.dryRun"
	cmdApply  = "clada.apply"
)

// commandTarget is the argument of clada's commands in its object form. The
// protocol types executeCommand arguments as free-form LSPAny, so this shape
// is clada's own (the VS Code extension and the code lenses send it).
type commandTarget struct {
	URI   uri.URI         `json:"uri"`
	Range *protocol.Range `json:"range,omitempty"`
}

// decodeTarget accepts "file:///…" or {"uri": "file:///…", "range": …}.
func decodeTarget(cmd string, args []protocol.LSPAny) (commandTarget, error) {
	var t commandTarget
	if len(args) != 1 {
		return t, fmt.Errorf("clada-lsp: %s takes one argument: the document URI or {uri, range}", cmd)
	}
	if err := json.Unmarshal(args[0], &t.URI); err == nil {
		return t, nil
	}
	if err := json.Unmarshal(args[0], &t); err != nil || t.URI == "" {
		return t, fmt.Errorf("clada-lsp: %s: the argument must be the document URI or {uri, range}", cmd)
	}
	return t, nil
}

// restrict returns a document holding only the groups of doc that overlap
// [start, end); the groups are shared, not copied (ASTs are read-only).
func restrict(doc *lang.Document, start, end int) *lang.Document {
	out := &lang.Document{File: doc.File, Diags: doc.Diags}
	for _, g := range doc.Groups {
		if g.Range.Start <= end && g.Range.End >= start {
			out.Groups = append(out.Groups, g)
		}
	}
	return out
}

// ExecuteCommand runs the document (or the blocks in the argument's range)
// through the session, simulated (dry-run) or for real (apply, with the
// project's hooks around it once trusted), and answers with the engine's
// report.
func (s *Server) ExecuteCommand(ctx context.Context, p *protocol.ExecuteCommandParams) (protocol.LSPAny, error) {
	mode := engine.DryRun
	switch p.Command {
	case cmdDryRun:
	case cmdApply:
		mode = engine.Real
	default:
		return nil, fmt.Errorf("clada-lsp: unknown command %q; use %s or %s", p.Command, cmdDryRun, cmdApply)
	}
	t, err := decodeTarget(p.Command, p.Arguments)
	if err != nil {
		return nil, err
	}
	d, err := s.lookup(t.URI)
	if err != nil {
		return nil, err
	}
	if mode == engine.Real && s.untrusted {
		return nil, fmt.Errorf("clada-lsp: %s is refused: the client says this workspace is not trusted; dry-run still works", p.Command)
	}
	doc := d.doc
	if t.Range != nil {
		m := s.mapper(d.file)
		doc = restrict(doc, m.offset(t.Range.Start), m.offset(t.Range.End))
		if len(doc.Groups) == 0 {
			return nil, fmt.Errorf("clada-lsp: %s: no block in the given range", p.Command)
		}
	}
	sess := s.session()
	if sess == nil {
		return nil, fmt.Errorf("clada-lsp: %s needs a workspace root; open a folder", p.Command)
	}
	if sess.ConfigErr != nil {
		return nil, fmt.Errorf("clada-lsp: %s is refused until the project's config loads: %w", p.Command, sess.ConfigErr)
	}
	// The session's apply: the config's hooks around a real apply, as
	// `clada apply` runs them (logged; a failed one is also shown).
	res, err := sess.Apply(ctx, doc, mode)
	if mode == engine.Real {
		// The server itself just changed the disk (even a failed run may
		// have written some files, and hooks may have too): no simulation
		// result may outlive that, whether or not the client's watcher
		// reports it.
		s.diskChanged()
	}
	if err != nil {
		return nil, fmt.Errorf("clada-lsp: %s %s: %w", p.Command, d.uri, err)
	}
	for _, h := range res.Hooks {
		if h.Err != "" {
			s.showMessage(ctx, protocol.MessageTypeError, "clada: "+h.String())
		}
	}
	if res.Blocked != "" {
		return nil, fmt.Errorf("clada-lsp: %s %s: %s", p.Command, d.uri, res.Blocked)
	}
	rep := res.Report
	// The report is the same JSON `clada apply --format json` prints.
	var b bytes.Buffer
	if err := report.JSON(&b, doc, rep, report.Options{}); err != nil {
		return nil, fmt.Errorf("clada-lsp: %s %s: %w", p.Command, d.uri, err)
	}
	return protocol.LSPAny(b.Bytes()), nil
}

// showMessage tells the user something the answer to a request cannot
// carry (window/showMessage), logging (not failing) when the client is gone.
func (s *Server) showMessage(ctx context.Context, typ protocol.MessageType, msg string) {
	if err := s.client.ShowMessage(ctx, &protocol.ShowMessageParams{Type: typ, Message: msg}); err != nil {
		s.log.Printf("showMessage: %v", err)
	}
}
