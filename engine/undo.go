package engine

import (
	"context"
	"errors"
	"fmt"
	"strings"
)

// Undo returns the work tree to the commit recorded before the last apply.
// It refuses, changing nothing, when there is no recorded apply, when HEAD
// moved since that apply, or when the tree has uncommitted changes: undoing
// then would throw away work clada did not make. It returns the commit the
// tree is now at.
func Undo(ctx context.Context, cfg *Config) (string, error) {
	c := *cfg
	c.NoGit = false
	r := openRepo(ctx, &c)
	if r == nil {
		return "", fmt.Errorf("undo: %s is not inside a git work tree; clada can only undo applies it committed", cfg.Root)
	}
	lock, err := AcquireLock(ctx, cfg)
	if err != nil {
		return "", fmt.Errorf("undo: %w", err)
	}
	defer lock.Release()

	before, err1 := r.git(ctx, "rev-parse", "--verify", "-q", refBefore)
	after, err2 := r.git(ctx, "rev-parse", "--verify", "-q", refAfter)
	if err1 != nil || err2 != nil {
		return "", errors.New("undo: no apply recorded in this repository (nothing to undo)")
	}
	before, after = strings.TrimSpace(before), strings.TrimSpace(after)
	if head := r.head(ctx); head != after {
		return "", fmt.Errorf("undo: HEAD moved since the last apply (now %.12s, apply left %.12s); undo it by hand with git", head, after)
	}
	if dirty, err := r.dirty(ctx); err != nil {
		return "", fmt.Errorf("undo: %w", err)
	} else if dirty {
		return "", errors.New("undo: the tree has changes made after the last apply; commit or discard them first (git status)")
	}
	if _, err := r.git(ctx, "reset", "-q", "--hard", before); err != nil {
		return "", fmt.Errorf("undo: %w", err)
	}
	// Forget the apply so a second undo cannot go further back.
	_, _ = r.git(ctx, "update-ref", "-d", refBefore)
	_, _ = r.git(ctx, "update-ref", "-d", refAfter)
	return before, nil
}
