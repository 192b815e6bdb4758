package engine

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/clada-dev/clada/engine/approval"
	"github.com/clada-dev/clada/engine/fsys"
	"github.com/clada-dev/clada/internal/testfs"
	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
)

// A command between edits sees the file as the edits before it left it, and
// the edits after it see what the command did.
func TestWriteBackSettlesBeforeCommands(t *testing.T) {
	posixOnly(t)
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "f.txt"), []byte("a b c\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	src := "#!SHAM [@three-char-SHA-256: e1]\naction = \"file_replace_text\"\npath = \"f.txt\"\nold_text = \"a\"\nnew_text = \"A\"\n#!END_SHAM_e1\n\n" +
		"#!SHAM [@three-char-SHA-256: e2]\naction = \"file_replace_text\"\npath = \"f.txt\"\nold_text = \"b\"\nnew_text = \"B\"\n#!END_SHAM_e2\n\n" +
		"#!SHAM [@three-char-SHA-256: e3]\naction = \"exec\"\nlang = \"bash\"\ncode = \"cat f.txt && sed -i s/c/X/ f.txt\"\n#!END_SHAM_e3\n\n" +
		"#!SHAM [@three-char-SHA-256: e4]\naction = \"file_replace_text\"\npath = \"f.txt\"\nold_text = \"X\"\nnew_text = \"C\"\n#!END_SHAM_e4\n\n" +
		"#!SHAM [@three-char-SHA-256: e5]\naction = \"file_replace_text\"\npath = \"f.txt\"\nold_text = \"C\"\nnew_text = \"D\"\n#!END_SHAM_e5\n"
	doc := lang.Parse(source.NewFile("a.sham", []byte(src)))
	cfg := DefaultConfig(root)
	cfg.NoGit, cfg.OutputMode, cfg.Approve = true, OutputSilent, approval.Always
	w, err := NewOS(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	rep := Run(context.Background(), doc, w, cfg, nil)
	if !rep.Success {
		t.Fatalf("apply failed: %+v", rep.Results)
	}
	if got := rep.Results[2].Data["stdout"]; got != "A B c\n" {
		t.Errorf("the command saw %q, want the first two edits", got)
	}
	got, _ := os.ReadFile(filepath.Join(root, "f.txt"))
	if string(got) != "A B D\n" {
		t.Errorf("file = %q", got)
	}
}

// A pending content that cannot be written out (here: its directory was
// swapped for a symlink behind clada's back) fails every action whose
// write it held, the first included (a first write is held too, to be
// written with the others: fsys/writeback.go), and the disk keeps what it
// had: no file.
func TestWriteBackFailedFlushFailsItsAction(t *testing.T) {
	root := t.TempDir()
	cfg := DefaultConfig(root)
	w, err := NewOS(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if err := os.Mkdir(filepath.Join(root, "d"), 0o755); err != nil {
		t.Fatal(err)
	}
	name := filepath.Join(root, "d", "f.txt")
	rep := &Report{Results: []ActionResult{
		{Seq: 1, Action: "file_write", Result: Result{Success: true}},
		{Seq: 2, Action: "file_write", Result: Result{Success: true}},
	}}
	wb := fsys.NewWriteBack(w, nil, nil)
	wb.BeginAction(rep.Results[0].Seq-1, false)
	if err := wb.WriteFile(name, []byte("one")); err != nil {
		t.Fatal(err)
	}
	wb.BeginAction(rep.Results[1].Seq-1, false)
	if err := wb.WriteFile(name, []byte("two")); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(filepath.Join(root, "d"), filepath.Join(root, "real")); err != nil {
		t.Fatal(err)
	}
	testfs.Symlink(t, "real", filepath.Join(root, "d"))
	for _, e := range wb.Settle() { // as Run puts them in the report
		flushFailed(rep, cfg, e)
	}
	for _, r := range rep.Results {
		if r.Success || !strings.Contains(r.Error, "file_write: saving 'd/f.txt' failed") || !strings.Contains(r.Error, "symbolic link") {
			t.Errorf("write %d: %+v", r.Seq, r.Result)
		}
	}
	if _, err := os.Lstat(filepath.Join(root, "real", "f.txt")); !os.IsNotExist(err) {
		t.Errorf("the file was written: %v", err)
	}
}

// A planned file's first write is held as well (fsys/writeback.go): when
// the held content cannot be written out, every action whose change it
// held fails, not only the last, and the file keeps what it had before
// all of them.
func TestWriteBackFailedFlushFailsEveryHeldWrite(t *testing.T) {
	root := t.TempDir()
	cfg := DefaultConfig(root)
	w, err := NewOS(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if err := os.Mkdir(filepath.Join(root, "d"), 0o755); err != nil {
		t.Fatal(err)
	}
	name := filepath.Join(root, "d", "f.txt")
	old := strings.Repeat("one line of the file, long enough to index\n", 2000)
	if err := os.WriteFile(name, []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	rep := &Report{Results: []ActionResult{
		{Seq: 1, Action: "file_replace_text", Result: Result{Success: true}},
		{Seq: 2, Action: "file_replace_text", Result: Result{Success: true}},
		{Seq: 3, Action: "file_write", Result: Result{Success: true}},
	}}
	plan := map[string][]string{name: slices.Repeat([]string{"one line of the file"}, fsys.MinIndexed)}
	wb := fsys.NewWriteBack(w, plan, nil)
	for i, text := range []string{"first\n" + old, "second\n" + old} {
		wb.BeginAction(rep.Results[i].Seq-1, false)
		if err := wb.WriteFile(name, []byte(text)); err != nil {
			t.Fatal(err)
		}
	}
	other := filepath.Join(root, "other.txt")
	wb.BeginAction(rep.Results[2].Seq-1, false)
	if err := wb.WriteFile(other, []byte("x")); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(filepath.Join(root, "d"), filepath.Join(root, "real")); err != nil {
		t.Fatal(err)
	}
	testfs.Symlink(t, "real", filepath.Join(root, "d"))
	for _, e := range wb.Settle() {
		flushFailed(rep, cfg, e)
	}
	for i, r := range rep.Results[:2] {
		if r.Success || !strings.Contains(r.Error, "file_replace_text: saving 'd/f.txt' failed") {
			t.Errorf("edit %d: %+v, want the failed save", i+1, r.Result)
		}
	}
	if !rep.Results[2].Success {
		t.Errorf("the write of another file failed: %+v", rep.Results[2])
	}
	if got, _ := os.ReadFile(filepath.Join(root, "real", "f.txt")); string(got) != old {
		t.Errorf("file = %d bytes, want the text before both edits", len(got))
	}
}
