package textedit

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strconv"
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
	for _, e := range myers(nil, a, b) {
		if e.op != ' ' {
			n++
		}
	}
	if n != 5 { // Myers' paper: D = 5 for this pair
		t.Errorf("edit distance %d, want 5", n)
	}
}

// countOps counts an edit script's removed and added lines.
func countOps(es []edit) (minus, plus int) {
	for _, e := range es {
		switch e.op {
		case '-':
			minus++
		case '+':
			plus++
		}
	}
	return minus, plus
}

// scriptSides rebuilds both sides from an edit script.
func scriptSides(es []edit) (a, b []string) {
	for _, e := range es {
		if e.op != '+' {
			a = append(a, e.line)
		}
		if e.op != '-' {
			b = append(b, e.line)
		}
	}
	return a, b
}

// Whatever path a diff takes (prefix and suffix, anchors, Myers, the
// give-up), its script must rebuild both sides exactly.
func TestDiffLinesRebuildsBothSides(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for round := range 300 {
		alphabet := 2 + rng.IntN(40) // few letters: many repeats, few anchors
		n := rng.IntN(600)
		a := make([]string, n)
		for i := range a {
			a[i] = strconv.Itoa(rng.IntN(alphabet)) + "\n"
		}
		b := slices.Clone(a)
		for range rng.IntN(30) {
			i := rng.IntN(len(b) + 1)
			switch rng.IntN(3) {
			case 0:
				b = slices.Insert(b, i, "new"+strconv.Itoa(rng.IntN(alphabet))+"\n")
			case 1:
				if i < len(b) {
					b = slices.Delete(b, i, i+1)
				}
			default:
				if i < len(b) {
					b[i] = strconv.Itoa(rng.IntN(alphabet)) + "\n"
				}
			}
		}
		ga, gb := scriptSides(diffLines(a, b))
		if !slices.Equal(ga, a) || !slices.Equal(gb, b) {
			t.Fatalf("round %d: the script does not rebuild its sides", round)
		}
	}
}

// 5,000 one-line changes spread over a 240,000-line file are 5,000
// removed and 5,000 added lines: the anchors keep every unchanged line,
// where a bounded Myers search gave up and replaced the whole file.
func TestDiffLinesManySpreadChanges(t *testing.T) {
	const lines, changes = 240_000, 5_000
	a := make([]string, lines)
	for i := range a {
		a[i] = fmt.Sprintf("LINE %06d\n", i)
	}
	b := slices.Clone(a)
	for j := range changes {
		i := (j + 1) * lines / (changes + 1)
		b[i] = fmt.Sprintf("LINE %06d: changed\n", i)
	}
	es := diffLines(a, b)
	minus, plus := countOps(es)
	if minus != changes || plus != changes {
		t.Errorf("-%d +%d, want -%d +%d", minus, plus, changes, changes)
	}
	if ga, gb := scriptSides(es); !slices.Equal(ga, a) || !slices.Equal(gb, b) {
		t.Errorf("the script does not rebuild its sides")
	}
}

// A moved block: the lines that stay in order are kept, the moved ones
// removed and added, and nothing else changes.
func TestDiffLinesAnchorsAroundAMove(t *testing.T) {
	a := strings.SplitAfter("head\nalpha\nbeta\ngamma\ndelta\ntail\n", "\n")
	a = a[:len(a)-1]
	big := make([]string, 0, 400)
	for i := range 200 {
		big = append(big, fmt.Sprintf("pad %d\n", i))
	}
	a = append(append(slices.Clone(big), a...), big...) // large enough for anchors
	b := slices.Clone(a)
	i := slices.Index(b, "alpha\n")
	b = slices.Delete(b, i, i+1)
	j := slices.Index(b, "delta\n")
	b = slices.Insert(b, j+1, "alpha\n")
	got := ""
	for _, e := range diffLines(a, b) {
		if e.op != ' ' {
			got += string(e.op) + e.line
		}
	}
	if got != "-alpha\n+alpha\n" {
		t.Errorf("changed lines %q, want one removed and one added alpha", got)
	}
}

// BenchmarkDiffSpread is what `apply --dry-run` shows for 5,000 edits
// spread over a 10 MiB file (internal/benchdoc's shape).
func BenchmarkDiffSpread(b *testing.B) {
	const lines, changes = 240_000, 5_000
	var before, after strings.Builder
	for i := range lines {
		fmt.Fprintf(&before, "line %06d: the quick brown fox jumps over the lazy dog\n", i)
		if i%(lines/changes) == lines/changes/2 {
			fmt.Fprintf(&after, "LINE %06d: changed by edit\n", i)
		} else {
			fmt.Fprintf(&after, "line %06d: the quick brown fox jumps over the lazy dog\n", i)
		}
	}
	c := []Change{{Path: filepath.FromSlash("/r/big.txt"), Before: []byte(before.String()), After: []byte(after.String())}}
	b.ReportAllocs()
	for b.Loop() {
		Diff(filepath.FromSlash("/r"), c)
	}
}

// A block rewritten over more lines than the walk looks past a difference
// goes to the anchors, which keep every line around it.
func TestDiffLinesRewrittenBlockPastTheWindow(t *testing.T) {
	a := make([]string, 400)
	for i := range a {
		a[i] = fmt.Sprintf("line %d\n", i)
	}
	b := slices.Clone(a)
	for i := 100; i < 100+3*syncWindow; i++ {
		b[i] = fmt.Sprintf("rewritten %d\n", i)
	}
	b = slices.Insert(b, 300, "added\n", "added too\n")
	es := diffLines(a, b)
	minus, plus := countOps(es)
	if minus != 3*syncWindow || plus != 3*syncWindow+2 {
		t.Errorf("-%d +%d, want -%d +%d", minus, plus, 3*syncWindow, 3*syncWindow+2)
	}
	if ga, gb := scriptSides(es); !slices.Equal(ga, a) || !slices.Equal(gb, b) {
		t.Errorf("the script does not rebuild its sides")
	}
}
