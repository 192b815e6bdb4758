package engine

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/clada-dev/clada/internal/state"
	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
	"github.com/google/go-cmp/cmp"
)

// A failed rename leaves neither a half-written target nor the temp file.
func TestAtomicWriteFailureLeavesNothing(t *testing.T) {
	cfg, root, _ := testRoot(t)
	writeTree(t, root, map[string]string{"d/keep": "k"})
	ws, err := NewOS(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	// d/keep is a file, so d/keep/x cannot be created.
	r := Do(context.Background(), ws, cfg, lang.OpFileWrite, p("path", "d/keep/x", "content", "x"))
	if r.Success || r.Error != "ENOTDIR: not a directory, open 'd/keep/x'" {
		t.Fatalf("%+v", r)
	}
	for name := range diskTree(t, root) {
		if strings.Contains(name, ".clada-") {
			t.Errorf("temp file left: %s", name)
		}
	}
}

// shamEdit is a SHAM file_replace_text block.
func shamEdit(id, path, old, new string) string {
	return "```sh sham\n#!SHAM [@three-char-SHA-256: " + id + "]\naction = \"file_replace_text\"\npath = \"" + path +
		"\"\nold_text = \"" + old + "\"\nnew_text = \"" + new + "\"\n#!END_SHAM_" + id + "\n```\n"
}

// recordingObserver notes what each file held when the run said it was
// about to change it, and how often the run finished.
type recordingObserver struct {
	before   map[string]string
	finished int
}

func (o *recordingObserver) BeforeChange(abs string, whole bool) {
	data, _ := os.ReadFile(abs)
	o.before[abs] = string(data)
}
func (o *recordingObserver) BeforeCommand() {}
func (o *recordingObserver) AfterCommand()  {}
func (o *recordingObserver) Finish(*Report) { o.finished++ }

// An --atomic answer of edits is written from its simulation: each file
// once, the observer told of it while it still holds its old content, and
// the files left exactly as a plain apply leaves them.
func TestAtomicEditsWriteTheSimulation(t *testing.T) {
	root := t.TempDir()
	if r, err := filepath.EvalSymlinks(root); err == nil {
		root = r
	}
	for name, data := range map[string]string{"a.txt": "one\ntwo\nthree\n", "b.txt": "alpha\nbeta\n"} {
		if err := os.WriteFile(filepath.Join(root, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	answer := shamEdit("e01", "a.txt", "one", "ONE") + shamEdit("e02", "a.txt", "three", "THREE") + shamEdit("e03", "b.txt", "beta", "BETA")
	doc := lang.Parse(source.NewFile("answer.md", []byte(answer)))
	cfg := DefaultConfig(root)
	cfg.NoGit, cfg.NoFsync = true, true
	obs := &recordingObserver{before: map[string]string{}}
	rep, _, err := Apply(context.Background(), doc, cfg, Atomic, obs)
	if err != nil {
		t.Fatal(err)
	}
	if !rep.Success || rep.DryRun || rep.Refused || rep.ExecutedActions != 3 {
		t.Fatalf("success %v, dry run %v, refused %v, executed %d: %+v", rep.Success, rep.DryRun, rep.Refused, rep.ExecutedActions, rep.Results)
	}
	wantBefore := map[string]string{filepath.Join(root, "a.txt"): "one\ntwo\nthree\n", filepath.Join(root, "b.txt"): "alpha\nbeta\n"}
	if diff := cmp.Diff(wantBefore, obs.before); diff != "" {
		t.Errorf("what the observer saw before each change (-want +got):\n%s", diff)
	}
	if obs.finished != 1 {
		t.Errorf("Finish said %d times, want once", obs.finished)
	}
	for name, want := range map[string]string{"a.txt": "ONE\ntwo\nTHREE\n", "b.txt": "alpha\nBETA\n"} {
		if got, _ := os.ReadFile(filepath.Join(root, name)); string(got) != want {
			t.Errorf("%s = %q, want %q", name, got, want)
		}
	}
}

// While another apply holds the root's lock, --atomic neither simulates
// against a tree about to change nor writes: it says the root is busy.
func TestAtomicWaitsForTheLock(t *testing.T) {
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "a.txt"), []byte("one\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := DefaultConfig(root)
	cfg.NoGit, cfg.NoFsync, cfg.LockTimeout = true, true, 50*time.Millisecond
	lock, err := state.AcquireLock(context.Background(), root, cfg.LockFile, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer lock.Release()
	answer := shamEdit("e01", "a.txt", "one", "ONE")
	rep, _, err := Apply(context.Background(), lang.Parse(source.NewFile("answer.md", []byte(answer))), cfg, Atomic, nil)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Success || rep.Fatal == "" || rep.TotalBlocks != 1 {
		t.Errorf("success %v, fatal %q, blocks %d; want a failure naming the lock", rep.Success, rep.Fatal, rep.TotalBlocks)
	}
	if got, _ := os.ReadFile(filepath.Join(root, "a.txt")); string(got) != "one\n" {
		t.Errorf("a.txt = %q, want it unchanged", got)
	}
}
