package session

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
)

// A session that applies again (the MCP server) looks core.hooksPath up
// once while the config files stay as they were, again when one changes,
// and every time when a config includes another file.
func TestHooksCacheFollowsConfigFiles(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, ".config"))
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	root := t.TempDir()
	git := func(args ...string) {
		t.Helper()
		if out, err := exec.Command("git", append([]string{"-C", root}, args...)...).CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	git("init", "-q")
	git("config", "core.hooksPath", ".husky/_")
	s, err := Open(Input{Root: root}, NoHooks, NoPassEnv, KeepBrokenConfig)
	if err != nil {
		t.Fatal(err)
	}
	deny := func() []string { return s.protected(context.Background()).Deny }
	if d := deny(); !slices.Contains(d, ".husky/_/**") {
		t.Fatalf("first apply: deny %v lacks .husky/_/**", d)
	}
	// Without git on PATH a lookup finds nothing: the list kept is used.
	path := os.Getenv("PATH")
	t.Setenv("PATH", t.TempDir())
	if d := deny(); !slices.Contains(d, ".husky/_/**") {
		t.Fatalf("second apply, config unchanged: deny %v lacks .husky/_/**; it looked again", d)
	}
	t.Setenv("PATH", path)
	git("config", "core.hooksPath", "hooks2")
	if d := deny(); !slices.Contains(d, "hooks2/**") || slices.Contains(d, ".husky/_/**") {
		t.Fatalf("after the config changed: deny %v, want hooks2/** and not .husky/_/**", d)
	}
	// A config that includes another file: looked up every time.
	extra := filepath.Join(home, "extra.gitconfig")
	if err := os.WriteFile(extra, []byte("[core]\n\thooksPath = hooks3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	git("config", "include.path", extra)
	if d := deny(); !slices.Contains(d, "hooks3/**") {
		t.Fatalf("with an include: deny %v lacks hooks3/**", d)
	}
	t.Setenv("PATH", t.TempDir())
	if d := deny(); slices.Contains(d, "hooks3/**") {
		t.Fatalf("with an include, git gone: deny %v still has hooks3/**; the include was cached", d)
	}
}
