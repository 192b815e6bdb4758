package udiff

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/clada-dev/clada/grammar/internal/lines"
	"github.com/clada-dev/clada/source"
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
		"--- /dev/null\n+++ b/made\n@@ -0,0 +1 @@\n+y\n" +
		// git diff --no-prefix: no a/ and b/ to cut
		"diff --git src/x.go src/x.go\n--- src/x.go\n+++ src/x.go\n@@ -1 +1 @@\n-p\n+q\n" +
		// diff -ru orig/ new/: the file below the two top folders
		"--- orig/lib/y.py\t2024-05-01 10:00:00\n+++ new/lib/y.py\t2024-05-01 10:01:00\n@@ -1 +1 @@\n-r\n+s\n"
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
	want := []head{{"old.txt", "new.txt", false, false, true}, {"gone", "", false, true, false}, {"", "made", true, false, false},
		{"src/x.go", "src/x.go", false, false, false}, {"lib/y.py", "lib/y.py", false, false, false}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("files (-want +got):\n%s", diff)
	}
}

// A hunk whose counts are wrong is delimited by its lines and warned of,
// with the counts its lines make; where the lines cannot delimit it (a
// ---/+++ pair inside, only additions, no change left) the count error
// stays.
func TestCountErrors(t *testing.T) {
	for _, tc := range []struct{ src, code, old, new string }{
		{"--- a/f\n+++ b/f\n@@ -1,3 +1,3 @@\n a\n-b\n+c\n", Recounted, "a\nb\n", "a\nc\n"},
		{"--- a/f\n+++ b/f\n@@ -1,1 +1,1 @@\n-b\n+c\n+d\n", Recounted, "b\n", "c\nd\n"},
		{"--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n a\nprose\n", BadHunkLine, "a\n", "a\n"},
		{"--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n a\n-b\n+c\n", "", "a\nb\n", "a\nc\n"},
		{"--- a/f\n+++ b/f\n@@ -1,2 +1,3 @@\n a\n-b\n+c\n\\ No newline at end of file\n", Recounted, "a\nb\n", "a\nc"},
		{"--- a/f\n+++ b/f\n@@ -3,0 +4,1 @@\n+c\n+d\n", HunkCount, "", "c\n"},
		{"--- a/f\n+++ b/f\n@@ -1,5 +1,5 @@\n a\n--- x\n+++ y\n", HunkCount, "a\n-- x\n", "a\n++ y\n"},
	} {
		h := Scan([]byte(tc.src))[0].Files[0].Hunks[0]
		got := ""
		if len(h.Diags) > 0 {
			got = h.Diags[0].Code
		}
		if got != tc.code || h.Old != tc.old || h.New != tc.new {
			t.Errorf("%q: %q, old %q new %q; want %q, %q, %q", tc.src, got, h.Old, h.New, tc.code, tc.old, tc.new)
		}
	}
	h := Scan([]byte("--- a/f\n+++ b/f\n@@ -7,6 +7,6 @@\n a\n-b\n+c\n+d\n"))[0].Files[0].Hunks[0]
	want := "the hunk's lines make @@ -7,2 +7,3 @@, not the header's -7,6 +7,6; the counts were corrected, and the hunk is placed by its lines alone"
	if len(h.Diags) != 1 || h.Diags[0].Message != want || h.Diags[0].Severity != source.Warning || !h.Recounted || h.OldCount != 2 || h.NewCount != 3 {
		t.Errorf("recounted hunk %+v", h)
	}
}

// A content line's CR is content under an LF @@ line (git's diff of a CRLF
// file, an LF->CRLF change); in a diff pasted with CRLF throughout it is
// the paste's, and dropped.
func TestHunkCR(t *testing.T) {
	for _, tc := range []struct{ src, old, new string }{
		{"--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n-a\n-b\n+a\r\n+b\r\n", "a\nb\n", "a\r\nb\r\n"},
		{"--- a/f\n+++ b/f\n@@ -1 +1,2 @@\n x\r\n+y\n", "x\r\n", "x\r\ny\n"},
		{"--- a/f\r\n+++ b/f\r\n@@ -1 +1 @@\r\n-a\r\n+b\r\n", "a\n", "b\n"},
		{"--- a/f\n+++ b/f\n@@ -0,0 +1 @@\n+a\r\n\\ No newline at end of file\n", "", "a\r"},
	} {
		h := Scan([]byte(tc.src))[0].Files[0].Hunks[0]
		if len(h.Diags) != 0 || h.Old != tc.old || h.New != tc.new {
			t.Errorf("%q: old %q new %q diags %v; want %q, %q", tc.src, h.Old, h.New, h.Diags, tc.old, tc.new)
		}
	}
}

// The scanner's line table (one offset a line) gives the lines
// lines.Split gives: CRLF and LF, a lone CR, blank lines, no final
// newline, a byte-order mark.
func TestLineTableIsSplits(t *testing.T) {
	for _, src := range []string{
		"", "\n", "\r\n", "a", "a\n", "a\r\nb\r\n", "a\nb", "a\r", "\r", "\n\n\r\n\n",
		"x\r\ry\n", "\xEF\xBB\xBF", "\xEF\xBB\xBFa\nb", "\xEF\xBB\xBF\n", "--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\r\n+b",
	} {
		want := lines.Split([]byte(src))
		s := &scanner{src: []byte(src), ends: lineEnds([]byte(src))}
		var got []lines.Line
		for i := range s.ends {
			got = append(got, s.line(i))
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%q: lines differ (-lines.Split +scanner):\n%s", src, diff)
		}
	}
}
