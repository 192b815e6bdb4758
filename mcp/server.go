// Package mcp serves clada over the Model Context Protocol (stdio, on the
// official Go SDK): one tool per catalog op, the whole-answer tools apply,
// check and undo, the files under the root as resources, and the `clada
// prompt` text as a prompt. Like lsp/ it holds a session (package session)
// and wires it to the protocol: every call runs through the engine with the
// settings the command line and .clada.yaml gave (a trusted file's hooks
// and pass-env included), and no tool argument can widen them.
//
// mcp imports lang, source, report, session, engine and its subpackages
// fsys, history (undo) and textedit (and the MCP Go SDK); only cmd/clada
// imports it. Start reading at New below, then schema.go (the tools the
// catalog generates), op.go (one op as a tool) and answer.go (apply, check
// and undo).
package mcp

import (
	"context"
	"fmt"
	"slices"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/session"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// Options is everything a server is built from. The server never changes
// them: each call works on its own copy of the session's engine config.
type Options struct {
	// Session is the project the server serves: its engine config (the
	// root, allow/deny, sandbox, approval policy and limits, already merged
	// from defaults ← .clada.yaml ← flags, and a trusted file's pass-env),
	// its .clada.yaml (whose allowed-actions limit the tools offered, whose
	// hooks run around applies when trusted), and MaxReport, which bounds
	// each action's output in the text meant for the model (report.Bound;
	// 0 means unbounded). Hook output goes to the session's log (stderr for
	// stdio: stdout carries the protocol).
	Session *session.Session
	// Version is clada's version, announced to the client.
	Version string
}

// handshakeVersions are the protocol versions the server negotiates: those
// before 2026-07-28. That revision forbids a server to send an elicitation
// request while it serves a tool call (it must return input requests and be
// called again instead), but clada's approval question arises in the middle
// of a run, with the lock held and earlier actions done. Every client in use
// speaks 2025-11-25, where asking mid-call is allowed.
func handshakeVersions() []string {
	return slices.DeleteFunc(sdk.SupportedProtocolVersions(), func(v string) bool { return v >= "2026-07-28" })
}

// New builds the server: tools for the ops the project allows, the answer
// tools, the file resources and the prompt.
func New(o Options) (*sdk.Server, error) {
	if o.Session == nil || o.Session.Root == "" {
		return nil, fmt.Errorf("mcp: no root: Options.Session must be open on the absolute project root")
	}
	s := sdk.NewServer(&sdk.Implementation{Name: "clada", Title: "clada", Version: o.Version}, &sdk.ServerOptions{
		Instructions: instructions(o.Session.Engine),
		// Tools, resources and prompts only: no logging capability, and no
		// roots handler, so a client's roots never widen where clada reaches.
		Capabilities:              &sdk.ServerCapabilities{},
		SupportedProtocolVersions: handshakeVersions(),
	})
	h := &handler{o: o}
	for _, op := range o.Session.Config.Ops() {
		s.AddTool(opTool(op), h.op(op))
	}
	s.AddTool(applyTool(), h.apply)
	s.AddTool(checkTool(), h.check)
	s.AddTool(undoTool(), h.undo)
	s.AddResourceTemplate(fileTemplate(), h.readFile)
	s.AddPrompt(promptSpec(), h.prompt)
	return s, nil
}

// Serve runs a server on t until the client disconnects or ctx ends.
func Serve(ctx context.Context, o Options, t sdk.Transport) error {
	s, err := New(o)
	if err != nil {
		return err
	}
	if err := s.Run(ctx, t); err != nil && ctx.Err() == nil {
		return fmt.Errorf("mcp: %w", err)
	}
	return nil
}

// handler holds what every call needs; it has no mutable state, so calls
// may run concurrently (the engine's lock orders the applies). An op the
// project's allowed-actions forbids is not offered as a tool at all (and
// refused if named in apply).
type handler struct {
	o Options
}

// instructions tells the model what the server is and where it works.
func instructions(cfg *engine.Config) string {
	s := "clada carries out file edits and commands inside one project root, " + cfg.Root + ". " +
		"Paths are relative to it; a path outside it is refused (path_escape). " +
		"Edits match text exactly; a failed edit says where the closest text is (hint). "
	if cfg.NoGit {
		s += "Changes are not committed (--no-git), so there is no undo. "
	} else {
		s += "When the root is a git work tree, every call that changes files is one git commit, and `undo` reverses the last one. "
	}
	return s + "`apply` carries out a whole answer written in any syntax clada reads (" + syntaxTitles() + ") in one step; " +
		"`apply` with dry_run shows what would change without touching anything."
}
