package engine

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clada-dev/clada/engine/fsys"
	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
)

// panicWS is a workspace whose reads hit a bug: a panic.
type panicWS struct{ fsys.Workspace }

func (panicWS) ReadFile(string) ([]byte, error) { panic("boom") }

// A panic inside one action fails that action with an internal-error result;
// the run goes on and the report is written (README, "`clada apply` flags").
func TestPanicFailsOneAction(t *testing.T) {
	cfg, root, _ := testRoot(t)
	cfg.NoGit = true
	base, err := NewOS(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer base.Close()
	// b.txt ends with a newline, so the write reads nothing to learn the
	// project's convention (final_newline.go).
	src := "#!SHAM [@three-char-SHA-256: r1]\naction = \"file_read\"\npath = \"a.txt\"\n#!END_SHAM_r1\n\n" +
		"#!SHAM [@three-char-SHA-256: w1]\naction = \"file_write\"\npath = \"b.txt\"\ncontent = \"b\\n\"\n#!END_SHAM_w1\n"
	if err := os.WriteFile(filepath.Join(root, "a.txt"), []byte("a"), 0o644); err != nil {
		t.Fatal(err)
	}
	rep := Run(context.Background(), lang.Parse(source.NewFile("a.sham", []byte(src))), panicWS{base}, cfg, nil)
	if len(rep.Results) != 2 {
		t.Fatalf("results: %+v", rep.Results)
	}
	if got := rep.Results[0].Error; got != "file_read: internal error (a bug in clada, please report it): boom" {
		t.Errorf("first result error = %q", got)
	}
	if !rep.Results[1].Success {
		t.Errorf("second action did not run: %+v", rep.Results[1])
	}
	if b, err := os.ReadFile(filepath.Join(root, "b.txt")); err != nil || string(b) != "b\n" {
		t.Errorf("b.txt = %q, %v", b, err)
	}
}

// A grep over a file bigger than the cap skips it and names it.
func TestGrepSkipsFileOverCap(t *testing.T) {
	cfg, root, _ := testRoot(t)
	cfg.MaxReadBytes = 8
	writeTree(t, root, map[string]string{"big.txt": "x x x x x x\n", "small.txt": "x\n"})
	ws, err := NewOS(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	r := Do(context.Background(), ws, cfg, lang.OpGrep, p("pattern", "x", "path", "."))
	if !r.Success {
		t.Fatal(r.Error)
	}
	ms := r.Data["matches"].([]GrepMatch)
	if len(ms) != 1 || ms[0].File != "small.txt" {
		t.Errorf("matches = %+v", ms)
	}
	if ns := r.Data["not_searched"].([]string); strings.Join(ns, ",") != "big.txt" {
		t.Errorf("not_searched = %v", ns)
	}
}

// files_read holds the read cap over all its files together, and a grep of
// one file over the cap fails naming its size.
func TestReadCapAcrossFilesAndGrepOfOneFile(t *testing.T) {
	cfg, root, _ := testRoot(t)
	cfg.MaxReadBytes = 10
	writeTree(t, root, map[string]string{"a.txt": "aaaaaa\n", "b.txt": "bbbbbb\n", "big.txt": "0123456789abc\n"})
	ws, err := NewOS(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	r := Do(context.Background(), ws, cfg, lang.OpFilesRead, p("paths", "a.txt\nb.txt"))
	want := "files_read: Failed to read 1 file(s):\n  b.txt: files_read: reading it would pass the 10 bytes read limit for one files_read; read it in an action of its own"
	if r.Error != want {
		t.Errorf("files_read error = %q, want %q", r.Error, want)
	}
	if got := r.Data["content"]; got != "=== a.txt ===\naaaaaa\n" {
		t.Errorf("files_read content = %q", got)
	}
	r = Do(context.Background(), ws, cfg, lang.OpGrep, p("pattern", "0", "path", "big.txt"))
	if r.Error != "grep: 'big.txt' is 14 bytes, over the 10 bytes read limit" {
		t.Errorf("grep error = %q", r.Error)
	}
}

// In a simulation, grep sees the overlay's changes in the folders it changed
// and the base's files in the folders it did not (walked on handles).
func TestGrepOverlayMixesChangedAndUntouchedFolders(t *testing.T) {
	cfg, root, _ := testRoot(t)
	writeTree(t, root, map[string]string{"a/old.txt": "x old\n", "b/c/keep.txt": "x keep\n", "b/gone.txt": "x gone\n"})
	base, err := NewOS(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer base.Close()
	ov := fsys.NewOverlay(base)
	for _, op := range []struct {
		name   lang.OpID
		params map[string]string
	}{
		{lang.OpFileWrite, p("path", "b/new.txt", "content", "x new\n")},
		{lang.OpFileDelete, p("path", "b/gone.txt")},
		{lang.OpFileWrite, p("path", "a/old.txt", "content", "x changed\n")},
	} {
		if r := Do(context.Background(), ov, cfg, op.name, op.params); !r.Success {
			t.Fatal(r.Error)
		}
	}
	r := Do(context.Background(), ov, cfg, lang.OpGrep, p("pattern", "x", "path", "."))
	if !r.Success {
		t.Fatal(r.Error)
	}
	var got []string
	for _, m := range r.Data["matches"].([]GrepMatch) {
		got = append(got, m.File+":"+m.Line)
	}
	want := "a/old.txt:x changed,b/c/keep.txt:x keep,b/new.txt:x new"
	if strings.Join(got, ",") != want {
		t.Errorf("matches = %v, want %s", got, want)
	}
}

// A matching line longer than maxGrepLine is cut on a character boundary,
// with the cut named.
func TestGrepClipsLongLines(t *testing.T) {
	cfg, root, _ := testRoot(t)
	writeTree(t, root, map[string]string{"min.js": strings.Repeat("x", 1999) + "é" + strings.Repeat("x", 1000) + "\n"})
	ws, err := NewOS(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	r := Do(context.Background(), ws, cfg, lang.OpGrep, p("pattern", "x", "path", "min.js"))
	ms := r.Data["matches"].([]GrepMatch)
	if len(ms) != 1 {
		t.Fatalf("matches = %+v", ms)
	}
	want := strings.Repeat("x", 1999) + " …[1002 more bytes]"
	if ms[0].Line != want {
		t.Errorf("line = %q…, %d bytes; want %d bytes", ms[0].Line[:20], len(ms[0].Line), len(want))
	}
}

// A streamed range read of a file over the read cap is a read like any
// other: a file with a second hard link (maybe outside the root) is refused
// there too, as ReadFile refuses it.
func TestStreamedReadRefusesHardLink(t *testing.T) {
	cfg, root, outside := testRoot(t)
	cfg.MaxReadBytes = 10
	writeTree(t, outside, map[string]string{"secret": "line one\nline two\nline three\n"})
	if err := os.Link(filepath.Join(outside, "secret"), filepath.Join(root, "h")); err != nil {
		t.Fatal(err)
	}
	ws, err := NewOS(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	r := Do(context.Background(), ws, cfg, lang.OpFileReadNumbered, p("path", "h", "lines", "1-2"))
	if r.Success || !strings.Contains(r.Error, "'h' has 2 hard links") {
		t.Errorf("streamed read of a hard-linked file: success=%v error=%q", r.Success, r.Error)
	}
}
