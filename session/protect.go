package session

import (
	"context"
	"path/filepath"
	"slices"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/engine/history"
	"github.com/clada-dev/clada/lang"
)

// protected is the session's engine config for one apply (or undo or
// squash), with two more places on its deny list, read now (README,
// "Safety"):
//
//   - the directory the repository's core.hooksPath names inside the
//     root: git runs what is there on the user's next commit, and a
//     command of an earlier apply may have set it (history.ReadGitConfig);
//   - the user's clada directory, when the root or an --allow directory
//     holds it (a root at the home directory): it holds the approvals, the
//     trust store and the history's key, which only the user writes.
func (s *Session) protected(ctx context.Context) *engine.Config {
	cfg, _ := s.protectedGit(ctx)
	return cfg
}

// protectedGit is protected, and the git config it read the hooks path
// from, which an apply's git model starts from (history.Attach).
func (s *Session) protectedGit(ctx context.Context) (*engine.Config, *history.GitConfig) {
	gc, ok := s.hooks.take()
	if !ok {
		gc = s.hooksSeen.get(ctx, s.Engine) // hooks_cache.go
	}
	deny := append(slices.Clip(gc.HooksDeny), userDirDeny(s.Engine)...)
	if len(deny) == 0 {
		return s.Engine, gc
	}
	c := *s.Engine
	c.Deny = append(slices.Clip(c.Deny), deny...)
	return &c, gc
}

// writes reports whether doc has an action that writes files: only those
// meet the deny list.
func writes(doc *lang.Document) bool {
	for a := range doc.Actions() {
		if spec := lang.Lookup(a.Op); spec != nil && spec.Kind == lang.Write {
			return true
		}
	}
	return false
}

// userDirDeny is a deny pattern for cfg.UserDir in each tree a write may
// reach that holds it: the root, an --allow directory, "/" under
// --allow-escape (deny patterns match paths relative to the tree holding
// them). Both the spelling of the config dir and its resolved path count.
func userDirDeny(cfg *engine.Config) []string {
	if cfg.UserDir == "" {
		return nil
	}
	dirs := []string{filepath.Clean(cfg.UserDir)}
	if real, err := filepath.EvalSymlinks(cfg.UserDir); err == nil && real != dirs[0] {
		dirs = append(dirs, real)
	}
	trees := append([]string{cfg.Root}, cfg.Allow...)
	if cfg.AllowEscape {
		trees = append(trees, filepath.VolumeName(cfg.Root)+string(filepath.Separator)) // "/", or the root's drive on Windows
	}
	var deny []string
	for _, tree := range trees {
		for _, dir := range dirs {
			rel, err := filepath.Rel(filepath.Clean(tree), dir)
			if err != nil || !filepath.IsLocal(rel) {
				continue
			}
			p := engine.EscapeGlob(filepath.ToSlash(rel)) + "/**"
			if rel == "." {
				p = "**"
			}
			if !slices.Contains(deny, p) {
				deny = append(deny, p)
			}
		}
	}
	return deny
}
