package engine

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clada-dev/clada/engine/fsys"
	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
	"github.com/google/go-cmp/cmp"
)

// shamOp is a SHAM block of op with params (key, value, key, value, …).
func shamOp(id, op string, kv ...string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "#!SHAM [@three-char-SHA-256: %s]\naction = %q\n", id, op)
	for i := 0; i+1 < len(kv); i += 2 {
		fmt.Fprintf(&b, "%s = %q\n", kv[i], kv[i+1])
	}
	fmt.Fprintf(&b, "#!END_SHAM_%s\n", id)
	return b.String()
}

// renameAndDelete is a git diff that only renames src/old.py to
// src/new.py and deletes gone.txt.
const renameAndDelete = "```diff\n" +
	"diff --git a/src/old.py b/src/new.py\nsimilarity index 100%\nrename from src/old.py\nrename to src/new.py\n" +
	"diff --git a/gone.txt b/gone.txt\ndeleted file mode 100644\nindex 1234567..0000000\n--- a/gone.txt\n+++ /dev/null\n@@ -1,2 +0,0 @@\n-x\n-y\n" +
	"```\n"

// outcome is what a test needs of one result.
type outcome struct {
	Success, Already, Skipped bool
	Error                     string
	Data                      map[string]any
}

// TestRemovedBefore: a delete or move whose path is gone is already
// applied when the history (here a fake: slash paths from the root, "old"
// for a delete, "old>new" for a move, to the apply's id) shows an apply
// that deleted it or moved it where the answer moves it, and the moved
// file is there; the history is asked only about a path that is missing,
// and a patch or diff that only renames and deletes is then already
// applied as a whole. Without such an apply, nothing changes.
func TestRemovedBefore(t *testing.T) {
	for _, c := range []struct {
		name    string
		files   map[string]string // on disk before; "/" ends a directory
		known   map[string]string // the fake history
		doc     string
		want    []outcome
		wantFS  map[string]string // on disk after (nil: as before)
		asked   []string          // what the history was asked, in order
		success bool
	}{{
		name:  "file_delete of a file an apply deleted",
		files: map[string]string{"keep.txt": "k"},
		known: map[string]string{"gone.txt": "A1"},
		doc:   shamOp("d1a", "file_delete", "path", "gone.txt"),
		want:  []outcome{{Success: true, Already: true, Data: map[string]any{"path": "gone.txt", "appliedBy": "A1"}}},
		asked: []string{"gone.txt"}, success: true,
	}, {
		name:  "file_delete the history knows nothing of",
		files: map[string]string{"keep.txt": "k"},
		known: map[string]string{"other.txt": "A1"},
		doc:   shamOp("d1a", "file_delete", "path", "gone.txt"),
		want:  []outcome{{Error: "ENOENT: no such file or directory, unlink 'gone.txt'"}},
		asked: []string{"gone.txt"},
	}, {
		name:   "file_delete of a file there again: deleted, the history not asked",
		files:  map[string]string{"gone.txt": "made again"},
		known:  map[string]string{"gone.txt": "A1"},
		doc:    shamOp("d1a", "file_delete", "path", "gone.txt"),
		want:   []outcome{{Success: true, Data: map[string]any{"path": "gone.txt"}}},
		wantFS: map[string]string{},
		asked:  nil, success: true,
	}, {
		name:  "file_delete of a file an apply moved away: no delete shows",
		files: map[string]string{"new.txt": "x"},
		known: map[string]string{"old.txt>new.txt": "A1"},
		doc:   shamOp("d1a", "file_delete", "path", "old.txt"),
		want:  []outcome{{Error: "ENOENT: no such file or directory, unlink 'old.txt'"}},
		asked: []string{"old.txt"},
	}, {
		name:  "remove and dir_delete of folders an apply deleted",
		files: map[string]string{"keep.txt": "k"},
		known: map[string]string{"build": "A1", "empty": "A2"},
		doc:   shamOp("r1a", "remove", "path", "build") + shamOp("r2a", "dir_delete", "path", "empty"),
		want: []outcome{
			{Success: true, Already: true, Data: map[string]any{"path": "build", "appliedBy": "A1"}},
			{Success: true, Already: true, Data: map[string]any{"path": "empty", "appliedBy": "A2"}},
		},
		asked: []string{"build", "empty"}, success: true,
	}, {
		name:  "file_move an apply made, the file edited since",
		files: map[string]string{"src/new.py": "edited since"},
		known: map[string]string{"src/old.py>src/new.py": "A1"},
		doc:   shamOp("m1a", "file_move", "old_path", "src/old.py", "new_path", "src/new.py"),
		want:  []outcome{{Success: true, Already: true, Data: map[string]any{"old_path": "src/old.py", "new_path": "src/new.py", "appliedBy": "A1"}}},
		asked: []string{"src/old.py>src/new.py"}, success: true,
	}, {
		name:  "file_move into a folder, as mv puts it",
		files: map[string]string{"lib/a.py": "a"},
		known: map[string]string{"a.py>lib/a.py": "A1"},
		doc:   shamOp("m1a", "file_move", "old_path", "a.py", "new_path", "lib/"),
		want:  []outcome{{Success: true, Already: true, Data: map[string]any{"old_path": "a.py", "new_path": "lib/a.py", "appliedBy": "A1"}}},
		asked: []string{"a.py>lib/a.py"}, success: true,
	}, {
		name:  "a folder renamed: the destination itself",
		files: map[string]string{"pkg/x.go": "x"},
		known: map[string]string{"old>pkg": "A1"},
		doc:   shamOp("m1a", "file_move", "old_path", "old", "new_path", "pkg"),
		want:  []outcome{{Success: true, Already: true, Data: map[string]any{"old_path": "old", "new_path": "pkg", "appliedBy": "A1"}}},
		asked: []string{"old>pkg"}, success: true, // pkg/old is not there: not asked
	}, {
		name:  "file_move whose moved file is gone too",
		files: map[string]string{"keep.txt": "k"},
		known: map[string]string{"src/old.py>src/new.py": "A1"},
		doc:   shamOp("m1a", "file_move", "old_path", "src/old.py", "new_path", "src/new.py"),
		want:  []outcome{{Error: "file_move: Source file not found 'src/old.py' (ENOENT)"}},
		asked: nil,
	}, {
		name:  "file_move an apply made to elsewhere",
		files: map[string]string{"src/new.py": "x", "lib/new.py": "x"},
		known: map[string]string{"src/old.py>lib/new.py": "A1"},
		doc:   shamOp("m1a", "file_move", "old_path", "src/old.py", "new_path", "src/new.py"),
		want:  []outcome{{Error: "file_move: Source file not found 'src/old.py' (ENOENT)"}},
		asked: []string{"src/old.py>src/new.py"},
	}, {
		name:  "a diff that only renames and deletes, answered again",
		files: map[string]string{"src/new.py": "a\nb\n"},
		known: map[string]string{"src/old.py>src/new.py": "A1", "gone.txt": "A1"},
		doc:   renameAndDelete,
		want: []outcome{
			{Success: true, Already: true, Data: map[string]any{"old_path": "src/old.py", "new_path": "src/new.py", "appliedBy": "A1"}},
			{Success: true, Already: true, Data: map[string]any{"path": "gone.txt", "appliedBy": "A1"}},
		},
		// the trial, then the run
		asked:   []string{"src/old.py>src/new.py", "gone.txt", "src/old.py>src/new.py", "gone.txt"},
		success: true,
	}, {
		name:  "the same diff, its delete unknown: all or nothing as before",
		files: map[string]string{"src/new.py": "a\nb\n"},
		known: map[string]string{"src/old.py>src/new.py": "A1"},
		doc:   renameAndDelete,
		want: []outcome{
			{Skipped: true, Error: "not run: task-2 would fail and a diff applies all or nothing; nothing of it was changed"},
			{Error: "ENOENT: no such file or directory, unlink 'gone.txt'"},
		},
		asked: []string{"src/old.py>src/new.py", "gone.txt"},
	}, {
		name:  "a V4A patch that only deletes, answered again",
		files: map[string]string{"keep.txt": "k"},
		known: map[string]string{"a.txt": "A1", "b.txt": "A2"},
		doc:   "*** Begin Patch\n*** Delete File: a.txt\n*** Delete File: b.txt\n*** End Patch\n",
		want: []outcome{
			{Success: true, Already: true, Data: map[string]any{"path": "a.txt", "appliedBy": "A1"}},
			{Success: true, Already: true, Data: map[string]any{"path": "b.txt", "appliedBy": "A2"}},
		},
		asked:   []string{"a.txt", "b.txt", "a.txt", "b.txt"},
		success: true,
	}} {
		for _, dry := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/dry=%v", c.name, dry), func(t *testing.T) {
				root := t.TempDir()
				if r, err := filepath.EvalSymlinks(root); err == nil {
					root = r
				}
				writeTree(t, root, c.files)
				cfg := DefaultConfig(root)
				cfg.NoGit, cfg.OutputMode = true, OutputSilent
				var asked []string
				cfg.RemovedBy = func(abs, to string) string {
					key := rel(t, root, abs)
					if to != "" {
						key += ">" + rel(t, root, to)
					}
					asked = append(asked, key)
					return c.known[key]
				}
				base, err := NewOS(cfg)
				if err != nil {
					t.Fatal(err)
				}
				defer base.Close()
				var ws fsys.Workspace = base
				if dry {
					ws = fsys.NewOverlay(base)
				}
				rep := Run(context.Background(), lang.Parse(source.NewFile("answer.md", []byte(c.doc))), ws, cfg, nil)
				var got []outcome
				for _, r := range rep.Results {
					got = append(got, outcome{r.Success, r.AlreadyApplied, r.Skipped, r.Error, r.Data})
				}
				if diff := cmp.Diff(c.want, got); diff != "" {
					t.Errorf("results (-want +got):\n%s", diff)
				}
				if rep.Success != c.success {
					t.Errorf("success %v, want %v", rep.Success, c.success)
				}
				if diff := cmp.Diff(c.asked, asked); diff != "" {
					t.Errorf("the history was asked (-want +got):\n%s", diff)
				}
				wantFS := c.wantFS
				if wantFS == nil || dry {
					wantFS = c.files
				}
				if diff := cmp.Diff(wantFS, readTree(t, root)); diff != "" {
					t.Errorf("tree (-want +got):\n%s", diff)
				}
			})
		}
	}
}

// TestRemovedBeforeWithoutHistory: with no RemovedBy (no git), a delete
// and a move whose paths are gone fail as they always did.
func TestRemovedBeforeWithoutHistory(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{"src/new.py": "x"})
	cfg := DefaultConfig(root)
	cfg.NoGit, cfg.OutputMode = true, OutputSilent
	base, err := NewOS(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer base.Close()
	doc := shamOp("d1a", "file_delete", "path", "gone.txt") + shamOp("m1a", "file_move", "old_path", "src/old.py", "new_path", "src/new.py")
	rep := Run(context.Background(), lang.Parse(source.NewFile("answer.md", []byte(doc))), base, cfg, nil)
	if rep.Success || len(rep.Results) != 2 || rep.Results[0].Success || rep.Results[1].Success || rep.Results[1].Skipped {
		t.Fatalf("want both to fail:\n%+v", rep.Results)
	}
	if got, want := rep.Results[1].Hint, "'src/new.py' exists and 'src/old.py' does not: if this answer was applied before, the move is done; otherwise check old_path (it is relative to the project root)"; got != want {
		t.Errorf("move's hint %q, want %q", got, want)
	}
}

// rel is abs as a slash path from root.
func rel(t *testing.T, root, abs string) string {
	t.Helper()
	r, err := filepath.Rel(root, abs)
	if err != nil {
		t.Fatal(err)
	}
	return filepath.ToSlash(r)
}
