package history

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
	"github.com/google/go-cmp/cmp"
)

// applyRooted runs src for real with --root root (a folder of a work tree,
// or its top) and returns the report and the git commands the git model
// ran; noGit is --no-git. The config is read before the apply, as a
// session reads it.
func applyRooted(tb testing.TB, root, src string, noGit bool) (*engine.Report, []string) {
	tb.Helper()
	cfg := engine.DefaultConfig(root)
	cfg.NoFsync, cfg.OutputMode, cfg.NoGit = true, engine.OutputSilent, noGit
	ws, err := engine.NewOS(cfg)
	if err != nil {
		tb.Fatal(err)
	}
	defer ws.Close()
	doc := lang.Parse(source.NewFile("in.sham", []byte(src)))
	var gc *GitConfig
	if !noGit {
		gc = ReadGitConfig(context.Background(), cfg)
	}
	obs := TrackerWith(context.Background(), cfg, doc, gc)
	rep := engine.Run(context.Background(), doc, ws, cfg, obs)
	if obs == nil || obs.(*applyTracker).r == nil {
		return rep, nil
	}
	return rep, obs.(*applyTracker).r.calls
}

// hintsOf is each result as "ok" or its type, whether it asks to check the
// path ("check path" then) and its hint.
func hintsOf(rep *engine.Report) []string {
	var out []string
	for _, r := range rep.Results {
		if r.Success {
			out = append(out, "ok")
			continue
		}
		ask := ""
		if r.CheckPath {
			ask = " (check path)"
		}
		out = append(out, r.Type.String()+ask+": "+r.Hint)
	}
	return out
}

