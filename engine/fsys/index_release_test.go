package fsys

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clada-dev/clada/engine/textedit"
)

// indexCase is a file of lines and the plan of n one-line searches in it.
func indexCase(t *testing.T, lines, n int) (*Overlay, string, []string) {
	t.Helper()
	root := t.TempDir()
	var b strings.Builder
	for i := range lines {
		fmt.Fprintf(&b, "line %06d of the file to index\n", i)
	}
	name := filepath.Join(root, "f.txt")
	if err := os.WriteFile(name, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	w, err := NewOS(Options{Root: root, NoFsync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { w.Close() })
	olds := make([]string, n)
	for i := range olds {
		olds[i] = fmt.Sprintf("line %06d of the file to index\n", i*(lines/n))
	}
	ov := NewOverlay(w)
	PlanEdits(ov, map[string][]string{name: olds})
	return ov, name, olds
}

// A trial over many files holds one index at a time: a file's index goes
// once every planned edit of it has asked (the first, which found the file
// not yet held, included), and the text it leaves is the edited one.
func TestOverlayReleasesIndexWhenItsEditsAreDone(t *testing.T) {
	ov, name, olds := indexCase(t, 100_000, MinIndexed)
	for i, old := range olds {
		r, _ := ov.replaceIndexed(name, indexEdit{old: old, repl: strings.ToUpper(old), near: 1 + i*(100_000/MinIndexed)})
		if i == 0 {
			if r != textedit.Declined {
				t.Fatalf("first edit: %v, want Declined (the file is not held yet)", r)
			}
			data, err := ov.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			data = []byte(strings.Replace(string(data), old, strings.ToUpper(old), 1))
			if err := ov.WriteFile(name, data); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if r != textedit.Replaced {
			t.Fatalf("edit %d: %v, want Replaced", i, r)
		}
		if held := ov.m.nodes[name].idx != nil; held != (i < len(olds)-1) {
			t.Fatalf("after edit %d of %d the index is held: %v", i+1, len(olds), held)
		}
	}
	data, _ := ov.Held(name)
	for _, old := range olds {
		if !strings.Contains(string(data), strings.ToUpper(old)) {
			t.Fatalf("edit %q missing from the released text", old)
		}
	}
}

// A small file is not worth an index: its edits go the ordinary way.
func TestOverlaySmallFileNotIndexed(t *testing.T) {
	ov, name, olds := indexCase(t, 100, MinIndexed+2) // 10 searches in 3 KB
	data, err := ov.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	if err := ov.WriteFile(name, data); err != nil {
		t.Fatal(err)
	}
	if r, _ := ov.replaceIndexed(name, indexEdit{old: olds[1], repl: "x\n", near: 1 + 100/(MinIndexed+2)}); r != textedit.Declined {
		t.Fatalf("got %v, want Declined", r)
	}
	if ov.m.nodes[name].idx != nil {
		t.Fatal("a 3 KB file got an index")
	}
}
