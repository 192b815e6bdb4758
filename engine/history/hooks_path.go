package history

import (
	"context"
	"os"
	"os/exec"
	"os/user"
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

// GitConfig is what an apply needs of the git config, read in one git
// process before the apply (ReadGitConfig): the deny patterns of the
// core.hooksPath directory, and the listing the git model's filter
// overrides start from (git_config.go), so the apply runs no listing of
// its own. A session keeps one while the config files stay as they were.
type GitConfig struct {
	// HooksDeny is the deny patterns (relative to the root) for the
	// directory core.hooksPath names, when it lies inside the root; nil
	// when it is unset, lies outside, or git cannot say.
	HooksDeny []string
	listing   string
	listed    bool // listing is git's answer; false when git failed
}

// ReadGitConfig reads cfg.Root's git config as git would (every scope,
// the last value winning, ~ expanded as --type=path does) and runs no
// program but git config, and git rev-parse for a relative hooks path.
// Outside a repository it reads the user's config alone, as git does.
func ReadGitConfig(ctx context.Context, cfg *engine.Config) *GitConfig {
	ctx, cancel := context.WithTimeout(ctx, gitTimeout)
	defer cancel()
	out, err := listConfig(ctx, cfg.Root)
	if err != nil {
		return &GitConfig{} // no git: .git/hooks is denied already
	}
	return &GitConfig{HooksDeny: hooksDeny(ctx, cfg, out), listing: out, listed: true}
}

// hooksDeny is GitConfig.HooksDeny from the listing out (listConfig).
func hooksDeny(ctx context.Context, cfg *engine.Config, out string) []string {
	dir, set := "", false
	fields := strings.Split(out, "\x00")
	for i := 0; i+1 < len(fields); i += 2 {
		name, value, _ := strings.Cut(fields[i+1], "\n")
		if fields[i] != "command" && name == "core.hookspath" {
			dir, set = value, true
		}
	}
	if !set || dir == "" {
		return nil
	}
	dir, ok := expandPath(ctx, cfg, dir)
	if !ok {
		return nil // git config --type=path fails on it too
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

// expandPath expands a leading ~ or ~user as git config --type=path does
// (git's interpolate_path): "~" is $HOME and "~name" that user's home
// directory, each followed by the rest from the first slash; false when
// git could not expand it either. A "%(prefix)/" path, relative to where
// git is installed, is left to git itself.
func expandPath(ctx context.Context, cfg *engine.Config, p string) (string, bool) {
	if strings.HasPrefix(p, "%(prefix)/") {
		cmd := exec.CommandContext(ctx, "git", "-C", cfg.Root, "config", "--type=path", "--get-all", "core.hooksPath")
		cmd.Env = gitProcessEnv()
		out, err := cmd.Output()
		values := strings.Split(strings.TrimRight(string(out), "\n"), "\n")
		return values[len(values)-1], err == nil
	}
	if !strings.HasPrefix(p, "~") {
		return p, true
	}
	name, rest := p[1:], ""
	if i := strings.IndexByte(name, '/'); i >= 0 {
		name, rest = name[:i], name[i:]
	}
	if name == "" {
		home, ok := os.LookupEnv("HOME")
		return home + rest, ok
	}
	u, err := user.Lookup(name)
	if err != nil {
		return "", false
	}
	return u.HomeDir + rest, true
}
