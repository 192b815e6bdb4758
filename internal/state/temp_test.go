package state

import (
	"errors"
	"github.com/clada-dev/clada/internal/testfs"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// Temp files a killed apply left are removed (not a link's target), other
// files stay, .git is not walked.
func TestHostileStaleTemps(t *testing.T) {
	root, outside := t.TempDir(), t.TempDir()
	writeTree(t, root, map[string]string{
		"a/.f.go.clada-0123456789abcdef.tmp": "half",
		".x.clada-fedcba9876543210.tmp":      "half",
		"a/f.go":                             "keep",
		".git/.y.clada-0123456789abcdef.tmp": "git's business",
		"a/.f.go.clada-12.tmp":               "not ours",
	})
	if err := os.WriteFile(filepath.Join(outside, "t"), []byte("keep"), 0o644); err != nil {
		t.Fatal(err)
	}
	mustSymlink(t, filepath.Join(outside, "t"), filepath.Join(root, ".l.clada-aaaaaaaaaaaaaaaa.tmp"))
	gone, err := CleanTemps(root)
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(gone)
	want := []string{".l.clada-aaaaaaaaaaaaaaaa.tmp", ".x.clada-fedcba9876543210.tmp", "a/.f.go.clada-0123456789abcdef.tmp"}
	if !slices.Equal(gone, want) {
		t.Fatalf("removed %q, want %q", gone, want)
	}
	for _, p := range []string{"a/f.go", ".git/.y.clada-0123456789abcdef.tmp", "a/.f.go.clada-12.tmp"} {
		if _, err := os.Stat(filepath.Join(root, p)); err != nil {
			t.Errorf("%s: %v", p, err)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(outside, "t")); string(b) != "keep" {
		t.Errorf("link target changed: %q", b)
	}
	if _, err := os.Lstat(filepath.Join(root, ".l.clada-aaaaaaaaaaaaaaaa.tmp")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("temp-named link not removed: %v", err)
	}
}

func writeTree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func mustSymlink(t *testing.T, target, link string) {
	t.Helper()
	testfs.Symlink(t, target, link) // skips where the system makes no symlinks
}
