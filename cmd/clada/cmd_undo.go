package main

import (
	"context"

	"fmt"
	"time"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/engine/history"
)

// cmdUndo reverses the newest recorded apply (history.Undo); run again, it
// walks further back. Nothing left to undo is exit 1, like any refusal.
func cmdUndo(e *env) int {
	fs := newFlagSet(e, "undo", "[--root DIR]")
	root := fs.String("root", ".", "project root of the apply to undo")
	lockFile := fs.String("lock-file", "", "lock file (default .clada/lock under the root)")
	lockTimeout := durationVar(fs, "lock-timeout", 10*time.Second, "how long to wait for a running apply's lock")
	pos, code, ok := parseArgs(fs, e.args)
	if !ok {
		return code
	}
	if len(pos) > 0 {
		fmt.Fprintf(e.stderr, "clada undo: takes no arguments (got %q); use --root DIR\n", pos[0])
		return exitUsage
	}
	abs, ok := rootDir(e, "undo", *root)
	if !ok {
		return exitUsage
	}
	cfg := engine.DefaultConfig(abs)
	cfg.LockFile, cfg.LockTimeout = *lockFile, *lockTimeout
	res, err := history.Undo(context.Background(), cfg)
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

// rootDir resolves --root to the absolute, symlink-free path the engine wants.
func rootDir(e *env, cmd, root string) (string, bool) {
	abs, err := resolveRoot(root, false)
	if err != nil {
		fmt.Fprintf(e.stderr, "clada %s: %v\n", cmd, err)
		return "", false
	}
	return abs, true
}
