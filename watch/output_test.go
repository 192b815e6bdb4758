package watch

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clada-dev/clada/internal/testfs"
)

// The output file a .clada.yaml names is written through the root: a
// directory on the way that is a symlink out is refused and nothing is
// written outside (README, ".clada.yaml"); a plain output is written.
func TestWriteOutputNoSymlinkOut(t *testing.T) {
	root, outside := t.TempDir(), t.TempDir()
	testfs.Symlink(t, outside, filepath.Join(root, "out"))
	err := writeOutput(root, filepath.Join(root, "out", "results.md"), resultsStart+"\nx\n")
	if err == nil || !strings.Contains(err.Error(), string(filepath.Separator)+"out is a symlink; clada never follows one for its own files") {
		t.Fatalf("err = %v", err)
	}
	if entries, _ := os.ReadDir(outside); len(entries) != 0 {
		t.Fatalf("wrote %d entries outside the root", len(entries))
	}
	if err := writeOutput(root, filepath.Join(root, "docs", "results.md"), resultsStart+"\nx\n"); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(root, "docs", "results.md")); string(b) != resultsStart+"\nx\n" {
		t.Fatalf("results.md = %q", b)
	}
}
