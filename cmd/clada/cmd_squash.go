package main

import (
	"context"
	"fmt"
	"time"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/session"
)

// cmdSquash folds the run of clada's apply commits on top of HEAD into one
// (history.Squash); `clada undo` afterwards undoes the folded applies together.
func cmdSquash(e *env) int {
	fs := newFlagSet(e, "squash", "[--root DIR] [--config FILE] [-n N]")
	root := fs.String("root", ".", "project root whose applies to squash")
	configFile := fs.String("config", "", "project config whose deny patterns squash keeps to (default: .clada.yaml found from the root upwards)")
	count := fs.Int("n", 0, "fold exactly the newest N apply commits (default: every one on top of HEAD)")
	lockFile := fs.String("lock-file", "", "lock file (default .clada/lock under the root)")
	lockTimeout := session.DurationVar(fs, "lock-timeout", 10*time.Second, "how long to wait for a running apply's lock")
	pos, code, ok := parseArgs(fs, e.args)
	if !ok {
		return code
	}
	switch {
	case len(pos) > 0:
		fmt.Fprintf(e.stderr, "clada squash: takes no arguments (got %q); use --root DIR and -n N\n", pos[0])
		return exitUsage
	case *count == 1 || *count < 0:
		fmt.Fprintf(e.stderr, "clada squash: -n %d: give 2 or more apply commits to fold (or leave -n out for all)\n", *count)
		return exitUsage
	}
	s, ok := historySession(e, "squash", *root, *configFile, func(c *engine.Config) { c.LockFile, c.LockTimeout = *lockFile, *lockTimeout })
	if !ok {
		return exitUsage
	}
	res, err := s.Squash(context.Background(), *count)
	if err != nil {
		fmt.Fprintf(e.stderr, "clada %v\n", err)
		return exitFail
	}
	fmt.Fprintf(e.stdout, "squashed %d applies into %s (commit %.12s):\n", len(res.Folded), res.Apply.ID, res.Apply.ApplyCommit)
	for _, a := range res.Folded {
		fmt.Fprintf(e.stdout, "  %s %s\n", a.ID, a.Summary)
	}
	switch {
	case res.Saves > 1:
		fmt.Fprintf(e.stdout, "your work that clada saved before %d of them is one commit below it, as yours (commit %.12s)\n", res.Saves, res.SaveCommit)
	case res.Saves == 1:
		fmt.Fprintf(e.stdout, "your work that clada saved before one of them stays below it, as yours (commit %.12s)\n", res.SaveCommit)
	}
	if res.Left != "" {
		fmt.Fprintf(e.stdout, "left below: %s\n", res.Left)
	}
	fmt.Fprintln(e.stdout, "clada undo now undoes them together")
	return exitOK
}
