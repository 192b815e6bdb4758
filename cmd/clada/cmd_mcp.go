package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"time"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/mcp"
	"github.com/clada-dev/clada/report"
	"github.com/clada-dev/clada/sandbox"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// cmdMCP serves clada's ops as MCP tools on stdin/stdout. Every safety
// setting comes from these flags and .clada.yaml, as for apply; nothing a
// client sends widens them.
func cmdMCP(e *env) int {
	fs := newFlagSet(e, "mcp", "[flags]")
	root := fs.String("root", ".", "project root every path resolves against")
	var allow multiFlag
	fs.Var(&allow, "allow", "extra directory paths may reach (repeatable)")
	allowEscape := fs.Bool("allow-escape", false, "permit paths outside the root")
	timeout := durationVar(fs, "timeout", 30*time.Second, "per-command timeout")
	maxOut := sizeFlag(10 << 20)
	fs.Var(&maxOut, "max-output", "output kept per command stream (e.g. 10MB)")
	maxReport := sizeFlag(report.DefaultMaxReport)
	fs.Var(&maxReport, "max-report", "output shown per action in the text result for the model: head and tail, the cut named")
	noGit := fs.Bool("no-git", false, "no commit and no record of an apply (so no undo)")
	gitAuthor := fs.String("git-author", "clada", "author name of clada's commits")
	lockFile := fs.String("lock-file", "", "lock file (default .clada/lock under the root)")
	lockTimeout := durationVar(fs, "lock-timeout", 10*time.Second, "how long to wait for another apply's lock")
	noFsync := fs.Bool("no-fsync", false, "skip fsync (faster; loses power-loss durability)")
	approve := fs.String("approve", "", "commands not yet approved: never (fail), ask (through MCP elicitation; refused when the client cannot ask) or always; default: run them")
	sandboxMode := fs.String("sandbox", "write", "confine commands (Linux Landlock): write, strict (also no network) or off")
	configFile := fs.String("config", "", "project config (default: .clada.yaml in the root or a parent)")
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
	case *approve != "" && *approve != engine.ApproveNever && *approve != engine.ApproveAsk && *approve != engine.ApproveAlways:
		return usageErr("unknown --approve %q; use never, ask or always", *approve)
	case *timeout <= 0 || *lockTimeout < 0:
		return usageErr("--timeout must be positive and --lock-timeout not negative")
	}
	absRoot, err := resolveRoot(*root, true)
	if err != nil {
		return usageErr("%v", err)
	}
	cfg := engine.DefaultConfig(absRoot)
	for _, a := range allow {
		abs, err := filepath.Abs(a)
		if err != nil {
			return usageErr("--allow %s: %v", a, err)
		}
		cfg.Allow = append(cfg.Allow, abs)
	}
	cfg.AllowEscape, cfg.NoFsync = *allowEscape, *noFsync
	cfg.Timeout, cfg.MaxOutput = *timeout, int(maxOut)
	cfg.NoGit, cfg.GitAuthor = *noGit, *gitAuthor
	cfg.LockFile, cfg.LockTimeout = *lockFile, *lockTimeout
	cfg.Approve = *approve
	if cfg.Sandbox, err = sandbox.ParseMode(*sandboxMode); err != nil {
		return usageErr("--sandbox: %v", err)
	}
	proj, trust, err := projectConfig(fs, cfg, *configFile)
	if err != nil {
		return usageErr("%v", err)
	}
	if proj.MaxReport > 0 && !flagSet(fs, "max-report") {
		maxReport = sizeFlag(proj.MaxReport)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	opts := mcp.Options{Engine: cfg, Project: proj, Trust: trust, MaxReport: int(maxReport),
		Version: moduleVersion(version, debug.ReadBuildInfo), Log: e.stderr}
	t := &sdk.IOTransport{Reader: io.NopCloser(e.stdin), Writer: nopWriteCloser{e.stdout}}
	if err := mcp.Serve(ctx, opts, t); err != nil {
		fmt.Fprintf(e.stderr, "clada mcp: %v\n", err)
		return exitFail
	}
	return exitOK
}

// nopWriteCloser lets the server's transport close its side without
// closing the process's stdout.
type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }
