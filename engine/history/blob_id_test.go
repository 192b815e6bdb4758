package history

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/internal/testfs"
)

// TestRawBlobIDsMatchGit: the ids clada computes itself are git's own
// (hash-object --no-filters), in a SHA-1 and a SHA-256 repository, for
// files git would filter too (CRLF under text=auto, a large one) and for
// a symlink's target.
func TestRawBlobIDsMatchGit(t *testing.T) {
	gitEnv(t)
	files := map[string][]byte{
		"empty":       nil,
		"text.txt":    []byte("line\n"),
		"crlf.txt":    []byte("one\r\ntwo\r\n"),
		"bin.dat":     {0, 1, 2, 0xff, '\n', 0},
		"big.txt":     bytes.Repeat([]byte("0123456789abcdef\n"), 1<<14),
		"sub/ünï.txt": []byte("ünïcode"),
	}
	for _, format := range []string{"sha1", "sha256"} {
		t.Run(format, func(t *testing.T) {
			root := t.TempDir()
			gitRun(t, root, "init", "-q", "--object-format="+format, ".")
			if err := os.WriteFile(filepath.Join(root, ".gitattributes"), []byte("* text=auto\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			var paths []string
			for p, data := range files {
				if err := os.MkdirAll(filepath.Dir(filepath.Join(root, p)), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(root, p), data, 0o644); err != nil {
					t.Fatal(err)
				}
				paths = append(paths, p)
			}
			r, err := findRepo(t.Context(), engine.DefaultConfig(root))
			if err != nil {
				t.Fatal(err)
			}
			if r.objectFormat != format {
				t.Fatalf("object format %q, want %q", r.objectFormat, format)
			}
			got, ok := r.rawBlobIDs(paths)
			if !ok {
				t.Fatal("rawBlobIDs: not computed")
			}
			for i, p := range paths {
				want := strings.TrimSpace(gitRun(t, root, "hash-object", "--no-filters", "--", p))
				if got[i] != want {
					t.Errorf("%s: id %s, git says %s", p, got[i], want)
				}
			}
			testfs.Symlink(t, "sub/ünï.txt", filepath.Join(root, "link"))
			target, _ := os.Readlink(filepath.Join(root, "link"))
			id, ok := r.rawBlobIDOf([]byte(target))
			cmd := exec.Command("git", "-C", root, "hash-object", "--no-filters", "--stdin")
			cmd.Stdin = strings.NewReader(target)
			out, err := cmd.Output()
			if want := strings.TrimSpace(string(out)); err != nil || !ok || id != want {
				t.Errorf("symlink target: id %s (ok %v), git says %s (%v)", id, ok, want, err)
			}
			if _, ok := (&repo{top: root, objectFormat: "sha512"}).rawBlobIDs(paths); ok {
				t.Error("an unknown object format: rawBlobIDs computed ids, want git to")
			}
			if _, ok := r.rawBlobIDs([]string{"missing"}); ok {
				t.Error("a missing file: rawBlobIDs computed an id, want git to say what is wrong")
			}
		})
	}
}
