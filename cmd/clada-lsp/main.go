// Command clada-lsp is clada's language server. Editors start it and speak
// LSP over stdin/stdout; logs go to stderr.
//
// It only wires the process to package lsp, which is the server: the
// sandbox helper's entry (sandbox.Main), the command flags its apply's
// commands run with (flags.go), the signals that end it, and a bigger stdin
// pipe (pipe_linux.go). It imports lsp and sandbox, and nothing
// imports it. Start reading at main below, then lsp/server.go.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/clada-dev/clada/lsp"
	"github.com/clada-dev/clada/sandbox"
)

// stdio joins stdin and stdout into the one stream the protocol runs over.
type stdio struct {
	io.Reader
	io.Writer
}

func (stdio) Close() error { return os.Stdin.Close() }

func main() {
	sandbox.Main() // the command helper, when the engine re-executed this binary to confine one
	// No descriptor the editor leaked reaches a program the server starts
	// (a command, git, a hook); README "Safety", the process rules.
	_ = sandbox.CloseInherited()
	opts, code, ok := parseFlags(os.Args[1:], os.Stdout, os.Stderr)
	if !ok {
		os.Exit(code)
	}
	// SIGTERM, SIGHUP or SIGINT end the server as a lost connection does:
	// a command it runs is killed with its group (and its PID namespace).
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	defer stop()
	widenStdin()
	s := lsp.NewWith(os.Stderr, opts)
	if err := s.Serve(ctx, stdio{os.Stdin, os.Stdout}); err != nil {
		fmt.Fprintf(os.Stderr, "clada-lsp: %v\n", err)
	}
	if !s.CleanExit() {
		os.Exit(1)
	}
}
