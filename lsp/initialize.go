package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
)

// initOptions is clada's initializationOptions, which the protocol leaves
// free-form (LSPAny). Trusted is false when the editor's workspace is not
// trusted (VS Code's Workspace Trust); absent means trusted.
type initOptions struct {
	Trusted *bool `json:"trusted"`
}

// Initialize negotiates the position encoding (UTF-8 when the client offers
// it, saving a rune walk per conversion; UTF-16 otherwise, the protocol's
// default), records the workspace root and whether the client lets us
// register file watchers, and declares the features.
func (s *Server) Initialize(_ context.Context, p *protocol.InitializeParams) (*protocol.InitializeResult, error) {
	var opts initOptions
	if len(p.InitializationOptions) > 0 && string(p.InitializationOptions) != "null" {
		if err := json.Unmarshal(p.InitializationOptions, &opts); err != nil {
			return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, fmt.Sprintf("clada-lsp: initialize: bad initializationOptions: %v", err))
		}
	}
	caps := p.Capabilities
	s.mu.Lock()
	defer s.mu.Unlock()
	// The protocol allows one initialize per server; a second one would
	// reset the root and the workspace trust the first set.
	if s.initialized {
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidRequest, "clada-lsp: initialize: the server is already initialized; start a new server for another workspace")
	}
	s.utf8 = caps.General != nil && slices.Contains(caps.General.PositionEncodings, protocol.PositionEncodingKindUTF8)
	s.untrusted = opts.Trusted != nil && !*opts.Trusted
	if w := caps.Workspace; w != nil && w.DidChangeWatchedFiles != nil && w.DidChangeWatchedFiles.DynamicRegistration != nil {
		s.dynWatch = *w.DidChangeWatchedFiles.DynamicRegistration
	}
	if folders, _ := p.WorkspaceFolders.Get(); len(folders) > 0 {
		s.root = uriPath(folders[0].URI)
	} else {
		s.root = legacyRoot(p)
	}
	s.openSession()
	s.initialized = true
	enc := protocol.PositionEncodingKindUTF16
	if s.utf8 {
		enc = protocol.PositionEncodingKindUTF8
	}
	yes, no, incremental := true, false, protocol.TextDocumentSyncKindIncremental
	return &protocol.InitializeResult{
		Capabilities: protocol.ServerCapabilities{
			PositionEncoding:           enc,
			TextDocumentSync:           &protocol.TextDocumentSyncOptions{OpenClose: &yes, Change: &incremental},
			HoverProvider:              protocol.Boolean(true),
			DocumentFormattingProvider: protocol.Boolean(true),
			DocumentSymbolProvider:     protocol.Boolean(true),
			FoldingRangeProvider:       protocol.Boolean(true),
			CodeActionProvider:         protocol.Boolean(true),
			CodeLensProvider:           &protocol.CodeLensOptions{ResolveProvider: &no},
			DefinitionProvider:         protocol.Boolean(true),
			SemanticTokensProvider: &protocol.SemanticTokensOptions{
				Legend: protocol.SemanticTokensLegend{TokenTypes: tokenTypes, TokenModifiers: []string{}},
				Full:   protocol.Boolean(true),
			},
			ExecuteCommandProvider: protocol.ExecuteCommandOptions{Commands: []string{cmdDryRun, cmdApply}},
			CompletionProvider:     &protocol.CompletionOptions{TriggerCharacters: []string{`"`}},
		},
		ServerInfo: protocol.ServerInfo{Name: "clada-lsp"},
	}, nil
}

// legacyRoot is the root from the fields clients fill instead of
// workspaceFolders: rootUri (neovim 0.7, the Node client without folders),
// else the older rootPath. The protocol deprecates both, but these clients
// send nothing else.
func legacyRoot(p *protocol.InitializeParams) string {
	//lint:ignore SA1019 some clients send only rootUri (see above)
	if u := p.RootURI; u != nil && *u != "" {
		return uriPath(*u)
	}
	//lint:ignore SA1019 the oldest clients send only rootPath
	path, _ := p.RootPath.Get()
	return path
}
