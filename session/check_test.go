package session

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/engine/fault"

	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
	"github.com/google/go-cmp/cmp"
)

// A path that leads out of the root is an error of check, at the path as
// written, in every syntax's way of naming it; paths inside the root, and
// inside an --allow directory, are not.
func TestCheckOutsideRoot(t *testing.T) {
	root, allowed := t.TempDir(), t.TempDir()
	s, err := Open(Input{Root: root}, NoHooks, NoPassEnv, KeepBrokenConfig)
	if err != nil {
		t.Fatal(err)
	}
	s.Engine.Allow = []string{allowed}
	in := "#!SHAM [@three-char-SHA-256: e1]\naction = \"file_write\"\npath = \"../outside.txt\"\ncontent = \"x\"\n#!END_SHAM_e1\n" +
		"#!SHAM [@three-char-SHA-256: e2]\naction = \"file_move\"\nold_path = \"src/a.go\"\nnew_path = \"" + filepath.ToSlash(filepath.Join(allowed, "a.go")) + "\"\n#!END_SHAM_e2\n" +
		"--- a/src/b.go\n+++ b/src/../../b.go\n@@ -1 +1 @@\n-a\n+b\n"
	doc := lang.Parse(source.NewFile("answer.md", []byte(in)))
	var got []string
	for _, d := range s.Check(doc) {
		got = append(got, d.Code+" "+in[d.Range.Start:d.Range.End]+": "+d.Message)
	}
	want := []string{
		`OUTSIDE_ROOT "../outside.txt": path '../outside.txt' is outside the project root`,
		`OUTSIDE_ROOT src/../../b.go: path 'src/../../b.go' is outside the project root`,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("diagnostics (-want +got):\n%s", diff)
	}
}

// Simulating an answer (check --against, the editor) does not say again
// what OUTSIDE_ROOT says: the run's own refusal of that path is left out,
// and its other failures stay.
func TestSimulateLeavesOutsideRootToCheck(t *testing.T) {
	root := t.TempDir()
	s, err := Open(Input{Root: root}, NoHooks, NoPassEnv, KeepBrokenConfig)
	if err != nil {
		t.Fatal(err)
	}
	in := "#!SHAM [@three-char-SHA-256: e1]\naction = \"file_write\"\npath = \"../outside.txt\"\ncontent = \"x\"\n#!END_SHAM_e1\n" +
		"#!SHAM [@three-char-SHA-256: e2]\naction = \"file_replace_text\"\npath = \"missing.txt\"\nold_text = \"../a\"\nnew_text = \"b\"\n#!END_SHAM_e2\n"
	doc := lang.Parse(source.NewFile("answer.md", []byte(in)))
	ds, _, err := s.Simulate(t.Context(), doc, nil, false)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range ds {
		got = append(got, d.Code+" "+in[d.Range.Start:d.Range.End])
	}
	if diff := cmp.Diff([]string{`WORKSPACE "missing.txt"`}, got); diff != "" {
		t.Errorf("diagnostics (-want +got):\n%s", diff)
	}
}

// underRoot, check's shortcut for the paths of an answer, never passes a
// path Resolve refuses as leading out of the root: it agrees with Resolve
// on every path it passes, tricky ones included.
func TestUnderRootAgreesWithResolve(t *testing.T) {
	s, err := Open(Input{Root: t.TempDir()}, NoHooks, NoPassEnv, KeepBrokenConfig)
	if err != nil {
		t.Fatal(err)
	}
	paths := []string{"a.go", "src/a.go", "./a.go", "a/../b", "../a", "..", "a/..", "..a", "a..b/c",
		"/etc/passwd", `\etc\passwd`, `C:\x\y.go`, "C:/x", "C:x", `\\server\share\x`, "//x", "~/.ssh/id", "a\\..\\..\\b",
		"a/./../../b", " ../a", "a/b/", "é/ü.go", "-", "a:b"}
	for _, p := range paths {
		slow := s.escapesSlow(p) != nil
		if underRoot(p) && slow {
			t.Errorf("%q: underRoot passes it, Resolve refuses it as outside the root", p)
		}
	}
	if !underRoot("src/a.go") || underRoot("../a") || underRoot("/etc/passwd") || underRoot("C:x") {
		t.Error("underRoot misreads a plain case")
	}
}

// A file an answer names one letter off, or in another letter case, gets a
// hint naming the file that is there; the edit itself still fails, on the
// path as written.
func TestApplyNamesNearMiss(t *testing.T) {
	root := t.TempDir()
	for _, f := range []string{"math_utils.py", "README.md", "other.txt", "src/app.py", "Tests/t.py"} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(root, f)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, f), []byte("x = 1\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s, err := Open(Input{Root: root}, NoHooks, NoPassEnv, KeepBrokenConfig)
	if err != nil {
		t.Fatal(err)
	}
	s.Engine.NoGit = true
	edit := func(id, p string) string {
		return "#!SHAM [@three-char-SHA-256: " + id + "]\naction = \"file_replace_text\"\npath = \"" + p + "\"\nold_text = \"x = 1\"\nnew_text = \"x = 2\"\n#!END_SHAM_" + id + "\n"
	}
	doc := lang.Parse(source.NewFile("a.sham", []byte(edit("e1", "math_util.py")+edit("e2", "Readme.md")+edit("e3", "nothing_like_it.py")+
		edit("e4", "srcs/app.py")+edit("e5", "Test/t.py")+edit("e6", "lib/deep/app.py")+
		edit("e7", "srcs/other.py"))))
	out, err := s.Apply(context.Background(), doc, engine.Real)
	if err != nil {
		t.Fatal(err)
	}
	var hints []string
	for _, r := range out.Report.Results {
		hints = append(hints, r.Hint)
	}
	want := []string{
		"did you mean 'math_utils.py'? check the path: it is relative to the project root",
		"did you mean 'README.md'? check the path: it is relative to the project root",
		"check the path: it is relative to the project root",
		"did you mean 'src/app.py'? check the path: it is relative to the project root",
		"did you mean 'Tests/t.py'? check the path: it is relative to the project root",
		"check the path: it is relative to the project root",
		"check the path: it is relative to the project root", // src/other.py is not there either
	}
	if diff := cmp.Diff(want, hints); diff != "" {
		t.Fatalf("hints (-want +got):\n%s", diff)
	}
}

// A failure whose hint no longer asks to check the path (CheckPath unset)
// knows why the file is missing (a sparse checkout's path, an apply that
// deleted it: engine/history/missing_hint.go), and gets no "did you mean"
// however near a name beside it is.
func TestNearMissLeavesAKnowingHint(t *testing.T) {
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "dirA"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "dirA", "x.txt"), []byte("a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := engine.DefaultConfig(root)
	knowing := "dirB/x.txt is in git but outside this sparse checkout, so it is not on disk: ... or check it out first"
	rep := &engine.Report{Results: []engine.ActionResult{
		{Action: "file_replace_text", Params: map[string]string{"path": "dirB/x.txt"}, Result: engine.Result{Type: fault.FileNotFound, Hint: knowing}},
		{Action: "file_replace_text", Params: map[string]string{"path": "dirB/x.txt"}, Result: engine.Result{Type: fault.FileNotFound, Hint: "check the path", CheckPath: true}},
	}}
	nameNearMisses(rep, cfg)
	if got := rep.Results[0].Hint; got != knowing {
		t.Errorf("knowing hint became %q", got)
	}
	if got, want := rep.Results[1].Hint, "did you mean 'dirA/x.txt'? check the path"; got != want {
		t.Errorf("hint = %q, want %q", got, want)
	}
}
