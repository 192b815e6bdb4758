package engine

import (
	"context"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/clada-dev/clada/engine/fault"
	"github.com/clada-dev/clada/engine/fsys"
	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
	"github.com/google/go-cmp/cmp"
)

// A patch or diff whose trial succeeds is carried out by writing what the
// trial left (commitTrial): random unified diffs over three files (hunks at
// their line or off it, replayed hunks, a file that is read-only, hunks
// that fail) give exactly what running every step again gives, results,
// reports and files, and so do the same hunks as a V4A patch.
func TestCommittedTrialAgreesWithOrdinaryRun(t *testing.T) {
	for seed := range uint64(60) {
		rng := rand.New(rand.NewPCG(seed, 5))
		files := map[string][]string{}
		for _, f := range []string{"a.txt", "b.txt", "c.txt"} {
			for i := range 40 {
				files[f] = append(files[f], fmt.Sprintf("%s line %02d %d", f, i, rng.IntN(3)))
			}
		}
		var udiff, v4a strings.Builder
		v4a.WriteString("*** Begin Patch\n")
		for _, f := range []string{"a.txt", "b.txt", "c.txt"} {
			fmt.Fprintf(&udiff, "--- a/%s\n+++ b/%s\n", f, f)
			fmt.Fprintf(&v4a, "*** Update File: %s\n", f)
			for at := 1 + rng.IntN(3); at < 37; at += 4 + rng.IntN(6) {
				old := files[f][at]
				repl := old + " changed"
				switch rng.IntN(10) {
				case 0: // already applied
					old = repl
				case 1: // not in the file
					old = "nowhere " + old
				}
				line := at + []int{0, 0, 0, 2, -1}[rng.IntN(5)]
				fmt.Fprintf(&udiff, "@@ -%d,3 +%d,3 @@\n %s\n-%s\n+%s\n %s\n", line, line, files[f][at-1], old, repl, files[f][at+1])
				fmt.Fprintf(&v4a, "@@\n %s\n-%s\n+%s\n %s\n", files[f][at-1], old, repl, files[f][at+1])
			}
		}
		v4a.WriteString("*** End Patch\n")
		for _, doc := range []string{udiff.String(), v4a.String()} {
			readOnly := ""
			if seed%7 == 3 {
				readOnly = []string{"a.txt", "b.txt", "c.txt"}[rng.IntN(3)]
			}
			want, wantFiles := runPatch(t, files, doc, readOnly, true, false)
			got, gotFiles := runPatch(t, files, doc, readOnly, false, false)
			if diff := cmp.Diff(want.Results, got.Results); diff != "" {
				t.Fatalf("seed %d: reports differ (-ordinary +committed):\n%s\n%s", seed, diff, doc)
			}
			if diff := cmp.Diff(wantFiles, gotFiles); diff != "" {
				t.Fatalf("seed %d: files differ (-ordinary +committed):\n%s", seed, diff)
			}
			// A diff parsed as clada apply parses it (its hunks' texts read
			// file by file) gives the same results, params and files.
			got, gotFiles = runPatch(t, files, doc, readOnly, false, true)
			if diff := cmp.Diff(want.Results, got.Results); diff != "" {
				t.Fatalf("seed %d: reports differ (-ordinary +deferred texts):\n%s\n%s", seed, diff, doc)
			}
			if diff := cmp.Diff(wantFiles, gotFiles); diff != "" {
				t.Fatalf("seed %d: files differ (-ordinary +deferred texts):\n%s", seed, diff)
			}
		}
	}
}

