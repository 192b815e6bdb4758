package session

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
)

// A session's view reads the tree with the apply's policy and keeps every
// write in memory; Read and Try run on such a view, so the disk and the
// project's lock are never touched.
func TestViewReadTryTouchNothing(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "a.txt"), []byte("one\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/etc/passwd", filepath.Join(root, "link")); err != nil {
		t.Fatal(err)
	}
	s, err := Open(Input{Root: root}, NoHooks, NoPassEnv)
	if err != nil {
		t.Fatal(err)
	}

	ws, done, err := s.View()
	if err != nil {
		t.Fatal(err)
	}
	if err := ws.WriteFile(filepath.Join(root, "a.txt"), []byte("changed\n")); err != nil {
		t.Fatal(err)
	}
	if _, err := ws.ReadFile(filepath.Join(root, "link")); err == nil {
		t.Error("the view read through a symlink")
	}
	done()

	doc := lang.Parse(source.NewFile("in.sham", []byte(`#!SHAM [@three-char-SHA-256: r1]
action = "file_read"
path = "a.txt"
#!END_SHAM_r1
`)))
	rep, err := s.Read(context.Background(), doc)
	if err != nil {
		t.Fatal(err)
	}
	if rep.DryRun || !rep.Success || rep.Results[0].Data["content"] != "one\n" {
		t.Errorf("Read: dry run %v, success %v, content %q", rep.DryRun, rep.Success, rep.Results[0].Data["content"])
	}

	edit := lang.Parse(source.NewFile("in.sham", []byte(`#!SHAM [@three-char-SHA-256: e1]
action = "file_replace_text"
path = "a.txt"
old_text = "one"
new_text = "two"
#!END_SHAM_e1
`)))
	var a *lang.Action
	for x := range edit.Actions() {
		a = x
	}
	r, ok := s.Try(context.Background(), a)
	if !ok || !r.Success {
		t.Errorf("Try: ok %v, result %+v", ok, r)
	}
	got, err := os.ReadFile(filepath.Join(root, "a.txt"))
	if err != nil || string(got) != "one\n" {
		t.Errorf("the disk changed: %q, %v", got, err)
	}
	if _, err := os.Stat(filepath.Join(root, ".clada")); !os.IsNotExist(err) {
		t.Errorf("a read took the lock (.clada exists): %v", err)
	}
}
