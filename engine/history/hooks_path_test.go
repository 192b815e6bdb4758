package history

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	"github.com/clada-dev/clada/engine"
	"github.com/google/go-cmp/cmp"
)

// TestReadGitConfig: one git config process gives both the hooks path's
// deny patterns, read as git config --type=path reads core.hooksPath (the
// last value winning, ~ and ~user expanded, relative to the work tree's
// top), and the filter listing the git model starts from.
func TestReadGitConfig(t *testing.T) {
	gitEnv(t)
	root := t.TempDir()
	gitRun(t, root, "init", "-q", ".")
	sub := filepath.Join(root, "sub")
	gitRun(t, root, "config", "filter.crypt.clean", "crypt clean")
	deny := func(dir string) []string {
		t.Helper()
		gc := ReadGitConfig(context.Background(), engine.DefaultConfig(dir))
		if !gc.listed {
			t.Fatal("no listing")
		}
		p, err := filterPolicyOf(gc.listing, nil)
		if err != nil || !slices.Equal(p.disabled, []string{"crypt"}) {
			t.Errorf("filter policy from the listing: disabled %v, %v; want crypt", p.disabled, err)
		}
		return gc.HooksDeny
	}
	if d := deny(root); d != nil {
		t.Errorf("unset: deny %v, want none", d)
	}
	for _, c := range []struct {
		values []string
		home   string
		want   []string
	}{
		{[]string{"elsewhere", ".husky/_"}, "", []string{".husky/_/**"}},
		{[]string{"~/h"}, root, []string{"h/**"}},
		{[]string{"~"}, root, hookNames},
		{[]string{"~/h"}, t.TempDir(), nil},
		{[]string{"~no-such-user-here/h"}, root, nil},
		{[]string{root}, "", hookNames},
		{[]string{".husky/_", ""}, "", nil},
	} {
		exec.Command("git", "-C", root, "config", "--unset-all", "core.hooksPath").Run() // exit 5 when unset
		for _, v := range c.values {
			gitRun(t, root, "config", "--add", "core.hooksPath", v)
		}
		if c.home != "" {
			t.Setenv("HOME", c.home)
		}
		if got := deny(root); !cmp.Equal(got, c.want) {
			t.Errorf("core.hooksPath %q, HOME %s: deny %v, want %v", c.values, c.home, got, c.want)
		}
	}
	gitRun(t, root, "config", "--unset-all", "core.hooksPath")
	gitRun(t, root, "config", "core.hooksPath", "sub/hooks")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if got, want := deny(sub), []string{"hooks/**"}; !cmp.Equal(got, want) {
		t.Errorf("from a folder below the top: deny %v, want %v", got, want)
	}
}
