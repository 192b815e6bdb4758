package history

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/clada-dev/clada/internal/state"
)

// Which repository the root belongs to is what git's discovery says, and
// a .git that is a file ("gitdir: <path>") sends git to any repository it
// names: a tarball or an archive can carry one pointing at another of the
// user's repositories, whose HEAD clada would then move (README, "The git
// model"). So clada runs git for a root only when the work tree's .git is
// its git dir, or a file whose target git's own linkage confirms:
//
//   - a linked worktree (git worktree add): the file names
//     <common dir>/worktrees/<name>, whose gitdir file names this .git back;
//   - a submodule: the file names a directory under a superproject's
//     .git/modules/, the work tree lies inside that superproject, and the
//     module's core.worktree is this work tree.
//
// Anything else (a .git symlink, a gitdir file nothing points back to, a
// core.worktree that puts the work tree elsewhere) runs no git: the apply
// still writes its files and says in its warnings that nothing was
// committed or recorded.

// errNoWorkTree is findRepo's error when the root is not inside a git work tree.
var errNoWorkTree = errors.New("not inside a git work tree")

// linkError is findRepo's error when git's discovery leads somewhere its
// own linkage does not confirm.
type linkError struct{ msg string }

func (e *linkError) Error() string { return e.msg }

// checkGitLink confirms that gitDir is the git dir of the work tree top.
func checkGitLink(ctx context.Context, top, gitDir string) error {
	dotGit := filepath.Join(top, ".git")
	refuse := func(format string, a ...any) error {
		return &linkError{fmt.Sprintf(format, a...) + "; clada runs no git for this root (no commit, no record for undo)"}
	}
	fi, err := os.Lstat(dotGit)
	switch {
	case err != nil:
		return refuse("git places the work tree of %s at %s, which has no .git of its own (core.worktree?)", gitDir, top)
	case fi.Mode()&fs.ModeSymlink != 0:
		return refuse("%s is a symlink; git makes a directory or a gitdir file there, never a link", dotGit)
	case fi.IsDir():
		if !sameFile(dotGit, gitDir) {
			return refuse("git uses %s as the git dir of %s, not its own %s (core.worktree?)", gitDir, top, dotGit)
		}
		return nil
	case !fi.Mode().IsRegular():
		return refuse("%s is neither a directory nor a gitdir file", dotGit)
	}
	data, err := state.Read(top, ".git")
	if err != nil {
		return refuse("%s cannot be read: %v", dotGit, err)
	}
	named, ok := strings.CutPrefix(strings.TrimRight(string(data), "\r\n"), "gitdir: ")
	if !ok || strings.ContainsAny(named, "\n\x00") {
		return refuse("%s is a file but not a gitdir file", dotGit)
	}
	if !filepath.IsAbs(named) {
		named = filepath.Join(top, named)
	}
	if !sameFile(named, gitDir) {
		return refuse("%s names %s, but git uses %s", dotGit, named, gitDir)
	}
	real, err := filepath.EvalSymlinks(gitDir)
	if err != nil {
		return refuse("%s names %s, which cannot be resolved: %v", dotGit, gitDir, err)
	}
	if filepath.Base(filepath.Dir(real)) == "worktrees" {
		back, err := state.Read(real, "gitdir")
		if err != nil {
			return refuse("%s names the worktree %s, which has no gitdir file pointing back (%v)", dotGit, real, err)
		}
		p := strings.TrimRight(string(back), "\r\n")
		if !filepath.IsAbs(p) {
			p = filepath.Join(real, p) // relative worktree links (git 2.48 worktree.useRelativePaths)
		}
		if !sameFile(p, dotGit) {
			return refuse("%s names the worktree %s, which belongs to %s, not to this work tree", dotGit, real, p)
		}
		return nil
	}
	if super, ok := superproject(real); ok {
		if !within(super, top) {
			return refuse("%s names the submodule %s of %s, but this work tree is not inside that superproject", dotGit, real, super)
		}
		wt, err := moduleWorkTree(ctx, real)
		if err != nil || !sameFile(wt, top) {
			return refuse("%s names the submodule %s, whose core.worktree is %q, not this work tree", dotGit, real, wt)
		}
		return nil
	}
	return refuse("%s names %s, which is neither a worktree (git worktree add) nor a submodule of a repository that points back here", dotGit, real)
}

// superproject is the work tree whose .git/modules holds the submodule git
// dir real (nested modules included: a/.git/modules/x/modules/y).
func superproject(real string) (string, bool) {
	sep := string(filepath.Separator)
	i := strings.Index(real, sep+".git"+sep+"modules"+sep)
	if i < 0 {
		return "", false
	}
	return real[:i], true
}

// moduleWorkTree is the core.worktree of the submodule git dir, resolved
// against it as git resolves it. Reading a config file with git config
// --file runs no program.
func moduleWorkTree(ctx context.Context, gitDir string) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, gitTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "git", "config", "--file", filepath.Join(gitDir, "config"), "--get", "core.worktree")
	cmd.Env = gitProcessEnv()
	var out bytes.Buffer
	cmd.Stdout = &out
	if err := cmd.Run(); err != nil {
		return "", err
	}
	wt := strings.TrimRight(out.String(), "\n")
	if !filepath.IsAbs(wt) {
		wt = filepath.Join(gitDir, wt)
	}
	return wt, nil
}

// sameFile reports whether a and b are the same directory or file.
func sameFile(a, b string) bool {
	fa, err := os.Stat(a)
	if err != nil {
		return false
	}
	fb, err := os.Stat(b)
	return err == nil && os.SameFile(fa, fb)
}

// within reports whether dir holds p (or is it), both resolved.
func within(dir, p string) bool {
	d, err1 := filepath.EvalSymlinks(dir)
	q, err2 := filepath.EvalSymlinks(p)
	if err1 != nil || err2 != nil {
		return false
	}
	rel, err := filepath.Rel(d, q)
	return err == nil && filepath.IsLocal(rel)
}