// runPatch applies doc for real to a fresh tree of files (readOnly, when
// not "", refuses to be written) and returns the report without durations
// and the files after. With deferred, doc is parsed as clada apply parses
// it (lang.ParseOptions), and each result's params are read back into its
// map (ActionResult.WrittenParams); a diff that applied must have let go
// of every hunk's texts.
func runPatch(t *testing.T, files map[string][]string, doc, readOnly string, ordinary, deferred bool) (*Report, map[string]string) {
	t.Helper()
	root := t.TempDir()
	for f, lines := range files {
		if err := os.WriteFile(filepath.Join(root, f), []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cfg := DefaultConfig(root)
	cfg.NoGit, cfg.OutputMode, cfg.ordinaryOnly = true, OutputSilent, ordinary
	base, err := NewOS(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer base.Close()
	var ws fsys.Workspace = base
	if readOnly != "" {
		ws = failWrites{base, filepath.Join(root, readOnly)}
	}
	parsed := lang.ParseWithOptions(source.NewFile("p.diff", []byte(doc)), lang.ParseOptions{DeferHunkTexts: deferred})
	rep := Run(context.Background(), parsed, ws, cfg, nil)
	rep.Duration = 0
	for i := range rep.Results {
		rep.Results[i].Duration = 0
		if r := &rep.Results[i]; r.Texts != nil {
			r.Params, r.Texts = r.WrittenParams(), nil
		}
	}
	if deferred && rep.Success {
		for a := range parsed.Actions() {
			if old, held := a.Value(lang.ParamOldText); held && a.TextsDeferred() {
				t.Fatalf("a hunk still holds its texts after the diff applied: %q\n%s", old, doc)
			}
		}
	}
	out := map[string]string{}
	for f := range files {
		b, _ := os.ReadFile(filepath.Join(root, f))
		out[f] = string(b)
	}
	return rep, out
}

// failWrites is a workspace where writing one file fails.
type failWrites struct {
	fsys.Workspace
	path string
}

func (w failWrites) WriteFile(name string, data []byte) error {
	if name == w.path {
		return &fs.PathError{Op: "open", Path: name, Err: syscall.EACCES}
	}
	return w.Workspace.WriteFile(name, data)
}

// The trial's outcome is what is written: a diff's file is read once, by
// the trial, not again by a second run of its hunks.
func TestCommittedTrialReadsOnce(t *testing.T) {
	root := t.TempDir()
	file := filepath.Join(root, "a.txt")
	if err := os.WriteFile(file, []byte("one\ntwo\nthree\nfour\nfive\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := DefaultConfig(root)
	cfg.NoGit, cfg.OutputMode = true, OutputSilent
	base, err := NewOS(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer base.Close()
	ws := &countReads{Workspace: base, path: file}
	doc := "--- a/a.txt\n+++ b/a.txt\n@@ -1,2 +1,2 @@\n one\n-two\n+2\n@@ -4,2 +4,2 @@\n four\n-five\n+5\n"
	rep := Run(context.Background(), lang.Parse(source.NewFile("p.diff", []byte(doc))), ws, cfg, nil)
	got, _ := os.ReadFile(file)
	if !rep.Success || string(got) != "one\n2\nthree\nfour\n5\n" || ws.n != 1 {
		t.Fatalf("success %v, file %q, read %d times; want true, the edited file, 1", rep.Success, got, ws.n)
	}
}

// countReads counts the reads of one file.
type countReads struct {
	fsys.Workspace
	path string
	n    int
}

func (w *countReads) ReadFile(name string) ([]byte, error) {
	if name == w.path {
		w.n++
	}
	return w.Workspace.ReadFile(name)
}

// A diff's files are staged as temp files while its trial goes on; when a
// later file's hunk fails, every staged temp is removed and no file is
// changed.
func TestTrialFailureLeavesNoStagedFile(t *testing.T) {
	root := t.TempDir()
	var doc strings.Builder
	want := map[string]string{}
	for _, f := range []string{"a.txt", "sub/b.txt", "c.txt"} {
		abs := filepath.Join(root, f)
		if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
			t.Fatal(err)
		}
		want[f] = "one\ntwo\nthree\n"
		if err := os.WriteFile(abs, []byte(want[f]), 0o644); err != nil {
			t.Fatal(err)
		}
		old := "two"
		if f == "c.txt" {
			old = "TWO" // not in the file: the diff cannot apply
		}
		fmt.Fprintf(&doc, "--- a/%s\n+++ b/%s\n@@ -1,3 +1,3 @@\n one\n-%s\n+2\n three\n", f, f, old)
	}
	cfg := DefaultConfig(root)
	cfg.NoGit, cfg.OutputMode = true, OutputSilent
	rep, _, err := Apply(context.Background(), lang.Parse(source.NewFile("p.diff", []byte(doc.String()))), cfg, Real, nil)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Success || len(rep.Results) != 3 || rep.Results[2].Type != fault.SearchNotFound || !rep.Results[0].Skipped {
		t.Fatalf("want c.txt's hunk failed and the others not run; got %+v", rep.Results)
	}
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			if err == nil && d.Name() == ".clada" {
				return filepath.SkipDir // the run's lock
			}
			return err
		}
		rel, _ := filepath.Rel(root, p)
		got, _ := os.ReadFile(p)
		if w, ok := want[filepath.ToSlash(rel)]; !ok || string(got) != w {
			t.Errorf("%s: %q after a failed diff (a staged temp left, or a file changed)", rel, got)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
