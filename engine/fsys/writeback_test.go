package fsys

import (
	"os"
	"path/filepath"
	"testing"
)

// The write-back writes a file's first content at once, keeps later ones in
// memory for reads, and writes them out before anything else looks.
func TestWriteBackHoldsLaterWrites(t *testing.T) {
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
	onDisk("one")
	if err := wb.WriteFile(name, []byte("two")); err != nil {
		t.Fatal(err)
	}
	onDisk("one")
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
