package source

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// The line table holds the start of every line, whatever the mix of
// newlines and bytes next to them (0x0a's neighbours 0x09, 0x0b, 0x0b0a, …
// are what a word-at-a-time scan could mistake).
func TestNewFileLineTable(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := []byte{'\n', '\n', 0x09, 0x0b, 0x0a ^ 0x80, 0x00, 0x01, 'a', 0xff, '\r'}
	for n := range 300 {
		src := make([]byte, n)
		for i := range src {
			src[i] = alphabet[rng.IntN(len(alphabet))]
		}
		want := []int{0}
		for i, c := range src {
			if c == '\n' {
				want = append(want, i+1)
			}
		}
		f := NewFile("x", src)
		got := make([]int, f.lines.len())
		for i := range got {
			got[i] = f.lines.at(i)
		}
		if !slices.Equal(got, want) || len(f.lines.parts) != 1 || f.lines.parts[0].wide != nil {
			t.Fatalf("%q: lines %v (parts %v), want %v", src, got, f.lines.parts, want)
		}
		// Shared among workers, cut anywhere (a cut may fall between
		// "\r" and "\n", or leave a worker no text), in both widths.
		for w := 1; w <= 5; w++ {
			if got := lineTable[int](src, w); !slices.Equal(got, want) {
				t.Fatalf("%q with %d workers: lines %v, want %v", src, w, got, want)
			}
			wide := wholeTable(lineTable[int](src, w))
			narrow := wholeTable(lineTable[uint32](src, w))
			for off := -1; off <= len(src)+1; off++ {
				if a, b := wide.lineOf(off), narrow.lineOf(off); a != b || wide.len() != narrow.len() {
					t.Fatalf("%q with %d workers: offset %d on line %d wide, %d narrow", src, w, off, a, b)
				}
			}
		}
	}
}

// all is every line start of t, for tests.
func (t *lineStarts) all() []int {
	out := make([]int, t.len())
	for i := range out {
		out[i] = t.at(i)
	}
	return out
}
