package main

import (
	"context"
	"fmt"
	"path/filepath"
	"time"

	"github.com/clada-dev/clada/engine"
)

// cmdUndo returns the tree to the commit recorded before the last apply.
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
	abs, err := filepath.Abs(*root)
	if err == nil {
		abs, err = filepath.EvalSymlinks(abs)
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "clada undo: --root %s: %v\n", *root, err)
		return exitUsage
	}
	cfg := engine.DefaultConfig(abs)
	cfg.LockFile, cfg.LockTimeout = *lockFile, *lockTimeout
	commit, err := engine.Undo(context.Background(), cfg)
	if err != nil {
		fmt.Fprintf(e.stderr, "clada %v\n", err)
		return exitFail
	}
	fmt.Fprintf(e.stdout, "undone: the tree is back at %.12s\n", commit)
	return exitOK
}
