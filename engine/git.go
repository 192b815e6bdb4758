package engine

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
)

// Refs where clada records the last apply, so `clada undo` knows where to go
// back to and can tell whether anything changed since.
const (
	refBefore = "refs/clada/last-apply"       // HEAD before the apply (after the snapshot)
	refAfter  = "refs/clada/last-apply-after" // HEAD after the apply's own commit
)

// gitEmail is the fixed address of clada's commits; --git-author sets the name.
const gitEmail = "clada@localhost"

// repo runs git in one work tree with hooks off and a controlled environment.
type repo struct {
	dir    string
	author string
}

// openRepo returns the repo containing cfg.Root, or nil when git is disabled,
// missing, or the root is not inside a work tree.
func openRepo(ctx context.Context, cfg *Config) *repo {
	if cfg.NoGit {
		return nil
	}
	author := cfg.GitAuthor
	if author == "" {
		author = "clada"
	}
	r := &repo{dir: cfg.Root, author: author}
	out, err := r.git(ctx, "rev-parse", "--is-inside-work-tree")
	if err != nil || strings.TrimSpace(out) != "true" {
		return nil
	}
	return r
}

// git runs one git command. Every GIT_* variable of clada's environment is
// dropped and only the identity is set; hooks and signing are disabled so a
// snapshot never runs project code or prompts for a passphrase.
func (r *repo) git(ctx context.Context, args ...string) (string, error) {
	full := append([]string{"-c", "core.hooksPath=/dev/null", "-c", "commit.gpgsign=false", "-C", r.dir}, args...)
	cmd := exec.CommandContext(ctx, "git", full...)
	cmd.Env = append(cleanEnv(os.Environ()),
		"GIT_AUTHOR_NAME="+r.author, "GIT_AUTHOR_EMAIL="+gitEmail,
		"GIT_COMMITTER_NAME="+r.author, "GIT_COMMITTER_EMAIL="+gitEmail,
		"GIT_TERMINAL_PROMPT=0")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = err.Error()
		}
		return stdout.String(), fmt.Errorf("git %s: %s", args[0], msg)
	}
	return stdout.String(), nil
}

// dirty reports whether the work tree under the root has any change,
// untracked files included.
func (r *repo) dirty(ctx context.Context) (bool, error) {
	out, err := r.git(ctx, "status", "--porcelain", "--untracked-files=all", "--", ".")
	return strings.TrimSpace(out) != "", err
}

// head returns HEAD's commit id, or "" in a repository without commits.
func (r *repo) head(ctx context.Context) string {
	out, err := r.git(ctx, "rev-parse", "--verify", "-q", "HEAD")
	if err != nil {
		return ""
	}
	return strings.TrimSpace(out)
}

// commitAll stages everything under the root and commits it with msg,
// returning the new commit id. allowEmpty lets a fresh repository get the
// base commit undo needs.
func (r *repo) commitAll(ctx context.Context, msg string, allowEmpty bool) (string, error) {
	if _, err := r.git(ctx, "add", "-A", "--", "."); err != nil {
		return "", err
	}
	args := []string{"commit", "-q", "--no-verify", "-m", msg}
	if allowEmpty {
		args = append(args, "--allow-empty")
	}
	if _, err := r.git(ctx, args...); err != nil {
		return "", err
	}
	return r.head(ctx), nil
}

// snapshot commits a dirty tree before the first task and records the
// pre-apply commit. It returns the snapshot commit id ("" when the tree was
// clean and HEAD is the pre-apply state).
func (r *repo) snapshot(ctx context.Context) (string, error) {
	dirty, err := r.dirty(ctx)
	if err != nil {
		return "", err
	}
	snap := ""
	if dirty || r.head(ctx) == "" {
		if snap, err = r.commitAll(ctx, "clada: snapshot before apply", true); err != nil {
			return "", err
		}
	}
	if _, err := r.git(ctx, "update-ref", refBefore, r.head(ctx)); err != nil {
		return snap, err
	}
	return snap, nil
}

// finish commits what the apply changed ("AI: summary") and records the
// result for undo. It returns the commit id, "" when nothing changed.
func (r *repo) finish(ctx context.Context, summary string) (string, error) {
	dirty, err := r.dirty(ctx)
	if err != nil {
		return "", err
	}
	commit := ""
	if dirty {
		if commit, err = r.commitAll(ctx, "AI: "+summary, false); err != nil {
			return "", err
		}
	}
	if _, err := r.git(ctx, "update-ref", refAfter, r.head(ctx)); err != nil {
		return commit, err
	}
	return commit, nil
}
