package history

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"sort"
	"strconv"
	"strings"
)

// What a repository's own config can make git run. Commands write the root,
// .git/config included, and clada's git calls run outside the sandbox, so
// nothing the repository configures may run there:
//
//   - hooks (core.hooksPath=/dev/null), fsmonitor (core.fsmonitor=false) and
//     signing (commit.gpgsign=false) are off on every call (repo.git);
//   - filter drivers: on every call that can run one (filterCommand), each
//     driver the repository's config (local or worktree scope, or a file it
//     includes) sets a key of gets exactly the clean, smudge, process and
//     required values of the user's global and system config (filterOff).
//     A driver the user installed (git-lfs) runs as the user set it up,
//     whatever the repository redefines; a driver only the repository
//     defines (git-crypt, `git lfs install --local`, one a command wrote)
//     runs nothing and is marked required, so git refuses to stage or
//     restore a file that needs it instead of storing it unfiltered: an
//     emptied git-crypt driver would commit the plaintext, an emptied LFS
//     driver the whole content instead of the pointer. A repository-only
//     driver that first appears after one of the apply's commands (the
//     command wrote it) is only emptied: no content of the repository went
//     through it, so the file as it is is what git would store, and the
//     apply's commit and undo record go on;
//   - git-lfs extensions (lfs.extension.<name>.clean/smudge, programs
//     git-lfs runs inside its filter) the repository's config sets are
//     overridden the same way, and GIT_LFS_SKIP_SMUDGE=1 keeps git-lfs from
//     downloading a missing object (a download reaches transfer agents,
//     ssh and credential helpers the repository's config may name): clada
//     only restores objects it stored itself, which are local;
//   - textconv, diff.external, the pager, editors, askpass, credential
//     helpers, ssh and proxies are never reached: clada runs no diff, no
//     porcelain that opens an editor, and nothing that talks to a remote
//     (stdin is not a terminal and GIT_TERMINAL_PROMPT=0).
//
// The overrides go through GIT_CONFIG_COUNT rather than -c: a driver name
// may hold '=', which -c would split at. The config listing itself runs no
// program.

// filterCommand reports whether a git command clada runs may apply a
// filter: every one but those that only read refs and objects (write-tree
// does, through the index's racy entries).
func filterCommand(name string) bool {
	switch name {
	case "rev-parse", "symbolic-ref", "var", "commit-tree", "update-ref", "ls-tree", "diff-tree":
		return false
	}
	return true
}

// filterPolicy is what filterOff decided for one state of the config.
type filterPolicy struct {
	env      []string        // GIT_CONFIG_COUNT/KEY_n/VALUE_n overrides for each call
	disabled []string        // drivers only the repository defines, now refused
	repoOnly map[string]bool // every driver only the repository defines
	lfsExts  []string        // git-lfs extensions the repository's config names, now empty
}

// filterKeys are the keys of a filter driver that decide what runs.
var filterKeys = []string{"clean", "smudge", "process", "required"}

// configProbe is a key filterOff sets through GIT_CONFIG_COUNT while
// listing: git before 2.31 ignores that variable, and would then run the
// drivers clada meant to override.
const configProbe = "clada.filterprobe"

// userScope reports whether a --show-scope scope is the user's own.
func userScope(scope string) bool { return scope == "global" || scope == "system" }

// filterOff reads the filter drivers and git-lfs extensions defined at every
// scope now (a command may have written the repository's config since the
// last call) and returns the overrides that leave only the user's. known
// is repoOnly of the apply's first listing (nil for that one), which
// may come from the session's own read of the config (GitConfig), taken
// before the apply began: then no process runs here.
func (r *repo) filterOff(ctx context.Context, known map[string]bool) (filterPolicy, error) {
	if known == nil && r.listed != nil {
		out := *r.listed
		r.listed = nil
		return filterPolicyOf(out, nil)
	}
	r.calls = append(r.calls, "config")
	out, err := listConfig(ctx, r.top)
	if err != nil {
		return filterPolicy{}, err
	}
	return filterPolicyOf(out, known)
}

// listConfig lists, from dir, the keys of the config filterPolicyOf and
// ReadGitConfig read, with their scopes: filter.*, lfs.*, core.hooksPath
// and configProbe. Listing the config runs no program; the hooks path of
// the command scope is clada's own, as on every call.
func listConfig(ctx context.Context, dir string) (string, error) {
	cmd := exec.CommandContext(ctx, "git", "-c", "core.hooksPath=/dev/null", "-C", dir,
		"config", "-z", "--show-scope", "--get-regexp", `^(filter|lfs)\.|^core\.hookspath$|^`+strings.ReplaceAll(configProbe, ".", `\.`)+`$`)
	cmd.Env = append(gitProcessEnv(), "GIT_CONFIG_COUNT=1", "GIT_CONFIG_KEY_0="+configProbe, "GIT_CONFIG_VALUE_0=1")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	var exit *exec.ExitError
	if errors.As(err, &exit) && exit.ExitCode() == 1 && len(out) == 0 {
		err = nil // nothing matched, not even the probe: an old git (filterPolicyOf says so)
	}
	if err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = err.Error()
		}
		return "", fmt.Errorf("git config (listing filter drivers): %s", msg)
	}
	return string(out), nil
}

