package history

import (
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// listing builds `git config -z --show-scope --get-regexp` output from
// scope, name, value triples, with the probe git 2.31+ echoes.
func listing(entries ...string) string {
	var b strings.Builder
	for i := 0; i+2 < len(entries); i += 3 {
		b.WriteString(entries[i] + "\x00" + entries[i+1] + "\n" + entries[i+2] + "\x00")
	}
	b.WriteString("command\x00" + configProbe + "\n1\x00")
	return b.String()
}

func TestFilterPolicy(t *testing.T) {
	lfs := []string{
		"global", "filter.lfs.clean", "git-lfs clean -- %f",
		"global", "filter.lfs.smudge", "git-lfs smudge -- %f",
		"global", "filter.lfs.process", "git-lfs filter-process",
		"global", "filter.lfs.required", "true",
	}
	cases := []struct {
		name     string
		out      string
		env      []string
		disabled []string
		exts     []string
		known    map[string]bool // repository-only drivers at the apply's start
	}{
		{name: "user drivers only: nothing to override", out: listing(lfs...),
			env: []string{"GIT_CONFIG_COUNT=0"}},
		{name: "repository redefines the user's driver: the user's values",
			out: listing(append(lfs, "local", "filter.lfs.process", "evil", "local", "filter.lfs.required", "false")...),
			env: []string{"GIT_CONFIG_COUNT=2",
				"GIT_CONFIG_KEY_0=filter.lfs.process", "GIT_CONFIG_VALUE_0=git-lfs filter-process",
				"GIT_CONFIG_KEY_1=filter.lfs.required", "GIT_CONFIG_VALUE_1=true"}},
		{name: "repository-only driver with '=' and dots in its name: off and required",
			out: listing("local", "filter.a=b.c.clean", "evil", "worktree", "filter.a=b.c.smudge", "evil"),
			env: []string{"GIT_CONFIG_COUNT=4",
				"GIT_CONFIG_KEY_0=filter.a=b.c.clean", "GIT_CONFIG_VALUE_0=",
				"GIT_CONFIG_KEY_1=filter.a=b.c.smudge", "GIT_CONFIG_VALUE_1=",
				"GIT_CONFIG_KEY_2=filter.a=b.c.process", "GIT_CONFIG_VALUE_2=",
				"GIT_CONFIG_KEY_3=filter.a=b.c.required", "GIT_CONFIG_VALUE_3=true"},
			disabled: []string{"a=b.c"}},
		{name: "repository-only driver known at the start: refused; new since: emptied",
			out:   listing("local", "filter.crypt.clean", "git-crypt clean", "local", "filter.new.clean", "evil"),
			known: map[string]bool{"crypt": true},
			env: []string{"GIT_CONFIG_COUNT=8",
				"GIT_CONFIG_KEY_0=filter.crypt.clean", "GIT_CONFIG_VALUE_0=",
				"GIT_CONFIG_KEY_1=filter.crypt.smudge", "GIT_CONFIG_VALUE_1=",
				"GIT_CONFIG_KEY_2=filter.crypt.process", "GIT_CONFIG_VALUE_2=",
				"GIT_CONFIG_KEY_3=filter.crypt.required", "GIT_CONFIG_VALUE_3=true",
				"GIT_CONFIG_KEY_4=filter.new.clean", "GIT_CONFIG_VALUE_4=",
				"GIT_CONFIG_KEY_5=filter.new.smudge", "GIT_CONFIG_VALUE_5=",
				"GIT_CONFIG_KEY_6=filter.new.process", "GIT_CONFIG_VALUE_6=",
				"GIT_CONFIG_KEY_7=filter.new.required", "GIT_CONFIG_VALUE_7=false"},
			disabled: []string{"crypt"}},
		{name: "repository adds process to a clean-only user driver: off as a whole",
			out: listing("system", "filter.up.clean", "tr a-z A-Z", "local", "filter.up.process", "evil"),
			env: []string{"GIT_CONFIG_COUNT=4",
				"GIT_CONFIG_KEY_0=filter.up.clean", "GIT_CONFIG_VALUE_0=",
				"GIT_CONFIG_KEY_1=filter.up.smudge", "GIT_CONFIG_VALUE_1=",
				"GIT_CONFIG_KEY_2=filter.up.process", "GIT_CONFIG_VALUE_2=",
				"GIT_CONFIG_KEY_3=filter.up.required", "GIT_CONFIG_VALUE_3=true"},
			disabled: []string{"up"}},
		{name: "repository adds smudge to a clean-only user driver: emptied, required default",
			out: listing("global", "filter.up.clean", "tr a-z A-Z", "local", "filter.up.smudge", "evil", "local", "filter.up.required", "true"),
			env: []string{"GIT_CONFIG_COUNT=2",
				"GIT_CONFIG_KEY_0=filter.up.smudge", "GIT_CONFIG_VALUE_0=",
				"GIT_CONFIG_KEY_1=filter.up.required", "GIT_CONFIG_VALUE_1=false"}},
		{name: "git-lfs extension in any letter case: emptied",
			out: listing(append(lfs, "local", "lfs.Extension.x.clean", "evil", "local", "lfs.url", "https://x")...),
			env: []string{"GIT_CONFIG_COUNT=2",
				"GIT_CONFIG_KEY_0=lfs.extension.x.clean", "GIT_CONFIG_VALUE_0=",
				"GIT_CONFIG_KEY_1=lfs.extension.x.smudge", "GIT_CONFIG_VALUE_1="},
			exts: []string{"x"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := filterPolicyOf(c.out, c.known)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(c.env, p.env); diff != "" {
				t.Errorf("env (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(c.disabled, p.disabled); diff != "" {
				t.Errorf("disabled (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(c.exts, p.lfsExts); diff != "" {
				t.Errorf("lfs extensions (-want +got):\n%s", diff)
			}
		})
	}
}

// A git that ignores GIT_CONFIG_COUNT (before 2.31) would run the drivers
// clada meant to override: every filter-capable call fails instead.
func TestFilterPolicyOldGit(t *testing.T) {
	_, err := filterPolicyOf("local\x00filter.x.clean\nevil\x00", nil)
	want := "git is older than 2.31: clada cannot keep the filter drivers of the repository's config from running (upgrade git, or pass --no-git)"
	if err == nil || err.Error() != want {
		t.Fatalf("err = %v, want %q", err, want)
	}
}

// clada's git sees the user's choice of config files, nothing else of
// GIT_* (a hook's GIT_DIR), and never downloads LFS objects.
func TestGitProcessEnv(t *testing.T) {
	t.Setenv("GIT_DIR", "/elsewhere/.git")
	t.Setenv("GIT_CONFIG_PARAMETERS", "'filter.x.clean'='evil'")
	t.Setenv("GIT_CONFIG_GLOBAL", "/home/u/alt.gitconfig")
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	var git []string
	for _, kv := range gitProcessEnv() {
		if strings.HasPrefix(kv, "GIT_") {
			git = append(git, kv)
		}
	}
	sort.Strings(git) // os.Environ's order
	want := []string{"GIT_CONFIG_GLOBAL=/home/u/alt.gitconfig", "GIT_CONFIG_NOSYSTEM=1", "GIT_LFS_SKIP_SMUDGE=1", "GIT_TERMINAL_PROMPT=0"}
	if diff := cmp.Diff(want, git); diff != "" {
		t.Fatalf("GIT_* of git's environment (-want +got):\n%s", diff)
	}
}
