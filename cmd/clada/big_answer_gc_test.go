package main

import (
	"fmt"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
)

// An answer of bigAnswerMin bytes or more that names bigAnswerFiles files
// or more is applied with the collector's goal at 50, given back after;
// fewer files, a smaller answer, or a goal set in the environment leave
// it alone.
func TestBigAnswerGC(t *testing.T) {
	t.Setenv("GOGC", "")
	before := debug.SetGCPercent(100)
	defer debug.SetGCPercent(before)
	goal := func() int { // the goal now, left as it was
		g := debug.SetGCPercent(100)
		debug.SetGCPercent(g)
		return g
	}
	diff := func(files int) *lang.Document {
		var b strings.Builder
		for i := range files {
			fmt.Fprintf(&b, "--- a/f%d.txt\n+++ b/f%d.txt\n@@ -1 +1 @@\n-a\n+b\n", i, i)
		}
		return lang.Parse(source.NewFile("answer.diff", []byte(b.String())))
	}

	gc := bigAnswerGC(bigAnswerMin, diff(bigAnswerFiles))
	if g := goal(); g != 50 {
		t.Fatalf("a big answer of %d files: goal %d, want 50", bigAnswerFiles, g)
	}
	gc.restore()
	if g := goal(); g != 100 {
		t.Fatalf("the goal after a big answer is %d, want 100 again", g)
	}
	gc.restore()
	if g := goal(); g != 100 {
		t.Fatalf("restoring twice left the goal at %d", g)
	}
	bigAnswerGC(bigAnswerMin, diff(bigAnswerFiles-1))
	if g := goal(); g != 100 {
		t.Fatalf("a big answer of %d files changed the goal to %d", bigAnswerFiles-1, g)
	}
	bigAnswerGC(bigAnswerMin-1, diff(bigAnswerFiles))
	if g := goal(); g != 100 {
		t.Fatalf("a small answer changed the goal to %d", g)
	}
	t.Setenv("GOGC", "100")
	bigAnswerGC(bigAnswerMin, diff(bigAnswerFiles))
	if g := goal(); g != 100 {
		t.Fatalf("with GOGC set, a big answer changed the goal to %d", g)
	}
}