// filterPolicyOf decides the overrides from `git config -z --show-scope
// --get-regexp` output: "scope NUL name LF value NUL" per entry, in the
// order git reads them (system, global, local, worktree, command). known
// is as for filterOff.
func filterPolicyOf(out string, known map[string]bool) (filterPolicy, error) {
	type driver struct {
		user     map[string]string // key → last value in global or system config
		userRuns bool              // the user's config gives it a command
		repoSets map[string]bool   // keys the repository's config sets
	}
	filters := map[string]*driver{}
	exts := map[string]*driver{}
	probed := false
	fields := strings.Split(out, "\x00")
	for i := 0; i+1 < len(fields); i += 2 {
		scope := fields[i]
		name, value, _ := strings.Cut(fields[i+1], "\n")
		if name == configProbe {
			probed = scope == "command"
			continue
		}
		var set map[string]*driver
		var rest string
		switch {
		case strings.HasPrefix(name, "filter."):
			set, rest = filters, name[len("filter."):]
		case strings.HasPrefix(strings.ToLower(name), "lfs.extension."): // git-lfs matches it in any case
			set, rest = exts, name[len("lfs.extension."):]
		default:
			continue
		}
		dot := strings.LastIndexByte(rest, '.')
		if dot < 1 {
			continue // filter.<key> without a driver name: git ignores it
		}
		sub, key := rest[:dot], rest[dot+1:] // the driver name may hold dots
		d := set[sub]
		if d == nil {
			d = &driver{user: map[string]string{}, repoSets: map[string]bool{}}
			set[sub] = d
		}
		switch {
		case userScope(scope):
			d.user[key] = value
			if key != "required" && key != "priority" && value != "" {
				d.userRuns = true
			}
		default:
			d.repoSets[key] = true
		}
	}
	if !probed {
		return filterPolicy{}, errors.New("git is older than 2.31: clada cannot keep the filter drivers of the repository's config from running (upgrade git, or pass --no-git)")
	}
	p := filterPolicy{repoOnly: map[string]bool{}}
	var kv []string
	for _, sub := range sortedKeys(filters) {
		d := filters[sub]
		if len(d.repoSets) == 0 {
			continue
		}
		if !d.userRuns {
			p.repoOnly[sub] = true
		}
		if !d.userRuns && known != nil && !known[sub] {
			// Written by one of this apply's commands: nothing was
			// stored through it, so the file as it is is right.
			kv = append(kv, "filter."+sub+".clean", "", "filter."+sub+".smudge", "",
				"filter."+sub+".process", "", "filter."+sub+".required", "false")
			continue
		}
		_, userProcess := d.user["process"]
		// An empty value is no command, but git lets even an empty
		// process key shadow clean and smudge: a process key only the
		// repository sets cannot be emptied without disabling the user's
		// clean and smudge, so that driver is off as a whole.
		if !d.userRuns || (d.repoSets["process"] && !userProcess) {
			kv = append(kv, "filter."+sub+".clean", "", "filter."+sub+".smudge", "",
				"filter."+sub+".process", "", "filter."+sub+".required", "true") // git refuses the file rather than store it unfiltered
			p.disabled = append(p.disabled, sub)
			continue
		}
		for _, key := range filterKeys {
			if !d.repoSets[key] {
				continue // the user's value stands
			}
			v, ok := d.user[key]
			if key == "required" && !ok {
				v = "false" // git's default
			}
			kv = append(kv, "filter."+sub+"."+key, v) // an empty clean or smudge is no command
		}
	}
	for _, sub := range sortedKeys(exts) {
		if len(exts[sub].repoSets) > 0 {
			p.lfsExts = append(p.lfsExts, sub)
			// git-lfs fails on an empty extension command, so its filter
			// fails and git refuses the file (git-lfs marks itself required).
			kv = append(kv, "lfs.extension."+sub+".clean", exts[sub].user["clean"],
				"lfs.extension."+sub+".smudge", exts[sub].user["smudge"])
		}
	}
	p.env = []string{"GIT_CONFIG_COUNT=" + strconv.Itoa(len(kv)/2)}
	for i := 0; i < len(kv); i += 2 {
		n := strconv.Itoa(i / 2)
		p.env = append(p.env, "GIT_CONFIG_KEY_"+n+"="+kv[i], "GIT_CONFIG_VALUE_"+n+"="+kv[i+1])
	}
	return p, nil
}

// sortedKeys returns m's keys in order, so the overrides are stable.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// filterHint explains a git failure caused by a driver or git-lfs
// extension filterOff refused.
func (p filterPolicy) filterHint(msg string) string {
	if !strings.Contains(msg, "filter") {
		return ""
	}
	var why []string
	if len(p.disabled) > 0 {
		why = append(why, "never what the repository's own config defines for "+strings.Join(p.disabled, ", "))
	}
	if len(p.lfsExts) > 0 {
		why = append(why, "and none of the git-lfs extensions the repository's config names ("+strings.Join(p.lfsExts, ", ")+")")
	}
	if len(why) == 0 {
		return ""
	}
	return fmt.Sprintf(" (clada runs only the filter drivers your global and system git config define, %s; define it there, e.g. git lfs install, remove it from the repository's config, or pass --no-git)", strings.Join(why, ", "))
}
