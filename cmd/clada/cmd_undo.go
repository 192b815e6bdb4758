package main

import (
	"context"
	"fmt"
	"time"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/session"
)

// cmdUndo reverses the newest recorded apply (history.Undo, through the
// session so it sees the project's deny patterns); run again, it walks
// further back. Nothing left to undo is exit 1, like any refusal.
func cmdUndo(e *env) int {
	fs := newFlagSet(e, "undo", "[--root DIR] [--config FILE]")
	root := fs.String("root", ".", "project root of the apply to undo")
	configFile := fs.String("config", "", "project config whose deny patterns undo keeps to (default: .clada.yaml found from the root upwards)")
	lockFile := fs.String("lock-file", "", "lock file (default .clada/lock under the root)")
	lockTimeout := session.DurationVar(fs, "lock-timeout", 10*time.Second, "how long to wait for a running apply's lock")
	pos, code, ok := parseArgs(fs, e.args)
	if !ok {
		return code
	}
	if len(pos) > 0 {
		fmt.Fprintf(e.stderr, "clada undo: takes no arguments (got %q); use --root DIR\n", pos[0])
		return exitUsage
	}
	s, ok := historySession(e, "undo", *root, *configFile, func(c *engine.Config) { c.LockFile, c.LockTimeout = *lockFile, *lockTimeout })
	if !ok {
		return exitUsage
	}
	res, err := s.Undo(context.Background())
	if err != nil {
		fmt.Fprintf(e.stderr, "clada %v\n", err)
		return exitFail
	}
	a := res.Apply
	fmt.Fprintf(e.stdout, "undone %s: %s\n", a.ID, a.Summary)
	head := "no commit"
	if res.Head != "" {
		head = fmt.Sprintf("%.12s", res.Head)
	}
	fmt.Fprintf(e.stdout, "restored %d paths; HEAD is back at %s\n", res.Files, head)
	for _, n := range res.Notes {
		fmt.Fprintf(e.stdout, "note: %s\n", n)
	}
	return exitOK
}

// historySession opens the session undo, squash and log act through: the
// root, the project's config (its deny patterns), no hooks and no trust
// store; set adjusts the engine settings (the lock). A config that does
// not load stops the command (exit 2).
func historySession(e *env, cmd, root, configFile string, set func(*engine.Config)) (*session.Session, bool) {
	abs, ok := rootDir(e, cmd, root)
	if !ok {
		return nil, false
	}
	cfg := engine.DefaultConfig(abs)
	if set != nil {
		set(cfg)
	}
	s, err := session.Open(session.Input{Root: abs, ConfigFile: configFile, Engine: cfg}, session.NoHooks, session.NoPassEnv)
	if err != nil {
		fmt.Fprintf(e.stderr, "clada %s: %v\n", cmd, err)
		return nil, false
	}
	return s, true
}

// rootDir resolves --root to the absolute, symlink-free path the engine wants.
func rootDir(e *env, cmd, root string) (string, bool) {
	abs, err := resolveRoot(root, false)
	if err != nil {
		fmt.Fprintf(e.stderr, "clada %s: %v\n", cmd, err)
		return "", false
	}
	return abs, true
}
