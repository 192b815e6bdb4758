package engine

import (
	"context"
	"errors"
	"fmt"
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

// When a rename of --atomic's commit fails half-way, the files renamed
// before it are put back and every action says what became of its file;
// a file that cannot be put back says where its old content is.
func TestAtomicCommitFailurePutsBack(t *testing.T) {
	for _, stuck := range []bool{false, true} {
		root := t.TempDir()
		if r, err := filepath.EvalSymlinks(root); err == nil {
			root = r
		}
		old := map[string]string{"a.txt": "one\n", "b.txt": "two\n", "c.txt": "three\n", "d.txt": "four\n"}
		for name, data := range old {
			if err := os.WriteFile(filepath.Join(root, name), []byte(data), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		answer := shamEdit("e01", "a.txt", "one", "ONE") + shamEdit("e02", "b.txt", "two", "TWO") +
			shamEdit("e03", "c.txt", "three", "THREE") + shamEdit("e04", "d.txt", "four", "FOUR")
		doc := lang.Parse(source.NewFile("answer.md", []byte(answer)))
		cfg := DefaultConfig(root)
		cfg.NoGit, cfg.NoFsync, cfg.OutputMode = true, true, OutputSilent
		renames := map[string]int{}
		cfg.failRename = func(name string) error {
			renames[filepath.Base(name)]++
			if filepath.Base(name) == "c.txt" || (stuck && filepath.Base(name) == "b.txt" && renames["b.txt"] == 2) {
				return errors.New("no space left on device")
			}
			return nil
		}
		obs := &recordingObserver{before: map[string]string{}}
		rep, _, err := Apply(context.Background(), doc, cfg, Atomic, obs)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, r := range rep.Results {
			got = append(got, fmt.Sprintf("%v %s | %s", r.Success, r.Error, r.Hint))
		}
		bOld := ""
		want := []string{
			"false file_replace_text: undone: saving 'c.txt' failed and --atomic applies all or nothing; 'a.txt' was put back as it was | ",
			"false file_replace_text: undone: saving 'c.txt' failed and --atomic applies all or nothing; 'b.txt' was put back as it was | ",
			"false file_replace_text: saving 'c.txt' failed: no space left on device | --atomic changed nothing: every file is as it was; free space or fix permissions and apply again",
			"false file_replace_text: not written: saving 'c.txt' failed and --atomic applies all or nothing; 'd.txt' was left as it was | ",
		}
		wantFiles := old
		if stuck {
			ents, _ := os.ReadDir(root)
			for _, e := range ents {
				if strings.HasPrefix(e.Name(), ".b.txt.clada-") && strings.HasSuffix(e.Name(), ".old") {
					bOld = e.Name()
				}
			}
			if bOld == "" {
				t.Fatalf("b.txt's old content is nowhere: %v", ents)
			}
			want[1] = "false file_replace_text: 'b.txt' keeps its new content: saving 'c.txt' failed, and putting this file back failed too: no space left on device | " +
				"its old content is in '" + bOld + "': move that over 'b.txt' to undo this action"
			want[2] = "false file_replace_text: saving 'c.txt' failed: no space left on device | this file was left as it was, but 1 file(s) written before it could not be put back: their results say where their old content is"
			wantFiles = map[string]string{"a.txt": "one\n", "b.txt": "TWO\n", "c.txt": "three\n", "d.txt": "four\n", bOld: "two\n"}
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("stuck %v: results (-want +got):\n%s", stuck, diff)
		}
		if rep.Success {
			t.Errorf("stuck %v: the report says success", stuck)
		}
		files := userFiles(t, root)
		if diff := cmp.Diff(wantFiles, files); diff != "" {
			t.Errorf("stuck %v: files (-want +got):\n%s", stuck, diff)
		}
		if obs.finished != 1 || len(obs.before) != 4 {
			t.Errorf("stuck %v: the observer heard of %d files and %d finishes; want 4 and 1", stuck, len(obs.before), obs.finished)
		}
	}
}
