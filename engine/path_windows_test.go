package engine

import (
	"errors"
	"path/filepath"
	"testing"

	"github.com/clada-dev/clada/engine/fault"
	"github.com/clada-dev/clada/engine/fsys"
)

// CheckWrite, which undo's paths pass alone (no Resolve), refuses the names
// that reach a protected folder under another spelling on Windows.
func TestCheckWriteWindowsNames(t *testing.T) {
	cfg := DefaultConfig(`C:\w\root`)
	for _, p := range []string{"GIT~1/hooks/pre-commit", ".git./hooks/x", ".git /config", "a.txt:s", "src/nul.go"} {
		err := cfg.CheckWrite(p, filepath.Join(cfg.Root, filepath.FromSlash(p)))
		var refused *fsys.RefusedError
		if !errors.As(err, &refused) || refused.Type != fault.InvalidPath {
			t.Errorf("CheckWrite(%q) = %v, want an invalid path", p, err)
		}
	}
	if err := cfg.CheckWrite("src/a.go", filepath.Join(cfg.Root, "src", "a.go")); err != nil {
		t.Errorf("CheckWrite(src/a.go) = %v", err)
	}
}
