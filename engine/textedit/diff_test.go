package textedit

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestDiff(t *testing.T) {
	old := "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n"
	changed := strings.Replace(strings.Replace(old, "2\n", "two\n", 1), "11\n", "eleven\n", 1)
	changes := []Change{
		{Path: filepath.FromSlash("/r/a.txt"), Before: []byte(old), After: []byte(changed)},
		{Path: filepath.FromSlash("/r/new.txt"), After: []byte("hello"), Created: true},
		{Path: filepath.FromSlash("/r/old.txt"), Before: []byte("bye\n"), Deleted: true},
	}
	want := `--- a/a.txt
+++ b/a.txt
@@ -1,5 +1,5 @@
 1
-2
+two
 3
 4
 5
@@ -8,5 +8,5 @@
 8
 9
 10
-11
+eleven
 12
--- /dev/null
+++ b/new.txt
@@ -0,0 +1 @@
+hello
\ No newline at end of file
--- a/old.txt
+++ /dev/null
@@ -1 +0,0 @@
-bye
`
	if diff := cmp.Diff(want, Diff(filepath.FromSlash("/r"), changes)); diff != "" {
		t.Errorf("Diff (-want +got):\n%s", diff)
	}
}

// Changes six lines apart share one hunk, as diff -u does.
func TestDiffMergesCloseHunks(t *testing.T) {
	old := "a\nb\nc\nd\ne\nf\ng\nh\n"
	got := Diff(filepath.FromSlash("/r"), []Change{{Path: filepath.FromSlash("/r/f"), Before: []byte(old), After: []byte("A\nb\nc\nd\ne\nf\ng\nH\n")}})
	want := "--- a/f\n+++ b/f\n@@ -1,8 +1,8 @@\n-a\n+A\n b\n c\n d\n e\n f\n g\n-h\n+H\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestMyersShortest(t *testing.T) {
	a := strings.Split("a b c a b b a", " ")
	b := strings.Split("c b a b a c", " ")
	n := 0
	for _, e := range myers(a, b) {
		if e.op != ' ' {
			n++
		}
	}
	if n != 5 { // Myers' paper: D = 5 for this pair
		t.Errorf("edit distance %d, want 5", n)
	}
}
