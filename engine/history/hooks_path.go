package history

import (
	"bytes"
	"context"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/clada-dev/clada/engine"
)

// git runs the hooks in the directory core.hooksPath names on the user's
// next commit, checkout or push (clada's own git calls turn hooks off, the
// user's do not). When a repository's config points it inside the root
// (husky sets core.hooksPath=.husky/_), an answer that wrote a file there
// would run as the user the next time they commit: as with .git/hooks,
// clada never writes there (README, "Safety").

// hookNames are the hooks git runs (githooks(5)): the files a hooks path
// that is the root itself would run.
var hookNames = []string{"applypatch-msg", "pre-applypatch", "post-applypatch", "pre-commit",
	"pre-merge-commit", "prepare-commit-msg", "commit-msg", "post-commit", "pre-rebase",
	"post-checkout", "post-merge", "pre-push", "pre-receive", "update", "proc-receive",
	"post-receive", "post-update", "reference-transaction", "push-to-checkout", "pre-auto-gc",
	"post-rewrite", "sendemail-validate", "fsmonitor-watchman", "p4-changelist",
	"p4-prepare-changelist", "p4-post-changelist", "p4-pre-submit", "post-index-change"}

// HooksDeny is the deny patterns (relative to cfg.Root) for the directory
// the repository's core.hooksPath names, when it lies inside the root;
// nil when it is unset, lies outside, or git cannot say. It reads the
// config as git would (every scope, the last value winning, ~ expanded) and
// runs no program but git config.
func HooksDeny(ctx context.Context, cfg *engine.Config) []string {
	ctx, cancel := context.WithTimeout(ctx, gitTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "git", "-C", cfg.Root, "config", "--type=path", "--get-all", "core.hooksPath")
	cmd.Env = gitProcessEnv()
	var out bytes.Buffer
	cmd.Stdout = &out
	if cmd.Run() != nil {
		return nil // unset (exit 1), outside a repository, or no git: .git/hooks is denied already
	}
	values := strings.Split(strings.TrimRight(out.String(), "\n"), "\n")
	dir := values[len(values)-1]
	if dir == "" {
		return nil
	}
	if !filepath.IsAbs(dir) {
		// Relative to where hooks run: the work tree's top.
		r := &repo{top: cfg.Root}
		cdup, err := r.git(ctx, gitCall{}, "rev-parse", "--show-cdup")
		if err != nil {
			return nil
		}
		dir = filepath.Join(cfg.Root, strings.TrimRight(cdup, "\n"), dir)
	}
	rel, ok := cfg.Rel(filepath.Clean(dir))
	if !ok {
		return nil
	}
	if rel == "." {
		return append([]string(nil), hookNames...)
	}
	return []string{engine.EscapeGlob(rel) + "/**"}
}
