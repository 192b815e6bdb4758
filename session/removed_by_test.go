package session

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
)

// A delete answered again, which clada's history shows done, is already
// applied in every mode of Apply (real, dry run, atomic) and is no
// failure of Simulate (the editor's diagnostics, check --against); under
// --no-git it fails as before in both.
func TestReplayedDeleteEverywhere(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, ".config"))
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	for _, v := range []string{"GIT_AUTHOR_NAME", "GIT_COMMITTER_NAME"} {
		t.Setenv(v, "Test User")
	}
	for _, v := range []string{"GIT_AUTHOR_EMAIL", "GIT_COMMITTER_EMAIL"} {
		t.Setenv(v, "test@example.com")
	}
	root := t.TempDir()
	for _, args := range [][]string{{"init", "-q"}, {"add", "."}, {"commit", "-q", "-m", "base"}} {
		if args[0] == "add" {
			if err := os.WriteFile(filepath.Join(root, "a.txt"), []byte("a\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if out, err := exec.Command("git", append([]string{"-C", root}, args...)...).CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	in := "#!SHAM [@three-char-SHA-256: d1a]\naction = \"file_delete\"\npath = \"a.txt\"\n#!END_SHAM_d1a\n"
	doc := func() *lang.Document { return lang.Parse(source.NewFile("answer.md", []byte(in))) }
	open := func(noGit bool) *Session {
		s, err := Open(Input{Root: root}, NoHooks, NoPassEnv, KeepBrokenConfig)
		if err != nil {
			t.Fatal(err)
		}
		s.Engine.NoGit, s.Engine.NoFsync, s.Engine.OutputMode = noGit, true, engine.OutputSilent
		return s
	}
	res, err := open(false).Apply(t.Context(), doc(), engine.Real)
	if err != nil || !res.Report.Success || res.Report.GitCommit == "" {
		t.Fatalf("first apply: %v, %+v", err, res.Report)
	}
	for _, noGit := range []bool{false, true} {
		s := open(noGit)
		for _, mode := range []engine.Mode{engine.Real, engine.DryRun, engine.Atomic} {
			res, err := s.Apply(t.Context(), doc(), mode)
			if err != nil {
				t.Fatal(err)
			}
			r := res.Report.Results[0]
			if r.AlreadyApplied == noGit || r.Success == noGit || res.Report.GitCommit != "" {
				t.Errorf("--no-git %v, mode %v: success %v, already applied %v, commit %q; want already applied with git only",
					noGit, mode, r.Success, r.AlreadyApplied, res.Report.GitCommit)
			}
		}
		ds, _, err := s.Simulate(t.Context(), doc(), nil, false)
		if err != nil {
			t.Fatal(err)
		}
		if (len(ds) == 0) == noGit {
			t.Errorf("--no-git %v: simulate says %v; want a failure without git only", noGit, ds)
		}
	}
}
