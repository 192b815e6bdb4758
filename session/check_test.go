package session

import (
	"path/filepath"
	"testing"

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
