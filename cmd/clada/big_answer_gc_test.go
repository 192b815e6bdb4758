package main

import (
	"runtime/debug"
	"testing"
)

// An answer of bigAnswerMin bytes or more is applied with the collector's
// goal at 50, and the goal is given back after; a smaller answer, or a
// goal set in the environment, leaves it alone.
func TestBigAnswerGC(t *testing.T) {
	t.Setenv("GOGC", "")
	before := debug.SetGCPercent(100)
	defer debug.SetGCPercent(before)
	goal := func() int { // the goal now, left as it was
		g := debug.SetGCPercent(100)
		debug.SetGCPercent(g)
		return g
	}
	restore := bigAnswerGC(bigAnswerMin)
	if g := goal(); g != 50 {
		t.Fatalf("a big answer's goal is %d, want 50", g)
	}
	restore()
	if g := goal(); g != 100 {
		t.Fatalf("the goal after a big answer is %d, want 100 again", g)
	}
	bigAnswerGC(bigAnswerMin - 1)()
	if g := goal(); g != 100 {
		t.Fatalf("a small answer changed the goal to %d", g)
	}
	t.Setenv("GOGC", "100")
	bigAnswerGC(bigAnswerMin)
	if g := goal(); g != 100 {
		t.Fatalf("with GOGC set, a big answer changed the goal to %d", g)
	}
}
