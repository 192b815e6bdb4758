package fsys

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/clada-dev/clada/engine/textedit"
)

// On the real tree the write-back keeps a file's writes in memory, the
// first too, serves reads from there, and writes them out before anything
// else looks at the file and when the apply ends.
func TestWriteBackHoldsWrites(t *testing.T) {
	root := t.TempDir()
	w, err := NewOS(Options{Root: root})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	name := filepath.Join(root, "f.txt")
	onDisk := func(want string) {
		t.Helper()
		got, err := os.ReadFile(name)
		if err != nil || string(got) != want {
			t.Fatalf("on disk: %q, %v; want %q", got, err, want)
		}
	}
	wb := NewWriteBack(w, nil, nil)
	if err := wb.WriteFile(name, []byte("one")); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Lstat(name); !os.IsNotExist(err) {
		t.Fatalf("the first write reached the disk at once: %v", err)
	}
	if err := wb.WriteFile(name, []byte("two")); err != nil {
		t.Fatal(err)
	}
	if got, err := wb.ReadFile(name); err != nil || string(got) != "two" {
		t.Fatalf("ReadFile = %q, %v; want the pending content", got, err)
	}
	if fi, err := wb.Lstat(name); err != nil || fi.Size() != 3 {
		t.Fatalf("Lstat = %v, %v", fi, err)
	}
	onDisk("two") // Lstat wrote it out
	if err := wb.WriteFile(name, []byte("three")); err != nil {
		t.Fatal(err)
	}
	if failed := wb.Settle(); len(failed) != 0 {
		t.Fatal(failed)
	}
	onDisk("three")
	if len(wb.files) != 0 || len(wb.dirty) != 0 {
		t.Fatal("the cache outlived its apply")
	}
}

// Names that differ only in case may be one file (macOS, Windows): the
// cache writes out what it holds under one before the other is read or
// written, and keeps only the latest.
func TestWriteBackCaseVariants(t *testing.T) {
	root := t.TempDir()
	w, err := NewOS(Options{Root: root})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	upper, lower := filepath.Join(root, "F.txt"), filepath.Join(root, "f.txt")
	wb := NewWriteBack(w, nil, nil)
	defer wb.Settle()
	for _, step := range []string{"one", "two"} {
		if err := wb.WriteFile(upper, []byte(step)); err != nil {
			t.Fatal(err)
		}
	}
	// Reading the other spelling misses the cache: F.txt's pending
	// content is on disk first, and F.txt is no longer held.
	if _, err := wb.ReadFile(lower); err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(upper); string(got) != "two" {
		t.Fatalf("F.txt on disk = %q, want its pending content", got)
	}
	if _, held := wb.files[upper]; held {
		t.Fatal("F.txt still held after f.txt was read")
	}
}

