package engine

import (
	"path/filepath"
	"strings"
	"testing"
)

// .clada, .ssh (any case) and the default editor and agent settings are
// refused in the root, in --allow directories and under --allow-escape
// (README, "Safety").
func TestHostileProtectedEverywhere(t *testing.T) {
	root, other := t.TempDir(), t.TempDir()
	cfg := DefaultConfig(root)
	cfg.Allow = []string{other}
	cases := map[string]string{
		filepath.Join(root, ".clada"):                        ".clada/**",
		filepath.Join(root, ".Ssh", "id"):                    "**/.ssh/**",
		filepath.Join(root, "a", ".vscode", "tasks.json"):    "**/.vscode/**",
		filepath.Join(root, ".claude", "settings.json"):      "**/.claude/**",
		filepath.Join(root, ".github", "workflows", "x.yml"): "**/.github/workflows/**",
		filepath.Join(other, ".ssh", "config"):               "**/.ssh/**",
		filepath.Join(other, ".cursor", "rules"):             "**/.cursor/**",
		filepath.Join(other, "p", ".clada", "lock"):          "a .clada directory",
	}
	for abs, want := range cases {
		err := cfg.CheckWrite(abs, abs)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: err = %v, want %q", abs, err, want)
		}
	}
	esc := DefaultConfig(root)
	esc.AllowEscape = true
	for _, abs := range []string{"/home/u/.ssh/authorized_keys", "/x/.CLADA/allowed-commands.json", "/x/.git/config"} {
		if err := esc.CheckWrite(abs, abs); err == nil {
			t.Errorf("--allow-escape: %s was not refused", abs)
		}
	}
	if err := cfg.CheckWrite("ok", filepath.Join(root, ".github", "CODEOWNERS")); err != nil {
		t.Errorf(".github/CODEOWNERS refused: %v", err)
	}
}
