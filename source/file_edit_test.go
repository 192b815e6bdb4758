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
		if !slices.Equal(got.lines.all(), want.lines.all()) {
			t.Fatalf("case %d: %q with [%d:%d] replaced by %q: line starts %v, want %v",
				i, old, start, oldEnd, repl, got.lines.all(), want.lines.all())
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
		if want := NewFile("a", src); !slices.Equal(got.lines.all(), want.lines.all()) {
			t.Errorf("range %v: line starts %v, want %v", r, got.lines.all(), want.lines.all())
		}
	}
	if got := EditFile("a", nil, src, 0, 0, 0); got.LineCount() != 4 {
		t.Errorf("no previous file: %d lines, want 4", got.LineCount())
	}
}

// A chain of edits, each derived from the table the one before left (so
// tables of many shared parts, and the copy back into one past
// maxLineParts): every table and position is NewFile's.
func TestEditFileChainMatchesNewFile(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	pieces := []string{"a", "bc", "\n", "\r\n", "é", "\n\n", "xyz "}
	gen := func(n int) string {
		var b strings.Builder
		for range n {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		return b.String()
	}
	most := 0
	for chain := range 40 {
		f := NewFile("a", []byte(gen(200)))
		for i := range 300 {
			old := string(f.Src)
			start := r.IntN(len(old) + 1)
			oldEnd := start + r.IntN(min(len(old)-start, 4)+1)
			repl := gen(r.IntN(3))
			src := old[:start] + repl + old[oldEnd:]
			f = EditFile("a", f, []byte(src), start, oldEnd, start+len(repl))
			most = max(most, len(f.lines.parts))
			want := NewFile("a", []byte(src))
			if !slices.Equal(f.lines.all(), want.lines.all()) {
				t.Fatalf("chain %d edit %d: line starts %v, want %v", chain, i, f.lines.all(), want.lines.all())
			}
			for off := -1; off <= len(src)+1; off++ {
				if g, w := f.lines.lineOf(off), want.lines.lineOf(off); g != w {
					t.Fatalf("chain %d edit %d: lineOf(%d) = %d, want %d", chain, i, off, g, w)
				}
			}
			for n := 1; n <= want.LineCount()+1; n++ {
				if f.LineStart(n) != want.LineStart(n) || f.LineEnd(n) != want.LineEnd(n) {
					t.Fatalf("chain %d edit %d: line %d spans %d-%d, want %d-%d", chain, i, n, f.LineStart(n), f.LineEnd(n), want.LineStart(n), want.LineEnd(n))
				}
			}
		}
	}
	if most <= 2 || most > maxLineParts {
		t.Fatalf("tables had at most %d parts: the chain must reach many parts, and never more than %d", most, maxLineParts)
	}
}
