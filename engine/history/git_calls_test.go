package history

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
	"github.com/google/go-cmp/cmp"
)

// dirtyRepo is a repository with a.txt committed and then changed on disk,
// as a user's tree usually is while an LLM works in it.
func dirtyRepo(tb testing.TB) string {
	tb.Helper()
	root := tb.TempDir()
	gitRun(tb, root, "init", "-q", ".")
	if err := os.WriteFile(filepath.Join(root, "a.txt"), []byte("a\n"), 0o644); err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, ".gitignore"), []byte("*.log\n"), 0o644); err != nil {
		tb.Fatal(err)
	}
	gitRun(tb, root, "add", ".")
	gitRun(tb, root, "commit", "-q", "-m", "init")
	if err := os.WriteFile(filepath.Join(root, "a.txt"), []byte("a\ndirty\n"), 0o644); err != nil {
		tb.Fatal(err)
	}
	return root
}

// trackedApply applies src in root for real and returns the report and
// the git commands the git model ran, in order.
func trackedApply(tb testing.TB, root, src string) (*engine.Report, []string) {
	return trackedApplyWith(tb, root, src, false)
}

// trackedApplyWith is trackedApply; read reads the git config first, as
// a session does (ReadGitConfig), and gives it to the git model.
func trackedApplyWith(tb testing.TB, root, src string, read bool) (*engine.Report, []string) {
	tb.Helper()
	cfg := engine.DefaultConfig(root)
	cfg.NoFsync, cfg.OutputMode, cfg.Timeout = true, engine.OutputSilent, 10*time.Second
	ws, err := engine.NewOS(cfg)
	if err != nil {
		tb.Fatal(err)
	}
	defer ws.Close()
	doc := lang.Parse(source.NewFile("in.sham", []byte(src)))
	var gc *GitConfig
	if read {
		gc = ReadGitConfig(context.Background(), cfg)
	}
	obs := TrackerWith(context.Background(), cfg, doc, gc)
	rep := engine.Run(context.Background(), doc, ws, cfg, obs)
	if !rep.Success || rep.GitError != "" || rep.GitCommit == "" {
		tb.Fatalf("apply: success %v, git error %q, commit %q\n%+v", rep.Success, rep.GitError, rep.GitCommit, rep.Results)
	}
	return rep, obs.(*applyTracker).r.calls
}

// TestGitCallsPerApply holds the git model to the processes it runs for
// the small applies an MCP write or a one-file answer makes: each git is a
// process of 1.5–3 ms, and together they were most of such an apply's
// time. A change that adds one must say so here.
func TestGitCallsPerApply(t *testing.T) {
	gitEnv(t)
	commitSteps := []string{"read-tree", "ls-tree", "update-index", "write-tree", "commit-tree", "ls-files", "update-index", "update-ref"}
	for _, c := range []struct {
		name  string
		src   string
		read  bool // the config is read before the apply, as a session does
		calls []string
	}{{
		name:  "new file in a dirty tree",
		src:   shamBlock("w1", `action = "file_write"`, `path = "b.txt"`, `content = "b"`),
		calls: append([]string{"rev-parse", "config", "ls-files"}, commitSteps...),
	}, {
		name:  "new file in a dirty tree, the config read before the apply",
		src:   shamBlock("w1", `action = "file_write"`, `path = "b.txt"`, `content = "b"`),
		read:  true,
		calls: append([]string{"rev-parse", "ls-files"}, commitSteps...),
	}, {
		name: "a command after the write: the config is read again after it",
		src: shamBlock("w1", `action = "file_write"`, `path = "b.txt"`, `content = "b"`) +
			shamBlock("x1", `action = "exec"`, `lang = "bash"`, `code = "true"`),
		read: true,
		// The dirty a.txt is stored before the command (hash-object: its
		// raw blob is its clean one, stored by the same process), the
		// config read again after it, and HEAD, which a command may move.
		calls: append([]string{"rev-parse", "status", "hash-object", "config", "status",
			"rev-parse", "symbolic-ref", "ls-files"}, commitSteps...),
	}, {
		name:  "edit of a clean tracked file",
		src:   shamBlock("w1", `action = "file_write"`, `path = ".gitignore"`, `content = "*.tmp"`),
		calls: append([]string{"rev-parse", "config", "hash-object", "ls-files"}, commitSteps...),
	}, {
		name: "edit of a dirty tracked file: the user's work is saved first",
		src:  shamBlock("w1", `action = "file_write"`, `path = "a.txt"`, `content = "b"`),
		calls: []string{"rev-parse", "config", "hash-object", "ls-files",
			"read-tree", "ls-tree", "update-index", "write-tree", "var", "commit-tree",
			"update-index", "write-tree", "commit-tree", "ls-files", "update-index", "update-ref"},
	}} {
		t.Run(c.name, func(t *testing.T) {
			_, calls := trackedApplyWith(t, dirtyRepo(t), c.src, c.read)
			if diff := cmp.Diff(c.calls, calls); diff != "" {
				t.Errorf("git calls (-want +got), %d now:\n%s\n%s", len(calls), diff, strings.Join(calls, " "))
			}
		})
	}
}

