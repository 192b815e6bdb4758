package engine

import (
	"context"
	"os"
	"os/exec"
	"strings"
)

// What a repository's own config can make git run. Commands write the root,
// .git/config included, and clada's git calls run outside the sandbox, so
// nothing the repository configures may run there:
//
//   - hooks (core.hooksPath=/dev/null), fsmonitor (core.fsmonitor=false) and
//     signing (commit.gpgsign=false) are off on every call (repo.git);
//   - clean, smudge and process filter drivers that the repository's own
//     config defines (local or worktree scope, or a file it includes) are
//     emptied on every call that can run them (filterOff), so hash-object,
//     status, update-index and cat-file --filters store and restore those
//     files as they are; drivers from the user's global or the system
//     config (git-lfs, installed by the user) still run;
//   - textconv, diff.external, the pager, editors, askpass, credential
//     helpers, ssh and proxies are never reached: clada runs no diff, no
//     porcelain that opens an editor, and nothing that talks to a remote
//     (stdin is not a terminal and GIT_TERMINAL_PROMPT=0).
//
// The config listing itself runs no program.

// filterCommand reports whether a git command clada runs may apply a
// filter: every one but those that only read refs and objects (write-tree
// does, through the index's racy entries).
func filterCommand(name string) bool {
	switch name {
	case "rev-parse", "symbolic-ref", "var", "commit-tree", "update-ref", "ls-tree":
		return false
	}
	return true
}

// filterOff returns -c overrides that empty every filter driver defined
// by the repository's own config, read now (a command may have added one
// since the last call).
func (r *repo) filterOff(ctx context.Context) []string {
	cmd := exec.CommandContext(ctx, "git", "-c", "core.hooksPath=/dev/null", "-C", r.top,
		"config", "--show-scope", "--name-only", "--get-regexp", `^filter\.`)
	cmd.Env = append(cleanEnv(os.Environ()), "GIT_TERMINAL_PROMPT=0")
	out, err := cmd.Output() // exit 1: no filter configured at all
	if err != nil && len(out) == 0 {
		return nil
	}
	var args []string
	seen := map[string]bool{}
	for _, line := range strings.Split(string(out), "\n") {
		scope, name, ok := strings.Cut(line, "\t")
		if !ok || scope == "global" || scope == "system" || scope == "command" {
			continue
		}
		i := strings.LastIndexByte(name, '.')
		if i <= len("filter") {
			continue
		}
		driver := name[:i] // filter.<driver>, the driver name may hold dots
		if seen[driver] {
			continue
		}
		seen[driver] = true
		args = append(args, "-c", driver+".clean=", "-c", driver+".smudge=", "-c", driver+".process=", "-c", driver+".required=false")
	}
	return args
}