// A file's first write is held (the WriteBack's comment says why): the
// disk keeps the old text, and the observer hears nothing, until something
// looks at the tree; a refused first write is refused at once, as the disk
// write would refuse it; a new file's missing folder is made at once, the
// observer hearing of it, and the file is written with the others.
func TestWriteBackHoldsFirstWrites(t *testing.T) {
	root := t.TempDir()
	w, err := NewOS(Options{Root: root})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	name, linked, fresh := filepath.Join(root, "big.txt"), filepath.Join(root, "linked.txt"), filepath.Join(root, "new.txt")
	deep := filepath.Join(root, "sub", "deep.txt")
	old := strings.Repeat("a line of the file that edits will change\n", 2000)
	for _, p := range []string{name, linked} {
		if err := os.WriteFile(p, []byte(old), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Link(linked, filepath.Join(root, "other-name.txt")); err != nil {
		t.Fatal(err)
	}
	olds := slices.Repeat([]string{"a line of the file that edits"}, MinIndexed)
	plan := map[string][]string{name: olds, linked: olds, fresh: olds}
	var heard []string
	wb := NewWriteBack(w, plan, func(abs string, _ bool) { heard = append(heard, filepath.Base(abs)) })
	onDisk := func(p, want string) {
		t.Helper()
		if got, err := os.ReadFile(p); err != nil || string(got) != want {
			t.Fatalf("%s on disk: %d bytes, %v; want %d", filepath.Base(p), len(got), err, len(want))
		}
	}
	edited := "edited\n" + old
	wb.BeginAction(0, false)
	if err := wb.WriteFile(name, []byte(edited)); err != nil {
		t.Fatal(err)
	}
	onDisk(name, old)
	if len(heard) != 0 {
		t.Fatalf("the observer heard of %v before anything reached the disk", heard)
	}
	if got, err := wb.ReadFile(name); err != nil || string(got) != edited {
		t.Fatalf("ReadFile = %d bytes, %v; want the held content", len(got), err)
	}
	err = wb.WriteFile(linked, []byte(edited))
	if err == nil || !strings.Contains(err.Error(), "hard link") {
		t.Fatalf("first write of a hard-linked file: %v, want the disk write's refusal", err)
	}
	onDisk(linked, old)
	if err := wb.WriteFile(fresh, []byte(edited)); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Lstat(fresh); !os.IsNotExist(err) {
		t.Fatalf("new.txt reached the disk at once: %v", err)
	}
	if err := wb.WriteFile(deep, []byte(edited)); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(filepath.Dir(deep)); err != nil || !fi.IsDir() {
		t.Fatalf("the new file's folder was not made: %v", err)
	}
	if _, err := wb.Lstat(name); err != nil {
		t.Fatal(err)
	}
	onDisk(name, edited)
	if want := []string{"sub", "big.txt"}; !slices.Equal(heard, want) {
		t.Fatalf("the observer heard of %v, want %v", heard, want)
	}
	if failed := wb.Settle(); len(failed) != 0 {
		t.Fatal(failed)
	}
	onDisk(fresh, edited)
	onDisk(deep, edited)
	if want := []string{"sub", "big.txt", "new.txt", "deep.txt"}; !slices.Equal(heard, want) {
		t.Fatalf("the observer heard of %v, want %v", heard, want)
	}
}

// A seeded file (SeedIndexed: read the ordinary way, given to the
// workspace so its first edit is made on the index) is written only once
// an edit changes it: a simulation's overlay offers nothing to write, a
// real apply's write-back writes nothing and tells its observer nothing.
func TestSeededFileIsWrittenOnlyOnceChanged(t *testing.T) {
	root := t.TempDir()
	w, err := NewOS(Options{Root: root})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	name := filepath.Join(root, "big.txt")
	var b strings.Builder
	for i := range 3000 {
		fmt.Fprintf(&b, "line %04d of the file that the edits will change\n", i)
	}
	old := b.String()
	if err := os.WriteFile(name, []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	before, _ := os.Stat(name)
	olds := []string{"line 0100 of the file that the edits will change\n"}
	for i := range MinIndexed - 1 {
		olds = append(olds, fmt.Sprintf("line %04d of the file that the edits will change\n", 200+i))
	}
	plan := map[string][]string{name: olds}
	edited := strings.Replace(old, olds[0], "LINE 0100 changed\n", 1)

	ov := NewOverlay(w)
	PlanEdits(ov, plan)
	if !Unseeded(ov, name) {
		t.Fatal("a planned file the overlay holds nothing of is not unseeded")
	}
	SeedIndexed(ov, name, []byte(old))
	if Unseeded(ov, name) {
		t.Fatal("still unseeded after the seed")
	}
	if _, held := ov.Held(name); held {
		t.Fatal("the overlay offers the seeded file, unchanged, to be written")
	}
	if r, _ := ReplaceIndexed(ov, name, "no such line in the file\n", "x\n", 0); r == textedit.Replaced {
		t.Fatal("replaced a search the file does not hold")
	}
	if _, held := ov.Held(name); held {
		t.Fatal("an edit that changed nothing made the seeded file one to write")
	}
	if r, _ := ReplaceIndexed(ov, name, olds[0], "LINE 0100 changed\n", 0); r != textedit.Replaced {
		t.Fatalf("ReplaceIndexed = %v on the seeded overlay", r)
	}
	if got, held := ov.Held(name); !held || string(got) != edited {
		t.Fatalf("Held after an edit: %v, %d bytes; want the edited text", held, len(got))
	}

	var heard []string
	wb := NewWriteBack(w, plan, func(abs string, _ bool) { heard = append(heard, filepath.Base(abs)) })
	SeedIndexed(wb, name, []byte(old))
	if got, err := wb.ReadFile(name); err != nil || string(got) != old {
		t.Fatalf("ReadFile of the seeded file: %d bytes, %v", len(got), err)
	}
	if failed := wb.Settle(); len(failed) != 0 || len(heard) != 0 {
		t.Fatalf("settling a seeded, unchanged file: failed %v, observer heard %v", failed, heard)
	}
	if after, _ := os.Stat(name); !after.ModTime().Equal(before.ModTime()) {
		t.Fatal("the unchanged seeded file was written")
	}
	wb = NewWriteBack(w, plan, func(abs string, _ bool) { heard = append(heard, filepath.Base(abs)) })
	SeedIndexed(wb, name, []byte(old))
	wb.BeginAction(0, false)
	if r, _ := ReplaceIndexed(wb, name, olds[0], "LINE 0100 changed\n", 0); r != textedit.Replaced {
		t.Fatalf("ReplaceIndexed = %v on the seeded write-back", r)
	}
	if failed := wb.Settle(); len(failed) != 0 || !slices.Equal(heard, []string{"big.txt"}) {
		t.Fatalf("settling the edited file: failed %v, observer heard %v", failed, heard)
	}
	if got, _ := os.ReadFile(name); string(got) != edited {
		t.Fatalf("on disk: %d bytes, want the edited text", len(got))
	}
}