// BenchmarkGitCommit measures one small apply's git model in a dirty tree
// (record, commit, history), as an MCP write pays it: "new" writes a new
// file each time, "edit" rewrites a tracked one, "nogit" is the same edit
// under --no-git, the floor. git-cpu-ms/op is the CPU time of the git
// processes, which other work on the machine does not inflate as it does
// the wall time. Compare runs with benchstat.
func BenchmarkGitCommit(b *testing.B) {
	gitEnv(b)
	for _, mode := range []string{"new", "edit", "nogit"} {
		b.Run(mode, func(b *testing.B) {
			root := dirtyRepo(b)
			cfg := engine.DefaultConfig(root)
			cfg.NoFsync, cfg.OutputMode, cfg.NoGit = true, engine.OutputSilent, mode == "nogit"
			b.ReportAllocs()
			cpu := childCPU()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				path := "b.txt"
				if mode == "new" {
					path = "new/b" + strconv.Itoa(i) + ".txt"
				}
				src := shamBlock("w1", `action = "file_write"`, `path = "`+path+`"`, `content = "b `+strconv.Itoa(i)+`"`)
				doc := lang.Parse(source.NewFile("in.sham", []byte(src)))
				ws, err := engine.NewOS(cfg)
				if err != nil {
					b.Fatal(err)
				}
				rep := engine.Run(context.Background(), doc, ws, cfg, Tracker(context.Background(), cfg, doc))
				ws.Close()
				if !rep.Success || rep.GitError != "" || (mode != "nogit") != (rep.GitCommit != "") {
					b.Fatalf("apply %d: success %v, git error %q, commit %q", i, rep.Success, rep.GitError, rep.GitCommit)
				}
			}
			b.ReportMetric((childCPU()-cpu)*1e3/float64(b.N), "git-cpu-ms/op")
		})
	}
}

// lastRecord is the newest apply recorded in root.
func lastRecord(t *testing.T, root string) ApplyRecord {
	t.Helper()
	recs, err := Applies(context.Background(), engine.DefaultConfig(root))
	if err != nil || len(recs) == 0 {
		t.Fatalf("records: %v, %v", recs, err)
	}
	return recs[0]
}

