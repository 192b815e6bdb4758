package udiff

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Each hunk's two sides, line ends as written, "\ No newline" applied to
// the side of the line before it.
func TestHunkSides(t *testing.T) {
	src := "--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+B\n\\ No newline at end of file\n" +
		"--- a/g\n+++ b/g\n@@ -5,3 +5,3 @@\n p\n\n-q\n+Q\n@@ -9,2 +9,1 @@\n x\n--- y\n"
	ds := Scan([]byte(src))
	if len(ds) != 1 || len(ds[0].Files) != 2 {
		t.Fatalf("diffs = %+v", ds)
	}
	var got [][2]string
	for _, f := range ds[0].Files {
		for _, h := range f.Hunks {
			got = append(got, [2]string{h.Old, h.New})
			if len(h.Diags) > 0 {
				t.Errorf("hunk at %d: %+v", h.Start, h.Diags)
			}
		}
	}
	// An empty line is a blank context line; in the last hunk "--- y" is a
	// removed line "-- y" (its counts say so), not a file header.
	want := [][2]string{{"a\nb", "a\nB"}, {"p\n\nq\n", "p\n\nQ\n"}, {"x\n-- y\n", "x\n"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("sides (-want +got):\n%s", diff)
	}
}

func TestFileHeaders(t *testing.T) {
	src := "diff --git a/old.txt b/new.txt\nsimilarity index 90%\nrename from old.txt\nrename to new.txt\n" +
		"diff --git a/gone b/gone\ndeleted file mode 100644\n--- a/gone\n+++ /dev/null\n@@ -1 +0,0 @@\n-x\n" +
		"--- /dev/null\n+++ b/made\n@@ -0,0 +1 @@\n+y\n"
	ds := Scan([]byte(src))
	if len(ds) != 1 {
		t.Fatalf("%d diffs", len(ds))
	}
	type head struct {
		Old, New                  string
		Created, Deleted, Renamed bool
	}
	var got []head
	for _, f := range ds[0].Files {
		got = append(got, head{f.OldPath, f.NewPath, f.Created, f.Deleted, f.Renamed})
		if f.OldPath != "" && src[f.OldStart:f.OldEnd] != f.OldPath {
			t.Errorf("old path range covers %q", src[f.OldStart:f.OldEnd])
		}
		if f.NewPath != "" && src[f.NewStart:f.NewEnd] != f.NewPath {
			t.Errorf("new path range covers %q", src[f.NewStart:f.NewEnd])
		}
	}
	want := []head{{"old.txt", "new.txt", false, false, true}, {"gone", "", false, true, false}, {"", "made", true, false, false}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("files (-want +got):\n%s", diff)
	}
}

func TestCountErrors(t *testing.T) {
	for _, tc := range []struct{ src, code string }{
		{"--- a/f\n+++ b/f\n@@ -1,3 +1,3 @@\n a\n-b\n+c\n", HunkCount},
		{"--- a/f\n+++ b/f\n@@ -1,1 +1,1 @@\n-b\n+c\n+d\n", HunkCount},
		{"--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n a\nprose\n", BadHunkLine},
		{"--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n a\n-b\n+c\n", ""},
	} {
		h := Scan([]byte(tc.src))[0].Files[0].Hunks[0]
		got := ""
		if len(h.Diags) > 0 {
			got = h.Diags[0].Code
		}
		if got != tc.code {
			t.Errorf("%q: %q, want %q", tc.src, got, tc.code)
		}
	}
}
