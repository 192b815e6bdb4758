package history

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
	"github.com/google/go-cmp/cmp"
)

// attachedApply runs src for real as a session runs it (the config read
// first, the git model attached with RemovedBy: Attach) and returns the
// report and the git commands the git model ran; noGit is --no-git.
func attachedApply(tb testing.TB, root, src string, noGit bool) (*engine.Report, []string) {
	tb.Helper()
	cfg := engine.DefaultConfig(root)
	cfg.NoFsync, cfg.OutputMode, cfg.NoGit = true, engine.OutputSilent, noGit
	doc := lang.Parse(source.NewFile("in.sham", []byte(src)))
	var gc *GitConfig
	if !noGit {
		gc = ReadGitConfig(context.Background(), cfg)
	}
	run, obs := Attach(context.Background(), cfg, doc, gc)
	if noGit != (run.RemovedBy == nil) || noGit != (obs == nil) {
		tb.Fatalf("--no-git %v: RemovedBy set %v, observer %v", noGit, run.RemovedBy != nil, obs)
	}
	ws, err := engine.NewOS(run)
	if err != nil {
		tb.Fatal(err)
	}
	defer ws.Close()
	rep := engine.Run(context.Background(), doc, ws, run, obs)
	if obs == nil || obs.(*applyTracker).r == nil {
		return rep, nil
	}
	return rep, obs.(*applyTracker).r.calls
}

// outcomes is each result as "already <appliedBy>", "ok" or "failed: hint".
func outcomes(rep *engine.Report) []string {
	var out []string
	for _, r := range rep.Results {
		switch {
		case r.AlreadyApplied:
			by, _ := r.Data["appliedBy"].(string)
			out = append(out, "already "+by)
		case r.Success:
			out = append(out, "ok")
		default:
			out = append(out, "failed: "+r.Hint)
		}
	}
	return out
}

// historyRepo is a repository with files committed, one of them then
// changed on disk (a dirty tree).
func historyRepo(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	gitRun(t, root, "init", "-q", ".")
	writeFiles(t, root, map[string]string{"a.txt": "a\n", "b.txt": "b\n", "lib/x.go": "x\n", "build/out.txt": "o\n", "w.txt": "w\n", "dirty.txt": "d\n"})
	gitRun(t, root, "add", ".")
	gitRun(t, root, "commit", "-q", "-m", "base")
	writeFiles(t, root, map[string]string{"dirty.txt": "d\nmine\n"})
	return root
}

func del(id, p string) string {
	return shamBlock(id, `action = "file_delete"`, `path = "`+p+`"`)
}

func move(id, from, to string) string {
	return shamBlock(id, `action = "file_move"`, `old_path = "`+from+`"`, `new_path = "`+to+`"`)
}

