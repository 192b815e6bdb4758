package history

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

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
	tb.Helper()
	cfg := engine.DefaultConfig(root)
	cfg.NoFsync, cfg.OutputMode = true, engine.OutputSilent
	ws, err := engine.NewOS(cfg)
	if err != nil {
		tb.Fatal(err)
	}
	defer ws.Close()
	doc := lang.Parse(source.NewFile("in.sham", []byte(src)))
	obs := Tracker(context.Background(), cfg, doc)
	rep := engine.Run(context.Background(), doc, ws, cfg, obs)
	if !rep.Success || rep.GitError != "" || rep.GitCommit == "" {
		tb.Fatalf("apply: success %v, git error %q, commit %q", rep.Success, rep.GitError, rep.GitCommit)
	}
	return rep, obs.(*applyTracker).r.calls
}

// TestGitCallsPerApply holds the git model to the processes it runs for
// the small applies an MCP write or a one-file answer makes: each git is a
// process of 1.5–3 ms, and together they were most of such an apply's
// time. A change that adds one must say so here.
func TestGitCallsPerApply(t *testing.T) {
	gitEnv(t)
	commitSteps := []string{"read-tree", "ls-tree", "update-index", "write-tree", "commit-tree", "ls-files", "ls-files", "update-index", "update-ref"}
	for _, c := range []struct {
		name  string
		src   string
		calls []string
	}{{
		name:  "new file in a dirty tree",
		src:   shamBlock("w1", `action = "file_write"`, `path = "b.txt"`, `content = "b"`),
		calls: append([]string{"rev-parse", "rev-parse", "symbolic-ref", "config", "hash-object", "hash-object", "check-ignore"}, commitSteps...),
	}, {
		name:  "edit of a clean tracked file",
		src:   shamBlock("w1", `action = "file_write"`, `path = ".gitignore"`, `content = "*.tmp"`),
		calls: append([]string{"rev-parse", "rev-parse", "symbolic-ref", "config", "hash-object", "hash-object", "hash-object", "hash-object", "check-ignore"}, commitSteps...),
	}, {
		name: "edit of a dirty tracked file: the user's work is saved first",
		src:  shamBlock("w1", `action = "file_write"`, `path = "a.txt"`, `content = "b"`),
		calls: []string{"rev-parse", "rev-parse", "symbolic-ref", "config", "hash-object", "hash-object", "hash-object", "hash-object", "check-ignore",
			"read-tree", "ls-tree", "update-index", "write-tree", "var", "commit-tree",
			"update-index", "write-tree", "commit-tree", "ls-files", "ls-files", "update-index", "update-ref"},
	}} {
		t.Run(c.name, func(t *testing.T) {
			_, calls := trackedApply(t, dirtyRepo(t), c.src)
			if diff := cmp.Diff(c.calls, calls); diff != "" {
				t.Errorf("git calls (-want +got), %d now:\n%s\n%s", len(calls), diff, strings.Join(calls, " "))
			}
		})
	}
}

// BenchmarkGitCommit measures one small apply's git model in a dirty tree
// (record, commit, history), as an MCP write pays it: "new" writes a new
// file each time, "edit" rewrites a tracked one, "nogit" is the same edit
// under --no-git, the floor. Compare runs with benchstat (scripts/bench).
func BenchmarkGitCommit(b *testing.B) {
	gitEnv(b)
	for _, mode := range []string{"new", "edit", "nogit"} {
		b.Run(mode, func(b *testing.B) {
			root := dirtyRepo(b)
			cfg := engine.DefaultConfig(root)
			cfg.NoFsync, cfg.OutputMode, cfg.NoGit = true, engine.OutputSilent, mode == "nogit"
			b.ReportAllocs()
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
		})
	}
}
