package lsp

import (
	"encoding/json"
	"slices"
)

type initializeParams struct {
	RootURI          string `json:"rootUri"`
	RootPath         string `json:"rootPath"`
	WorkspaceFolders []struct {
		URI string `json:"uri"`
	} `json:"workspaceFolders"`
	InitializationOptions struct {
		// Trusted is false when the editor's workspace is not trusted (VS
		// Code's Workspace Trust); absent means trusted.
		Trusted *bool `json:"trusted"`
	} `json:"initializationOptions"`
	Capabilities struct {
		General struct {
			PositionEncodings []string `json:"positionEncodings"`
		} `json:"general"`
	} `json:"capabilities"`
}

// initialize negotiates the position encoding (UTF-8 when the client offers
// it, saving a rune walk per conversion; UTF-16 otherwise, the protocol's
// default), records the workspace root and declares the features.
func (s *Server) initialize(raw json.RawMessage) (any, error) {
	var p initializeParams
	if err := decode("initialize", raw, &p); err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.utf8 = slices.Contains(p.Capabilities.General.PositionEncodings, "utf-8")
	s.untrusted = p.InitializationOptions.Trusted != nil && !*p.InitializationOptions.Trusted
	switch {
	case len(p.WorkspaceFolders) > 0:
		s.root = uriPath(p.WorkspaceFolders[0].URI)
	case p.RootURI != "":
		s.root = uriPath(p.RootURI)
	default:
		s.root = p.RootPath
	}
	s.initialized = true
	enc := "utf-16"
	if s.utf8 {
		enc = "utf-8"
	}
	return map[string]any{
		"capabilities": map[string]any{
			"positionEncoding": enc,
			"textDocumentSync": map[string]any{
				"openClose": true,
				"change":    2, // incremental
			},
			"hoverProvider":              true,
			"documentFormattingProvider": true,
			"documentSymbolProvider":     true,
			"foldingRangeProvider":       true,
			"codeActionProvider":         true,
			"codeLensProvider":           map[string]any{"resolveProvider": false},
			"definitionProvider":         true,
			"semanticTokensProvider": map[string]any{
				"legend": map[string]any{"tokenTypes": tokenTypes, "tokenModifiers": []string{}},
				"full":   true,
			},
			"executeCommandProvider": map[string]any{"commands": []string{cmdDryRun, cmdApply}},
			"completionProvider":     map[string]any{"triggerCharacters": []string{"\""}},
		},
		"serverInfo": map[string]any{"name": "clada-lsp"},
	}, nil
}
