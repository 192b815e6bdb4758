package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"runtime/debug"

	"github.com/clada-dev/clada/mcp"
	"github.com/clada-dev/clada/report"
	"github.com/clada-dev/clada/session"
)

// cmdMCP serves clada's ops as MCP tools on stdin/stdout. Every safety
// setting comes from these flags and .clada.yaml, as for apply (the same
// session: a trusted file's hooks and pass-env included); nothing a client
// sends widens them.
func cmdMCP(e *env) int {
	fs := newFlagSet(e, "mcp", "[flags]")
	ef := addEngineFlags(fs, engineHelp{
		approve: "commands not yet approved: never (fail), ask (through MCP elicitation; refused when the client cannot ask) or always; default: run them",
		noGit:   "no commit and no record of an apply (so no undo)",
		full:    true,
	})
	maxReport := sizeFlag(report.DefaultMaxReport)
	fs.Var(&maxReport, "max-report", "output shown per action in the text result for the model: head and tail, the cut named")
	pos, code, ok := parseArgs(fs, e.args)
	if !ok {
		return code
	}
	usageErr := func(format string, a ...any) int {
		fmt.Fprintf(e.stderr, "clada mcp: "+format+"\n", a...)
		return exitUsage
	}
	switch {
	case len(pos) > 0:
		return usageErr("takes no arguments (got %q); the client talks on stdin and stdout", pos[0])
	case ef.check() != nil:
		return usageErr("%v", ef.check())
	}
	absRoot, err := resolveRoot(*ef.root, true)
	if err != nil {
		return usageErr("%v", err)
	}
	cfg, err := ef.config(absRoot)
	if err != nil {
		return usageErr("%v", err)
	}
	// Hook output goes to stderr: stdout carries the protocol.
	s, err := session.Open(session.Input{Root: absRoot, ConfigFile: *ef.configFile, Engine: cfg,
		Explicit: explicitFlags(fs), MaxReport: int(maxReport), Log: e.stderr})
	if err != nil {
		return usageErr("%v", err)
	}
	if s.PassEnvIgnored != "" {
		fmt.Fprintf(e.stderr, "clada: %s\n", s.PassEnvIgnored)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	opts := mcp.Options{Session: s, Version: moduleVersion(version, debug.ReadBuildInfo)}
	// A malformed line gets its JSON-RPC error and the server carries on.
	if err := mcp.Serve(ctx, opts, mcp.Stdio(e.stdin, e.stdout)); err != nil {
		fmt.Fprintf(e.stderr, "clada mcp: %v\n", err)
		return exitFail
	}
	return exitOK
}