// TestRemovedByHistory: what clada's signed history shows makes a delete
// or move answered again already applied, inside the run, naming the
// apply: a file deleted, a file moved (and edited since), a folder moved,
// a folder removed; with no commit and one git process (finding the
// repository; the history is a file read). A delete of a file an apply
// moved away is no such proof, nor is an apply undone since, one
// interrupted, a record clada did not sign, or --no-git; after a squash
// the squash's record stands for the applies it folded.
func TestRemovedByHistory(t *testing.T) {
	gitEnv(t)
	answer := del("d1", "a.txt") + move("m1", "b.txt", "moved/b.txt") + move("m2", "lib", "pkg") +
		shamBlock("r1", `action = "remove"`, `path = "build"`)
	applied := func(t *testing.T, root, src string) ApplyRecord {
		t.Helper()
		rep, _ := attachedApply(t, root, src, false)
		if !rep.Success || rep.GitCommit == "" || rep.GitError != "" {
			t.Fatalf("apply: success %v, commit %q, git error %q\n%v", rep.Success, rep.GitCommit, rep.GitError, outcomes(rep))
		}
		return lastRecord(t, root)
	}
	// replay applies src again and checks its outcomes, that it commits
	// nothing, and the git calls.
	replay := func(t *testing.T, root, src string, want, calls []string) {
		t.Helper()
		head := gitRun(t, root, "rev-parse", "HEAD")
		rep, got := attachedApply(t, root, src, false)
		if diff := cmp.Diff(want, outcomes(rep)); diff != "" {
			t.Errorf("outcomes (-want +got):\n%s", diff)
		}
		if diff := cmp.Diff(calls, got); diff != "" {
			t.Errorf("git calls (-want +got):\n%s", diff)
		}
		if rep.GitCommit != "" || rep.GitError != "" || gitRun(t, root, "rev-parse", "HEAD") != head {
			t.Errorf("commit %q, git error %q after an apply that changed nothing", rep.GitCommit, rep.GitError)
		}
	}

	t.Run("replayed", func(t *testing.T) {
		root := historyRepo(t)
		rec := applied(t, root, answer)
		writeFiles(t, root, map[string]string{"moved/b.txt": "b\nedited since\n"})
		tree := snapshotTree(t, root)
		replay(t, root, answer, []string{"already " + rec.ID, "already " + rec.ID, "already " + rec.ID, "already " + rec.ID}, []string{"rev-parse"})
		if diff := cmp.Diff(tree, snapshotTree(t, root)); diff != "" {
			t.Errorf("tree changed (-before +after):\n%s", diff)
		}
		// Asked of what the apply moved away, a delete is no replay: that
		// apply did not delete it. A move elsewhere is none either.
		replay(t, root, del("d1", "b.txt")+move("m1", "b.txt", "b2.txt"), []string{
			"failed: 'b.txt' does not exist: clada's apply " + rec.ID + " (commit " + rec.ApplyCommit[:12] + ", less than a minute ago) moved it to 'moved/b.txt'",
			"failed: 'b.txt' does not exist: clada's apply " + rec.ID + " (commit " + rec.ApplyCommit[:12] + ", less than a minute ago) moved it to 'moved/b.txt'",
		}, []string{"rev-parse", "ls-files"})
	})

	t.Run("undone", func(t *testing.T) {
		root := historyRepo(t)
		applied(t, root, del("d1", "a.txt"))
		if _, err := Undo(context.Background(), engine.DefaultConfig(root)); err != nil {
			t.Fatal(err)
		}
		// Back on disk: deleted again, as asked.
		rep, _ := attachedApply(t, root, del("d1", "a.txt"), false)
		if diff := cmp.Diff([]string{"ok"}, outcomes(rep)); diff != "" || rep.GitCommit == "" {
			t.Errorf("outcomes (-want +got), commit %q:\n%s", rep.GitCommit, diff)
		}
		if _, err := Undo(context.Background(), engine.DefaultConfig(root)); err != nil {
			t.Fatal(err)
		}
		// Gone by hand: both applies that deleted it are undone.
		if err := os.Remove(filepath.Join(root, "a.txt")); err != nil {
			t.Fatal(err)
		}
		replay(t, root, del("d1", "a.txt"), []string{
			"failed: 'a.txt' is not on disk, though git tracks it: it was deleted in the work tree and that is not committed (`git status` lists it)",
		}, []string{"rev-parse", "ls-files"})
	})

	// The apply's last line says started: interrupted before its state
	// after was read. No proof, though the file is gone and untracked.
	t.Run("interrupted", func(t *testing.T) {
		root := historyRepo(t)
		rec := applied(t, root, del("d1", "a.txt"))
		key, err := historyKey(engine.DefaultConfig(root).UserDir, false)
		if err != nil {
			t.Fatal(err)
		}
		rec.Status = ApplyStarted
		if _, err := appendRecord(filepath.Join(root, ".git"), key, &rec); err != nil {
			t.Fatal(err)
		}
		replay(t, root, del("d1", "a.txt"), []string{
			"failed: 'a.txt' does not exist: check the path (it is relative to the project root)",
		}, []string{"rev-parse", "ls-files"})
	})

	// A record clada did not sign (another key, or none) that says an
	// apply deleted w.txt, which the user deleted and committed: no proof.
	for name, key := range map[string][]byte{"forged": []byte(strings.Repeat("k", keyBytes)), "unsigned": nil} {
		t.Run(name, func(t *testing.T) {
			root := historyRepo(t)
			rec := applied(t, root, del("d1", "a.txt"))
			gitRun(t, root, "rm", "-q", "w.txt")
			gitRun(t, root, "commit", "-q", "-m", "w gone")
			rec.ID = "20260101T000000-abcd"
			rec.Files = []FileChange{{Path: "w.txt", Before: &FileState{Mode: "100644", Raw: rec.Files[0].Before.Raw}}}
			if _, err := appendRecord(filepath.Join(root, ".git"), key, &rec); err != nil {
				t.Fatal(err)
			}
			replay(t, root, del("d1", "w.txt"), []string{
				"failed: 'w.txt' does not exist: check the path (it is relative to the project root)",
			}, []string{"rev-parse", "ls-files"})
		})
	}

	t.Run("squashed", func(t *testing.T) {
		root := historyRepo(t)
		applied(t, root, answer)
		applied(t, root, shamBlock("w1", `action = "file_write"`, `path = "w.txt"`, `content = "new"`))
		sq, err := Squash(context.Background(), engine.DefaultConfig(root), 0)
		if err != nil {
			t.Fatal(err)
		}
		id := sq.Apply.ID
		replay(t, root, answer, []string{"already " + id, "already " + id, "already " + id, "already " + id}, []string{"rev-parse"})
	})

	t.Run("no git", func(t *testing.T) {
		root := historyRepo(t)
		applied(t, root, del("d1", "a.txt"))
		rep, calls := attachedApply(t, root, del("d1", "a.txt"), true)
		if diff := cmp.Diff([]string{
			"failed: 'a.txt' does not exist: if this answer was applied before, it is already deleted; otherwise check the path (it is relative to the project root)",
		}, outcomes(rep)); diff != "" || calls != nil {
			t.Errorf("outcomes (-want +got), git calls %v:\n%s", calls, diff)
		}
	})
}

// TestAttachGitCalls: the git model Attach gives a session runs the same
// git processes as TrackerWith's (TestGitCallsPerApply counts those) for
// an apply that deletes a file that is there: the history is asked only
// about a path that is missing.
func TestAttachGitCalls(t *testing.T) {
	gitEnv(t)
	src := shamBlock("w1", `action = "file_write"`, `path = "b.txt"`, `content = "b"`) + del("d1", "a.txt")
	_, want := trackedApplyWith(t, dirtyRepo(t), src, true)
	rep, got := attachedApply(t, dirtyRepo(t), src, false)
	if !rep.Success || rep.GitCommit == "" {
		t.Fatalf("apply: %v", outcomes(rep))
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("git calls (-TrackerWith +Attach):\n%s", diff)
	}
}
