package session

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/clada-dev/clada/engine"
	"github.com/google/go-cmp/cmp"
)

// The user's clada directory is denied in every tree a write may reach
// that holds it, by its spelling and by its resolved path, and only there.
func TestUserDirDeny(t *testing.T) {
	home := t.TempDir()
	real := filepath.Join(home, "dotfiles", "config")
	if err := os.MkdirAll(filepath.Join(real, "clada"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(real, filepath.Join(home, ".config")); err != nil {
		t.Fatal(err)
	}
	cfg := engine.DefaultConfig(home)
	cfg.UserDir = filepath.Join(home, ".config", "clada")
	cfg.Allow = []string{filepath.Join(home, "dotfiles"), t.TempDir()}
	want := []string{".config/clada/**", "dotfiles/config/clada/**", "config/clada/**"}
	if diff := cmp.Diff(want, userDirDeny(cfg)); diff != "" {
		t.Errorf("deny (-want +got):\n%s", diff)
	}
	cfg.Root, cfg.Allow = t.TempDir(), nil
	if got := userDirDeny(cfg); got != nil {
		t.Errorf("a root that does not hold it: %q", got)
	}
	cfg.AllowEscape = true
	rel, _ := filepath.Rel("/", cfg.UserDir)
	realRel, _ := filepath.Rel("/", filepath.Join(real, "clada"))
	want = []string{filepath.ToSlash(rel) + "/**", filepath.ToSlash(realRel) + "/**"}
	if diff := cmp.Diff(want, userDirDeny(cfg)); diff != "" {
		t.Errorf("--allow-escape (-want +got):\n%s", diff)
	}
}
