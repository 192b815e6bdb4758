// Package e2e drives the built clada-lsp binary with real third-party
// clients: headless neovim (nvim/session.lua) and a Node script on
// vscode-languageserver-protocol (node/client.js), plus the hostile-input
// and resident-memory checks of the real process (hostile_test.go,
// rss_test.go). A missing client skips locally, saying how to install it
// (go test -v shows it: a passing package prints only its "ok" line), but
// fails when CI=true, so CI cannot pass by not running them.
//
// It is test code only: it builds cmd/clada-lsp with the go tool and talks
// to it over stdio, importing nothing of clada's (only go.lsp.dev/jsonrpc2
// to frame messages); nothing imports it. Start reading at e2e_test.go
// (build, then TestNeovim and TestNode).
package e2e
