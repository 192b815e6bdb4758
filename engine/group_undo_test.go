package engine

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
	"github.com/google/go-cmp/cmp"
)

// A patch whose commit fails at its third file's rename leaves every file
// as it was: the files renamed before it are put back, the failing step
// says why, and the others say what became of theirs.
func TestPatchCommitFailurePutsBack(t *testing.T) {
	for _, stuck := range []bool{false, true} {
		root := t.TempDir()
		old := map[string]string{"a.txt": "one\n", "b.txt": "two\n", "c.txt": "three\n"}
		for name, data := range old {
			if err := os.WriteFile(filepath.Join(root, name), []byte(data), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		patch := "*** Begin Patch\n" +
			"*** Update File: a.txt\n@@\n-one\n+ONE\n" +
			"*** Update File: b.txt\n@@\n-two\n+TWO\n" +
			"*** Update File: c.txt\n@@\n-three\n+THREE\n" +
			"*** End Patch\n"
		cfg := DefaultConfig(root)
		cfg.NoGit, cfg.NoFsync, cfg.OutputMode = true, true, OutputSilent
		renames := map[string]int{}
		cfg.failRename = func(name string) error {
			renames[filepath.Base(name)]++
			if filepath.Base(name) == "c.txt" || (stuck && filepath.Base(name) == "b.txt" && renames["b.txt"] == 2) {
				return &os.LinkError{Op: "rename", Old: "tmp", New: name, Err: errors.New("no space left on device")}
			}
			return nil
		}
		ws, err := NewOS(cfg)
		if err != nil {
			t.Fatal(err)
		}
		rep := Run(context.Background(), lang.Parse(source.NewFile("p.patch", []byte(patch))), ws, cfg, nil)
		ws.Close()
		var got []string
		for _, r := range rep.Results {
			got = append(got, fmt.Sprintf("%v %v %s | %s", r.Success, r.Skipped, r.Error, r.Hint))
		}
		c := rep.Results[2].Task
		want := []string{
			"false true undone: " + c + " failed and a patch applies all or nothing; 'a.txt' was put back as it was | ",
			"false true undone: " + c + " failed and a patch applies all or nothing; 'b.txt' was put back as it was | ",
			"false false file_replace_text: open 'c.txt': rename tmp " + filepath.Join(root, "c.txt") + ": no space left on device | nothing of the patch was changed",
		}
		files := userFiles(t, root)
		if stuck {
			var bOld string
			for name := range files {
				if strings.HasPrefix(name, ".b.txt.clada-") {
					bOld = name
				}
			}
			want[1] = "false false file_replace_text: 'b.txt' keeps its new content: " + c + " failed, and putting this file back failed too: " +
				"rename tmp " + filepath.Join(root, "b.txt") + ": no space left on device | its old content is in '" + bOld + "': move that over 'b.txt' to undo this step"
			want[2] = strings.TrimSuffix(want[2], "nothing of the patch was changed")
			old = map[string]string{"a.txt": "one\n", "b.txt": "TWO\n", "c.txt": "three\n", bOld: "two\n"}
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("stuck %v: results (-want +got):\n%s", stuck, diff)
		}
		if diff := cmp.Diff(old, files); diff != "" {
			t.Errorf("stuck %v: files (-want +got):\n%s", stuck, diff)
		}
	}
}

// userFiles is diskTree without .clada/ (the lock).
func userFiles(t *testing.T, root string) map[string]string {
	t.Helper()
	files := diskTree(t, root)
	for name := range files {
		if strings.HasPrefix(name, ".clada/") {
			delete(files, name)
		}
	}
	return files
}
