package fsys

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/clada-dev/clada/engine/fault"
	"github.com/clada-dev/clada/internal/state"
)

// A junction (a directory reparse point, which any user can make with
// mklink /J) is refused like a symlink: nothing is read or written through
// it, and removing the junction itself leaves its target whole.
func TestJunctionRefusedLikeSymlink(t *testing.T) {
	root, outside := t.TempDir(), t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "secret"), []byte("s"), 0o644); err != nil {
		t.Fatal(err)
	}
	j := filepath.Join(root, "j")
	if out, err := exec.Command("cmd", "/c", "mklink", "/J", j, outside).CombinedOutput(); err != nil {
		t.Skipf("mklink /J: %v: %s", err, out)
	}
	if fi, err := os.Lstat(j); err != nil || !state.IsLink(fi) {
		t.Skip("the junction made here is not a reparse point (Wine makes none); untested on a real Windows machine by this run")
	}
	ws, err := NewOS(Options{Root: root})
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	var refused *RefusedError
	if _, err := ws.ReadFile(filepath.Join(j, "secret")); !errors.As(err, &refused) || refused.Type != fault.SymlinkNotAllowed {
		t.Errorf("read through the junction: %v, want symlink_not_allowed", err)
	}
	if err := ws.WriteFile(filepath.Join(j, "new"), []byte("x")); !errors.As(err, &refused) || refused.Type != fault.SymlinkNotAllowed {
		t.Errorf("write through the junction: %v, want symlink_not_allowed", err)
	}
	if _, err := os.Stat(filepath.Join(outside, "new")); !os.IsNotExist(err) {
		t.Errorf("a file was written through the junction: %v", err)
	}
	if err := ws.Remove(j); err != nil {
		t.Fatalf("removing the junction itself: %v", err)
	}
	if b, err := os.ReadFile(filepath.Join(outside, "secret")); err != nil || string(b) != "s" {
		t.Errorf("the junction's target changed: %q, %v", b, err)
	}
}