func writeFiles(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for p, s := range files {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(root, p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, p), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestMissingFileHints: a delete, move or edit of a file that is not there
// says what git and clada's history show, in a dirty tree whose root is a
// folder below the work tree's top (--root): an answer applied again is
// told its apply by id, commit and age and gets no near name; a mistyped
// path is told only that it does not exist and to check it (the session
// then adds "did you mean"); a file deleted by hand and not committed is
// told so, a folder too; an apply undone since, or a move made by hand, is
// no reason.
// Without git the ops' own two-way hints stay.
func TestMissingFileHints(t *testing.T) {
	gitEnv(t)
	top := t.TempDir()
	gitRun(t, top, "init", "-q", ".")
	writeFiles(t, top, map[string]string{"README": "r\n", "sub/a.txt": "a\n", "sub/b.txt": "b\n", "sub/c.txt": "c\n",
		"sub/keep.txt": "k\n", "sub/tools/t.sh": "t\n", "sub/mine.txt": "m\n", "sub/gone.txt": "g\n", "sub/dirty.txt": "d\n"})
	gitRun(t, top, "add", ".")
	gitRun(t, top, "commit", "-q", "-m", "base")
	writeFiles(t, top, map[string]string{"sub/dirty.txt": "d\nmine\n", "sub/new.txt": "untracked\n"})
	root := filepath.Join(top, "sub")

	del := func(id, p string) string {
		return shamBlock(id, `action = "file_delete"`, `path = "`+p+`"`)
	}
	move := func(id, from, to string) string {
		return shamBlock(id, `action = "file_move"`, `old_path = "`+from+`"`, `new_path = "`+to+`"`)
	}
	edit := func(id, p string) string {
		return shamBlock(id, `action = "file_replace_text"`, `path = "`+p+`"`, `old_text = "a"`, `new_text = "z"`)
	}

	answer := del("d1", "a.txt") + move("m1", "b.txt", "moved/b.txt") + del("d2", "gone.txt")
	first, _ := applyRooted(t, root, answer, false)
	if !first.Success || first.GitCommit == "" || first.GitError != "" {
		t.Fatalf("first apply: success %v, commit %q, git error %q\n%v", first.Success, first.GitCommit, first.GitError, hintsOf(first))
	}
	recs, err := Applies(context.Background(), engine.DefaultConfig(root))
	if err != nil || len(recs) != 1 {
		t.Fatalf("applies: %v, %v", recs, err)
	}
	who := fmt.Sprintf("clada's apply %s (commit %.12s, less than a minute ago)", recs[0].ID, first.GitCommit)

	// The user brings gone.txt back and deletes it again by hand, not
	// committed: clada's apply is no longer what took it away (git tracks
	// it again). keep.txt is deleted by hand.
	gitRun(t, top, "checkout", "HEAD~1", "--", "sub/gone.txt")
	gitRun(t, top, "commit", "-q", "-m", "back")
	for _, p := range []string{"gone.txt", "keep.txt"} {
		if err := os.Remove(filepath.Join(root, p)); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.RemoveAll(filepath.Join(root, "tools")); err != nil {
		t.Fatal(err)
	}
	// A move the user made and committed, not clada.
	gitRun(t, root, "mv", "c.txt", "c2.txt")
	gitRun(t, top, "commit", "-q", "-m", "by hand")
	// mine.txt is deleted by an apply that is then undone, and by the
	// user's own commit.
	if rep, _ := applyRooted(t, root, del("d1", "mine.txt"), false); !rep.Success {
		t.Fatalf("delete mine.txt: %v", hintsOf(rep))
	}
	if _, err := Undo(context.Background(), engine.DefaultConfig(root)); err != nil {
		t.Fatal(err)
	}
	gitRun(t, root, "rm", "-q", "mine.txt")
	gitRun(t, top, "commit", "-q", "-m", "mine gone")
	head := gitRun(t, top, "rev-parse", "HEAD")

	again := answer + del("d3", "kep.txt") + del("d4", "keep.txt") + del("d5", "mine.txt") +
		edit("e1", "a.txt") + edit("e2", "keep.txt") + del("d6", "b.txt") + move("m2", "a.txt", "z.txt") +
		move("m3", "c.txt", "c2.txt") + move("m4", "cc.txt", "c3.txt") + shamBlock("r1", `action = "remove"`, `path = "tools"`)
	rep, calls := applyRooted(t, root, again, false)
	want := []string{
		"file_not_found: 'a.txt' is already deleted: " + who + " deleted it",
		"file_not_found: 'b.txt' is already moved: " + who + " moved it to 'moved/b.txt'",
		"file_not_found: 'gone.txt' is not on disk, though git tracks it: it was deleted in the work tree and that is not committed (`git status` lists it)",
		"file_not_found (check path): 'kep.txt' does not exist: check the path (it is relative to the project root)",
		"file_not_found: 'keep.txt' is not on disk, though git tracks it: it was deleted in the work tree and that is not committed (`git status` lists it)",
		"file_not_found (check path): 'mine.txt' does not exist: check the path (it is relative to the project root)",
		"file_not_found: 'a.txt' does not exist: " + who + " deleted it",
		"file_not_found: 'keep.txt' is not on disk, though git tracks it: it was deleted in the work tree and that is not committed (`git status` lists it); `git restore -- keep.txt` brings it back",
		"file_not_found: 'b.txt' does not exist: " + who + " moved it to 'moved/b.txt'",
		"file_not_found: 'a.txt' does not exist: " + who + " deleted it",
		"file_not_found (check path): check old_path: it is relative to the project root",
		"file_not_found (check path): check old_path: it is relative to the project root",
		"file_not_found: 'tools' is not on disk, though git tracks it: it was deleted in the work tree and that is not committed (`git status` lists it)",
	}
	if diff := cmp.Diff(want, hintsOf(rep)); diff != "" {
		t.Errorf("hints (-want +got):\n%s", diff)
	}
	// Finding the repository and one listing of the index: the history
	// is a file read.
	if diff := cmp.Diff([]string{"rev-parse", "ls-files"}, calls); diff != "" {
		t.Errorf("git calls (-want +got):\n%s", diff)
	}
	if rep.GitCommit != "" || rep.GitError != "" || gitRun(t, top, "rev-parse", "HEAD") != head {
		t.Errorf("commit %q, git error %q after an apply that changed nothing", rep.GitCommit, rep.GitError)
	}

	// Without git: the ops' own words, which cannot tell a replay from a
	// mistyped path.
	rep, _ = applyRooted(t, root, del("d1", "a.txt")+move("m1", "b.txt", "moved/b.txt")+move("m2", "cc.txt", "c3.txt"), true)
	want = []string{
		"file_not_found (check path): 'a.txt' does not exist: if this answer was applied before, it is already deleted; otherwise check the path (it is relative to the project root)",
		"file_not_found (check path): 'moved/b.txt' exists and 'b.txt' does not: if this answer was applied before, the move is done; otherwise check old_path (it is relative to the project root)",
		"file_not_found (check path): check old_path: it is relative to the project root",
	}
	if diff := cmp.Diff(want, hintsOf(rep)); diff != "" {
		t.Errorf("--no-git hints (-want +got):\n%s", diff)
	}
}

// TestMissingDirHints: directories an apply moved or removed, and files
// inside them, after the apply was squashed with another: the hint names
// the squash's apply, which stands for both, and where a file inside a
// moved directory is now (a move records the directory it makes, not the
// files that come along).
func TestMissingDirHints(t *testing.T) {
	gitEnv(t)
	root := t.TempDir()
	gitRun(t, root, "init", "-q", ".")
	writeFiles(t, root, map[string]string{"lib/core/a.go": "a\n", "lib/b.go": "b\n", "build/out.txt": "o\n", "w.txt": "w\n"})
	gitRun(t, root, "add", ".")
	gitRun(t, root, "commit", "-q", "-m", "base")
	if err := os.Mkdir(filepath.Join(root, "empty"), 0o755); err != nil {
		t.Fatal(err)
	}
	answer := shamBlock("m1", `action = "file_move"`, `old_path = "lib"`, `new_path = "pkg"`) +
		shamBlock("r1", `action = "remove"`, `path = "build"`) +
		shamBlock("d1", `action = "dir_delete"`, `path = "empty"`)
	for _, src := range []string{answer, shamBlock("w1", `action = "file_write"`, `path = "w.txt"`, `content = "new"`)} {
		if rep, _ := applyRooted(t, root, src, false); !rep.Success {
			t.Fatalf("apply: %v", hintsOf(rep))
		}
	}
	sq, err := Squash(context.Background(), engine.DefaultConfig(root), 0)
	if err != nil {
		t.Fatal(err)
	}
	who := fmt.Sprintf("clada's apply %s (commit %.12s, less than a minute ago)", sq.Apply.ID, sq.Apply.ApplyCommit)

	rep, _ := applyRooted(t, root, answer+
		shamBlock("e1", `action = "file_replace_text"`, `path = "lib/core/a.go"`, `old_text = "a"`, `new_text = "z"`)+
		shamBlock("m2", `action = "file_move"`, `old_path = "lib/b.go"`, `new_path = "pkg/b.go"`)+
		shamBlock("m3", `action = "file_move"`, `old_path = "lib/b.go"`, `new_path = "b.go"`)+
		shamBlock("d2", `action = "file_delete"`, `path = "build/out.txt"`), false)
	want := []string{
		"file_not_found: 'lib' is already moved: " + who + " moved it to 'pkg'",
		"file_not_found: 'build' is already deleted: " + who + " deleted it",
		"file_not_found: 'empty' is already deleted: " + who + " deleted it",
		"file_not_found: 'lib/core/a.go' does not exist: " + who + " moved it to 'pkg/core/a.go'",
		"file_not_found: 'lib/b.go' is already moved: " + who + " moved it to 'pkg/b.go'",
		"file_not_found: 'lib/b.go' does not exist: " + who + " moved it to 'pkg/b.go'",
		"file_not_found: 'build/out.txt' is already deleted: " + who + " deleted it",
	}
	if diff := cmp.Diff(want, hintsOf(rep)); diff != "" {
		t.Errorf("hints (-want +got):\n%s", diff)
	}
}

func TestAgo(t *testing.T) {
	for d, want := range map[time.Duration]string{
		0: "less than a minute ago", 59 * time.Second: "less than a minute ago", time.Minute: "a minute ago",
		2 * time.Minute: "2 minutes ago", 59*time.Minute + 59*time.Second: "59 minutes ago", time.Hour: "an hour ago",
		2 * time.Hour: "2 hours ago", 47 * time.Hour: "47 hours ago", 48 * time.Hour: "2 days ago", 400 * 24 * time.Hour: "400 days ago",
	} {
		if got := ago(d); got != want {
			t.Errorf("ago(%v) = %q, want %q", d, got, want)
		}
	}
}

// TestMissingInThisAnswer: a file an earlier action of the same answer
// took away is told which task did it: git still tracks it (the apply
// commits at its end), so "deleted and not committed" would be wrong.
func TestMissingInThisAnswer(t *testing.T) {
	gitEnv(t)
	root := t.TempDir()
	gitRun(t, root, "init", "-q", ".")
	writeFiles(t, root, map[string]string{"x.txt": "x\n", "y.txt": "y\n", "w.txt": "w\n", "d/a.txt": "a\n"})
	gitRun(t, root, "add", ".")
	gitRun(t, root, "commit", "-q", "-m", "base")
	edit := func(id, p string) string {
		return shamBlock(id, `action = "file_replace_text"`, `path = "`+p+`"`, `old_text = "a"`, `new_text = "z"`)
	}
	rep, _ := applyRooted(t, root, shamBlock("d1", `action = "file_delete"`, `path = "x.txt"`)+
		edit("e1", "x.txt")+
		shamBlock("m1", `action = "file_move"`, `old_path = "y.txt"`, `new_path = "z.txt"`)+
		shamBlock("d2", `action = "file_delete"`, `path = "y.txt"`)+
		shamBlock("m2", `action = "file_move"`, `old_path = "d"`, `new_path = "e"`)+
		edit("e2", "d/a.txt")+
		shamBlock("x1", `action = "exec"`, `lang = "bash"`, `code = "rm w.txt"`)+
		edit("e3", "w.txt"), false)
	want := []string{
		"ok",
		"file_not_found: 'x.txt' does not exist: task-1 of this answer deleted it",
		"ok",
		"file_not_found: 'y.txt' does not exist: task-3 of this answer moved it to 'z.txt'",
		"ok",
		"file_not_found: 'd/a.txt' does not exist: task-5 of this answer moved it to 'e/a.txt'",
		"ok",
		"file_not_found: 'w.txt' does not exist: it was there when this apply began, and an action before this one took it away",
	}
	if diff := cmp.Diff(want, hintsOf(rep)); diff != "" {
		t.Errorf("hints (-want +got):\n%s", diff)
	}
	if rep.GitCommit == "" || rep.GitError != "" {
		t.Errorf("commit %q, git error %q", rep.GitCommit, rep.GitError)
	}
}
