// Package e2e drives the built clada binary's `clada mcp` with a real MCP
// client nobody here wrote: the official TypeScript SDK's (npm
// @modelcontextprotocol/sdk, pinned in node/package-lock.json), scripted by
// node/client.mjs. A missing node or node_modules skips locally, saying how
// to install them, but fails when CI=true, so CI cannot pass by not running
// it.
//
// It is test code only: it builds cmd/clada with the go tool and imports
// nothing of clada's; nothing imports it. Start reading at e2e_test.go
// (TestTypeScriptClient), then node/client.mjs.
package e2e