// TestGitModelHeadStates: HEAD's commit and branch, read in the process
// that finds the repository, are what the record and the commit need on a
// branch, on a detached HEAD, and with files named like the revision in
// the top of the tree; on a branch without commits git says nothing of
// HEAD there and the apply asks again.
func TestGitModelHeadStates(t *testing.T) {
	gitEnv(t)
	write := shamBlock("w1", `action = "file_write"`, `path = "b.txt"`, `content = "b"`)
	t.Run("branch", func(t *testing.T) {
		root := dirtyRepo(t)
		for _, name := range []string{"HEAD", "HEAD^{commit}", "--"} {
			if err := os.WriteFile(filepath.Join(root, name), []byte("x"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		head := strings.TrimSpace(gitRun(t, root, "rev-parse", "HEAD"))
		rep, _ := trackedApply(t, root, write)
		rec := lastRecord(t, root)
		if rec.HeadRef != "refs/heads/"+strings.TrimSpace(gitRun(t, root, "branch", "--show-current")) || rec.HeadBefore != head {
			t.Errorf("record: head ref %q, before %q; want the branch and %s", rec.HeadRef, rec.HeadBefore, head)
		}
		if got := strings.TrimSpace(gitRun(t, root, "rev-parse", "HEAD")); got != rep.GitCommit {
			t.Errorf("HEAD %s, want the apply commit %s", got, rep.GitCommit)
		}
	})
	t.Run("detached", func(t *testing.T) {
		root := dirtyRepo(t)
		gitRun(t, root, "checkout", "-q", "--detach")
		head := strings.TrimSpace(gitRun(t, root, "rev-parse", "HEAD"))
		rep, _ := trackedApply(t, root, write)
		rec := lastRecord(t, root)
		if rec.HeadRef != "" || rec.HeadBefore != head {
			t.Errorf("record: head ref %q, before %q; want none and %s", rec.HeadRef, rec.HeadBefore, head)
		}
		if got := strings.TrimSpace(gitRun(t, root, "rev-parse", "HEAD")); got != rep.GitCommit {
			t.Errorf("HEAD %s, want the apply commit %s", got, rep.GitCommit)
		}
		if out := gitRun(t, root, "status", "--porcelain", "--branch"); !strings.HasPrefix(out, "## HEAD (no branch)") {
			t.Errorf("HEAD is no longer detached:\n%s", out)
		}
	})
	t.Run("no commit yet", func(t *testing.T) {
		root := t.TempDir()
		gitRun(t, root, "init", "-q", ".")
		rep, calls := trackedApply(t, root, write)
		if calls[0] != "rev-parse" || calls[1] != "rev-parse" || calls[2] != "symbolic-ref" {
			t.Errorf("calls %v: want HEAD asked again after the first rev-parse", calls)
		}
		rec := lastRecord(t, root)
		if rec.HeadRef == "" || rec.HeadBefore != "" {
			t.Errorf("record: head ref %q, before %q; want the unborn branch and none", rec.HeadRef, rec.HeadBefore)
		}
		if got := strings.TrimSpace(gitRun(t, root, "rev-parse", "HEAD")); got != rep.GitCommit {
			t.Errorf("HEAD %s, want the apply commit %s", got, rep.GitCommit)
		}
	})
}

// TestGitModelIgnoreAndCleanIDs: check-ignore runs only for paths that
// neither the index holds nor ls-files --others lists as not ignored, and
// the record still tells ignored from tracked exactly: a tracked file an
// ignore rule matches is committed, and so is a skip-worktree one (sparse
// checkout), which check-ignore counts as tracked too; a new file a rule
// matches, or one in an ignored folder, is not, and a new file no rule
// matches is. The state after keeps the blob as git stores
// it (the CRLF file's clean id, not its raw one), from the commit's index
// or, for the ignored file, from git.
func TestGitModelIgnoreAndCleanIDs(t *testing.T) {
	gitEnv(t)
	root := dirtyRepo(t)
	for name, data := range map[string]string{".gitattributes": "*.txt text eol=lf\n", "kept.log": "k\n", "sparse.log": "s\n", "crlf.txt": "old\r\n", ".gitignore": "*.log\nlogs/\n"} {
		if err := os.WriteFile(filepath.Join(root, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	gitRun(t, root, "add", "-f", ".gitignore", ".gitattributes", "kept.log", "sparse.log", "crlf.txt")
	gitRun(t, root, "commit", "-q", "-m", "logs")
	gitRun(t, root, "update-index", "--skip-worktree", "sparse.log")
	rep, calls := trackedApply(t, root, shamBlock("w1", `action = "file_write"`, `path = "kept.log"`, `content = "k2"`)+
		shamBlock("w2", `action = "file_write"`, `path = "new.log"`, `content = "n"`)+
		shamBlock("w3", `action = "file_write"`, `path = "sparse.log"`, `content = "s2"`)+
		shamBlock("w4", `action = "file_write"`, `path = "crlf.txt"`, `content = "one\ntwo"`)+
		shamBlock("w5", `action = "file_write"`, `path = "logs/x.txt"`, `content = "x"`)+
		shamBlock("w6", `action = "file_write"`, `path = "fresh.txt"`, `content = "f"`))
	if got := strings.Count(strings.Join(calls, " "), "check-ignore"); got != 1 {
		t.Errorf("check-ignore ran %d times, want once (for new.log and logs/x.txt)", got)
	}
	if data, _ := os.ReadFile(filepath.Join(root, "crlf.txt")); string(data) != "one\r\ntwo\r\n" {
		t.Errorf("crlf.txt holds %q, want its CRLF kept", data)
	}
	if got, want := gitRun(t, root, "show", "--name-only", "--format=", rep.GitCommit), "crlf.txt\nfresh.txt\nkept.log\nsparse.log\n"; got != want {
		t.Errorf("committed\n%s\nwant\n%s", got, want)
	}
	rec := lastRecord(t, root)
	for _, f := range rec.Files {
		if f.Path == "logs" {
			if f.Before != nil || f.After == nil || f.After.Mode != modeDir {
				t.Errorf("logs: before %+v, after %+v; want a new folder", f.Before, f.After)
			}
			continue
		}
		wantIgnored := f.Path == "new.log" || f.Path == "logs/x.txt"
		if f.Ignored != wantIgnored {
			t.Errorf("%s: ignored %v, want %v", f.Path, f.Ignored, wantIgnored)
		}
		raw := strings.TrimSpace(gitRun(t, root, "hash-object", "--no-filters", "--", f.Path))
		clean := strings.TrimSpace(gitRun(t, root, "hash-object", "--", f.Path))
		if f.After == nil || f.After.Raw != raw || f.After.Blob != clean {
			t.Errorf("%s: after %+v, want raw %s, blob %s", f.Path, f.After, raw, clean)
		}
		if f.Path == "crlf.txt" && raw == clean {
			t.Errorf("crlf.txt: raw and clean ids are the same (%s): the test lost its filter", raw)
		}
	}
	if len(rec.Files) != 7 { // logs/ too, the folder the write made
		t.Errorf("recorded %d files, want 7: %+v", len(rec.Files), rec.Files)
	}
}

// TestGitModelStoresRawBlobs: a file's raw blob is stored by the process
// that stores its clean one when the two are the same, and by one of its
// own when a filter changed the bytes (a CRLF file under eol=lf): undo
// brings both back byte for byte.
func TestGitModelStoresRawBlobs(t *testing.T) {
	gitEnv(t)
	root := dirtyRepo(t)
	for name, data := range map[string]string{".gitattributes": "*.txt text eol=lf\n", "crlf.txt": "old\r\n", "lf.txt": "old\n"} {
		if err := os.WriteFile(filepath.Join(root, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	gitRun(t, root, "add", ".gitattributes", "crlf.txt", "lf.txt")
	gitRun(t, root, "commit", "-q", "-m", "eol")
	_, calls := trackedApply(t, root, shamBlock("w1", `action = "file_write"`, `path = "lf.txt"`, `content = "new"`))
	if got := strings.Count(strings.Join(calls, " "), "hash-object"); got != 1 {
		t.Errorf("lf.txt: hash-object ran %d times, want once: %v", got, calls)
	}
	_, calls = trackedApply(t, root, shamBlock("w1", `action = "file_write"`, `path = "crlf.txt"`, `content = "new"`))
	if got := strings.Count(strings.Join(calls, " "), "hash-object"); got != 2 {
		t.Errorf("crlf.txt: hash-object ran %d times, want twice (clean, then raw): %v", got, calls)
	}
	for range 2 {
		if _, err := Undo(context.Background(), engine.DefaultConfig(root)); err != nil {
			t.Fatal(err)
		}
	}
	for name, want := range map[string]string{"crlf.txt": "old\r\n", "lf.txt": "old\n", "a.txt": "a\ndirty\n"} {
		if data, _ := os.ReadFile(filepath.Join(root, name)); string(data) != want {
			t.Errorf("%s after undo: %q, want %q", name, data, want)
		}
	}
}

// TestGitModelSHA256: in a SHA-256 repository the save commit, the apply
// commit and undo work as in a SHA-1 one: git refuses the SHA-1 length of
// "no object" in an index removal or a ref update there.
func TestGitModelSHA256(t *testing.T) {
	gitEnv(t)
	root := t.TempDir()
	gitRun(t, root, "init", "-q", "--object-format=sha256", ".")
	if err := os.WriteFile(filepath.Join(root, "a.txt"), []byte("a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	gitRun(t, root, "add", ".")
	gitRun(t, root, "commit", "-q", "-m", "init")
	if err := os.WriteFile(filepath.Join(root, "a.txt"), []byte("a\ndirty\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	before := snapshotTree(t, root)
	rep, _ := trackedApply(t, root, shamBlock("w1", `action = "file_write"`, `path = "a.txt"`, `content = "b"`)+
		shamBlock("w2", `action = "file_write"`, `path = "n.txt"`, `content = "n"`))
	if got, want := gitRun(t, root, "log", "--format=%s"), "AI: 2 actions, 0 failed: file_write a.txt, file_write n.txt\nclada: save work before apply\ninit\n"; got != want {
		t.Errorf("log\n%s\nwant\n%s", got, want)
	}
	if len(rep.SnapshotCommit) != 64 {
		t.Errorf("save commit %q, want a SHA-256 id", rep.SnapshotCommit)
	}
	if _, err := Undo(context.Background(), engine.DefaultConfig(root)); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(before, snapshotTree(t, root)); diff != "" {
		t.Errorf("tree after undo (-want +got):\n%s", diff)
	}
	if got := gitRun(t, root, "status", "--porcelain"); got != " M a.txt\n" {
		t.Errorf("status after undo:\n%s", got)
	}
}
