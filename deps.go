//go:build tools

// This file pins the dependencies DESIGN.md names, so `go mod tidy` keeps
// them while the packages that use them are being written. It is never built.
package clada

import (
	_ "github.com/alecthomas/participle/v2"
	_ "github.com/google/go-cmp/cmp"
	_ "github.com/rogpeppe/go-internal/testscript"
	_ "go.lsp.dev/jsonrpc2"
	_ "go.lsp.dev/protocol"
)
