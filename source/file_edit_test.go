package source

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// EditFile's derived line table equals the one NewFile scans, for random
// edits (newlines added, removed, at the edges of the change, CRLF, at the
// text's ends) of random texts; and every position it gives is NewFile's.
func TestEditFileMatchesNewFile(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	pieces := []string{"a", "bc", "\n", "\r\n", "é", "\n\n", "xyz "}
	gen := func(n int) string {
		var b strings.Builder
		for range n {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		return b.String()
	}
	for i := range 20000 {
		old := gen(r.IntN(40))
		start := r.IntN(len(old) + 1)
		oldEnd := start + r.IntN(len(old)-start+1)
		repl := gen(r.IntN(6))
		src := old[:start] + repl + old[oldEnd:]
		prev := NewFile("a", []byte(old))
		got := EditFile("a", prev, []byte(src), start, oldEnd, start+len(repl))
		want := NewFile("a", []byte(src))
		if !slices.Equal(got.lines.narrow, want.lines.narrow) || got.lines.wide != nil {
			t.Fatalf("case %d: %q with [%d:%d] replaced by %q: line starts %v, want %v",
				i, old, start, oldEnd, repl, got.lines.narrow, want.lines.narrow)
		}
		for off := 0; off <= len(src); off++ {
			if g, w := got.Position(off), want.Position(off); g != w {
				t.Fatalf("case %d: Position(%d) = %+v, want %+v", i, off, g, w)
			}
		}
	}
}

// A change that does not fit the texts (a stale or wrong range) is scanned
// whole, never trusted.
func TestEditFileWrongRangeScansWhole(t *testing.T) {
	prev := NewFile("a", []byte("one\ntwo\n"))
	src := []byte("one\nTWO\nthree\n")
	for _, r := range [][3]int{{4, 7, 7}, {-1, 0, 0}, {5, 4, 4}, {0, 99, 99}} {
		got := EditFile("a", prev, src, r[0], r[1], r[2])
		if want := NewFile("a", src); !slices.Equal(got.lines.narrow, want.lines.narrow) {
			t.Errorf("range %v: line starts %v, want %v", r, got.lines.narrow, want.lines.narrow)
		}
	}
	if got := EditFile("a", nil, src, 0, 0, 0); got.LineCount() != 4 {
		t.Errorf("no previous file: %d lines, want 4", got.LineCount())
	}
}
